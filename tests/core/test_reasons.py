"""A code's reasons (bigtwo.rules.codes.REASONS): ``why(code, when)`` narrows by them for every
code that has them, and a ``when`` naming no situation of its code stops the registry loading,
at the field's pointer, instead of silently explaining nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bigtwo.reports.messages import render
from bigtwo.rules import declarations
from bigtwo.rules.choices import Explains, Field, why
from bigtwo.rules.codes import ALSO_WITHOUT_REASON, REASONS, RuleCode
from bigtwo.rules.declarations import situations, when_problems, whens
from bigtwo.rules.kinds import Bool

GOLDEN = Path(__file__).resolve().parents[2] / "fixtures" / "golden"
REASONED = [(code, r.name) for code, reasons in REASONS.items() for r in reasons]


def fake(*explains: Explains) -> Field:
    return Field(("fake_rule",), Bool(), False, 3, "a fake", "a fake", explains)


def test_more_than_one_code_has_reasons() -> None:
    """The narrowing is not about one code (it was COMBINATION_NOT_ALLOWED's alone)."""
    assert len(REASONS) >= 2


@pytest.mark.parametrize(("code", "reason"), REASONED)
def test_a_refusal_is_in_its_reasons_situation_and_no_other(code: RuleCode, reason: str) -> None:
    found = situations(code, {"reason": reason})
    assert (code, reason) in found and (code, None) in found
    others = {r.name for r in REASONS[code]} - {reason}
    assert not others & {when for _, when in found}


@pytest.mark.parametrize(("code", "reason"), REASONED)
def test_a_field_narrowed_to_a_reason_explains_that_reason_only(code: RuleCode, reason: str) -> None:
    narrowed = fake(why(code, reason))
    assert when_problems((narrowed,)) == []
    wanted = set(situations(code, {"reason": reason}))
    assert any((e.code, e.when) in wanted for e in narrowed.explains)
    for other in {r.name for r in REASONS[code]} - {reason}:
        assert not any((e.code, e.when) in set(situations(code, {"reason": other}))
                       for e in narrowed.explains)


@pytest.mark.parametrize("code", list(REASONS))
def test_a_refusal_without_its_reason_may_be_any_of_them(code: RuleCode,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Where every refusal of the code names a reason (unless it also refuses without one)."""
    monkeypatch.setattr(declarations, "ALSO_WITHOUT_REASON", frozenset())
    assert {when for _, when in situations(code, {})} == {None, *(r.name for r in REASONS[code])}


@pytest.mark.parametrize("code", list(RuleCode))
def test_a_when_the_code_does_not_have_is_a_problem_at_the_fields_pointer(code: RuleCode) -> None:
    problems = when_problems((fake(why(code, "no_such_reason")),))
    assert len(problems) == 1
    assert problems[0].startswith(f"/fake_rule: {code} has no situation 'no_such_reason'")


@pytest.mark.parametrize("code", [c for c in RuleCode if c not in REASONS and c != RuleCode.DOES_NOT_BEAT])
def test_a_code_without_reasons_has_one_situation(code: RuleCode) -> None:
    assert whens(code) == ()
    assert situations(code, {"reason": "anything"}) == ((code, None),)


def test_every_reason_a_golden_report_gives_is_declared() -> None:
    """The reasons the core gives, as the golden records show them, are the declared ones."""
    given: set[tuple[str, str]] = set()
    plain: set[str] = set()
    for path in GOLDEN.glob("*.json"):
        for error in json.loads(path.read_text(encoding="utf-8"))["report"].get("errors") or []:
            if "reason" in error["params"]:
                given.add((error["code"], error["params"]["reason"]))
            else:
                plain.add(error["code"])
    assert given, "no golden report shows a reason"
    assert given <= set(REASONED)
    # A code with reasons that the core also gives without one says so.
    assert plain & set(REASONS) <= ALSO_WITHOUT_REASON


@pytest.mark.parametrize("code", list(REASONS))
def test_an_error_without_a_reason_is_the_plain_situation_where_the_code_has_one(
        code: RuleCode, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(declarations, "ALSO_WITHOUT_REASON", frozenset({code}))
    assert situations(code, {}) == ((code, None),)
    assert situations(code, {"reason": REASONS[code][0].name}) == ((code, None), (code, REASONS[code][0].name))


@pytest.mark.parametrize(("code", "reason"), [(c, r.name) for c, rs in REASONS.items()
                                              for r in rs if r.says])
def test_a_reason_with_a_sentence_is_worded_by_it(code: RuleCode, reason: str) -> None:
    says = next(r.says for r in REASONS[code] if r.name == reason)
    error = {"code": code, "deal": 0, "move": 0, "seat": 0, "params": {"played": [], "reason": reason}}
    assert render(error, "en") == says
    assert render(error, "de") != says
