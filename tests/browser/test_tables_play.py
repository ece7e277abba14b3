"""Live tables in a real browser: a person plays a whole deal against three bots on the play
page, four people play one table from four browsers, and a spectator's page follows moves
posted through the API, all over real HTTP and the table's event stream (issue 39)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bigtwo.records.pipeline import check_record
from bigtwo.rules import cards, fair
from bigtwo.rules.profiles import ProfileResolver
from tests.browser.table_helpers import (  # noqa: F401 - the fixture is used by name
    NAMES,
    create,
    open_page,
    play_turn,
    tables_fixture,
    version_shown,
    view,
    wait_for_version,
)

pytestmark = pytest.mark.browser


def assert_record_holds(record: dict[str, Any], totals: list[int]) -> None:
    """The table's record validates with the table's totals, and every deal's proof holds:
    the seed gives the commitment, and the hands are those of the code it makes."""
    profile, _ = ProfileResolver().resolve(record["profile"])
    assert profile is not None
    for deal in record["deals"]:
        proof = deal["proof"]
        hands = [[cards.parse_card(c) for c in hand] for hand in deal["hands"]]
        entropy = [e["value"] for e in proof["entropy"]]
        assert fair.proof_problem(profile, hands, bytes.fromhex(proof["seed"]),  # type: ignore[arg-type]
                                  proof["commitment"], entropy, proof["deal_code"]) is None
    checked = check_record(record)  # the proofs again, the moves and the totals
    assert checked.ok, checked.problems
    assert checked.report["totals"] == totals


def no_violation(reported: list[str]) -> None:
    assert [m for m in reported if "Content Security Policy" in m or "Refused to" in m] == []


def test_a_person_plays_a_whole_match_against_three_bots(tables: tuple[str, Any, Any]) -> None:
    base, client, browser = tables
    made = create(client, bots=[1, 2, 3], deals=2)
    table_id, token = made["id"], made["seats"][0]["token"]
    context, page, reported = open_page(browser, f"{base}/tables/{table_id}/play?lang=de#token={token}")
    # The token was read from the fragment and taken out of the address bar.
    page.wait_for_function("() => document.querySelectorAll('#play-hand .pick').length === 13")
    assert token not in page.url and "#" not in page.url
    assert "Sie spielen Platz 1: Ana." in page.locator("#play-seat").inner_text()
    assert page.locator("#table-turn").inner_text() == "Sie sind dran."

    # An illegal move first: two cards of different ranks are no combination. The refusal is
    # the report's own message in German, as the API words it for the same move.
    cards = page.locator("#play-hand .pick")
    first, last = cards.first.get_attribute("data-card"), cards.last.get_attribute("data-card")
    cards.first.click()
    cards.last.focus()
    page.keyboard.press("Space")  # a card is chosen from the keyboard too
    assert page.locator("#play-hand [aria-pressed=true]").count() == 2
    page.locator("#play-button").click()
    message = page.locator("#play-message")
    page.wait_for_function("() => document.getElementById('play-message').textContent.length > 0")
    refused = client.post(f"/v1/tables/{table_id}/moves?lang=de", json={"play": [first, last]},
                          headers={"Authorization": f"Bearer {token}"})
    assert refused.status_code == 422
    assert message.inner_text() == f"Abgelehnt: {refused.get_json()['errors'][0]['message']}"
    assert page.locator("#table-turn").inner_text() == "Sie sind dran."  # nothing changed
    assert page.locator("#play-hand .pick").count() == 13

    # Then the match, move by move: each answer (with the bots' moves after it) is drawn.
    # When the first deal ends, its hands and proof appear while the second is dealt.
    between = False  # the first deal's result seen while the second was played
    for _ in range(120):
        if page.locator("#table-status").get_attribute("data-status") == "over":
            break
        before = version_shown(page)
        page.locator("#play-button").wait_for(state="attached")
        play_turn(page)
        wait_for_version(page, before + 1)
        assert page.locator("#play-message").inner_text() == ""
        now = view(client, table_id)
        if not between and now["deal"] == 1 and now["status"] == "playing":
            page.wait_for_function("() => document.getElementById('proof-seed').textContent.length === 64")
            assert page.locator("#result-title").inner_text() == "Partie 1 ist vorbei"
            assert page.locator("#play-hand .pick").count() == 13  # the second deal's hand
            between = True
    else:
        raise AssertionError("the match did not end")
    assert between

    # The match's end: the last deal's hands and proof, the record's proof is the page's.
    page.wait_for_function("() => document.getElementById('result-title').textContent.indexOf('Partie 2') === 0")
    record = client.get(f"/v1/tables/{table_id}/record").get_json()
    assert len(record["deals"]) == 2
    first, proof = record["deals"][0]["proof"], record["deals"][1]["proof"]
    assert first["commitment"] == made["commitment"]
    page.wait_for_function("s => document.getElementById('proof-seed').textContent === s", arg=proof["seed"])
    assert page.locator("#proof-commitment").inner_text() == proof["commitment"]
    assert page.locator("#proof-code").inner_text() == proof["deal_code"]
    assert page.locator("#result-hands li").count() == 4
    assert "bigtwo validate" in page.locator("#live-result").inner_text()
    assert "Das Match ist vorbei" in page.locator("#result-note").inner_text()
    assert_record_holds(record, view(client, table_id)["totals"])
    no_violation(reported)
    context.close()


def legal_move(client: Any, table_id: str, token: str) -> dict[str, Any]:
    """The weakest legal play the seat's view lists, or a pass."""
    shown = view(client, table_id, token)
    return {"play": shown["legal_plays"][0]} if shown["legal_plays"] else {"pass": True}


