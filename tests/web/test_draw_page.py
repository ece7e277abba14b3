"""The printable draw: the same draw as POST /v1/draws, a sheet per round seating every
present player exactly once, filled in from a season, and every mistake of the form said in
the page's language with a 4xx."""

from __future__ import annotations

import html as htmllib
import re
from typing import Any

import pytest

from app.web.catalog import PAGE_LANGUAGES
from app.web.organiser_words import ORGANISER_WORDS, OrganiserWords
from bigtwo import limits
from tests.seasons.club import club_season


def text_of(html: str) -> str:
    return htmllib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def sheets(html: str) -> list[dict[str, Any]]:
    """Each round's tables (the names in seat order) and who sits out, read off the page."""
    out = []
    for sheet in re.findall(r'<article class="draw-sheet panel".*?</article>', html, re.S):
        tables = [[htmllib.unescape(n) for n in re.findall(r'<td class="player">(.*?)</td>', t)]
                  for t in re.findall(r'<table class="scores draw-table">.*?</table>', sheet, re.S)]
        out_line = re.search(r'<p class="sitting-out">(.*?)</p>', sheet, re.S).group(1)
        seats = re.findall(r'<th scope="row">(.*?)</th>', sheet)
        repeats = re.search(r'<p class="note repeats">(.*?)</p>', sheet, re.S).group(1)
        out.append({"tables": tables, "out": htmllib.unescape(out_line), "seats": seats,
                    "repeats": repeats})
    return out


def post(client: Any, **fields: Any) -> Any:
    data = {"profile": "casual", "rounds": "3", "seed": "7", **fields}
    return client.post("/draw", data=data)


def names(n: int) -> list[str]:
    return [f"Player {i:02}" for i in range(1, n + 1)]


@pytest.mark.parametrize(("count", "rounds", "seed"), [
    (4, 1, 0), (9, 3, 5), (13, 4, 11), (16, 5, 2), (37, 10, 99), (64, 10, 2**64 - 1)])
def test_every_present_player_once_per_round(client: Any, count: int, rounds: int,
                                             seed: int) -> None:
    players = names(count)
    answer = post(client, players="\n".join(players), rounds=str(rounds), seed=str(seed))
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    got = sheets(html)
    api = client.post("/v1/draws", json={"profile": "casual", "players": players,
                                         "rounds": rounds, "seed": seed}).get_json()
    assert len(got) == rounds == len(api["rounds"])
    for sheet, expected in zip(got, api["rounds"], strict=True):
        assert sheet["tables"] == expected["tables"]  # the API's draw, seat by seat
        seated = [p for table in sheet["tables"] for p in table]
        out = expected["sitting_out"]
        assert sorted(seated + out) == players  # each present player exactly once
        assert all(len(t) == 4 for t in sheet["tables"])
        assert sheet["seats"] == [f"Seat {n}" for _ in sheet["tables"] for n in range(1, 5)]
        if out:
            assert all(name in sheet["out"] for name in out)
        else:
            assert sheet["out"] == "Nobody sits out."
    summary = f"{count} players at tables of 4, {rounds} round"
    assert summary in text_of(html)


def test_repeats_are_counted_per_round_and_with_the_tables_played(client: Any) -> None:
    players = names(8)
    played = "\n".join(", ".join(players[i:i + 4]) for i in (0, 4))
    got = sheets(post(client, players="\n".join(players), rounds="3", previous=played)
                 .get_data(as_text=True))
    api = client.post("/v1/draws", json={"profile": "casual", "players": players, "rounds": 3,
                                         "seed": 7, "previous": [players[:4], players[4:]]}
                      ).get_json()
    assert [s["tables"] for s in got] == [r["tables"] for r in api["rounds"]]
    counts = [int(m.group(1)) if (m := re.match(r"(\d+) repeated", s["repeats"])) else 0
              for s in got]
    assert sum(counts) == api["repeats"] > 0  # 8 players, 3 rounds: meetings must repeat
    assert counts == [r["repeats"] for r in api["rounds"]]


@pytest.mark.parametrize("lang", ["en", "fil"])
def test_the_page_lists_every_pair_that_meets_again(client: Any, lang: str) -> None:
    players = names(13)
    html = post(client, players="\n".join(players), rounds="3", lang=lang).get_data(as_text=True)
    api = client.post("/v1/draws", json={"profile": "casual", "players": players, "rounds": 3,
                                         "seed": 7}).get_json()
    table = re.search(r'<table class="scores draw-pairs.*?</table>', html, re.S).group(0)
    assert OrganiserWords(lang)["draw_pairs_title"] in table
    rows = re.findall(r"<tr><td class=\"player\">(.*?)</td><td class=\"num\">(\d+)</td>"
                      r"<td>(.*?)</td><td class=\"num\">(\d+)</td></tr>", table)
    assert [(int(n), rounds) for _, n, rounds, _ in rows] == [
        (p["repeats"], ", ".join(map(str, p["rounds"]))) for p in api["pairs"]]
    assert all(a in who and b in who for (who, *_), p in zip(rows, api["pairs"], strict=True)
               for a, b in [p["players"]])


def test_the_season_fills_in_its_players_and_profile(client: Any) -> None:
    season = club_season(client)[0]
    html = client.get(f"/draw?season={season}").get_data(as_text=True)
    players = re.search(r'<textarea id="players"[^>]*>(.*?)</textarea>', html, re.S).group(1)
    assert players.split("\n") == ["Ben", "Ana", "Eve", "Cai", "Dee"]
    assert '<option value="casual" selected>' in html
    assert f'<input type="hidden" name="season" value="{season}">' in html
    drawn = post(client, players=players, rounds="2", season=season).get_data(as_text=True)
    assert drawn.count("Thursday league · Round") == 2  # each sheet names the season


