"""A sheet as spreadsheets save it (issue 24): the encodings read by their order of tries
(bigtwo.formats.sheet_text), whole numbers with a decimal comma or point, and the header's
problem named in the separator the scorer used. The files are fixtures/sheets/: what German,
Italian and Hong Kong Excel save as plain CSV, as "CSV UTF-8" and as "Unicode Text"."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bigtwo.formats.sheet_text import SheetTextError, decode_sheet
from bigtwo.formats.sheets import check_sheet
from tests.conftest import FIXTURES

SHEETS = FIXTURES / "sheets"
BY_HAND_TOTALS = [22, -4, 14, -32]  # fixtures/sheets/club-night.csv, worked out in test_sheets
# file, the reader's language, the encoding it is read in, the players' names
EXCEL = [
    ("club-night-excel-de.csv", "de", "Windows-1252", ["Jörg", "Ana", "Björn", "Dee"]),
    ("club-night-excel-it.csv", "it", "Windows-1252", ["Niccolò", "Ana", "Attilà", "Dee"]),
    ("club-night-utf8-bom.csv", "en", "UTF-8", ["Jörg", "Ana", "Björn", "Dee"]),
    ("club-night-unicode.txt", "en", "UTF-16LE", ["Zoë", "陳大文", "Ben", "Dee"]),
    ("club-night-big5.csv", "zh-Hant-HK", "Big5", ["陳大文", "李小明", "Ben", "Dee"]),
    ("club-night.csv", "en", "UTF-8", ["Ana", "Ben", "Cai", "Dee"]),
]


def _bytes(name: str) -> bytes:
    return (SHEETS / name).read_bytes()


def test_the_fixtures_are_what_spreadsheets_save() -> None:
    de = _bytes("club-night-excel-de.csv")
    assert b"J\xf6rg" in de and b"\r\n" in de and b";22,0;" in de  # Windows-1252, CRLF, 22,0
    assert _bytes("club-night-unicode.txt").startswith(b"\xff\xfed\x00e\x00a\x00l\x00\t\x00")
    assert _bytes("club-night-utf8-bom.csv").startswith(b"\xef\xbb\xbfdeal;J\xc3\xb6rg;")
    assert "陳大文".encode("cp950") in _bytes("club-night-big5.csv")


@pytest.mark.parametrize(("name", "lang", "encoding", "players"), EXCEL,
                         ids=[e[0] for e in EXCEL])
def test_every_spreadsheet_save_is_read(name: str, lang: str, encoding: str,
                                        players: list[str]) -> None:
    read = decode_sheet(_bytes(name), lang=lang)
    assert read.encoding == encoding and not read.text.startswith("\ufeff")
    record, checked = check_sheet(read.text, "hk-standard", lang=lang)
    assert record is not None and checked.report is not None, checked.problems
    assert record["players"] == players and len(record["deals"]) == 8
    assert checked.report["totals"] == BY_HAND_TOTALS  # with the totals rows that hold 22,0


def test_a_byte_order_mark_wins_over_a_declared_charset() -> None:
    assert decode_sheet(_bytes("club-night-utf8-bom.csv"), "windows-1252").encoding == "UTF-8"
    assert decode_sheet(_bytes("club-night-unicode.txt"), "utf-8").encoding == "UTF-16LE"


def test_a_declared_charset_wins_over_the_guesses() -> None:
    de = _bytes("club-night-excel-de.csv")
    assert "Jörg" in decode_sheet(de, "windows-1252").text
    with pytest.raises(SheetTextError) as caught:
        decode_sheet(de, "utf-8", lang="it")
    assert caught.value.line == 1 and caught.value.code == "invalid-utf8"
    assert caught.value.detail.startswith("la riga 1 non è testo utf-8")
    assert "Salva con nome > CSV UTF-8" in caught.value.detail
    with pytest.raises(SheetTextError) as refused:
        decode_sheet(de, "x-mac-roman")
    assert refused.value.code == "unsupported-charset"


def test_utf16_without_its_mark() -> None:
    text = "deal\tZoë\tBen\r\n1\t0\t5\r\n"
    assert decode_sheet(text.encode("utf-16-le")).encoding == "UTF-16LE"
    assert decode_sheet(text.encode("utf-16-be")).text == text


def test_the_legacy_code_page_follows_the_language() -> None:
    data = "deal,陳大文,李小明\n".encode("cp950")
    assert decode_sheet(data, lang="zh-Hant-TW").text == "deal,陳大文,李小明\n"
    assert decode_sheet("deal,张伟\n".encode("gb18030"), lang="zh-Hans").text == "deal,张伟\n"
    assert decode_sheet("deal,Jörg\n".encode("cp1252"), lang="fil").encoding == "Windows-1252"


@pytest.mark.parametrize(("lang", "start"), [
    ("en", "line 3 is not text in any encoding a spreadsheet saves (UTF-8, UTF-16, Windows-1252)"),
    ("de", "Zeile 3 ist in keiner Kodierung lesbar"),
    ("it", "la riga 3 non è testo in nessuna codifica"),
    ("zh-Hant-HK", "第3行不是試算表會儲存的任何一種編碼（UTF-8、UTF-16、Big5）"),
    ("zh-Hant-TW", "第3行不是試算表會儲存的任何一種編碼（UTF-8、UTF-16、Big5）"),
    ("zh-Hans", "第3行不是电子表格会保存的任何一种编码（UTF-8、UTF-16、GB18030）"),
    ("fil", "hindi text ang linya 3"),
])
def test_what_none_reads_is_named_by_line_with_how_to_save_it(lang: str, start: str) -> None:
    data = b"deal,Ana,Ben\r\n1,0,5\r\n2,\x80\x81,0\r\n"  # 0x81 is in no try; 0x80 would be (€)
    with pytest.raises(SheetTextError) as caught:
        decode_sheet(data, lang=lang)
    assert caught.value.line == 3 and caught.value.detail.startswith(start)
    assert "UTF-8" in caught.value.detail.rsplit("UTF-16", 1)[1]  # the advice follows


def test_a_lone_surrogate_is_named_by_line() -> None:
    data = b"\xff\xfe" + "deal,Ana\n1,".encode("utf-16-le") + b"\x00\xd8" + "0\n".encode("utf-16-le")
    with pytest.raises(SheetTextError) as caught:
        decode_sheet(data)
    assert caught.value.line == 2 and caught.value.code == "invalid-utf8"
    assert caught.value.detail.startswith("line 2 is not UTF-16LE text")


def test_cp1252_bytes_that_are_also_utf8_read_as_utf8() -> None:
    # The case the property below found: "Âª" saved as cp1252 is C2 AA, which is "ª" in UTF-8.
    assert decode_sheet("deal,Âª\r\n1,0\r\n".encode("cp1252")).text == "deal,ª\r\n1,0\r\n"


names = st.text(st.characters(codec="cp1252", categories=("L", "N", "Zs")), min_size=1,
                max_size=12).filter(lambda s: s.strip() == s and "," not in s)


@settings(max_examples=100, deadline=None)
@given(players=st.lists(names, min_size=1, max_size=4),
       encoding=st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "cp1252"]))
def test_any_sheet_saved_in_a_spreadsheets_encoding_reads_back(players: list[str],
                                                               encoding: str) -> None:
    text = "deal," + ",".join(players) + "\r\n1," + ",".join("0" * len(players)) + "\r\n"
    data = text.encode(encoding)
    if encoding == "cp1252":
        # cp1252 bytes that also read as UTF-8 ("Âª" is C2 AA, UTF-8's "ª") are UTF-8 to any
        # reader without a declared charset: such a sheet cannot say which it was.
        with contextlib.suppress(UnicodeDecodeError):
            assume(data.decode("utf-8") == text)
    assert decode_sheet(data, lang="de").text == text


# --- whole numbers as spreadsheets write them (friction 2) -----------------------------------
def test_a_zero_fraction_is_the_whole_number_in_both_separators() -> None:
    for sheet in ("deal;Ana;Ben;Cai;Dee\r\n1;0;5,0;2,00;9.0\r\ntotal;0,0;-5;-2.0;-9\r\n",
                  'deal,Ana,Ben,Cai,Dee\n1,0,5.0,"2,00",9\ntotal,"0,0",-5.0,−2,-9\n'):
        record, checked = check_sheet(sheet, "casual")
        assert record is not None, checked.problems
        assert record["deals"][0]["result"] == {"cards_left": [0, 5, 2, 9]}


def test_places_with_a_zero_fraction() -> None:
    profile = {"extends": "hk-standard", "finish": "placings",
               "scoring": {"place_points": [3, 1, -1, -3]}}
    record, checked = check_sheet("deal;A;B;C;D\n1;2,0;1;4.0;3\n", profile)
    assert record is not None, checked.problems
    assert record["deals"][0]["result"] == {"places": [1, 0, 3, 2]}


@pytest.mark.parametrize(("cell", "detail"), [
    ("5,5", "row 2, column Ben: '5,5' is neither a count nor a card"),
    ("5.25", "row 2, column Ben: '5.25' is neither a count nor a card"),
    ("5,000", "row 2, column Ben: '5,000' is neither a count nor a card"),  # thousands?
])
def test_a_fraction_stays_an_error_at_its_cell(cell: str, detail: str) -> None:
    record, checked = check_sheet(f"deal;Ana;Ben;Cai;Dee\n1;0;{cell};2;9\n", "casual")
    assert record is None
    assert [(p.pointer, p.detail.split(" (")[0]) for p in checked.problems] == [
        ("/rows/2/Ben", detail)]


def test_a_total_with_a_fraction_is_named_at_its_cell() -> None:
    record, checked = check_sheet("deal;Ana;Ben;Cai;Dee\n1;0;5;2;9\ntotal;0;-5;-2;-8,5\n",
                                  "casual")
    assert record is None
    assert [p.pointer for p in checked.problems] == ["/rows/3/Dee"]
    assert "'-8,5' is not a total" in checked.problems[0].detail


def test_1_000_is_not_read_as_1() -> None:
    record, _ = check_sheet("deal;Ana;Ben;Cai;Dee\n1;0;5;2;9\ntotal;1.000;-5;-2;-9\n", "casual")
    assert record is None


# --- the header's problem in the scorer's own form (friction 9) -----------------------------
@pytest.mark.parametrize(("sheet", "lang", "expected"), [
    ("Runde;Ana;Ben;Cai;Dee\r\n1;0;5;2;9\r\n", "de",
     "Zeile 1: die erste Zeile muss die Kopfzeile sein: deal;<Name>;<Name>;... "
     "(gefunden: „Runde;Ana;Ben;Cai;Dee“)"),
    ("Round\tAna\tBen\tCai\tDee\n1\t0\t5\t2\t9\n", "en",
     "row 1: the first row must be the header: deal\t<name>\t<name>\t... "
     "(found 'Round\\tAna\\tBen\\tCai\\tDee')"),
    ("Round,Ana,Ben,Cai,Dee\n", "en",
     "row 1: the first row must be the header: deal,<name>,<name>,... "
     "(found 'Round,Ana,Ben,Cai,Dee')"),
])
def test_a_bad_header_is_shown_in_the_form_the_scorer_used(sheet: str, lang: str,
                                                           expected: str) -> None:
    _, checked = check_sheet(sheet, "hk-standard", lang=lang)
    assert [p.detail for p in checked.problems] == [expected]
