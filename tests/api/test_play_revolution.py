"""Rules v2 for game clients: /v1/next and /v1/combinations/evaluate follow a revolution
(seed 004: "Wenn jemand einen Vierling spielt, kehrt sich die Rangordnung ... um"), and the
first-trick pass rule of seed 000 as v2 reads it."""

from __future__ import annotations

from typing import Any

from schemas.play import EvaluateResponseSchema, NextResponseSchema
from tests.api.helpers import assert_problem, conforms, pointers

REV = {"extends": "hk-standard", "hand_size": 7, "revolution": "ranks"}
HANDS = [["3D", "4C", "4D", "4H", "4S", "9C", "KC"], ["5C", "5D", "5H", "5S", "2S", "KD", "AH"],
         ["6C", "6D", "2H", "7C", "8C", "9D", "TH"], ["3C", "3H", "3S", "TC", "JC", "QC", "AD"]]


def moves(text: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for m in text.split():
        seat, play = m.split(":")
        out.append({"seat": int(seat), "pass": True} if play == "-" else
                   {"seat": int(seat), "play": play.split("+")})
    return out


def next_move(client: Any, profile: Any, played: str) -> dict[str, Any]:
    doc = {"profile": profile, "deals": [{"hands": HANDS, "moves": moves(played)}]}
    response = client.post("/v1/next", json=doc)
    assert response.status_code == 200, response.json
    conforms(NextResponseSchema, response.json)
    return response.json  # type: ignore[no-any-return]


def test_next_follows_the_revolution(client: Any) -> None:
    out = next_move(client, REV, "0:4C+4D+4H+4S+3D 1:- 2:- 3:- 0:9C")
    assert out["seat"] == 1 and out["revolution"] is True
    # Seat 1 holds 5s, K, A, 2: under the reversed order only the 5s beat a 9.
    assert out["legal_plays"] == [["5D"], ["5C"], ["5H"], ["5S"]]
    normal = next_move(client, {**REV, "revolution": "none"}, "0:4C+4D+4H+4S+3D 1:- 2:- 3:- 0:9C")
    assert normal["revolution"] is False
    assert normal["legal_plays"] == [["KD"], ["AH"], ["2S"]]


def test_evaluate_given_the_deals_state(client: Any) -> None:
    body = {"profile": REV, "cards": ["5C"], "table": ["9C"], "revolution": True}
    out = client.post("/v1/combinations/evaluate", json=body).json
    conforms(EvaluateResponseSchema, out)
    assert out["beats_table"] is True
    out = client.post("/v1/combinations/evaluate", json={**body, "cards": ["2S"]}).json
    assert (out["beats_table"], out["code"]) == (False, "DOES_NOT_BEAT")
    assert out["message"].endswith("(revolution: the order is reversed, 2 is lowest)")
    out = client.post("/v1/combinations/evaluate", json={**body, "revolution": False}).json
    assert out["beats_table"] is False  # the normal order: a 5 is below a 9


def test_evaluate_refuses_a_revolution_the_profile_does_not_have(client: Any) -> None:
    body = {"profile": "hk-standard", "cards": ["5C"], "table": ["9C"], "revolution": True}
    problem = assert_problem(client.post("/v1/combinations/evaluate", json=body), 422)
    assert pointers(problem) == ["/revolution"]


def test_evaluate_checks_the_count_before_the_shape(client: Any) -> None:
    """001: "Spiel 5 Karten - du hast 4 gewählt" for four cards on a five-card table."""
    body = {"profile": "big-two-web", "cards": ["9C", "9D", "9H", "9S"],
            "table": ["3D", "4C", "5H", "6S", "7D"]}
    out = client.post("/v1/combinations/evaluate?lang=de", json=body).json
    assert (out["code"], out["message"]) == ("CARD_COUNT", "Spiel 5 Karten - du hast 4 gewählt")


def test_next_allows_a_pass_after_playing_in_the_first_trick(client: Any) -> None:
    """000: "Passen in der Eröffnungsrunde ist verboten, bis ein Spieler einmal gespielt hat"."""
    profile = {"extends": "hk-standard", "hand_size": 7, "must_play_first_trick": True}
    first = next_move(client, profile, "0:3D 1:5C")
    assert first["seat"] == 2 and first["may_pass"] is False  # seat 2 has not played yet
    later = next_move(client, profile, "0:3D 1:5C 2:6C 3:TC 0:KC")
    assert later["seat"] == 1 and later["may_pass"] is True  # seat 1 played 5C in this trick


def test_evaluate_lets_an_allowed_bomb_interrupt(client: Any) -> None:
    """000 "Bomben überall": a four of a kind plus kicker on a single; a straight flush is no
    bomb unless bomb_hands lists it."""
    bombs = {"extends": "hk-standard", "bombs": "anything"}
    quad = {"profile": bombs, "cards": ["4C", "4D", "4H", "4S", "3D"], "table": ["2S"]}
    assert client.post("/v1/combinations/evaluate", json=quad).json["beats_table"] is True
    flush = {**quad, "cards": ["5H", "6H", "7H", "8H", "9H"]}
    out = client.post("/v1/combinations/evaluate", json=flush).json
    assert (out["beats_table"], out["code"]) == (False, "CARD_COUNT")
    listed = {**flush, "profile": {**bombs, "bomb_hands": ["four_of_a_kind", "straight_flush"]}}
    assert client.post("/v1/combinations/evaluate", json=listed).json["beats_table"] is True
