"""Player names as people mean them: one name however it was typed."""
from __future__ import annotations

import unicodedata


def canonical_name(name: str) -> str:
    """The name compared and stored: NFC, without surrounding white space."""
    return unicodedata.normalize("NFC", name).strip()
