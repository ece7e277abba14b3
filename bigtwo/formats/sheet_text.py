"""A score sheet's bytes as text, in the encodings spreadsheets save.

Excel and LibreOffice save a sheet as UTF-8 (with a byte-order mark: Excel's "CSV UTF-8"),
as UTF-16 (Excel's "Unicode Text": little-endian, a byte-order mark, tabs between cells,
CRLF), or in the computer's legacy code page (Excel's plain "CSV": Windows-1252 in Germany,
Italy or the Philippines, GBK in mainland China, Big5 in Hong Kong and Taiwan). A sheet
carries no label of its own, so it is read by this order of tries, the first that applies:

1. a byte-order mark: UTF-8, UTF-16LE or UTF-16BE, whatever else was said (as browsers do);
2. a declared charset (HTTP ``Content-Type: text/csv; charset=...``): that one only, since
   whoever declared it knows better than a guess (``bigtwo.formats.jsonin.CHARSETS``);
3. UTF-16 without a mark, when the text's first character is ASCII and so half its first
   two bytes is zero (a sheet starts with the ``d`` of ``deal``);
4. UTF-8;
5. the legacy code page of the reader's language (``LEGACY``): Windows-1252, GB18030 for
   ``zh-Hans``, Big5 (Windows code page 950) for ``zh-Hant-HK`` and ``zh-Hant-TW``.

Every try is a strict, linear C codec. What none of them reads is refused with the line it
stops at and how to save the sheet as UTF-8, in the reader's language (``SheetTextError``).
None of them yields a lone UTF-16 surrogate: Python's UTF-8 and UTF-16 decoders refuse one
(so a sheet is held to what JSON text is held to, ``bigtwo.formats.jsonin``). Pure: bytes in.
"""

from __future__ import annotations

from dataclasses import dataclass

from bigtwo.formats import jsonin

# Which names are sheets is the formats' question (`validate` asks it of every path).
from bigtwo.formats.sniff import SHEET_SUFFIXES as SHEET_SUFFIXES
from bigtwo.formats.sniff import is_sheet_name as is_sheet_name
from bigtwo.reports.i18n import DEFAULT_LANGUAGE, supported
from bigtwo.reports.sheet_words import SheetWords

BOMS: tuple[tuple[bytes, str, str], ...] = (  # (mark, codec, name)
    (b"\xef\xbb\xbf", "utf-8", "UTF-8"),
    (b"\xff\xfe", "utf-16-le", "UTF-16LE"),
    (b"\xfe\xff", "utf-16-be", "UTF-16BE"),
)
# The code page a spreadsheet in the reader's language saves plain CSV in, by language.
LEGACY: dict[str, tuple[str, str]] = {
    "zh-Hans": ("gb18030", "GB18030"),
    "zh-Hant-HK": ("cp950", "Big5"),
    "zh-Hant-TW": ("cp950", "Big5"),
}
DEFAULT_LEGACY = ("cp1252", "Windows-1252")


@dataclass(frozen=True, slots=True)
class SheetText:
    """A sheet's text and the encoding it was read in (its name as people write it)."""

    text: str
    encoding: str


class SheetTextError(ValueError):
    """Bytes no try reads: ``code`` (``jsonin``'s error codes), the ``line`` it stops at
    (1 for the first), and ``detail``, the reader's message."""

    def __init__(self, code: str, detail: str, line: int | None = None) -> None:
        super().__init__(detail)
        self.code, self.detail, self.line = code, detail, line


def legacy(lang: str) -> tuple[str, str]:
    """The legacy code page tried last for a reader of ``lang``: (codec, name)."""
    return LEGACY.get(supported(lang), DEFAULT_LEGACY)


def _line(data: bytes, start: int, codec: str) -> int:
    """The line of the byte at ``start``, counted in the text before it."""
    return data[:start].decode(codec, errors="replace").count("\n") + 1


def _strict(data: bytes, codec: str, name: str, words: SheetWords, said: bool) -> SheetText:
    """``data`` in one codec; ``said`` when a byte-order mark or a declared charset chose it."""
    try:
        text = data.decode(codec)
    except UnicodeDecodeError as exc:
        line = _line(data, exc.start, codec)
        byte = " ".join(f"0x{b:02X}" for b in data[exc.start:exc.end][:4])
        key = "text_not_as_said" if said else "text_unreadable"
        raise SheetTextError(jsonin.INVALID_UTF8, words(key, line=line, byte=byte, encoding=name,
                                                        save=words("save_utf8")), line) from None
    return SheetText(text.removeprefix("\ufeff"), name)


def _bomless_utf16(data: bytes) -> tuple[str, str] | None:
    if len(data) < 2 or len(data) % 2:
        return None
    if data[0] and not data[1]:
        return "utf-16-le", "UTF-16LE"
    if data[1] and not data[0]:
        return "utf-16-be", "UTF-16BE"
    return None


def decode_sheet(data: bytes, charset: str | None = None,
                 lang: str = DEFAULT_LANGUAGE) -> SheetText:
    """A sheet's text by the order of tries above; ``charset`` is a declared one (None when
    nothing was declared), ``lang`` the reader's language (its legacy code page, its words).
    A declared charset that is not accepted is a ``SheetTextError`` of code
    ``unsupported-charset``; any other refusal names the line."""
    words = SheetWords(lang)
    for mark, codec, name in BOMS:
        if data.startswith(mark):
            return _strict(data, codec, name, words, said=True)
    if charset is not None:
        try:
            return SheetText(jsonin.decode_text(data, charset), charset.strip().strip('"'))
        except jsonin.JsonInputError as exc:
            if exc.code == jsonin.UNSUPPORTED_CHARSET or exc.position is None:
                raise SheetTextError(exc.code, exc.detail) from None
            codec = jsonin.CHARSETS[charset.strip().strip('"').lower()]
            return _strict(data, codec, charset.strip().strip('"'), words, said=True)
    utf16 = _bomless_utf16(data)
    if utf16 is not None:
        return _strict(data, *utf16, words, said=False)
    try:
        return SheetText(data.decode("utf-8"), "UTF-8")
    except UnicodeDecodeError:
        pass
    return _strict(data, *legacy(lang), words, said=False)
