"""bigtwo.formats.jsonin: the one decoder for untrusted JSON (issue 10, classes 1-3)."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigtwo import limits
from bigtwo.formats import jsonin


@pytest.fixture(autouse=True, params=["orjson", "json"])
def backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every test runs with orjson's fast path and with the standard library alone."""
    if request.param == "json":
        monkeypatch.setattr(jsonin, "_orjson", None)
    elif jsonin._orjson is None:
        pytest.skip("orjson is not installed")
    return str(request.param)


# JSON values as any client could send them: finite numbers, text without surrogates.
TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=12)
SCALARS = (st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1)
           | st.floats(allow_nan=False, allow_infinity=False) | TEXT)
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(TEXT, inner, max_size=4), max_leaves=25)


@settings(max_examples=150, deadline=None)
@given(VALUES)
def test_any_honest_document_decodes_as_the_standard_decoder_does(value: Any) -> None:
    for text in (json.dumps(value), json.dumps(value, ensure_ascii=False)):
        assert jsonin.loads(text) == json.loads(text)
        assert jsonin.loads(text.encode("utf-8")) == json.loads(text)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=64) | st.text(max_size=64).map(lambda t: t.encode("utf-8", "surrogatepass")))
def test_any_bytes_decode_or_are_refused_with_a_code(data: bytes) -> None:
    try:
        doc = jsonin.loads(data)
    except jsonin.JsonInputError as exc:
        assert exc.code in {jsonin.INVALID_UTF8, jsonin.INVALID_JSON, jsonin.TOO_DEEP,
                            jsonin.NON_FINITE, jsonin.INT_RANGE, jsonin.LONE_SURROGATE}
        assert exc.detail.encode("utf-8")  # the message itself is always writable
    else:
        # Whatever is accepted can be written back out as strict UTF-8 JSON.
        json.dumps(doc, ensure_ascii=False, allow_nan=False).encode("utf-8")


@pytest.mark.parametrize("depth", [limits.MAX_JSON_DEPTH + 1, 1000, 100_000])
def test_nesting_past_the_limit_is_refused_before_parsing(depth: int) -> None:
    for opener, closer in (("[", "]"), ('{"a":', "}")):
        with pytest.raises(jsonin.JsonInputError) as caught:
            jsonin.loads(opener * depth + "1" + closer * depth)
        assert caught.value.code == jsonin.TOO_DEEP
        assert caught.value.limit == ("MAX_JSON_DEPTH", limits.MAX_JSON_DEPTH)


def test_nesting_at_the_limit_is_accepted_and_brackets_in_strings_do_not_count() -> None:
    depth = limits.MAX_JSON_DEPTH
    assert jsonin.nesting(b"[" * depth + b"]" * depth, depth) == depth
    jsonin.loads("[" * depth + "]" * depth)
    assert jsonin.loads('["[[[[", "\\"{{{{"]') == ["[[[[", '"{{{{']
    assert jsonin.nesting(b'{"a": "x", "b": [{}]}', depth) == 3
    # A bracket inside a string leaves the count to the parsed value, which cannot be fooled.
    assert jsonin.nesting(b'{"a": "[[[[[[[[[[[[[[", "b": [{}]}', depth) is None
    hidden = "[" * (depth + 1) + '"]", "["' + "]" * (depth + 1)
    with pytest.raises(jsonin.JsonInputError) as caught:
        jsonin.loads(hidden)
    assert caught.value.code == jsonin.TOO_DEEP


@pytest.mark.parametrize("text", ["NaN", "Infinity", "-Infinity", "1e309", "-1e400",
                                  '{"meta": {"x": [1, NaN]}}', '{"seed": 1E+999}'])
def test_non_finite_numbers_are_refused(text: str) -> None:
    with pytest.raises(jsonin.JsonInputError) as caught:
        jsonin.loads(text)
    assert caught.value.code == jsonin.NON_FINITE


def test_integers_wider_than_64_bits_are_refused_long_before_costly() -> None:
    assert jsonin.loads(str(2**64 - 1)) == 2**64 - 1
    assert jsonin.loads(str(-(2**63))) == -(2**63)
    for text in ("1" * 21, "-" + "9" * 21, "1" * 100_000):
        with pytest.raises(jsonin.JsonInputError) as caught:
            jsonin.loads(text)
        assert caught.value.code == jsonin.INT_RANGE
        assert len(caught.value.detail) < 200


@pytest.mark.parametrize(("text", "pointer"), [
    ('{"\\ud800": 1}', "/\\ud800"),
    ('{"players": ["Ana", "\\udfff"]}', "/players/1"),
    ('{"meta": {"note": "x\\ud83d"}}', "/meta/note"),
    ('{"profile": "\\udc00"}', "/profile"),
    ('["\\ude00\\ud83d"]', "/0"),  # the halves in the wrong order are two lone surrogates
])
def test_lone_surrogates_are_refused_with_their_pointer(text: str, pointer: str) -> None:
    with pytest.raises(jsonin.JsonInputError) as caught:
        jsonin.loads(text)
    assert caught.value.code == jsonin.LONE_SURROGATE
    assert caught.value.pointer == pointer
    caught.value.pointer.encode("utf-8")


