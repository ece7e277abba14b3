"""Secrets handed out once (tournament tokens, creation keys): only their SHA-256 is stored."""

from __future__ import annotations

import hashlib


def token_hash(token: str) -> str:
    # surrogatepass: a header value the server could not decode must not turn a 401 into a 500
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_id(stored_hash: str) -> str:
    """Which token acted, for the audit log: derived from the stored hash (so it can be
    shown, and computed without the token), and not the hash itself."""
    return "tk-" + hashlib.sha256(f"token-id\n{stored_hash}".encode()).hexdigest()[:12]
