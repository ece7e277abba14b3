"""Running-totals charts for the match and tournament pages: SVG drawn here, on the server.

The pages' policy (``app.headers.PAGE_CSP``) allows no inline script and no inline style, so
the chart is plain SVG markup in the HTML: no ``style`` attribute, no script, no external
asset. Colours and dashes come from classes (``series-0`` …) in web.css; every line also has
its own dash pattern and its name at the legend, so colour is never the only cue.

Names are user input: every text that reaches the markup goes through ``markupsafe.escape``
(an SVG ``<text>`` or ``<title>`` is parsed as HTML is, so ``</text><script>`` would run).

The chart is bounded whatever the record or tournament: at most ``limits.CHART_SERIES``
lines and ``limits.CHART_POINTS`` points on each (evenly spaced samples, the first and last
always kept), so a 10,000-deal sheet draws as cheaply as a 3-deal match.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup, escape

from app.web.catalog import join, number
from app.web.catalog import signed as signed_score
from bigtwo import limits
from bigtwo.records.names import canonical_name

WIDTH, HEIGHT = 640, 300
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 56, 16, 16, 44
LEGEND_ROW = 20


@dataclass(frozen=True, slots=True)
class Series:
    """One line: a name and its running total at each point of the chart."""

    name: str
    values: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ChartData:
    """What a chart shows: the x label of each point (a deal number), one series per player
    or team, and the words around it in the page's language."""

    points: tuple[str, ...]
    series: tuple[Series, ...]
    title: str
    x_label: str
    y_label: str
    # The page's language: numbers, minus signs and lists are written its way.
    lang: str = "en"
    # The chart's description for screen readers: the final totals after the last point.
    desc: str = "{y}: {finals} ({x} {last})"  # the "chart_desc" message, in English

    @property
    def empty(self) -> bool:
        return len(self.points) < 2 or not self.series


def sample(count: int, most: int) -> list[int]:
    """Indexes of ``most`` points spread evenly over ``count``, the first and last included."""
    if count <= most:
        return list(range(count))
    if most < 2:
        return [count - 1]
    step = (count - 1) / (most - 1)
    return sorted({round(i * step) for i in range(most)})


def running(rows: Iterable[Sequence[int]], start: Sequence[int]) -> list[list[int]]:
    """Running totals: ``start`` then after each row of scores."""
    totals = list(start)
    out = [list(totals)]
    for row in rows:
        totals = [t + s for t, s in zip(totals, row, strict=True)]
        out.append(list(totals))
    return out


def match_data(report: Mapping[str, Any], names: Sequence[str],
               teams: Sequence[Mapping[str, Any]], words: Mapping[str, str]) -> ChartData:
    """A record's running totals after each scored deal: per team when the profile has teams,
    else per player. ``words`` holds ``chart_title``, ``chart_x``, ``chart_y``, ``start``,
    ``chart_desc`` and ``lang``."""
    scored = [d for d in report["deals"] if d.get("scores") is not None]
    if teams and all(d.get("team_scores") is not None for d in scored):
        labels = [str(t["names"]) for t in teams]
        rows = [d["team_scores"] for d in scored]
    else:
        labels = list(names)
        rows = [d["scores"] for d in scored]
    totals = running(rows, [0] * len(labels))
    lang = words.get("lang", "en")
    points = [words["start"], *(number(d["index"] + 1, lang) for d in scored)]
    return _bounded(points, labels, totals, words)


def tally_data(tallies: Iterable[tuple[str, Mapping[str, Any] | None]], ranked: Sequence[str],
                words: Mapping[str, str]) -> ChartData:
    """``tournament_data`` from the records' stored tallies (``bigtwo.records.tally``): one
    point after each counted record, at the number of deals counted so far. The page's cost
    then follows the tallies, never the stored reports."""
    shown = list(ranked[: limits.CHART_SERIES])
    column = {name: i for i, name in enumerate(shown)}
    rows: list[list[int]] = []
    points = [words["start"]]
    deals = 0
    for _, summary in tallies:
        if not summary or not summary.get("deals"):
            continue
        row = [0] * len(shown)
        for raw, _played, _won, score, _scored in summary["players"]:
            name = canonical_name(raw) or raw  # a tally stored before names were compared so
            if name in column:
                row[column[name]] += score
        rows.append(row)
        deals += int(summary["deals"])
        points.append(number(deals, words.get("lang", "en")))
    return _bounded(points, shown, running(rows, [0] * len(shown)), words)


def _bounded(points: list[str], labels: list[str], totals: list[list[int]],
             words: Mapping[str, str]) -> ChartData:
    keep = sample(len(points), limits.CHART_POINTS)
    labels = labels[: limits.CHART_SERIES]
    series = tuple(Series(name, tuple(totals[i][s] for i in keep)) for s, name in enumerate(labels))
    return ChartData(tuple(points[i] for i in keep), series, words["chart_title"],
                     words["chart_x"], words["chart_y"], words.get("lang", "en"),
                     words.get("chart_desc", "{y}: {finals} ({x} {last})"))


def signed(n: int, lang: str = "en") -> str:
    """A total on the chart as the locale writes it, its sign shown: +25, 0, −34."""
    return signed_score(n, lang) if n else number(0, lang)


def nice_step(span: float, ticks: int = 5) -> int:
    """A tick step of 1, 2 or 5 times a power of ten giving about ``ticks`` ticks."""
    if span <= 0:
        return 1
    raw = span / ticks
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * power:
            return max(1, int(factor * power))
    return max(1, int(10 * power))  # pragma: no cover - the loop always returns


