"""The live table's pages as the server draws them (tests/browser/test_tables*.py drive them
in Chromium): the spectator's table with no hand in it, the play page that knows no seat
(its token stays in the fragment), the finished deal's hands and proof, seven languages, and
a policy that runs no inline script."""

from __future__ import annotations

import html as htmllib
import json
import re
from typing import Any

import pytest

from app.store import get_store, request_resolver
from app.web.catalog import PAGE_LANGUAGES
from app.web.present import card_view
from app.web.table_words import TABLE_WORDS
from bigtwo.live import engine
from bigtwo.rules import cards, fair
from bigtwo.rules.profiles import PRESETS


def _text(response: Any) -> str:
    html = response.get_data(as_text=True)
    html = re.sub(r"<script.*?</script>", " ", html, flags=re.S)
    return htmllib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def _data(response: Any) -> Any:
    found = re.search(r'<script type="application/json" id="table-data">(.*?)</script>',
                      response.get_data(as_text=True), flags=re.S)
    assert found is not None
    return json.loads(found.group(1))


def card_title(name: str) -> str:
    return htmllib.escape(card_view(name)["title"], quote=True)


def make_table(app: Any, **body: Any) -> tuple[str, dict[str, Any]]:
    """A table made in the store as ``POST /v1/tables`` makes it: its id and tokens."""
    body = {"profile": "hk-standard", "players": ["Ana", "Ben", "Cai", "Dee"], **body}
    with app.app_context():
        spec, problems = engine.spec_problems(body, request_resolver())
        assert spec is not None, problems
        state, tokens = get_store().live_tables.create(spec, client=None, creation_key=None,
                                                       tournament=None)
    return str(state["id"]), tokens


def seat_view(app: Any, table_id: str, seat: int) -> dict[str, Any]:
    with app.app_context():
        state = get_store().live_tables.get(table_id)
        assert state is not None
        return engine.view(state, seat, "en")


def play(app: Any, table_id: str, seat: int, body: dict[str, Any]) -> Any:
    with app.app_context():
        tables = get_store().live_tables
        return tables.transact(table_id, lambda state: engine.move(
            state, seat, body, now=tables.now(), new_seed=tables.new_seed))


def play_deal_out(app: Any, table_id: str, seat: int) -> None:
    """Seat ``seat`` plays the weakest legal play (or passes) until its deal ends; the bots
    answer as the engine has them."""
    for _ in range(200):
        view = seat_view(app, table_id, seat)
        if view["deal"] > 0 or view["status"] != "playing":
            return
        assert view["turn"] == seat
        body = {"play": view["legal_plays"][0]} if view["legal_plays"] else {"pass": True}
        outcome = play(app, table_id, seat, body)
        assert not engine_refused(outcome), outcome
    raise AssertionError("the deal did not end")


def engine_refused(outcome: Any) -> bool:
    return hasattr(outcome, "slug")


BOTS = {"bots": [1, 2, 3]}


def test_the_spectator_page_shows_the_table_and_no_hand(app: Any, client: Any) -> None:
    table_id, _ = make_table(app, **BOTS)
    answer = client.get(f"/tables/{table_id}")
    assert answer.status_code == 200
    assert answer.headers["Cache-Control"] == "no-store"
    text = _text(answer)
    for name in ("Ana", "Ben", "Cai", "Dee"):
        assert name in text
    assert "Live table" in text and "Ana to play" in text
    data = _data(answer)
    view = data["view"]
    assert data["mode"] == "watch" and data["api"] == f"/v1/tables/{table_id}"
    assert "hand" not in view and "seat" not in view
    assert view["commitment"] in text  # the commitment, before any card is seen
    # every card Ana holds, none of which a spectator may see
    hand = seat_view(app, table_id, 0)["hand"]
    assert len(hand) == 13
    page = answer.get_data(as_text=True)
    assert not any(f'"{card}"' in page for card in hand)


def test_the_play_page_knows_no_seat_and_holds_no_hand(app: Any, client: Any) -> None:
    table_id, tokens = make_table(app, **BOTS)
    answer = client.get(f"/tables/{table_id}/play")
    assert answer.status_code == 200
    data = _data(answer)
    assert data["mode"] == "play" and "hand" not in data["view"]
    page = answer.get_data(as_text=True)
    assert tokens["seats"][0] not in page and tokens["organiser"] not in page
    assert "needs JavaScript" in _text(answer)
    for card in seat_view(app, table_id, 0)["hand"]:
        assert f'"{card}"' not in page


def test_moves_and_the_table_appear_as_they_are_played(app: Any, client: Any) -> None:
    table_id, _ = make_table(app, **BOTS)
    before = seat_view(app, table_id, 0)
    body = {"play": before["legal_plays"][0]} if before["legal_plays"] else {"pass": True}
    assert not engine_refused(play(app, table_id, 0, body))
    answer = client.get(f"/tables/{table_id}")
    moves = re.search(r'<ol id="live-moves".*?</ol>', answer.get_data(as_text=True), flags=re.S)
    assert moves is not None
    # Ana's move and the three bots' answers, made at once: every one listed by name
    listed = re.findall(r"<li class=\"move (\w+)\"><b>(\w+)</b>", moves.group(0))
    assert len(listed) == len(before["moves"]) + 4
    assert [name for _, name in listed[-4:]] == ["Ana", "Ben", "Cai", "Dee"]
    assert listed[-4][0] == ("play" if "play" in body else "pass")
    assert "Ana to play" in _text(answer)


