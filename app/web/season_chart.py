"""The season page's rating chart: each shown player's ordinal (mu - 3 sigma) after each night.

The figures are the season service's own (``ratings`` of ``bigtwo.store.seasons.standings``:
per player, the rating after every night they played). Drawn by ``app.web.chart`` like the
running totals, with ratings' decimals.

A player who missed nights: their line starts at the first night they played (never at 0
before it: they had no rating then), and across a night missed after it the line stays level,
because the rating model does not move a rating on a night not played; a dot marks each night
actually played, so the level stretches are told apart from a night that changed nothing.

Bounded like the other charts: the ``limits.CHART_SERIES`` players with the highest ordinal
(the order ``ratings`` comes in), and at most ``limits.CHART_POINTS`` nights (evenly spaced
samples, first and last kept; a season holds far fewer under its quota).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app.web.chart import ChartData, Series, number, svg
from app.web.words import Words
from bigtwo import limits
from bigtwo.league.tally import sample

DECIMALS = 1  # an ordinal on the chart: 12.3; the standings table shows the API's figures


@dataclass(frozen=True, slots=True)
class RatingRow:
    """One night of the chart's number table: its number, its tournament, and each shown
    player's ordinal after it (None: not played that night)."""

    night: str
    tournament: Mapping[str, Any] | None
    ordinals: tuple[float | None, ...]


def rating_data(ratings: Sequence[Mapping[str, Any]], nights: int,
                words: Mapping[str, str]) -> ChartData:
    """The chart of ``ratings`` (best ordinal first) over ``nights`` nights."""
    lang = words.get("lang", "en")
    keep = sample(nights, limits.CHART_POINTS)
    series = []
    for player in ratings[: limits.CHART_SERIES]:
        played = {int(h["night"]) - 1: float(h["ordinal"]) for h in player["history"]}
        if not played:
            continue
        held: list[float | None] = []
        last: float | None = None
        for night in range(nights):
            last = played.get(night, last)
            held.append(last)
        kept = [held[i] for i in keep]
        start = next(k for k, v in enumerate(kept) if v is not None)
        values = tuple(v for v in kept[start:] if v is not None)
        dots = tuple(k for k, i in enumerate(keep) if i in played)
        series.append(Series(str(player["name"]), values, start, dots))
    points = tuple(number(i + 1, lang) for i in keep)
    return ChartData(points, tuple(series), words["chart_title"], words["chart_x"],
                     words["chart_y"], lang, words["chart_desc"], decimals=DECIMALS)


def table_rows(data: ChartData, ratings: Sequence[Mapping[str, Any]],
               tournaments: Sequence[Mapping[str, Any]]) -> list[RatingRow]:
    """The number table beside the chart: a row per drawn night, an ordinal where the player
    played that night."""
    keep = sample(len(tournaments), limits.CHART_POINTS)
    shown = {s.name for s in data.series}
    by_night = [{int(h["night"]) - 1: float(h["ordinal"]) for h in r["history"]}
                for r in ratings[: limits.CHART_SERIES] if r["name"] in shown]
    return [RatingRow(label, tournaments[i], tuple(played.get(i) for played in by_night))
            for label, i in zip(data.points, keep, strict=True)]


def season_chart(ratings: Sequence[Mapping[str, Any]], tournaments: Sequence[Mapping[str, Any]],
                 page_words: Words) -> dict[str, Any] | None:
    """The season page's chart, its number table and its players, or None before two nights
    (one night is a column of dots, no line)."""
    words = {"chart_title": page_words["rating_chart_title"],
             "chart_x": page_words["rating_chart_x"], "chart_y": page_words["rating_chart_y"],
             "chart_desc": page_words["chart_desc"], "lang": page_words.lang}
    data = rating_data(ratings, len(tournaments), words)
    if data.empty:
        return None
    return {"svg": svg(data, "rating-chart"), "data": data,
            "rows": table_rows(data, ratings, tournaments)}
