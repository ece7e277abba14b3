"""Issue 19, class 6: the two JSON backends (orjson and the standard library) agree on every
integer: each is read exactly, with its type, or refused by both with the same code and the
same pointer. orjson alone reads integers outside [-2**63, 2**64 - 1] as floats."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigtwo import limits
from bigtwo.formats import jsoncodec, jsonin

pytest.importorskip("orjson")

BOUND = 10 ** (limits.MAX_JSON_INT_DIGITS + 2)
# Dense near the edges that matter: 64-bit signed and unsigned, and the 20-digit limit.
EDGES = [2**63 - 1, 2**63, 2**64 - 1, 2**64, -(2**63), -(2**63) - 1, 10**19 - 1, 10**19,
         10**20 - 1, 10**20, -(10**20) + 1, -(10**20), 0, -1]
integers = st.one_of(st.integers(-BOUND, BOUND), st.sampled_from(EDGES),
                     st.sampled_from(EDGES).flatmap(lambda e: st.integers(e - 3, e + 3)))
documents = st.recursive(
    integers | st.text(max_size=5) | st.booleans() | st.none(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner,
                                                                 max_size=4),
    max_leaves=12)


def _read(text: str, backend: str) -> tuple[str, Any]:
    jsonin.use_backend(backend)
    try:
        doc = jsonin.loads(text.encode())
    except jsonin.JsonInputError as exc:
        return "refused", (exc.code, exc.pointer)
    return "read", doc


def _typed(value: Any) -> Any:
    """The value with every number tagged by its type (1 == 1.0 would hide a float)."""
    if isinstance(value, dict):
        return {k: _typed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_typed(v) for v in value]
    return (type(value).__name__, value)


@pytest.fixture(autouse=True)
def _restore_backend() -> Iterator[None]:
    yield
    jsoncodec.use_backend("auto")


@settings(max_examples=300, deadline=None)
@given(documents)
def test_both_backends_read_every_integer_alike(doc: Any) -> None:
    text = json.dumps(doc)
    fast, slow = _read(text, "orjson"), _read(text, "stdlib")
    assert (fast[0], _typed(fast[1])) == (slow[0], _typed(slow[1]))
    if fast[0] == "read":
        assert _typed(fast[1]) == _typed(doc)  # exact: nothing became a float
    else:
        assert fast[1][0] == jsonin.INT_RANGE and fast[1][1] is not None


@pytest.mark.parametrize("value", [99999999999999999999, 2**64, -(2**63) - 1, -(10**19) + 7])
def test_the_issue_integers_stay_integers(value: int) -> None:
    for backend in ("orjson", "stdlib"):
        assert _read(json.dumps({"ticket": value}), backend) == ("read", {"ticket": value})


def test_reports_with_big_integers_are_written_by_either_backend() -> None:
    doc = {"meta": {"ticket": 99999999999999999999, "low": -(2**63) - 1}}
    written = set()
    for backend in ("orjson", "stdlib"):
        jsoncodec.use_backend(backend)
        written.add((jsoncodec.dumps(doc), jsoncodec.dumps(doc, pretty=True)))
    assert len(written) == 1
    assert json.loads(written.pop()[0]) == doc
