"""Deal codes: the golden codes pin the shuffle forever; POST/GET /v1/deals."""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo.rules import cards, deals
from bigtwo.rules.profiles import DEFAULT_RESOLVER
from tests.tournaments.conftest import Tournament
from tests.tournaments.helpers import coded_record

# Generated once from bigtwo.rules.deals and pinned: if any of these change, every deal code ever
# handed out now names other cards. docs/DEAL_CODES.md quotes the first two.
GOLDEN = {
    "B2-4-13-0": (
        ["3H 6H 6S 7D 7H 9H TH JH QD KD AH AS 2S",
         "3C 3D 3S 4D 4S 7C 7S 9C 9D TD JD QC 2C",
         "5C 5H 5S 6C 8C 9S TC JC QS KH AC 2D 2H",
         "4C 4H 5D 6D 8D 8H 8S TS JS QH KC KS AD"], ""),
    "B2-4-13-1Z3K9": (
        ["4H 6H 7S 8D 9C TC TD TS QS AD 2D 2H 2S",
         "3D 3S 4D 5C 5H 7D 8H 8S JH QC KC KH AS",
         "5D 5S 6C 6D 6S 7H 8C 9H JD KD KS AC AH",
         "3C 3H 4C 4S 7C 9D 9S TH JC JS QD QH 2C"], ""),
    "B2-3-17-FZZZZZZZZZZZZ": (
        ["3C 3S 5C 5H 7C 7D 7S 8D 8H JC JH JS QH KC KD 2C 2D",
         "3D 3H 4D 4H 6C 6D 6S 7H 9S TC TD JD QD QS KS AH 2S",
         "4S 5D 5S 6H 8C 8S 9C 9D 9H TH TS QC KH AC AD AS 2H"], "4C"),
    "B2-2-13-7": (
        ["3H 4H 5D 6H 7C 8D 9D TD QC KH AD 2C 2S",
         "3D 3S 4C 7H 8C 9S JC JS QD KC KD AS 2D"],
        "AC 3C 5C 8S TS 6S TC JD 9H QH 4D QS 7S TH JH KS 2H 6D 6C 8H 4S 5H 7D AH 9C 5S"),
}


@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_golden_codes_in_the_core(code: str) -> None:
    spec = deals.parse_code(code)
    assert isinstance(spec, deals.DealSpec)
    hands, undealt = deals.deal(spec)
    expected_hands, expected_undealt = GOLDEN[code]
    assert [" ".join(cards.names(h)) for h in hands] == expected_hands
    assert " ".join(cards.names(undealt)) == expected_undealt


@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_golden_codes_over_http(client: Any, code: str) -> None:
    response = client.get(f"/v1/deals/{code}")
    assert response.status_code == 200
    body = response.get_json()
    assert body["code"] == code
    assert [" ".join(h) for h in body["hands"]] == GOLDEN[code][0]
    assert " ".join(body["undealt"]) == GOLDEN[code][1]


def test_splitmix64_reference_outputs() -> None:
    # The published SplitMix64 sequence for seed 0: a reimplementation can check itself here.
    rng = deals.SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_code_spellings_name_the_same_deal(client: Any) -> None:
    canonical = client.get("/v1/deals/B2-4-13-1Z3K9").get_json()
    # Lower case, and Crockford's look-alikes (I and L read as 1, O as 0).
    for spelling in ("b2-4-13-1z3k9", "B2-4-13-LZ3K9", "B2-4-13-IZ3K9"):
        assert client.get(f"/v1/deals/{spelling}").get_json()["hands"] == canonical["hands"]
    assert client.get("/v1/deals/B2-4-13-O").get_json()["code"] == "B2-4-13-0"


def test_post_deals_for_a_profile_and_get_it_back(client: Any) -> None:
    response = client.post("/v1/deals", json={"profile": "pusoy-dos", "seed": 2068073})
    assert response.status_code == 201
    body = response.get_json()
    assert body["code"] == "B2-4-13-1Z3K9"
    assert [" ".join(h) for h in body["hands"]] == GOLDEN["B2-4-13-1Z3K9"][0]
    assert client.get(f"/v1/deals/{body['code']}").get_json() == body


def test_post_without_seed_deals_fresh_cards(client: Any) -> None:
    first = client.post("/v1/deals", json={"profile": "casual"}).get_json()
    second = client.post("/v1/deals", json={"profile": "casual"}).get_json()
    assert first["code"] != second["code"]
    assert sorted(c for h in first["hands"] for c in h) == sorted(cards.CANONICAL)


def test_three_player_profile_deals_three_hands(client: Any) -> None:
    profile = {"extends": "hk-standard", "players": 3, "hand_size": 17}
    body = client.post("/v1/deals", json={"profile": profile, "seed": 2**64 - 1}).get_json()
    assert body["code"] == "B2-3-17-FZZZZZZZZZZZZ"
    assert len(body["undealt"]) == 1