def test_four_people_play_one_table_from_four_browsers(tables: tuple[str, Any, Any]) -> None:
    base, client, browser = tables
    made = create(client, deals=1)
    table_id = made["id"]
    opened = [open_page(browser, f"{base}/tables/{table_id}/play#token={seat['token']}")
              for seat in made["seats"]]
    pages = [page for _, page, _ in opened]
    for seat, page in enumerate(pages):
        page.wait_for_function("() => document.querySelectorAll('#play-hand .pick').length === 13")
        assert f"{seat + 1}: {NAMES[seat]}" in page.locator("#play-seat").inner_text()
    for _ in range(200):
        now = view(client, table_id)
        if now["status"] == "over":
            break
        page = pages[now["turn"]]
        # The seat to move learned of the last move from the table's events, not a reload.
        wait_for_version(page, now["version"])
        assert page.locator("#play-button").is_enabled()
        others = [p for s, p in enumerate(pages) if s != now["turn"]]
        assert all(p.locator("#play-button").is_disabled() for p in others
                   if version_shown(p) == now["version"])
        play_turn(page)
        page.wait_for_function("n => Number(document.getElementById('table-status')"
                               ".dataset.version) > n", arg=now["version"])
    else:
        raise AssertionError("the deal did not end")
    record = client.get(f"/v1/tables/{table_id}/record").get_json()
    for page in pages:
        page.wait_for_function("() => document.getElementById('proof-seed').textContent.length === 64")
        assert page.locator("#proof-seed").inner_text() == record["deals"][0]["proof"]["seed"]
        page.wait_for_function("() => document.getElementById('table-status').dataset.status === 'over'")
    assert_record_holds(record, view(client, table_id)["totals"])
    for context, _, reported in opened:
        no_violation(reported)
        context.close()


