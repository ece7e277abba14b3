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

Totals are whole numbers, written signed (+25, −34). A chart of ratings (the season page,
``app.web.season_chart``) sets ``ChartData.decimals``: its values are written with that many
decimals at most and its ticks may be fractions; a line may start after the first point
(``Series.start``) and mark the points that are measurements (``Series.dots``).
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from markupsafe import Markup, escape

from app.web import catalog
from app.web.catalog import join
from app.web.words import Words
from bigtwo import limits
from bigtwo.league.tally import sample
from bigtwo.records.names import canonical_name

# Babel writes a number in about 60 µs; a chart writes hundreds, mostly the same again on
# every view (deal numbers, record numbers, the same tournament's counts).
number = lru_cache(maxsize=4096)(catalog.number)

WIDTH, HEIGHT = 640, 300
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 56, 16, 16, 44
LEGEND_ROW = 20


@dataclass(frozen=True, slots=True)
class Series:
    """One line: a name and its running total at each point of the chart."""

    name: str
    values: tuple[float, ...]
    # The point the first value is at: a line starts where its player first has a value (a
    # season's late joiner), never drawn at 0 before it.
    start: int = 0
    # Points (indexes into the chart's points) drawn as dots: the measurements, where a line
    # also holds a value between them (a rating kept over a night not played).
    dots: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Deal:
    """Where a point of the tournament chart comes from: the record (its number in upload
    order and its id) and the deal as its replay page numbers it ("" for a record stored
    before its tally kept each deal: it is one step)."""

    record: str
    record_id: str
    deal: str


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
    # The tournament chart only: each point's record and deal (None for the start), and the
    # points where a record starts (the totals it starts from), with the record's number.
    deals: tuple[Deal | None, ...] = ()
    starts: tuple[tuple[int, str], ...] = ()
    # 0: whole totals, written signed; else values are written with at most this many
    # decimals and unsigned (a rating), and the ticks may fall between whole numbers.
    decimals: int = 0

    def written(self, value: float) -> str:
        """A value on the axis, the legend or a line's title, as the page's language writes it."""
        if not self.decimals:
            return signed(int(value), self.lang)
        return number(round(value, self.decimals) + 0.0, self.lang)  # + 0.0: no "−0"

    @property
    def empty(self) -> bool:
        return len(self.points) < 2 or not self.series


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
    return _bounded([None, *(d["index"] + 1 for d in scored)], labels, totals, words)


# A tournament chart point's origin before it is written out: (record number, id, deal index
# or None for a record drawn as one step).
_Origin = tuple[int, str, int | None]


def tally_data(tallies: Iterable[tuple[str, Mapping[str, Any] | None]], ranked: Sequence[str],
                words: Mapping[str, str], numbers: Mapping[str, int] | None = None) -> ChartData:
    """``tournament_data`` from the records' stored tallies (``bigtwo.league.tally``): one
    point after each counted deal, at the number of deals counted so far, each record's start
    marked. The page's cost then follows the tallies, never the stored reports. ``numbers``
    are the records' numbers in the tournament (upload order, every record counted, as the
    records table numbers them); without them, records are numbered as the chart meets them."""
    shown = list(ranked[: limits.CHART_SERIES])
    column = {name: i for i, name in enumerate(shown)}
    rows: list[list[int]] = []
    points: list[int | None] = [None]
    where: list[_Origin | None] = [None]
    starts: list[int] = []
    numbered: list[int] = []
    counted = 0
    for rid, summary in tallies:
        if not summary or not summary.get("deals"):
            continue
        starts.append(len(points) - 1)
        numbered.append(numbers.get(rid, len(starts)) if numbers else len(starts))
        for deal, ordinal, scores in _steps(summary):
            row = [0] * len(shown)
            for name, score in scores:
                if name in column:
                    row[column[name]] += score
            rows.append(row)
            points.append(counted + ordinal)
            where.append((numbered[-1], rid, deal))
        counted += int(summary["deals"])
    return _bounded(points, shown, running(rows, [0] * len(shown)), words, where, starts,
                    numbered)


def _named(raw: str) -> str:
    """A player as the standings compare them (a tally stored before names were compared so
    carries the name as typed)."""
    return canonical_name(raw) or raw


