"""bigtwo.formats.jsoncodec: orjson and the standard-library fallback accept and refuse the same texts,
write the same bytes, and `bigtwo validate` answers a bad line the same way with either."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from bigtwo import limits
from bigtwo.cli.main import main
from bigtwo.formats import jsoncodec, jsonin
from bigtwo.records.pipeline import check_record
from bigtwo.rules.profiles import PRESETS
from bigtwo.rules.simulate import simulate

BACKENDS = ["orjson", "json"]


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    if request.param == "json":
        monkeypatch.setattr(jsoncodec, "BACKEND", "json")
        monkeypatch.setattr(jsonin, "_orjson", None)  # the decoder (jsoncodec.loads is jsonin's)
    elif jsoncodec.BACKEND != "orjson":
        pytest.fail("orjson is part of the default install (pyproject.toml) but is missing")
    yield request.param


def nested(levels: int) -> str:
    return "[" * levels + "]" * levels


REFUSED = [
    ("nan", b'{"meta": NaN}', "finite"),
    ("infinity", b'{"meta": Infinity}', "finite"),
    ("minus-infinity", b"[-Infinity]", "finite"),
    ("overflow", b'{"meta": 1e309}', "finite"),
    ("lone-high-surrogate", b'{"players": ["\\ud800"]}', "surrogate"),
    ("lone-low-surrogate-key", b'{"\\udc00": 1}', "surrogate"),
    ("too-deep", nested(limits.MAX_JSON_DEPTH + 1).encode(), "deep"),
    ("far-too-deep", nested(100_000).encode(), "deep"),
    ("invalid-utf8", b'{"players": ["\xff"]}', "utf"),
    ("trailing-garbage", b'{"a": 1} x', ""),
    ("truncated", b'{"a": [1, 2', ""),
]


@pytest.mark.parametrize(("text", "hint"), [(t, h) for _, t, h in REFUSED], ids=[n for n, _, _ in REFUSED])
def test_refused_by_both_backends(backend: str, text: bytes, hint: str) -> None:
    with pytest.raises(jsoncodec.JsonError) as caught:
        jsoncodec.loads(text)
    assert hint.lower() in str(caught.value).lower()


@pytest.mark.parametrize(("text", "value"), [
    (nested(limits.MAX_JSON_DEPTH).encode(), None),  # exactly at the limit
    (b'"\\ud83d\\ude00"', "\U0001F600"),  # a surrogate *pair* is a character
    (b'{"n": 1e308, "m": -0.5}', {"n": 1e308, "m": -0.5}),
    ('{"name": "Zoë ♠"}'.encode(), {"name": "Zoë ♠"}),
    ('{"name": "Zoë ♠"}', {"name": "Zoë ♠"}),  # str in as well as bytes
    (b'{"meta": {"note": "' + b"[{" * 100 + b'"}}', {"meta": {"note": "[{" * 100}}),
], ids=["depth-limit", "surrogate-pair", "floats", "utf8", "str", "brackets-in-a-string"])
def test_accepted_by_both_backends(backend: str, text: bytes | str, value: Any) -> None:
    doc = jsoncodec.loads(text)
    if value is not None:
        assert doc == value


@pytest.fixture(scope="module")
def reports() -> list[dict[str, Any]]:
    out = []
    for i, profile in enumerate(PRESETS.values()):
        for record in simulate(profile, records=2, deals_per_record=2, seed=40 + i):
            record["players"] = ["Zoë", "Jürgen", "Ana ♠", "李"][: profile.players]
            report = check_record(record, lang="de").report
            assert report is not None
            out.append(report)
    return out


@pytest.mark.parametrize("pretty", [False, True], ids=["compact", "pretty"])
def test_both_backends_write_the_same_bytes(reports: list[dict[str, Any]], pretty: bool,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    if jsoncodec.BACKEND != "orjson":
        pytest.fail("orjson is part of the default install but is missing")
    fast = [jsoncodec.dumps(r, pretty) for r in reports]
    monkeypatch.setattr(jsoncodec, "BACKEND", "json")
    slow = [jsoncodec.dumps(r, pretty) for r in reports]
    assert fast == slow
    assert [json.loads(b) for b in fast] == reports


def test_validate_answers_each_bad_line_alike(backend: str, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """One problem line per bad record (with its line number), the good ones reported, exit 2."""
    monkeypatch.setenv("BIGTWO_DB", str(tmp_path / "none.db"))
    good = json.dumps(next(simulate(PRESETS["casual"], records=1, deals_per_record=1, seed=1)))
    bad = [text.decode("utf-8", "surrogateescape") for _, text, _ in REFUSED]
    path = tmp_path / "mixed.jsonl"
    path.write_bytes("\n".join([good, *bad, good]).encode("utf-8", "surrogateescape") + b"\n")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 2
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert [o["valid"] for o in out] == [True, *[None] * len(bad), True]
    assert [o["line"] for o in out[1:-1]] == list(range(2, 2 + len(bad)))
    assert all(o["problems"][0]["detail"].startswith("not JSON") for o in out[1:-1])
    assert result.stderr.count("not JSON") == len(bad)


def test_environment_forces_the_fallback_at_the_edge_only() -> None:
    """The core reads no environment (issue 15); the CLI passes BIGTWO_JSON in."""
    code = ("from bigtwo.formats import jsoncodec; print(jsoncodec.BACKEND); "
            "from bigtwo.cli.main import main; main(['simulate', '--records', '0'], "
            "standalone_mode=False); print(jsoncodec.BACKEND)")
    forced = subprocess.run([sys.executable, "-c", code], env={"BIGTWO_JSON": "stdlib", "PATH": "/usr/bin:/bin"},
                            capture_output=True, text=True, check=True, cwd=Path(__file__).resolve().parents[2])
    assert forced.stdout.split() == ["orjson", "json"]


def hidden_depth(levels: int) -> bytes:
    """Nesting `levels` deep where strings holding brackets make a naive bracket count see 2."""
    return ('[' * levels + '"]"' + ',"["' + ']' * levels).encode()


def test_brackets_inside_strings_cannot_hide_depth(backend: str) -> None:
    with pytest.raises(jsoncodec.JsonError, match="deep"):
        jsoncodec.loads(b'{"meta": ' + hidden_depth(limits.MAX_JSON_DEPTH) + b"}")
    assert jsoncodec.loads(hidden_depth(limits.MAX_JSON_DEPTH))  # exactly at the limit


def true_depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max(map(true_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(true_depth, value), default=0)
    return 0


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10) | st.text(alphabet='[]{}"\\/ab\u00e9', max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(alphabet='[]{}"\\a', max_size=3),
                                                                 inner, max_size=4),
    max_leaves=30)


@settings(max_examples=300, deadline=None)
@given(value=json_values, ascii_only=st.booleans())
def test_nesting_is_exact_whenever_it_answers(value: Any, ascii_only: bool) -> None:
    raw = json.dumps(value, ensure_ascii=ascii_only).encode()
    found = jsonin.nesting(raw, limits.MAX_JSON_DEPTH)
    if found is not None:
        assert found == true_depth(value)
    assert jsonin.too_deep(value, true_depth(value)) is False
    assert jsonin.too_deep(value, true_depth(value) - 1) is (true_depth(value) > 0)