def test_the_spectator_page_follows_moves_posted_through_the_api(tables: tuple[str, Any, Any]) -> None:
    base, client, browser = tables
    made = create(client, deals=1)
    table_id, tokens = made["id"], [seat["token"] for seat in made["seats"]]
    context, page, reported = open_page(browser, f"{base}/tables/{table_id}?lang=zh-Hant-HK")
    page.wait_for_function("() => document.getElementById('live-state').textContent.indexOf('即時') === 0")
    assert "輪到" in page.locator("#table-turn").inner_text()
    played: list[str] = []
    for _ in range(200):
        now = view(client, table_id)
        if now["status"] == "over":
            break
        body = legal_move(client, table_id, tokens[now["turn"]])
        answer = client.post(f"/v1/tables/{table_id}/moves", json=body,
                             headers={"Authorization": f"Bearer {tokens[now['turn']]}"})
        assert answer.status_code == 200, answer.get_data(as_text=True)
        played += body.get("play", [])
        after = answer.get_json()
        if after["status"] == "over":
            break
        # Drawn from the events alone: the moves so far, and only the cards played.
        page.wait_for_function("n => document.querySelectorAll('#live-moves li').length === n",
                               arg=len(after["moves"]))
        assert page.locator("#live-moves .card").count() == len(played)
        shown = page.locator("#live-moves .card, #live-on-table .card").all_inner_texts()
        assert set(shown) <= {face(card) for card in played}
        assert page.locator("#result-hands li").count() == 0
    else:
        raise AssertionError("the deal did not end")
    # The deal's end reaches the spectator: every hand, the proof and how to check it.
    page.wait_for_function("() => document.getElementById('proof-seed').textContent.length === 64")
    assert page.locator("#result-hands li").count() == 4
    page.wait_for_function("() => document.getElementById('table-status').dataset.status === 'over'")
    assert "bigtwo validate" in page.locator("#live-result").inner_text()
    no_violation(reported)
    context.close()


def face(card: str) -> str:
    """A card as the pages draw it: '10♥' for TH."""
    return ("10" if card[0] == "T" else card[0]) + cards.SUIT_SYMBOLS[card[1]]


def test_an_ended_table_shows_the_running_deals_hands(tables: tuple[str, Any, Any]) -> None:
    """The organiser ends the table mid-deal: the spectator's page (Italian) says so and shows
    the running deal's hands and proof from the `abandoned` event; the stream is closed."""
    base, client, browser = tables
    made = create(client, bots=[1, 2, 3])
    table_id, token = made["id"], made["seats"][0]["token"]
    context, page, reported = open_page(browser, f"{base}/tables/{table_id}?lang=it")
    page.wait_for_function("() => document.getElementById('live-state').textContent.indexOf('In diretta') === 0")
    body = legal_move(client, table_id, token)
    client.post(f"/v1/tables/{table_id}/moves", json=body, headers={"Authorization": f"Bearer {token}"})
    ended = client.delete(f"/v1/tables/{table_id}",
                          headers={"Authorization": f"Bearer {made['organiser_token']}"})
    assert ended.status_code == 200
    page.wait_for_function("() => document.getElementById('table-status').dataset.status === 'abandoned'")
    page.wait_for_function("() => document.querySelectorAll('#result-hands li').length === 4")
    assert "chiuso prima della fine" in page.locator("#result-note").inner_text()
    assert page.locator("#proof-commitment").inner_text() == made["commitment"]
    assert len(page.locator("#proof-seed").inner_text()) == 64
    assert page.locator("#live-state").is_hidden()  # the stream ended with the table
    assert page.locator("#table-turn").inner_text() == "Non tocca a nessuno."
    no_violation(reported)
    context.close()


def test_a_refused_stream_falls_back_to_looking_every_few_seconds(tables: tuple[str, Any, Any]) -> None:
    """Over the open-stream limits the events endpoint answers 429, and EventSource gives up
    for good: the page says the connection is lost and still follows the table."""
    base, client, browser = tables
    made = create(client)
    table_id, tokens = made["id"], [seat["token"] for seat in made["seats"]]
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.route(re.compile(rf".*/v1/tables/{table_id}/events$"),
               lambda route: route.fulfill(status=429, headers={"Retry-After": "5"},
                                           content_type="application/problem+json", body="{}"))
    page.goto(f"{base}/tables/{table_id}")
    page.wait_for_function("() => document.getElementById('live-state').textContent.indexOf('Connection lost') === 0")
    now = view(client, table_id)
    token = tokens[now["turn"]]
    answer = client.post(f"/v1/tables/{table_id}/moves", json=legal_move(client, table_id, token),
                         headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 200
    page.wait_for_function("n => document.querySelectorAll('#live-moves li').length === n",
                           arg=len(answer.get_json()["moves"]))
    context.close()