def _steps(summary: Mapping[str, Any]) -> Iterator[tuple[int | None, int, list[tuple[str, int]]]]:
    """A tally's steps as (deal index, deals counted in the record so far, [(player, score
    since the step before)]); a tally stored before it kept steps is one step (deal None)."""
    steps, names = summary.get("steps"), summary.get("names")
    if steps is None or names is None:
        yield None, int(summary["deals"]), [(_named(p[0]), int(p[3])) for p in summary["players"]]
        return
    names = [_named(n) for n in names]
    before = [0] * len(names)
    for deal, ordinal, *totals in steps:
        yield int(deal), int(ordinal), [(n, int(t) - b) for n, t, b in zip(names, totals, before,
                                                                           strict=False)]
        before = [int(t) for t in totals]


def _bounded(points: Sequence[int | None], labels: list[str], totals: list[list[int]],
             words: Mapping[str, str], where: Sequence[_Origin | None] = (),
             starts: Sequence[int] = (), numbered: Sequence[int] = ()) -> ChartData:
    """The chart of at most ``CHART_POINTS`` points; only the kept points' numbers are
    written out in the page's language (writing each costs more than adding it up)."""
    lang = words.get("lang", "en")
    keep = sample(len(points), limits.CHART_POINTS)
    labels = labels[: limits.CHART_SERIES]
    series = tuple(Series(name, tuple(totals[i][s] for i in keep)) for s, name in enumerate(labels))
    shown = tuple(words["start"] if points[i] is None else number(points[i], lang) for i in keep)
    deals = tuple(_deal(where[i], lang) for i in keep) if where else ()
    # A record's start moves to the first kept point at or after it; of several records
    # starting between two kept points, the first is marked.
    marks: dict[int, str] = {}
    for n, start in enumerate(starts, start=1):
        at = bisect.bisect_left(keep, start)
        if at < len(keep) and at not in marks:
            marks[at] = number(numbered[n - 1] if numbered else n, lang)
    return ChartData(shown, series, words["chart_title"], words["chart_x"], words["chart_y"],
                     lang, words.get("chart_desc", "{y}: {finals} ({x} {last})"), deals,
                     tuple(marks.items()))


def _deal(origin: _Origin | None, lang: str) -> Deal | None:
    if origin is None:
        return None
    record, rid, deal = origin
    return Deal(number(record, lang), rid, "" if deal is None else number(deal + 1, lang))


def signed(n: int, lang: str = "en") -> str:
    """A total on the chart as the locale writes it, its sign shown: +25, 0, −34."""
    return catalog.signed(n, lang) if n else number(0, lang)


def fine_step(span: float, ticks: int = 5) -> float:
    """A tick step of 1, 2 or 5 times a power of ten (which may be below 1) for about
    ``ticks`` ticks: the ratings chart's, whose whole span can be a fraction of a point."""
    if span <= 0:
        return 1.0
    raw = span / ticks
    power = 10.0 ** math.floor(math.log10(raw))
    return next(factor * power for factor in (1, 2, 5, 10) if raw <= factor * power + 1e-12)


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

    low: float
    high: float
    count: int

    def x(self, i: int) -> float:
        width = WIDTH - MARGIN_LEFT - MARGIN_RIGHT
        return round(MARGIN_LEFT + (width * i / (self.count - 1) if self.count > 1 else 0), 1)

    def y(self, value: float) -> float:
        height = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM
        return round(MARGIN_TOP + height * (self.high - value) / (self.high - self.low), 1)


def scale(data: ChartData) -> tuple[Scale, float]:
    """The y range (0 always in it, widened to whole ticks) and its tick step."""
    values = [v for s in data.series for v in s.values] or [0]
    low, high = min(0, *values), max(0, *values)
    step: float = fine_step(high - low or 1) if data.decimals else nice_step(high - low or 1)
    low = math.floor(low / step) * step
    high = math.ceil(high / step) * step
    if high == low:
        high = low + step
    return Scale(low, high, len(data.points)), step


def ticks(sc: Scale, step: float) -> Iterable[float]:
    """The gridlines' values from ``sc.low`` to ``sc.high``: whole ones as before, or fractions
    counted in steps (rounded, so that 0.1 + 0.2 is 0.3 and 0 is drawn as the zero line)."""
    if isinstance(step, int):
        return range(int(sc.low), int(sc.high) + 1, step)
    count = round((sc.high - sc.low) / step)
    return [round(sc.low + k * step, 9) + 0.0 for k in range(count + 1)]