@dataclass(frozen=True, slots=True)
class Scale:
    """Maps chart values to SVG coordinates in the plot area."""

    low: int
    high: int
    count: int

    def x(self, i: int) -> float:
        width = WIDTH - MARGIN_LEFT - MARGIN_RIGHT
        return round(MARGIN_LEFT + (width * i / (self.count - 1) if self.count > 1 else 0), 1)

    def y(self, value: int) -> float:
        height = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM
        return round(MARGIN_TOP + height * (self.high - value) / (self.high - self.low), 1)


def scale(data: ChartData) -> tuple[Scale, int]:
    """The y range (0 always in it, widened to whole ticks) and its tick step."""
    values = [v for s in data.series for v in s.values] or [0]
    low, high = min(0, *values), max(0, *values)
    step = nice_step(high - low or 1)
    low = math.floor(low / step) * step
    high = math.ceil(high / step) * step
    if high == low:
        high = low + step
    return Scale(low, high, len(data.points)), step


def svg(data: ChartData, ident: str) -> Markup:
    """The chart as inline SVG markup; ``ident`` makes its element ids unique on the page."""
    sc, step = scale(data)
    e = escape
    legend_rows = len(data.series)
    total_height = HEIGHT + LEGEND_ROW * legend_rows + 8
    lang = data.lang
    finals = join((f"{s.name} {signed(s.values[-1], lang)}" for s in data.series), lang)
    desc = data.desc.format(y=data.y_label, finals=finals, x=data.x_label, last=data.points[-1])
    out = [
        f'<svg class="chart" id="{e(ident)}" viewBox="0 0 {WIDTH} {total_height}" '
        f'width="{WIDTH}" height="{total_height}" role="img" '
        f'aria-labelledby="{e(ident)}-title {e(ident)}-desc" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{e(ident)}-title">{e(data.title)}</title>',
        f'<desc id="{e(ident)}-desc">{e(desc)}</desc>',
        '<g class="grid">',
    ]
    for value in range(sc.low, sc.high + 1, step):
        y = sc.y(value)
        cls = "axis zero" if value == 0 else "tick"
        out.append(f'<line class="{cls}" x1="{MARGIN_LEFT}" y1="{y}" x2="{WIDTH - MARGIN_RIGHT}" y2="{y}"/>')
        out.append(f'<text class="y-tick" x="{MARGIN_LEFT - 6}" y="{y + 4}" '
                   f'text-anchor="end">{signed(value, lang)}</text>')
    out.append("</g>")
    bottom = HEIGHT - MARGIN_BOTTOM
    every = max(1, math.ceil(len(data.points) / 12))
    out.append('<g class="x-ticks">')
    for i, label in enumerate(data.points):
        if i % every == 0 or i == len(data.points) - 1:
            out.append(f'<text x="{sc.x(i)}" y="{bottom + 16}" text-anchor="middle">{e(label)}</text>')
    out.append("</g>")
    out.append(f'<text class="axis-label" x="{(MARGIN_LEFT + WIDTH - MARGIN_RIGHT) / 2}" '
               f'y="{bottom + 34}" text-anchor="middle">{e(data.x_label)}</text>')
    out.append(f'<text class="axis-label" x="14" y="{(MARGIN_TOP + bottom) / 2}" text-anchor="middle" '
               f'transform="rotate(-90 14 {(MARGIN_TOP + bottom) / 2})">{e(data.y_label)}</text>')
    for n, s in enumerate(data.series):
        coords = " ".join(f"{sc.x(i)},{sc.y(v)}" for i, v in enumerate(s.values))
        cls = f"series series-{n}"
        out.append(f'<polyline class="{cls}" points="{coords}"><title>{e(s.name)}: '
                   f'{signed(s.values[-1], lang)}</title></polyline>')
        ly = HEIGHT + n * LEGEND_ROW
        out.append(f'<g class="legend"><line class="{cls}" x1="{MARGIN_LEFT}" y1="{ly}" '
                   f'x2="{MARGIN_LEFT + 28}" y2="{ly}"/><text x="{MARGIN_LEFT + 36}" y="{ly + 4}">'
                   f'{e(s.name)} {signed(s.values[-1], lang)}</text></g>')
    out.append("</svg>")
    return Markup("\n".join(out))  # noqa: S704 - every value above is escaped or a number


def words_for(w: Any, tournament: bool = False) -> dict[str, str]:
    """The chart's words from a page's ``Words``."""
    return {"chart_title": w["chart_title"], "start": w["chart_start"], "chart_y": w["chart_y"],
            "chart_x": w["chart_x_tournament"] if tournament else w["chart_x"],
            "chart_desc": w["chart_desc"], "lang": w.lang}


def match_chart(report: Mapping[str, Any], view: Mapping[str, Any], w: Any) -> dict[str, Any] | None:
    """The match page's chart (svg and its data for the table beside it), or None when fewer
    than one deal was scored."""
    data = match_data(report, view["names"], view.get("teams") or [], words_for(w))
    if data.empty:
        return None
    return {"svg": svg(data, "match-chart"), "data": data}


def tournament_chart(tallies: Iterable[tuple[str, Mapping[str, Any] | None]], ranked: Sequence[str],
                     w: Any) -> dict[str, Any] | None:
    """The tournament page's chart for its best-ranked players, or None before a deal counts."""
    data = tally_data(tallies, ranked, words_for(w, tournament=True))
    if data.empty:
        return None
    return {"svg": svg(data, "tournament-chart"), "data": data}