@pytest.mark.parametrize(("body", "pointer"), [
    ({"profile": "nope"}, "/profile"),
    ({"profile": "casual", "seed": -1}, "/seed"),
    ({"profile": "casual", "seed": 2**64}, "/seed"),
    ({"profile": "casual", "seed": "abc"}, "/seed"),
    ({"seed": 1}, "/profile"),
    ({"profile": "casual", "colour": 1}, "/colour"),
])
def test_bad_deal_request_is_422(client: Any, body: Any, pointer: str) -> None:
    response = client.post("/v1/deals", json=body)
    assert response.status_code == 422
    assert response.mimetype == "application/problem+json"
    assert pointer in [e["pointer"] for e in response.get_json()["errors"]]


@pytest.mark.parametrize(("code", "status"), [
    ("hello", 404), ("B3-4-13-0", 404), ("B2-4-13", 404), ("B2-5-13-0", 422),
    ("B2-4-14-0", 422), ("B2-4-13-ZZZZZZZZZZZZZ", 422), ("B2-4-13-U", 422),
])
def test_bad_code_is_a_problem(client: Any, code: str, status: int) -> None:
    response = client.get(f"/v1/deals/{code}")
    assert response.status_code == status
    assert response.mimetype == "application/problem+json"


def test_record_may_name_a_deal_code(tournament: Tournament) -> None:
    response = tournament.upload(coded_record("B2-4-13-1Z3K9", seed=3))
    assert response.status_code == 201
    assert response.get_json()["valid"] is True


# Deal codes stay B2 (one 52-card deck, 2 to 5 players): a v4 profile beyond that has no code.
BEYOND_CODES = [
    ({"extends": "hk-standard", "decks": 2}, "2 decks"),
    ({"extends": "hk-standard", "jokers": 1}, "1 joker"),
    ({"extends": "hk-standard", "decks": 2, "jokers": 2}, "2 decks and 4 jokers"),
    ({"extends": "hk-standard", "players": 6, "hand_size": 8}, "6 players"),
    ({"extends": "hk-standard", "players": 8, "hand_size": 13, "decks": 2}, "2 decks and 8 players"),
]


@pytest.mark.parametrize(("profile", "named"), BEYOND_CODES)
def test_post_deals_answers_a_b2x_code_beyond_b2(client: Any, profile: dict[str, Any],
                                                 named: str) -> None:
    # Once refused ("give the hands instead"): B2X names such deals (DEAL_CODES.md, 8).
    response = client.post("/v1/deals", json={"profile": profile, "seed": 7})
    assert response.status_code == 201, named
    body = response.get_json()
    resolved, _ = DEFAULT_RESOLVER.resolve(profile, "/profile")
    assert resolved is not None
    assert body["code"] == (f"B2X-{resolved.players}-{resolved.hand_size}-{resolved.decks}-"
                            f"{resolved.jokers}-7")
    assert (body["decks"], body["jokers"], body["seed"]) == (resolved.decks, resolved.jokers, 7)
    assert sum(map(len, body["hands"])) + len(body["undealt"]) == resolved.supply
    again = client.get(f"/v1/deals/{body['code'].lower()}")
    assert again.status_code == 200 and again.get_json() == body


def test_get_deals_reads_b2x_codes(client: Any) -> None:
    body = client.get("/v1/deals/B2X-8-13-2-1-A6VKHACDC0R3M").get_json()
    assert body["hands"][2][-1] == "JK" and body["undealt"] == ["QH", "3H"]
    assert client.get("/v1/deals/B2X-8-14-1-0-0").status_code == 422  # does not fit
    assert client.get("/v1/deals/B2X-9-13-2-1-0").status_code == 422  # nine seats
    assert client.get("/v1/deals/B2X-nope").status_code == 404  # not shaped like a code
    assert client.get("/v1/deals/B2-4-13-0").get_json().keys() >= {"code", "hands"}
    assert "decks" not in client.get("/v1/deals/B2-4-13-0").get_json()


@pytest.mark.parametrize(("profile", "named"), BEYOND_CODES)
def test_a_deal_code_under_such_a_profile_is_an_input_problem(profile: dict[str, Any],
                                                              named: str) -> None:
    from bigtwo.records.parse import parse_record

    doc = {"profile": profile, "deals": [{"deal_code": "B2-4-13-0", "moves": []}]}
    _, problems = parse_record(doc)
    placed = [p for p in problems if p.pointer == "/deals/0/deal_code"]
    assert len(placed) == 1
    assert f"this profile has {named}:" in placed[0].detail


@pytest.mark.parametrize("profile", [
    "hk-standard", {"extends": "hk-standard", "players": 5, "hand_size": 10},
    {"extends": "hk-standard", "decks": 1, "jokers": 0}])
def test_one_deck_profiles_keep_their_codes(profile: Any) -> None:
    from bigtwo.records.parse import parse_record

    doc = {"profile": profile, "deals": [{"deal_code": "B2-4-13-0", "moves": []}]}
    _, problems = parse_record(doc)
    assert not [p for p in problems if p.pointer == "/deals/0/deal_code"]