def svg(data: ChartData, ident: str) -> Markup:
    """The chart as inline SVG markup; ``ident`` makes its element ids unique on the page."""
    sc, step = scale(data)
    e = escape
    legend_rows = len(data.series)
    total_height = HEIGHT + LEGEND_ROW * legend_rows + 8
    lang = data.lang
    finals = join((f"{s.name} {data.written(s.values[-1])}" for s in data.series), lang)
    desc = data.desc.format(y=data.y_label, finals=finals, x=data.x_label, last=data.points[-1])
    out = [
        f'<svg class="chart" id="{e(ident)}" viewBox="0 0 {WIDTH} {total_height}" '
        f'width="{WIDTH}" height="{total_height}" role="img" '
        f'aria-labelledby="{e(ident)}-title {e(ident)}-desc" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{e(ident)}-title">{e(data.title)}</title>',
        f'<desc id="{e(ident)}-desc">{e(desc)}</desc>',
        '<g class="grid">',
    ]
    for value in ticks(sc, step):
        y = sc.y(value)
        cls = "axis zero" if value == 0 else "tick"
        out.append(f'<line class="{cls}" x1="{MARGIN_LEFT}" y1="{y}" x2="{WIDTH - MARGIN_RIGHT}" y2="{y}"/>')
        out.append(f'<text class="y-tick" x="{MARGIN_LEFT - 6}" y="{y + 4}" '
                   f'text-anchor="end">{data.written(value)}</text>')
    out.append("</g>")
    bottom = HEIGHT - MARGIN_BOTTOM
    every = max(1, math.ceil(len(data.points) / 12))
    if data.starts:
        # Where each record starts: a dotted line at the totals it starts from, its number
        # (upload order) above the plot, at most about 12 numbers so that none overlap.
        label_every = max(1, math.ceil(len(data.starts) / 12))
        out.append('<g class="record-starts">')
        for n, (at, record) in enumerate(data.starts):
            x = sc.x(at)
            out.append(f'<line class="record-start" x1="{x}" y1="{MARGIN_TOP}" x2="{x}" y2="{bottom}"/>')
            if n % label_every == 0:
                out.append(f'<text class="record-label" x="{x + 3}" y="{MARGIN_TOP + 10}">'
                           f'{e(record)}</text>')
        out.append("</g>")
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
        coords = " ".join(f"{sc.x(s.start + i)},{sc.y(v)}" for i, v in enumerate(s.values))
        cls = f"series series-{n}"
        final = data.written(s.values[-1])
        out.append(f'<polyline class="{cls}" points="{coords}"><title>{e(s.name)}: '
                   f'{final}</title></polyline>')
        if s.dots:
            out.append(f'<g class="dots {cls}">' + "".join(
                f'<circle class="dot" cx="{sc.x(i)}" cy="{sc.y(s.values[i - s.start])}" r="3.5"/>'
                for i in s.dots) + "</g>")
        ly = HEIGHT + n * LEGEND_ROW
        out.append(f'<g class="legend"><line class="{cls}" x1="{MARGIN_LEFT}" y1="{ly}" '
                   f'x2="{MARGIN_LEFT + 28}" y2="{ly}"/><text x="{MARGIN_LEFT + 36}" y="{ly + 4}">'
                   f'{e(s.name)} {final}</text></g>')
    out.append("</svg>")
    return Markup("\n".join(out))  # noqa: S704 - every value above is escaped or a number


def words_for(page_words: Words, tournament: bool = False) -> dict[str, str]:
    """The chart's words from a page's ``Words``."""
    return {"chart_title": page_words["chart_title"], "start": page_words["chart_start"],
            "chart_y": page_words["chart_y"],
            "chart_x": page_words["chart_x_tournament"] if tournament else page_words["chart_x"],
            "chart_desc": page_words["chart_desc"], "lang": page_words.lang}


def match_chart(report: Mapping[str, Any], view: Mapping[str, Any],
                page_words: Words) -> dict[str, Any] | None:
    """The match page's chart (svg and its data for the table beside it), or None when fewer
    than one deal was scored."""
    data = match_data(report, view["names"], view.get("teams") or [], words_for(page_words))
    if data.empty:
        return None
    return {"svg": svg(data, "match-chart"), "data": data}


def tournament_chart(tallies: Iterable[tuple[str, Mapping[str, Any] | None]], ranked: Sequence[str],
                     page_words: Words,
                     numbers: Mapping[str, int] | None = None) -> dict[str, Any] | None:
    """The tournament page's chart for its best-ranked players, or None before a deal counts;
    records numbered as the page's records table numbers them (``numbers``)."""
    data = tally_data(tallies, ranked, words_for(page_words, tournament=True), numbers)
    if data.empty:
        return None
    return {"svg": svg(data, "tournament-chart"), "data": data}
