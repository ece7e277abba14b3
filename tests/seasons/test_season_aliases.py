"""A season's aliases follow the rule a record's player names follow (hardening item 5), are
checked against the stored aliases inside the write (item 6: two organisers at once never
make a cycle), and the audit's ``by`` is one line of at most 100 characters, the same check
as a tournament's (item 11)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigtwo import limits
from bigtwo.records.parse import _parse_names
from bigtwo.store import seasons
from bigtwo.store.db import Store
from bigtwo.store.errors import SeasonError, StoreError
from tests.seasons.club import club_season

UNSEEN = {"U+202E": "\u202e", "U+200B": "\u200b", "NUL": "\x00", "ESC": "\x1b",
          "U+2066": "\u2066", "soft hyphen": "\u00ad"}


def season(client: Any) -> tuple[str, dict[str, str]]:
    created = client.post("/v1/seasons", json={"name": "Aliases"}).get_json()
    return created["id"], {"Authorization": f"Bearer {created['token']}"}


@pytest.mark.parametrize("field", ["alias", "player"])
@pytest.mark.parametrize("char", list(UNSEEN.values()), ids=list(UNSEEN))
def test_an_alias_with_a_character_that_cannot_be_seen_is_refused(client: Any, field: str,
                                                                  char: str) -> None:
    sid, auth = season(client)
    body = {"alias": "Benjamin", "player": "Ben", field: f"Be{char}n"}
    got = client.post(f"/v1/seasons/{sid}/aliases", json=body, headers=auth)
    assert got.status_code == 422
    problem = got.get_json()
    assert [e["pointer"] for e in problem["errors"]] == [f"/{field}"]
    assert "cannot be seen" in problem["errors"][0]["detail"]
    # Nothing reached the standings, the CSV, the page or the audit.
    assert client.get(f"/v1/seasons/{sid}").get_json()["aliases"] == []
    assert client.get(f"/v1/seasons/{sid}/audit").get_json()["entries"] == []


@pytest.mark.parametrize("field", ["alias", "player"])
def test_a_blank_alias_is_refused_as_a_blank_player_name(client: Any, field: str) -> None:
    sid, auth = season(client)
    got = client.post(f"/v1/seasons/{sid}/aliases",
                      json={"alias": "Benjamin", "player": "Ben", field: " \u3000 "}, headers=auth)
    assert got.status_code == 422
    assert got.get_json()["errors"][0]["pointer"] == f"/{field}"


@pytest.mark.parametrize("lang", ["de", "it", "zh-Hans", "zh-Hant-HK", "zh-Hant-TW", "fil"])
@pytest.mark.parametrize("name", ["", "B" * (limits.MAX_NAME_LENGTH + 1), 7])
def test_an_alias_of_no_length_a_name_has_is_refused_in_the_asked_language(
        client: Any, lang: str, name: Any) -> None:
    sid, auth = season(client)
    said = {}
    for asked in ("en", lang):
        got = client.post(f"/v1/seasons/{sid}/aliases", query_string={"lang": asked},
                          json={"alias": name, "player": "Ben"}, headers=auth)
        assert got.status_code == 422
        [said[asked]] = got.get_json()["errors"]
    assert said[lang]["pointer"] == said["en"]["pointer"] == "/alias"
    assert said[lang]["detail"] != said["en"]["detail"]
    assert str(limits.MAX_NAME_LENGTH) in said[lang]["detail"]


NAME_CHARS = st.lists(st.sampled_from(["a", "B", " ", "\t", "é", "e\u0301", "李", "👩", "\u200d",
                                       "\ufe0f", "\u3164", *UNSEEN.values()]),
                      min_size=1, max_size=6).map("".join)


@settings(max_examples=200, deadline=None)
@given(NAME_CHARS)
def test_an_alias_is_taken_exactly_when_a_record_takes_the_name(name: str) -> None:
    record_takes = _parse_names([name], []) is not None
    try:
        seasons._name(name, "/alias")
        alias_takes = True
    except SeasonError:
        alias_takes = False
    assert alias_takes == record_takes


@pytest.mark.parametrize("tries", [40])
def test_crossed_aliases_sent_at_once_never_both_stand(tmp_path: Path, tries: int) -> None:
    path = tmp_path / "race.db"
    first = Store(path)
    first.migrate()
    made = seasons.create(first, {"name": "Race"})
    auth = f"Bearer {made['token']}"
    stores = [Store(path), Store(path)]
    outcomes: list[list[int]] = []
    for i in range(tries):
        x, y = f"X{i}", f"Y{i}"
        barrier = threading.Barrier(2)
        got: list[int] = [0, 0]

        def send(k: int, alias: str, player: str, got: list[int] = got,
                 barrier: threading.Barrier = barrier) -> None:
            barrier.wait()
            try:
                seasons.alias(stores[k], made["id"], {"alias": alias, "player": player}, auth)
                got[k] = 200
            except StoreError as exc:
                got[k] = exc.status

        threads = [threading.Thread(target=send, args=(0, x, y)),
                   threading.Thread(target=send, args=(1, y, x))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        outcomes.append(got)
    assert all(sorted(got) == [200, 409] for got in outcomes), outcomes
    aliases = first.seasons.aliases(made["id"])
    assert len(aliases) == tries
    assert not set(aliases) & set(aliases.values())  # no chain, no cycle


BAD_BY = {"line break": "Jo\nEve", "carriage return": "Jo\rEve", "ESC": "Jo\x1b[31m",
          "U+202E": "Jo\u202eeve", "U+200B": "Jo\u200bEve", "NUL": "Jo\x00", "tab": "Jo\tEve",
          "C1": "Jo\x85Eve", "C1 CSI": "Jo\x9b31m", "too long": "J" * (limits.MAX_ORGANISER_LABEL_LENGTH + 1)}


def _season_calls(client: Any) -> dict[str, Any]:
    sid, token, tournaments = club_season(client)
    auth = {"Authorization": f"Bearer {token}"}
    made = client.post("/v1/tournaments", json={"name": "Extra", "profile": "casual"})
    extra = made.get_json()
    return {
        "season attach": lambda by: client.post(f"/v1/seasons/{sid}/tournaments", headers=auth,
                                                json={"tournament": extra["id"], "by": by}),
        "season detach": lambda by: client.delete(
            f"/v1/seasons/{sid}/tournaments/{tournaments[0]}", headers=auth,
            query_string={"by": by}),
        "season alias": lambda by: client.post(f"/v1/seasons/{sid}/aliases", headers=auth,
                                               json={"alias": "Eva", "player": "Eve", "by": by}),
        "tournament withdraw": lambda by: client.delete(
            f"/v1/tournaments/{extra['id']}/records/r-none", query_string={"by": by},
            headers={"Authorization": f"Bearer {extra['token']}"}),
    }


@pytest.mark.parametrize("what", ["season attach", "season detach", "season alias",
                                  "tournament withdraw"])
def test_by_is_one_line_of_at_most_100_characters_everywhere(client: Any, what: str) -> None:
    call = _season_calls(client)[what]
    for label, by in BAD_BY.items():
        got = call(by)
        assert got.status_code == 422, (label, got.get_json())
        # A query's length is the query schema's to refuse, in its own words.
        assert label == "too long" or "on one line" in str(got.get_json()), label
    ok = call("  Jo (desk 2)  ")
    assert ok.status_code in (200, 404), ok.get_json()  # 404: the tournament has no such record


def test_the_audit_keeps_by_trimmed(client: Any) -> None:
    call = _season_calls(client)["season alias"]
    assert call("  Jo (desk 2)  ").status_code == 200
    sid = client.get("/v1/seasons").get_json()["seasons"][0]["id"]
    entries = client.get(f"/v1/seasons/{sid}/audit?per_page=100").get_json()["entries"]
    assert entries[-1]["by"] == "Jo (desk 2)"



@pytest.mark.parametrize("lang", ["de", "it", "zh-Hans", "zh-Hant-HK", "zh-Hant-TW", "fil"])
@pytest.mark.parametrize("what", ["season alias", "tournament withdraw"])
def test_a_refused_by_is_said_in_the_asked_language(client: Any, what: str, lang: str) -> None:
    # A German organiser reads the refusal of `by` in German, as the alias's name problems.
    english, said = (_refused_by(client, what, asked) for asked in ("en", lang))
    assert said["pointer"] == english["pointer"]
    assert said["detail"] != english["detail"]
    assert said["detail"].startswith("by") and "100" in said["detail"]


def _refused_by(client: Any, what: str, lang: str) -> dict[str, Any]:
    if what == "season alias":
        sid, auth = season(client)
        got = client.post(f"/v1/seasons/{sid}/aliases", headers=auth,
                          query_string={"lang": lang},
                          json={"alias": "Eva", "player": "Eve", "by": "Jo\nEve"})
    else:
        made = client.post("/v1/tournaments", json={"name": "T", "profile": "casual"}).get_json()
        got = client.delete(f"/v1/tournaments/{made['id']}/records/r-none",
                            query_string={"by": "Jo\nEve", "lang": lang},
                            headers={"Authorization": f"Bearer {made['token']}"})
    assert got.status_code == 422, got.get_json()
    problem: dict[str, Any] = got.get_json()["errors"][0]
    return problem
