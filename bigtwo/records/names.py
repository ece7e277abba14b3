"""Player names as people mean them: one name however it was typed."""
from __future__ import annotations

import unicodedata


def canonical_name(name: str) -> str:
    """The name compared and stored: NFC, without surrounding white space."""
    return unicodedata.normalize("NFC", name).strip()


# What makes two names that read alike differ, and so is refused in a name: characters that
# are not drawn (format and control characters, among them the soft hyphen, zero-width
# spaces and joiners, the word joiner and every bidi control: U+202A-202E, U+2066-2069,
# U+200E/F, U+061C; of the controls only tab and line breaks, which show as space, stay),
# line and paragraph separators, private-use and unassigned code points,
# and the few letters and marks that are drawn as nothing (Hangul fillers, the combining
# grapheme joiner, variation selectors after a letter). Letters of another script are drawn,
# and stay: Cyrillic е is another name than Latin e.
_UNSEEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
# White space that a name may hold and that shows as space (a CSV export quotes it).
_SPACES = frozenset("\t\r\n")
_BLANK_LETTERS = frozenset({"\u115f", "\u1160", "\u3164", "\uffa0", "\u034f"})
_ZWJ = "\u200d"


def _is_selector(char: str) -> bool:
    point = ord(char)
    return 0xFE00 <= point <= 0xFE0F or 0xE0100 <= point <= 0xE01EF


def _is_symbol(char: str) -> bool:
    return unicodedata.category(char).startswith("S") or _is_selector(char) or (
        0x1F3FB <= ord(char) <= 0x1F3FF)  # skin tones


def _unseen(name: str, i: int) -> bool:
    char = name[i]
    if char in _BLANK_LETTERS:
        return True
    if _is_selector(char):
        # An emoji's presentation selector (❤️) is part of the symbol; after a letter it only
        # makes a second spelling of the same name.
        return i == 0 or not _is_symbol(name[i - 1])
    if char == _ZWJ:
        # Joins emoji into one (👩‍💻); between letters it changes nothing that is seen.
        return not (0 < i < len(name) - 1 and _is_symbol(name[i - 1]) and _is_symbol(name[i + 1]))
    return char not in _SPACES and unicodedata.category(char) in _UNSEEN_CATEGORIES


def unseen_character(name: str) -> tuple[int, str] | None:
    """The first character of ``name`` that cannot be seen, as (its position counted from 1,
    ``U+200B ZERO WIDTH SPACE``), or None when every character is drawn."""
    for i in range(len(name)):
        if _unseen(name, i):
            char = name[i]
            label = unicodedata.name(char, "")
            return i + 1, f"U+{ord(char):04X}" + (f" {label}" if label else "")
    return None