def _problems(answer: Any) -> list[str]:
    html = answer.get_data(as_text=True)
    return [htmllib.unescape(p) for p in re.findall(r'<span class="detail">(.*?)</span>', html)]


@pytest.mark.parametrize(("fields", "problem"), [
    ({"players": ""}, "enter the players present, one per line"),
    ({"players": "\n".join(names(65))}, "at most 64 players can be drawn at once; 65 were entered"),
    ({"players": "Ana\nBen\nCai"}, "3 players cannot fill a table of 4"),
    ({"players": "Ana\nBen\n Ana \nCai\nDee"}, "“Ana” is entered twice (lines 1 and 3)"),
    ({"players": "x" * 101 + "\nBen\nCai\nDee"}, "players, line 1: a name has at most 100 characters"),
    ({"rounds": "0"}, "rounds: a whole number from 1 to 10"),
    ({"rounds": "11"}, "rounds: a whole number from 1 to 10"),
    ({"rounds": "three"}, "rounds: a whole number from 1 to 10"),
    ({"rounds": "9" * 5000}, "rounds: a whole number from 1 to 10"),
    ({"seed": str(2**64)}, "seed: a whole number from 0 to 18,446,744,073,709,551,615"),
    ({"seed": "9" * 100_000}, "seed: a whole number from 0"),
    ({"seed": "-1"}, "seed: a whole number from 0"),
    ({"profile": "p-nowhere"}, "no profile has the id “p-nowhere”"),
    ({"profile_id": "x" * 500}, "no profile has the id"),
    ({"previous": "\n".join(["Ana, Ben"] * 1001)}, "at most 1,000 tables already played; 1,001"),
    ({"previous": "Ana, " + "y" * 101}, "tables already played, line 1: a name has at most 100"),
])
def test_mistakes_are_said_on_the_page(client: Any, fields: dict[str, str], problem: str) -> None:
    base = {"players": "\n".join(names(8))}
    answer = post(client, **{**base, **fields})
    assert answer.status_code == 422
    assert any(problem in p for p in _problems(answer)), _problems(answer)
    html = answer.get_data(as_text=True)
    assert '<section class="problems" role="alert"' in html and "draw-sheet" not in html


def test_several_mistakes_are_listed_together(client: Any) -> None:
    answer = post(client, players="Ana\nAna", rounds="0", seed="x", profile="nope")
    assert answer.status_code == 422
    assert _problems(answer) == ["“Ana” is entered twice (lines 1 and 2): enter each player once",
                                 "rounds: a whole number from 1 to 10",
                                 "seed: a whole number from 0 to 18,446,744,073,709,551,615",
                                 "no profile has the id “nope”: choose one from the list"]


@pytest.mark.parametrize("lang", [lang for lang in PAGE_LANGUAGES if lang != "en"])
def test_the_draw_speaks_every_language(client: Any, lang: str) -> None:
    w, english = OrganiserWords(lang), ORGANISER_WORDS["en"]
    drawn = post(client, players="\n".join(names(9)), lang=lang)
    assert drawn.status_code == 200
    text = text_of(drawn.get_data(as_text=True))
    for key in ("draw_title", "draw_lead", "draw_players", "draw_previous", "draw_button",
                "draw_print_note", "draw_seed_help"):
        assert w[key] in text and english[key] not in text, key
    assert w("round_n", n=3) in text and w("table_n", n=2) in text and w("seat_n", n=4) in text
    assert w("sitting_out", names="")[:2] in text
    wrong = post(client, players="Ana\nAna\nBen\nCai\nDee", rounds="0", lang=lang)
    assert wrong.status_code == 422
    problems = _problems(wrong)
    assert w("draw_err_rounds", most=limits.MAX_DRAW_ROUNDS) in problems
    assert w("draw_err_duplicate", name="Ana", first=1, line=2) in problems
    assert w["draw_cannot"] in text_of(wrong.get_data(as_text=True))


def test_a_posted_draw_switches_language_by_posting_again(client: Any) -> None:
    html = post(client, players="\n".join(names(8))).get_data(as_text=True)
    switch = re.search(r'<p class="langs" id="language-switch">(.*?)</p>', html, re.S).group(1)
    assert 'form="draw-form" name="lang" value="de"' in switch and "<a " not in switch
    assert '<form class="record-form draw-form" id="draw-form" method="post"' in html


def test_the_sheets_print_one_round_a_page(client: Any) -> None:
    css = client.get("/web-static/web.css").get_data(as_text=True)
    printed = css[css.index("@media print"):]
    assert ".draw-sheet { break-after: page;" in printed and ".no-print" in printed
    html = post(client, players="\n".join(names(8))).get_data(as_text=True)
    form_at = html.index('<form class="record-form draw-form"')
    assert html.rfind('<div class="no-print">', 0, form_at) > 0  # the form is not printed


def test_a_body_over_the_limit_is_a_413_on_the_page(app: Any) -> None:
    app.config["MAX_CONTENT_LENGTH"] = 10_000
    answer = app.test_client().post("/draw", data={"players": "x\n" * 20_000, "rounds": "1"})
    assert answer.status_code == 413
    assert "larger than this service accepts" in " ".join(_problems(answer))
