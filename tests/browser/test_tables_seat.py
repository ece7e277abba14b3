"""The play page's seat in a real browser: its token stays in the fragment and this tab (sent
only as a Bearer header, never in an address), a shared deal waits for the person's
contribution, the clock counts down, and jokers are drawn with what they stand for."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.browser.table_helpers import (  # noqa: F401 - the fixture is used by name
    create,
    open_page,
    play_turn,
    tables_fixture,
    view,
    wait_for_version,
)

pytestmark = pytest.mark.browser

TIMED = {"extends": "hk-standard", "timeouts": "pass"}


def test_the_token_leaves_the_tab_only_as_a_bearer_header(tables: tuple[str, Any, Any]) -> None:
    base, client, browser = tables
    made = create(client, bots=[1, 2, 3])
    table_id, token = made["id"], made["seats"][0]["token"]
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(15_000)
    sent: list[tuple[str, dict[str, str]]] = []
    page.on("request", lambda request: sent.append((request.url, request.all_headers())))
    # The stream may open after the hand is drawn: wait for its request too.
    with page.expect_request(lambda r: r.url.endswith(f"/v1/tables/{table_id}/events")):
        page.goto(f"{base}/tables/{table_id}/play#token={token}")
        page.wait_for_function("() => document.querySelectorAll('#play-hand .pick').length === 13")
    assert "#" not in page.url and token not in page.url
    assert not any(token in url for url, _ in sent)
    bearer = [url for url, headers in sent if headers.get("authorization") == f"Bearer {token}"]
    assert bearer and all(re.search(rf"/v1/tables/{table_id}(/moves|/entropy)?(\?|$)", u)
                          for u in bearer)
    streams = [headers for url, headers in sent if url.endswith(f"/v1/tables/{table_id}/events")]
    assert streams and all("authorization" not in headers for headers in streams)
    assert page.evaluate("() => Object.keys(localStorage).length") == 0
    assert page.evaluate("() => document.cookie") == ""

    # A reload keeps the seat (this tab's sessionStorage); the address still holds no token.
    page.reload()
    page.wait_for_function("() => document.querySelectorAll('#play-hand .pick').length === 13")
    assert token not in page.url
    context.close()

    # Another tab knows no token: the page says how to open it, and draws no seat.
    context, page, _ = open_page(browser, f"{base}/tables/{table_id}/play")
    assert "#token=" in page.locator("#play-message").inner_text()
    assert page.locator("#play-mine").is_hidden()
    context.close()

    # A token the table does not know is refused, and the page says so.
    context, page, _ = open_page(browser, f"{base}/tables/{table_id}/play#token={'x' * 32}")
    page.wait_for_function("() => document.getElementById('play-message').textContent.length > 0")
    assert "does not accept" in page.locator("#play-message").inner_text()
    assert page.locator("#play-mine").is_hidden()
    context.close()


def test_a_shared_deal_waits_for_the_persons_contribution(tables: tuple[str, Any, Any]) -> None:
    base, client, browser = tables
    made = create(client, bots=[1, 2, 3], deals=1, fairness="shared")
    table_id, token = made["id"], made["seats"][0]["token"]
    context, page, _ = open_page(browser, f"{base}/tables/{table_id}/play?lang=it#token={token}")
    page.locator("#entropy-form").wait_for(state="visible")
    assert page.locator("#table-status").get_attribute("data-status") == "waiting"
    assert page.locator("#play-hand .pick").count() == 0
    page.get_by_label("Il tuo contributo al mescolamento (da 1 a 64 caratteri)").fill("Ana 🂡 dice")
    page.get_by_role("button", name="Invia").click()
    # Ana is the only person: her contribution starts the deal.
    page.wait_for_function("() => document.querySelectorAll('#play-hand .pick').length === 13")
    assert page.locator("#entropy-form").is_hidden()
    for _ in range(60):
        if page.locator("#table-status").get_attribute("data-status") == "over":
            break
        before = int(page.locator("#table-status").get_attribute("data-version") or 0)
        play_turn(page)
        wait_for_version(page, before + 1)
    page.wait_for_function("() => document.getElementById('proof-seed').textContent.length === 64")
    assert page.locator("#proof-entropy").inner_text().split() == ["Ana:", "Ana", "🂡", "dice"]
    proof = client.get(f"/v1/tables/{table_id}/record").get_json()["deals"][0]["proof"]
    assert proof["entropy"] == [{"seat": 0, "value": "Ana 🂡 dice"}]
    assert page.locator("#proof-code").inner_text() == proof["deal_code"]
    context.close()


def test_the_clock_counts_down_to_the_turns_deadline(tables: tuple[str, Any, Any]) -> None:
    base, client, browser = tables
    made = create(client, profile=TIMED, bots=[1, 2, 3], clock={"turn_seconds": 600})
    table_id, token = made["id"], made["seats"][0]["token"]
    context, page, _ = open_page(browser, f"{base}/tables/{table_id}/play#token={token}")
    page.wait_for_function("() => document.querySelectorAll('#play-hand .pick').length === 13")
    clock = page.locator("#table-clock time")
    assert clock.get_attribute("datetime")[:19] == view(client, table_id)["deadline"][:19]
    assert re.fullmatch(r"Time left: (10:00|9:[0-5]\d)", clock.inner_text()), clock.inner_text()
    first = clock.inner_text()
    page.wait_for_function("t => document.querySelector('#table-clock time').textContent !== t",
                           arg=first)
    context.close()


def page_seeing(browser: Any, table_id: str, seen: dict[str, Any]) -> tuple[Any, Any]:
    """A fresh page whose every look at the table is answered with ``seen``: a view the API
    would give, at a moment a live match seldom reaches on its own."""
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.route(re.compile(rf".*/v1/tables/{table_id}\?lang=.*"),
               lambda route: route.fulfill(status=200, content_type="application/json",
                                           body=json.dumps(seen)))
    return context, page


def test_jokers_are_drawn_with_the_card_they_stand_for(tables: tuple[str, Any, Any]) -> None:
    """The view as the API would give it at a table of jokers: 🃏 in the hand, and 🃏3♣ on the
    table (its title saying which card it stands for), as the referee's view draws them."""
    base, client, browser = tables
    made = create(client, bots=[1, 2, 3])
    table_id, token = made["id"], made["seats"][0]["token"]
    seen = view(client, table_id, token)
    seen.update(hand=["JK", "4D", "4D", "2S"], turn=0, cards_left=[4, 10, 10, 10],
                table={"seat": 3, "cards": ["JK=3C", "3S"],
                       "combination": {"type": "pair", "label": "Pair of 3s"}},
                legal_plays=[["JK=4C", "4D"]], may_pass=True)
    context, page = page_seeing(browser, table_id, seen)
    page.goto(f"{base}/tables/{table_id}/play#token={token}")
    page.wait_for_function("() => document.querySelectorAll('#play-hand .pick').length === 4")
    joker = page.locator("#play-hand .pick").first
    assert joker.inner_text() == "🃏" and joker.get_attribute("title") == "joker"
    on_table = page.locator("#live-on-table .card")
    assert on_table.all_inner_texts() == ["🃏3♣", "3♠"]
    assert on_table.first.get_attribute("title") == "joker as the 3 of clubs"
    assert "Pair of 3s" in page.locator("#live-on-table").inner_text()
    # The hint names what the joker stands for; choosing it selects the joker and a 4♦.
    page.locator("#play-hint-list button.hint").first.click()
    pressed = page.locator("#play-hand [aria-pressed=true]")
    assert pressed.count() == 2 and pressed.all_inner_texts() == ["🃏", "4♦"]
    context.close()


