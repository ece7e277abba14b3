"""Which kind of input a file or a stream holds: a JSON record, JSON Lines, a CSV score sheet
or Big Two notation. By the file's extension first; a stream without one (standard input, an
upload) by its first lines. Pure: a name or bytes in, a format out."""

from __future__ import annotations

from typing import Literal

Format = Literal["json", "jsonl", "csv", "notation"]
EXTENSIONS: dict[str, Format] = {
    ".json": "json", ".jsonl": "jsonl", ".ndjson": "jsonl", ".csv": "csv", ".b2n": "notation",
}
_CSV_DELIMITERS = ",;\t"
# The file names a sheet comes under: .csv, .tsv, and .txt, which Excel's "Unicode Text" writes.
SHEET_SUFFIXES = (".csv", ".tsv", ".txt")


def is_sheet_name(name: str) -> bool:
    """Whether a file of this name is read as a score sheet (``SHEET_SUFFIXES``)."""
    return name.lower().endswith(SHEET_SUFFIXES)


def by_extension(path: str) -> Format | None:
    lower = path.lower()
    for ext, fmt in EXTENSIONS.items():
        if lower.endswith(ext):
            return fmt
    return None


def sniff_line(line: str) -> Format | None:
    """What a first line with something on it says; None for a blank line or a comment of the
    notation's, which say nothing yet (the caller reads on)."""
    text = line.lstrip("\ufeff").strip()
    if not text:
        return None
    if text[0] in "[{":
        return "json"
    if text[0] in ";#":
        return "notation"
    first = text
    for delimiter in _CSV_DELIMITERS:
        first = first.split(delimiter, 1)[0]
    if first.strip().lower() == "deal" and any(d in text for d in _CSV_DELIMITERS):
        return "csv"
    # The notation's reader is imported only for a stream that gets this far (start-up).
    from bigtwo.formats.notation.grammar import KEYWORDS

    word = text.split(None, 1)[0].lower()
    if word in KEYWORDS or ":" in text:
        return "notation"
    return "json"  # not JSON either: the JSON reader says why


def sniff(data: bytes) -> Format:
    """The format of a text from its first bytes: the first line that is neither blank nor a
    comment decides (JSON when nothing does: its reader then names the problem)."""
    text = data.decode("utf-8", errors="replace")
    saw_comment = False
    for line in text.split("\n"):
        found = sniff_line(line)
        if found == "notation" and line.strip().lstrip("\ufeff")[:1] in (";", "#"):
            saw_comment = True
            continue
        if found is not None:
            return found
    return "notation" if saw_comment else "json"
