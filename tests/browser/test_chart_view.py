"""The running-totals chart in a real browser: drawn, sized, readable, and within the page's
Content-Security-Policy (no inline style or script is refused)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser.support import create_tournament, example_record

pytestmark = pytest.mark.browser


def _violations(messages: list[str]) -> list[str]:
    return [m for m in messages if "Content Security Policy" in m or "Refused to" in m]


def test_the_match_chart_renders_under_the_policy(live: tuple[str, Any, Any]) -> None:
    base, _, page = live
    reported: list[str] = []
    page.on("console", lambda message: reported.append(message.text))
    page.goto(base + "/")
    record = example_record("hk-two-deals")
    record["players"][3] = "<img src=x onerror=alert(1)>"
    page.get_by_label("Record (JSON)").fill(json.dumps(record))
    page.get_by_role("button", name="Replay the record").click()
    page.wait_for_load_state()
    chart = page.get_by_role("img", name="Running totals")
    assert chart.count() == 1
    box = chart.bounding_box()
    assert box is not None and box["width"] > 300 and box["height"] > 200
    lines = page.locator("#match-chart polyline.series")
    assert lines.count() == 4
    # Styled by the stylesheet (classes), not by inline style: the lines are not filled black.
    assert lines.first.evaluate("e => getComputedStyle(e).fill") == "none"
    assert lines.nth(1).evaluate("e => getComputedStyle(e).strokeDasharray") != "none"
    legend = page.locator("#match-chart g.legend text").all_text_contents()
    assert legend[3] == "<img src=x onerror=alert(1)> +18"  # shown as text, never run
    assert page.locator("img[src=x]").count() == 0
    page.get_by_text("The chart's numbers").click()
    assert page.locator(".chart-data table").is_visible()
    assert _violations(reported) == []


def test_the_tournament_chart_renders_under_the_policy(live: tuple[str, Any, Any]) -> None:
    base, app, page = live
    reported: list[str] = []
    page.on("console", lambda message: reported.append(message.text))
    tid, _ = create_tournament(app.test_client(), "Chart night", "hk-standard",
                               [example_record("hk-two-deals")])
    page.goto(base + f"/tournaments/{tid}")
    assert page.get_by_role("img", name="Running totals").count() == 1
    assert page.locator("#tournament-chart polyline.series").count() == 4
    assert _violations(reported) == []


SHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"
# The chart's number table as the page has it: its column heads, then each row's cells, and
# each row's record and deal (data attributes; none on the start row).
TABLE = """table => ({
    heads: [...table.tHead.rows[0].cells].map(c => c.textContent.trim()),
    rows: [...table.tBodies[0].rows].map(r => ({
        record: r.dataset.record || null, deal: r.dataset.deal || null,
        cells: [...r.cells].map(c => c.textContent.trim())}))})"""


def _number(text: str) -> int:
    return int(text.replace("\N{MINUS SIGN}", "-").replace("+", ""))


def _totals(table: dict[str, Any], names: list[str], first: int) -> list[dict[str, int]]:
    """Per row, each named player's running total (the columns from ``first`` on)."""
    columns = {name: table["heads"].index(name) for name in names if name in table["heads"]}
    return [{n: _number(r["cells"][c]) for n, c in columns.items()} for r in table["rows"]]


def test_the_tournament_chart_matches_the_replay_pages_deal_by_deal(
        live: tuple[str, Any, Any]) -> None:
    """Issue 24: a point per counted deal. Every row of the tournament chart's number table is
    a record's deal, and what the row adds to each player since the record's start is that
    player's running total after that deal on the record's own replay page; the 8-deal score
    sheet is 8 points, its −48 dip among them."""
    base, app, page = live
    client = app.test_client()
    sheet = (Path(__file__).resolve().parents[2] / "fixtures" / "sheets" / "club-night.csv").read_bytes()
    created = client.post("/v1/tournaments", json={"name": "Club night", "profile": "hk-standard"}).get_json()
    auth = {"Authorization": f"Bearer {created['token']}"}
    tid = created["id"]
    ids = [client.post(f"/v1/tournaments/{tid}/records", json=example_record("hk-two-deals"),
                       headers=auth).get_json()["id"],
           client.post(f"/v1/tournaments/{tid}/records", data=sheet, content_type="text/csv",
                       headers=auth).get_json()["id"]]
    page.set_viewport_size({"width": 1000, "height": 1400})
    page.goto(base + f"/tournaments/{tid}")
    page.get_by_text("The chart's numbers").click()
    chart = page.locator("#tournament-chart")
    assert chart.locator("line.record-start").count() == 2
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("figure.chart-box").screenshot(path=str(SHOTS / "tournament-chart-per-deal.png"))
    tournament = page.locator("figure.chart-box table").evaluate(TABLE)
    names = ["Ana", "Ben", "Cai", "Dee"]
    overall = _totals(tournament, names, 3)
    rows = tournament["rows"]
    assert [r["record"] for r in rows[1:]] == [ids[0]] * 2 + [ids[1]] * 8
    assert [r["deal"] for r in rows[1:]] == ["1", "2", *map(str, range(1, 9))]
    checked = 0
    for rid in ids:
        page.goto(base + f"/records/{rid}")
        own = page.locator("figure.chart-box table").evaluate(TABLE)
        if rid == ids[1]:
            page.locator("figure.chart-box").screenshot(path=str(SHOTS / "sheet-replay-chart.png"))
        match = _totals(own, names, 1)  # row 0 is the start: 0 for everyone
        by_deal = {r["cells"][0]: totals for r, totals in zip(own["rows"], match, strict=True)}
        start = next(i for i, r in enumerate(rows) if r["record"] == rid) - 1
        for i, r in enumerate(rows):
            if r["record"] != rid:
                continue
            since = {n: overall[i][n] - overall[start][n] for n in names}
            assert since == by_deal[r["deal"]], (rid, r["deal"])
            checked += 1
    assert checked == 10
    # Ana's dip after the sheet's 4th deal, which one step per record hid
    assert overall[6]["Ana"] - overall[2]["Ana"] == -48