def test_a_finished_deal_shows_its_hands_and_a_proof_that_checks(app: Any, client: Any) -> None:
    table_id, _ = make_table(app, deals=2, **BOTS)
    dealt = seat_view(app, table_id, 0)
    play_deal_out(app, table_id, 0)
    answer = client.get(f"/tables/{table_id}")
    text = _text(answer)
    finished = _data(answer)["finished"]
    proof = finished["proof"]
    assert "Deal 1 is over" in text
    assert proof["seed"] in text and proof["deal_code"] in text
    assert fair.commitment(bytes.fromhex(proof["seed"])) == proof["commitment"] == dealt["commitment"]
    assert f"/v1/tables/{table_id}/record" in text and "bigtwo validate" in text
    # the hands revealed, every seat's, are those the revealed seed's deal code deals
    dealt_by_code = fair.hands_of_code(PRESETS["hk-standard"], proof["deal_code"])
    assert not isinstance(dealt_by_code, str)
    assert [sorted(h) for h in finished["hands"]] == [sorted(cards.name(c) for c in h)
                                                      for h in dealt_by_code]
    for hand in finished["hands"]:
        assert all(card_title(card) in answer.get_data(as_text=True) for card in hand)


@pytest.mark.parametrize("lang", PAGE_LANGUAGES)
def test_both_pages_speak_every_language(app: Any, client: Any, lang: str) -> None:
    table_id, _ = make_table(app, **BOTS)
    for path, key in ((f"/tables/{table_id}", "live_table"),
                      (f"/tables/{table_id}/play", "live_play")):
        answer = client.get(f"{path}?lang={lang}")
        assert answer.status_code == 200
        assert f'<html lang="{lang}">' in answer.get_data(as_text=True)
        assert TABLE_WORDS[lang][key] in _text(answer)
        data = _data(answer)
        assert data["lang"] == lang and data["words"]["text"]["your_turn"] == TABLE_WORDS[lang]["your_turn"]


def test_the_pages_run_no_inline_script(app: Any, client: Any) -> None:
    table_id, _ = make_table(app, **BOTS)
    for path in (f"/tables/{table_id}", f"/tables/{table_id}/play"):
        answer = client.get(path)
        assert "script-src 'self'" in answer.headers["Content-Security-Policy"]
        assert "unsafe-inline" not in answer.headers["Content-Security-Policy"]
        scripts = re.findall(r"<script([^>]*)>(.*?)</script>", answer.get_data(as_text=True), flags=re.S)
        for attributes, body in scripts:
            assert 'type="application/json"' in attributes or (not body.strip() and "src=" in attributes)
        assert client.get("/web-static/table.js").status_code == 200


@pytest.mark.parametrize("path", ["/tables/tb-00000000000000000000000000000000",
                                  "/tables/nope", "/tables/tb-00000000000000000000000000000000/play",
                                  "/tables/TB-00000000000000000000000000000000/play"])
def test_an_unknown_table_is_a_404_page(client: Any, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 404
    assert answer.mimetype == "text/html"


def test_a_scan_over_a_whole_deal_finds_no_unplayed_card_in_either_page(app: Any, client: Any) -> None:
    """At every turn of a deal, neither page (its HTML, its data block, the card titles it
    draws) holds a card that is still in a hand, in any language; when the deal ends, every
    hand is revealed."""
    table_id, _ = make_table(app, deals=2, **BOTS)
    # Held at Ana's first turn (the bots before her may have played already).
    first = {card for seat in range(4) for card in seat_view(app, table_id, seat)["hand"]}
    turns = 0
    while True:
        ana = seat_view(app, table_id, 0)
        if ana["deal"] > 0:
            break
        # Held now: Ana's hand as her view says it, the bots' as their views say it.
        held = {card for seat in range(4) for card in seat_view(app, table_id, seat)["hand"]}
        for path, lang in ((f"/tables/{table_id}", "en"), (f"/tables/{table_id}/play", "de")):
            page = client.get(f"{path}?lang={lang}").get_data(as_text=True)
            for card in held:
                assert f'"{card}"' not in page, (path, card)
                title = htmllib.escape(card_view(card, lang)["title"], quote=True)
                assert f'title="{title}"' not in page, (path, card)
        body = {"play": ana["legal_plays"][0]} if ana["legal_plays"] else {"pass": True}
        assert not engine_refused(play(app, table_id, 0, body))
        turns += 1
    assert turns >= 3
    finished = _data(client.get(f"/tables/{table_id}"))["finished"]
    revealed = {card for hand in finished["hands"] for card in hand}
    assert len(revealed) == 52 and first <= revealed


def test_an_ended_table_shows_the_running_deals_hands_without_script(app: Any, client: Any) -> None:
    table_id, tokens = make_table(app, **BOTS)
    held = seat_view(app, table_id, 0)["hand"]
    before = client.get(f"/tables/{table_id}").get_data(as_text=True)
    assert not any(f'"{card}"' in before for card in held)
    ended = client.delete(f"/v1/tables/{table_id}",
                          headers={"Authorization": f"Bearer {tokens['organiser']}"})
    assert ended.status_code == 200
    answer = client.get(f"/tables/{table_id}")
    text = _text(answer)
    assert "abandoned" in text and "ended before its match was over" in text
    finished = _data(answer)["finished"]
    assert finished["abandoned"] and finished["hands"][0] == held
    assert finished["proof"]["seed"] in text
    assert all(card_title(card) in answer.get_data(as_text=True) for card in held)
