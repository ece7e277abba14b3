"""The running-totals chart (app/web/chart.py): coordinates, bounds, escaping, and the pages
that carry it."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.web.chart import (
    HEIGHT,
    MARGIN_BOTTOM,
    MARGIN_LEFT,
    MARGIN_RIGHT,
    MARGIN_TOP,
    WIDTH,
    ChartData,
    Series,
    match_data,
    nice_step,
    running,
    sample,
    scale,
    svg,
    tally_data,
)
from bigtwo import limits
from tests.browser.support import create_tournament, example_record

GOLDEN = Path(__file__).resolve().parents[2] / "fixtures" / "golden"
WORDS = {"chart_title": "Running totals", "chart_x": "Deal", "chart_y": "Total", "start": "start"}
SVG = "{http://www.w3.org/2000/svg}"


def _data(*series: tuple[str, list[int]], points: int | None = None) -> ChartData:
    n = points or len(series[0][1])
    return ChartData(tuple(str(i) for i in range(n)), tuple(Series(s, tuple(v)) for s, v in series),
                     "T", "X", "Y")


def _tree(markup: str) -> ET.Element:
    return ET.fromstring(markup)


def _points(polyline: ET.Element) -> list[tuple[float, float]]:
    return [tuple(map(float, p.split(","))) for p in polyline.attrib["points"].split()]  # type: ignore[misc]


def test_running_totals_add_up_from_the_start() -> None:
    assert running([[1, -1], [2, -2], [-5, 5]], [0, 0]) == [[0, 0], [1, -1], [3, -3], [-2, 2]]


@pytest.mark.parametrize(("count", "most", "expected"), [
    (3, 200, [0, 1, 2]),
    (5, 3, [0, 2, 4]),
    (10, 4, [0, 3, 6, 9]),
    (1001, 200, None),
])
def test_samples_keep_first_and_last(count: int, most: int, expected: list[int] | None) -> None:
    kept = sample(count, most)
    assert kept[0] == 0 and kept[-1] == count - 1 and len(kept) <= most
    assert kept == sorted(set(kept))
    if expected is not None:
        assert kept == expected


@pytest.mark.parametrize(("span", "step"), [(1, 1), (4, 1), (9, 2), (34, 10), (61, 20), (240, 50),
                                            (1000, 200), (0, 1)])
def test_tick_steps_are_1_2_5(span: int, step: int) -> None:
    assert nice_step(span) == step


def test_coordinates_span_the_plot_and_zero_is_a_gridline() -> None:
    data = _data(("A", [0, -9, -34]), ("B", [0, 25, 18]))
    sc, step = scale(data)
    assert (sc.low, sc.high, step) == (-40, 40, 20)  # 0 in range, widened to whole ticks
    assert sc.x(0) == MARGIN_LEFT and sc.x(2) == WIDTH - MARGIN_RIGHT
    assert sc.y(40) == MARGIN_TOP and sc.y(-40) == HEIGHT - MARGIN_BOTTOM
    assert sc.y(0) == (MARGIN_TOP + HEIGHT - MARGIN_BOTTOM) / 2
    root = _tree(svg(data, "c"))
    a, b = root.iter(SVG + "polyline")
    assert _points(a) == [(56.0, 136.0), (340.0, 163.0), (624.0, 238.0)]
    assert _points(b)[1] == (340.0, 61.0)
    zero = [line for line in root.iter(SVG + "line") if line.attrib.get("class") == "axis zero"]
    assert len(zero) == 1 and float(zero[0].attrib["y1"]) == sc.y(0)


def test_all_zero_still_has_a_range() -> None:
    sc, step = scale(_data(("A", [0, 0])))
    assert sc.high > sc.low and step == 1


def test_accessible_and_labelled() -> None:
    root = _tree(svg(_data(("Ana", [0, 3]), ("Ben", [0, -3])), "m"))
    assert root.attrib["role"] == "img"
    assert root.attrib["aria-labelledby"] == "m-title m-desc"
    assert root.find(SVG + "title").text == "T"  # type: ignore[union-attr]
    assert root.find(SVG + "desc").text == "Y: Ana +3 and Ben −3 (X 1)"  # type: ignore[union-attr]
    labels = [t.text for t in root.iter(SVG + "text") if t.attrib.get("class") == "axis-label"]
    assert labels == ["X", "Y"]
    legend = [t.text for g in root.iter(SVG + "g") if g.attrib.get("class") == "legend"
              for t in g.iter(SVG + "text")]
    assert legend == ["Ana +3", "Ben −3"]  # U+2212, the minus sign


HOSTILE = ['</text><script>alert(1)</script>', '"><svg onload=alert(1)>', "a&b", "<!--", "]]>"]


@pytest.mark.parametrize("name", HOSTILE)
def test_names_are_escaped(name: str) -> None:
    markup = str(svg(_data((name, [0, 1]), ("Ben", [0, -1])), "x"))
    root = _tree(markup)  # still well-formed XML: nothing broke out of its element
    assert "<script" not in markup and "<svg onload" not in markup
    assert not any(el.tag.endswith(("script", "foreignObject")) for el in root.iter())
    texts = [t.text for t in root.iter(SVG + "text")]
    assert f"{name} +1" in texts
    assert all("on" not in k for el in root.iter() for k in el.attrib)


def test_no_style_attributes_or_scripts_under_the_policy() -> None:
    """style-src 'self' refuses inline style attributes: colours come from classes."""
    markup = str(svg(_data(*((f"P{i}", [0, i, -i]) for i in range(8))), "x"))
    root = _tree(markup)
    assert not any("style" in el.attrib for el in root.iter())
    assert {el.tag for el in root.iter()} <= {SVG + t for t in ("svg", "title", "desc", "g", "line",
                                                                "text", "polyline")}
    classes = {el.attrib["class"] for el in root.iter(SVG + "polyline")}
    assert classes == {f"series series-{i}" for i in range(8)}


def test_match_data_from_a_report() -> None:
    case = json.loads((GOLDEN / "spec-hk-two-deals.json").read_text(encoding="utf-8"))
    data = match_data(case["report"], ["Ana", "Ben", "Cai", "Dee"], [], WORDS)
    assert data.points == ("start", "1", "2")
    assert [s.values for s in data.series] == [(0, -6, -9), (0, -16, -34), (0, -2, 25), (0, 24, 18)]
    assert [s.values[-1] for s in data.series] == case["report"]["totals"]


def test_unscored_deals_are_skipped_and_teams_drawn_as_teams() -> None:
    teams = json.loads((GOLDEN / "v2-teams.json").read_text(encoding="utf-8"))["report"]
    data = match_data(teams, ["Ana", "Ben", "Cai", "Dee"],
                      [{"names": "Ana & Cai"}, {"names": "Ben & Dee"}], WORDS)
    assert [s.name for s in data.series] == ["Ana & Cai", "Ben & Dee"]
    assert [s.values for s in data.series] == [(0, -2), (0, 2)]
    over = json.loads((GOLDEN / "code-match-over.json").read_text(encoding="utf-8"))["report"]
    assert match_data(over, list("ABCD"), [], WORDS).points == ("start", "1")  # deal 2 not scored
    broken = json.loads((GOLDEN / "code-card-not-held.json").read_text(encoding="utf-8"))["report"]
    assert match_data(broken, list("ABCD"), [], WORDS).empty


def test_a_long_sheet_is_bounded() -> None:
    deals = [{"index": i, "scores": [1, -1, 0, 0]} for i in range(limits.MAX_SHEET_ROWS)]
    data = match_data({"deals": deals}, list("ABCD"), [], WORDS)
    assert len(data.points) == limits.CHART_POINTS
    assert data.points[-1] == f"{limits.MAX_SHEET_ROWS:,}"  # as English groups digits
    assert data.series[0].values[-1] == limits.MAX_SHEET_ROWS
    assert len(str(svg(data, "x"))) < 60_000


def test_a_tally_stored_before_it_kept_each_deal_is_one_step() -> None:
    """A tally without ``steps`` (stored by an earlier release) draws its record as one step,
    at the deals counted so far; invalid records (no tally) and records without counted
    deals add no point."""
    tallies: list[Any] = [
        ("r1", {"deals": 2, "players": [["Ana", 2, 1, 3, 0], ["Ben", 2, 1, -3, 0]]}),
        ("r-bad", None),
        ("r2", {"deals": 1, "players": [["Cai", 1, 1, 7, 0], ["Ana", 1, 0, -7, 0]]}),
    ]
    data = tally_data(tallies, ["Cai", "Ana", "Ben"], {**WORDS, "chart_x": "Deals"})
    assert data.points == ("start", "2", "3")
    assert [(s.name, s.values) for s in data.series] == [
        ("Cai", (0, 0, 7)), ("Ana", (0, 3, -4)), ("Ben", (0, -3, -3))]
    many = tally_data(tallies, [f"P{i}" for i in range(20)], WORDS)
    assert len(many.series) == limits.CHART_SERIES


def _chart_of(html: str, ident: str) -> ET.Element:
    match = re.search(rf'<svg class="chart" id="{ident}".*?</svg>', html, flags=re.S)
    assert match is not None, ident
    return _tree(match.group(0))


def test_the_match_page_draws_the_chart_with_its_numbers(client: Any) -> None:
    record = example_record("hk-two-deals")
    record["players"][0] = "<b>Ana</b>"
    answer = client.post("/replay", data={"record": json.dumps(record), "complete": "on", "lang": "de"})
    html = answer.get_data(as_text=True)
    root = _chart_of(html, "match-chart")
    assert root.find(SVG + "title").text == "Stand im Verlauf"  # type: ignore[union-attr]
    assert len(list(root.iter(SVG + "polyline"))) == 4
    assert "<b>Ana</b>" not in html and "&lt;b&gt;Ana&lt;/b&gt;" in html
    table = html[html.index('<details class="chart-data">'):]
    assert "Die Zahlen des Diagramms" in table and '<td class="num">+25</td>' in table


def test_no_chart_before_a_deal_is_scored(client: Any) -> None:
    answer = client.post("/replay", data={"record": json.dumps(example_record("pusoy-wrong-turn")),
                                          "complete": "on"})
    assert answer.status_code == 200 and 'class="chart"' not in answer.get_data(as_text=True)


def test_the_tournament_page_draws_the_best_ranked(client: Any) -> None:
    tid, _ = create_tournament(client, "Chart night", "hk-standard", [example_record("hk-two-deals")])
    html = client.get(f"/tournaments/{tid}").get_data(as_text=True)
    root = _chart_of(html, "tournament-chart")
    names = [p.find(SVG + "title").text for p in root.iter(SVG + "polyline")]  # type: ignore[union-attr]
    assert names == ["Cai: +25", "Dee: +18", "Ana: −9", "Ben: −34"]  # in standings order
    assert "The total of each of the 4 best-ranked players" in html
    empty, _ = create_tournament(client, "Empty", "hk-standard", [])
    assert 'class="chart"' not in client.get(f"/tournaments/{empty}").get_data(as_text=True)


XML_TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=30)


@given(st.lists(st.tuples(XML_TEXT, st.lists(st.integers(-10_000, 10_000), min_size=2, max_size=30)),
                min_size=1, max_size=limits.CHART_SERIES))
@settings(max_examples=150, deadline=None)
def test_any_chart_stays_in_its_plot_and_names_stay_text(raw: list[tuple[str, list[int]]]) -> None:
    n = min(len(v) for _, v in raw)
    data = _data(*((name, values[:n]) for name, values in raw))
    root = _tree(svg(data, "p"))
    lines = list(root.iter(SVG + "polyline"))
    assert len(lines) == len(raw)
    for line, (_, values) in zip(lines, raw, strict=True):
        points = _points(line)
        assert len(points) == n
        assert all(MARGIN_LEFT <= x <= WIDTH - MARGIN_RIGHT for x, _ in points)
        assert all(MARGIN_TOP <= y <= HEIGHT - MARGIN_BOTTOM for _, y in points)
        # a higher total is never drawn lower (the y axis points down in SVG)
        ys = [y for _, y in points]
        pairs = zip(values[: n - 1], values[1:n], ys[:-1], ys[1:], strict=True)
        assert all(ya >= yb for a, b, ya, yb in pairs if a < b)
    legend = [t.text for g in root.iter(SVG + "g") if g.attrib.get("class") == "legend"
              for t in g.iter(SVG + "text")]
    assert [text.rsplit(" ", 1)[0] for text in legend] == [name for name, _ in raw]  # type: ignore[union-attr]


def test_the_tournament_chart_has_a_point_per_counted_deal() -> None:
    """Issue 24: an 8-deal sheet is 8 points, not one step, so its dips show; each point
    names its record and its deal there, and each record's start is marked."""
    tallies: list[Any] = [
        ("r1", {"deals": 2, "names": ["Ana", "Ben"], "players": [["Ana", 2, 1, 3, 0], ["Ben", 2, 1, -3, 0]],
                "steps": [[0, 1, -5, 5], [1, 2, 3, -3]]}),
        ("r-bad", None),
        ("r2", {"deals": 2, "names": ["Cai", "Ana"], "players": [["Cai", 2, 1, 7, 0], ["Ana", 2, 1, -7, 0]],
                "steps": [[0, 1, -48, 48], [2, 2, 7, -7]]}),  # its second deal was not counted
    ]
    data = tally_data(tallies, ["Cai", "Ana", "Ben"], {**WORDS, "chart_x": "Deals"})
    assert data.points == ("start", "1", "2", "3", "4")
    assert [(s.name, s.values) for s in data.series] == [
        ("Cai", (0, 0, 0, -48, 7)), ("Ana", (0, -5, 3, 51, -4)), ("Ben", (0, 5, -3, -3, -3))]
    assert [(d.record, d.record_id, d.deal) if d else None for d in data.deals] == [
        None, ("1", "r1", "1"), ("1", "r1", "2"), ("2", "r2", "1"), ("2", "r2", "3")]
    assert data.starts == ((0, "1"), (2, "2"))  # each at the totals the record starts from
    drawn = _tree(svg(data, "t"))
    assert len([e for e in drawn.iter(SVG + "line") if e.get("class") == "record-start"]) == 2


def test_record_starts_survive_the_sampling() -> None:
    tallies: list[Any] = [(f"r{i}", {"deals": 50, "names": ["A", "B"],
                                     "players": [["A", 50, 25, 0, 0], ["B", 50, 25, 0, 0]],
                                     "steps": [[d, d + 1, d + 1, -d - 1] for d in range(50)]})
                          for i in range(10)]
    data = tally_data(tallies, ["A", "B"], WORDS)
    assert len(data.points) <= limits.CHART_POINTS
    assert [record for _, record in data.starts] == [str(i) for i in range(1, 11)]
    assert data.series[0].values[-1] == 500