LIABLE = {"extends": "hk-standard", "players": 6, "decks": 2, "jokers": 2, "hand_size": 17,
          "timeouts": "pass", "last_card_call": "liable", "scoring": {"settlement": "pairwise"}}
SIX = ["Ana", "Ben", "Cai", "Dee", "Eve", "Fay"]


@pytest.mark.parametrize(("profile", "offered"), [(LIABLE, True), ("hk-standard", False)])
def test_a_play_that_leaves_one_card_may_carry_the_call(tables: tuple[str, Any, Any],
                                                        profile: Any, offered: bool) -> None:
    """Under last_card_call: liable the page offers the call beside a play that would leave
    one card, and sends it with the play; under a profile without the call it never does."""
    base, client, browser = tables
    players = SIX if isinstance(profile, dict) else SIX[:4]
    made = create(client, profile=profile, players=players, bots=list(range(1, len(players))))
    table_id, token = made["id"], made["seats"][0]["token"]
    seen = view(client, table_id, token)
    seen.update(status="playing", hand=["9D", "KS", "2S"], turn=0, table=None, may_pass=False,
                legal_plays=[["9D"], ["KS"], ["2S"]])
    posted: list[Any] = []

    def answer_move(route: Any) -> None:
        posted.append(json.loads(route.request.post_data or "null"))
        route.fulfill(status=409, content_type="application/problem+json",
                      body=json.dumps({"type": "https://bigtwo.example/problems/not-your-turn",
                                       "status": 409, "title": "Conflict"}))

    context, page = page_seeing(browser, table_id, seen)
    page.route(re.compile(rf".*/v1/tables/{table_id}/moves.*"), answer_move)
    page.goto(f"{base}/tables/{table_id}/play#token={token}")
    page.wait_for_function("() => document.querySelectorAll('#play-hand .pick').length === 3")
    picks = page.locator("#play-hand .pick")
    picks.nth(0).click()
    assert page.locator("#call-box").is_hidden()  # two cards would be left
    picks.nth(1).click()
    assert page.locator("#call-box").is_visible() is offered
    if offered:
        page.get_by_label("Call “last card” with this play").check()
    page.locator("#play-button").click()
    page.wait_for_function("() => document.getElementById('play-message').textContent.length > 0")
    assert posted == [{"play": ["9D", "KS"], **({"call": True} if offered else {})}]
    assert page.locator("#play-message").inner_text() == "It is not your turn."
    context.close()


@pytest.mark.parametrize("path", ["", "/play"])
def test_the_pages_fit_a_phone(tables: tuple[str, Any, Any], path: str) -> None:
    base, client, browser = tables
    made = create(client, bots=[1, 2, 3])
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{base}/tables/{made['id']}{path}?lang=zh-Hant-HK#token={made['seats'][0]['token']}")
    page.wait_for_function("() => document.getElementById('table-status').dataset.version !== undefined")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    context.close()
