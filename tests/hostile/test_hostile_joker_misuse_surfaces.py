"""Issue 38's "Bad input", on every surface that takes a record: ``POST /v1/validate``,
``POST /v1/next``, a tournament upload and the check page (``POST /replay``, the one door).
A misuse the reader refuses is a 422 at its pointer in the caller's language, and nothing is
stored; a misuse the rules refuse (a stand-in naming a joker, a copy over the decks) is that
rule's error at its pointer, in the caller's language, never a 500 (a tournament keeps such a
record as an invalid one, as it keeps every record that breaks the rules)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import shared_app

HANDS = [["3D", "9C", "KS"], ["4C", "5H", "JK"], ["6D", "6S", "JH"], ["7C", "8H", "AD"]]
NO_JOKER = [["3D", "9C", "KS"], ["4C", "5H", "2S"], *HANDS[2:]]
PLAIN = {"extends": "hk-standard", "hand_size": 3}
V4 = {"extends": "hk-standard", "hand_size": 3, "decks": 2, "jokers": 1, "timeouts": "pass",
      "last_card_call": "liable", "scoring": {"settlement": "pairwise"}}
OPEN = {"seat": 0, "play": ["3D"]}

# case: (profile, hands, moves, pointer, rule code or None for an input problem)
CASES: dict[str, tuple[dict[str, Any], list[list[str]], list[Any], str, str | None]] = {
    "joker under jokers 0": (PLAIN, HANDS, [], "/deals/0/hands/1/2", None),
    "stand-in under jokers 0": (PLAIN, NO_JOKER, [OPEN, {"seat": 1, "play": ["JK=5D"]}],
                                "/deals/0/moves/1/play/0", None),
    "stand-in naming a joker": (V4, HANDS, [OPEN, {"seat": 1, "play": ["JK=JK"]}],
                                "/deals/0/moves/1", "JOKER_STAND_IN"),
    "timeout without timeouts: pass": (PLAIN, NO_JOKER, [OPEN, {"seat": 1, "timeout": True}],
                                       "/deals/0/moves/1/timeout", None),
    "call without last_card_call": (PLAIN, NO_JOKER, [{"seat": 0, "play": ["3D"], "call": True}],
                                    "/deals/0/moves/0/call", None),
    "a card one copy over the decks": (V4, [["3D", "3D", "3D"], *HANDS[1:]], [],
                                       "/deals/0/hands/0", "DUPLICATE_CARD"),
    "9 players": ({**PLAIN, "players": 9}, HANDS, [], "/profile/players", None),
}


def _doc(case: str) -> dict[str, Any]:
    profile, hands, moves, _, _ = CASES[case]
    return {"profile": profile, "deals": [{"hands": hands, "moves": moves}]}


def _rows(db: str) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("SELECT count(*) FROM records").fetchone()[0])


@pytest.fixture
def surfaces(tmp_path: Path) -> Iterator[tuple[Any, str]]:
    with shared_app(tmp_path) as app:  # the worker's app (tests/conftest.py), a fresh store
        yield app.test_client(), app.config["BIGTWO_DB"]


def _details(doc: dict[str, Any], pointer: str) -> list[str]:
    return [e.get("detail") or e.get("message") for e in doc["errors"] if e["pointer"] == pointer]


@pytest.mark.parametrize("case", CASES)
def test_validate_says_it_at_its_pointer_in_the_callers_language(surfaces: tuple[Any, str],
                                                                 case: str) -> None:
    client, _ = surfaces
    _, _, _, pointer, code = CASES[case]
    said = {}
    for lang in ("en", "de"):
        response = client.post(f"/v1/validate?lang={lang}", json=_doc(case))
        assert response.status_code == (200 if code else 422), response.get_data(as_text=True)
        doc = response.get_json()
        if code:
            assert [(e["code"], e["pointer"]) for e in doc["errors"]] == [(code, pointer)]
        said[lang] = _details(doc, pointer)
        assert said[lang], doc
    assert said["en"] != said["de"]


@pytest.mark.parametrize("case", CASES)
def test_next_refuses_it(surfaces: tuple[Any, str], case: str) -> None:
    client, _ = surfaces
    _, _, _, pointer, _ = CASES[case]
    response = client.post("/v1/next?lang=de", json=_doc(case))
    assert response.status_code == 422
    assert pointer in [e["pointer"] for e in response.get_json()["errors"]]


@pytest.mark.parametrize("case", CASES)
def test_a_tournament_stores_nothing_it_cannot_read(surfaces: tuple[Any, str], case: str) -> None:
    client, db = surfaces
    profile, _, _, pointer, code = CASES[case]
    made = client.post("/v1/tournaments", json={
        "name": "v4 night", "profile": V4 if profile is V4 else PLAIN}).get_json()
    before = _rows(db)
    response = client.post(f"/v1/tournaments/{made['id']}/records?lang=de", json=_doc(case),
                           headers={"Authorization": f"Bearer {made['token']}"})
    if code:
        assert response.status_code == 201 and response.get_json()["valid"] is False
        return
    assert response.status_code == 422, response.get_data(as_text=True)
    assert _rows(db) == before
    assert _details(response.get_json(), pointer)


@pytest.mark.parametrize("case", CASES)
def test_the_check_page_names_it_in_the_pages_language(surfaces: tuple[Any, str], case: str) -> None:
    client, db = surfaces
    _, _, _, pointer, code = CASES[case]
    response = client.post("/replay?lang=de", data={"record": json.dumps(_doc(case))})
    html = response.get_data(as_text=True)
    assert response.status_code == (200 if code else 422)
    assert "Traceback" not in html and pointer in html
    assert _rows(db) == 0
    if case == "9 players":  # a profile field's own range, in the page's language
        assert "muss eine ganze Zahl von 2 bis 8 sein" in html
    if code:
        assert code in html
