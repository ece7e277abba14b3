"""``lang`` in the document admits what the service reads: a BCP 47 tag (its pattern), with
the languages behind it in extensions, not a closed enum a typed client holds to, which
refused ``de-CH`` while the service reads it as German (docs/API.md, "Query parameters")."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigtwo.reports.i18n import ACCEPTED_TAGS, LANGUAGES, canonical
from schemas.records import LANG_PATTERN
from tests.api.test_validate import _opening_card_record

# An ECMA-262 pattern as a client's validator reads it (unanchored search; ours is anchored).
PATTERN = re.compile(LANG_PATTERN)


def _lang_parameters(spec: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return [(f"{method.upper()} {path}", parameter)
            for path, operations in spec["paths"].items()
            for method, operation in operations.items() if method != "parameters"
            for parameter in operation.get("parameters", []) if parameter.get("name") == "lang"]


def test_every_lang_parameter_is_a_patterned_string_not_an_enum(client: Any) -> None:
    found = _lang_parameters(client.get("/openapi.json").json)
    assert {where for where, _ in found} >= {"POST /v1/validate", "POST /v1/validate/batch",
                                             "POST /v1/next", "POST /v1/combinations/evaluate",
                                             "GET /v1/records/{record_id}", "POST /v1/replays"}
    for where, parameter in found:
        schema = parameter["schema"]
        assert "enum" not in schema, where
        assert (schema["type"], schema["pattern"]) == ("string", LANG_PATTERN), where
        assert schema["x-languages"] == list(LANGUAGES), where
        assert set(schema["x-language-aliases"]) == set(ACCEPTED_TAGS) - set(LANGUAGES), where
        assert "de-CH" in parameter["description"], where


@pytest.mark.parametrize(("tag", "language"), [
    *[(tag, canonical(tag)) for tag in ACCEPTED_TAGS],
    ("de-CH", "de"), ("de-AT", "de"), ("it-IT", "it"), ("it_IT", "it"), ("en-GB", "en"),
    ("de-CH-1996", "de"), ("fil-PH", "fil"), ("zh-Hans-SG", "zh-Hans"),
    ("DE-ch", "de"),
])
def test_a_tag_the_document_admits_is_answered_in_its_language(
        client: Any, tag: str, language: str) -> None:
    assert PATTERN.fullmatch(tag)
    response = client.post(f"/v1/validate?lang={tag}", json=_opening_card_record())
    assert response.status_code == 200, response.json
    assert response.headers["Content-Language"] == language


@pytest.mark.parametrize("tag", ["x", "de CH", "de-", "-de", "de--CH", "tlh", "fr-CH", "de-CH-" +
                                 "x" * 9, "d" * 65, "de;q=1"])
def test_any_other_tag_is_a_422_naming_the_parameter(client: Any, tag: str) -> None:
    response = client.post("/v1/validate", query_string={"lang": tag}, json=_opening_card_record())
    assert response.status_code == 422, tag
    assert "lang" in str(response.json)


def test_a_stored_record_reads_back_in_a_tag_with_a_region(client: Any) -> None:
    made = client.post("/v1/tournaments", json={"name": "N", "profile": "hk-standard"}).json
    record = _opening_card_record()
    stored = client.post(f"/v1/tournaments/{made['id']}/records", json=record,
                         headers={"Authorization": f"Bearer {made['token']}"})
    answer = client.get(f"/v1/records/{stored.json['id']}?lang=de-CH")
    assert answer.status_code == 200
    english = client.get(f"/v1/records/{stored.json['id']}").json
    assert answer.json["report"]["errors"][0]["message"] != english["report"]["errors"][0]["message"]


def _locale_tags() -> list[str]:
    from babel import localedata

    return sorted(name.replace("_", "-") for name in localedata.locale_identifiers())


@settings(max_examples=300, deadline=None)
@given(tag=st.sampled_from(_locale_tags()), case=st.sampled_from([str, str.lower, str.upper]))
def test_the_pattern_admits_every_locale_tag_the_service_reads(tag: str, case: Any) -> None:
    """Every locale Babel knows that the service maps to one of its languages is spelt as
    the pattern says: the document never refuses a tag the service would answer."""
    spelt = case(tag)
    if canonical(spelt) is not None:
        assert PATTERN.fullmatch(spelt), spelt