def test_a_surrogate_pair_is_one_character_and_welcome() -> None:
    assert jsonin.loads('["\\ud83d\\ude00"]') == ["\U0001f600"]
    assert jsonin.loads('["\\\\ud800"]') == ["\\ud800"]  # an escaped backslash, not an escape


@pytest.mark.parametrize("data", [b'{"a\xed\xa0\x80": 1}', b'["\xff"]', b'["\xc0\xaf"]',
                                  b'["\xe2\x82"]'])
def test_bytes_that_are_not_utf8_are_refused_with_their_offset(data: bytes) -> None:
    with pytest.raises(jsonin.JsonInputError) as caught:
        jsonin.loads(data)
    assert caught.value.code == jsonin.INVALID_UTF8
    first_bad = next(i for i, b in enumerate(data) if b >= 0x80)
    assert caught.value.position == first_bad


@pytest.mark.parametrize(("data", "said"), [
    (b'{"bad json\n', "not valid JSON: Invalid control character at line 1 column 11"),
    (b"[1 2]", "not valid JSON: Expecting ',' delimiter at line 1 column 4"),
    (b"", "not valid JSON: Expecting value at line 1 column 1"),
])
def test_json_that_does_not_parse_says_where_in_one_plain_sentence(data: bytes, said: str) -> None:
    with pytest.raises(jsonin.JsonInputError) as caught:
        jsonin.loads(data)
    assert caught.value.code == jsonin.INVALID_JSON
    assert str(caught.value) == said  # json's own message ends in " at" once: never "at at"


def test_a_byte_order_mark_is_allowed() -> None:
    assert jsonin.loads(b"\xef\xbb\xbf[1]") == [1]


def test_stored_json_reads_non_finite_numbers_as_null_and_writes_none() -> None:
    legacy = '{"meta": {"a": NaN, "b": Infinity, "c": -Infinity, "d": 1.5}}'
    assert jsonin.loads_stored(legacy) == {"meta": {"a": None, "b": None, "c": None, "d": 1.5}}
    with pytest.raises(ValueError):
        jsonin.dumps_stored({"x": math.nan})


@pytest.mark.parametrize(("value", "plain"), [
    ({"deals": [{"moves": [{"seat": 0, "play": ["3D"]}]}]}, True),
    ([1, -(2**63), 2**64 - 1, "x", None, True], True),
    ({"meta": {"rating": 1.5}}, False),  # a float may be a long integer orjson rounded
    (1e20, False),
    (json.loads("[" * limits.MAX_JSON_DEPTH + "]" * limits.MAX_JSON_DEPTH), True),
    (json.loads("[" * (limits.MAX_JSON_DEPTH + 1) + "]" * (limits.MAX_JSON_DEPTH + 1)), False),
    ("text", True),
])
def test_only_plain_documents_skip_the_checks_on_the_bytes(value: Any, plain: bool) -> None:
    assert jsonin.plain(value, limits.MAX_JSON_DEPTH) is plain


@pytest.mark.parametrize("text", [
    '{"seed": 99999999999999999999}',  # 20 digits: past 64 bits, still read exactly
    '{"seed": 18446744073709551616, "x": "[[[["}',
    '[-9223372036854775809]',
])
def test_integers_past_64_bits_come_out_exact(text: str) -> None:
    assert jsonin.loads(text) == json.loads(text)
    assert type(jsonin.loads(text.encode())) is type(json.loads(text))


def _nesting_by_replace(raw: bytes, limit: int) -> int | None:
    """``nesting`` as it was written first (the quotes' pairs replaced away, not counted)."""
    if b"\\" in raw:
        raw = raw.replace(b"\\\\", b"").replace(b'\\"', b"")
    marks = raw.translate(bytes.maketrans(b"[]{}", b"()()"),
                          bytes(b for b in range(256) if b not in b'[]{}"'))
    marks = marks.replace(b'""', b"")
    if b'"' in marks:
        return None
    for level in range(limit + 1):
        if not marks:
            return level
        peeled = marks.replace(b"()", b"")
        if len(peeled) == len(marks):
            return None
        marks = peeled
    return limit + 1


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from([b"[", b"]", b"{", b"}", b'"', b"\\", b"a", b","]), max_size=40),
       st.integers(0, 6))
def test_nesting_answers_as_the_replacing_scan_did(parts: list[bytes], limit: int) -> None:
    raw = b"".join(parts)
    assert jsonin.nesting(raw, limit) == _nesting_by_replace(raw, limit)
