"""The chart's ratings mode (app/web/season_chart.py on app/web/chart.py): fractional ticks,
decimals written the locale's way, lines that start late and dots on the nights played."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from app.web.chart import ChartData, Series, fine_step, scale, svg, ticks
from app.web.season_chart import rating_data
from bigtwo import limits

SVG = "{http://www.w3.org/2000/svg}"
WORDS = {"chart_title": "Ratings", "chart_x": "Night", "chart_y": "Ordinal",
         "chart_desc": "{y}: {finals} ({x} {last})", "lang": "en"}


@pytest.mark.parametrize(("span", "step"), [(0.2, 0.05), (0.3, 0.1), (1, 0.2), (4, 1), (12.5, 5), (80, 20)])
def test_fine_steps_are_1_2_5_below_one_too(span: float, step: float) -> None:
    assert fine_step(span) == pytest.approx(step)


def test_fractional_ticks_cover_the_range_and_hit_zero() -> None:
    data = ChartData(("1", "2"), (Series("Ana", (-0.27, 0.41)),), "t", "x", "y", decimals=1)
    sc, step = scale(data)
    values = list(ticks(sc, step))
    assert values[0] <= -0.27 and values[-1] >= 0.41 and 0.0 in values
    assert all(abs(b - a - step) < 1e-9 for a, b in zip(values, values[1:], strict=False))
    text = svg(data, "c")
    assert "−0.2" in text and ">0<" in text and "−0<" not in text


def history(*nights: tuple[int, float]) -> list[dict[str, float]]:
    return [{"night": n, "ordinal": o, "mu": 25.0, "sigma": 8.0} for n, o in nights]


def test_a_late_joiner_starts_at_their_night_and_a_missed_night_is_level() -> None:
    ratings = [{"name": "Eve", "history": history((3, 4.25), (5, 6.5))},
               {"name": "Ana", "history": history((1, 0.5), (2, -1.75), (3, 2.0), (4, 2.5),
                                                  (5, 3.0))}]
    data = rating_data(ratings, 5, WORDS)
    eve, ana = data.series
    assert (eve.start, eve.values, eve.dots) == (2, (4.25, 4.25, 6.5), (2, 4))
    assert (ana.start, len(ana.values), ana.dots) == (0, 5, (0, 1, 2, 3, 4))
    chart = ET.fromstring(svg(data, "r"))
    lines = list(chart.iter(f"{SVG}polyline"))
    assert [len(line.get("points", "").split()) for line in lines] == [3, 5]
    legend = [t.text for g in chart.iter(f"{SVG}g") if g.get("class") == "legend"
              for t in g.iter(f"{SVG}text")]
    assert legend == ["Eve 6.5", "Ana 3"]


def test_at_most_the_chart_series_and_points() -> None:
    nights = limits.CHART_POINTS + 50
    ratings = [{"name": f"P{i}", "history": history(*((n, float(i)) for n in range(1, nights + 1)))}
               for i in range(limits.CHART_SERIES + 4)]
    data = rating_data(ratings, nights, WORDS)
    assert len(data.series) == limits.CHART_SERIES
    assert len(data.points) == limits.CHART_POINTS and data.points[-1] == f"{nights:,}"
    assert all(len(s.values) == limits.CHART_POINTS for s in data.series)
