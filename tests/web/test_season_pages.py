"""The season pages: the list, a season's standings (the API's figures), nights, aliases,
audit log and rating chart (a line per shown player, a late joiner's from their first night),
in every language, names escaped."""

from __future__ import annotations

import html as htmllib
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from app.web.catalog import PAGE_LANGUAGES, number
from app.web.chart import HEIGHT, MARGIN_BOTTOM, MARGIN_TOP
from app.web.organiser_words import ORGANISER_WORDS, SEASON_MESSAGES, OrganiserWords
from bigtwo import limits
from tests.seasons.club import EXPECTED, club_season, record

SVG = "{http://www.w3.org/2000/svg}"


def text_of(html: str) -> str:
    return htmllib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def chart_of(html: str) -> ET.Element:
    found = re.search(r'<svg class="chart" id="rating-chart".*?</svg>', html, re.S)
    assert found, "no rating chart"
    return ET.fromstring(found.group(0))


def polylines(chart: ET.Element) -> list[tuple[str, list[tuple[float, float]]]]:
    out = []
    for line in chart.iter(f"{SVG}polyline"):
        points = [tuple(float(c) for c in p.split(",")) for p in line.get("points", "").split()]
        out.append((line.find(f"{SVG}title").text or "", points))
    return out


def standings_rows(html: str) -> list[list[str]]:
    table = html[html.index('class="scores standings season-standings"'):]
    table = table[:table.index("</table>")]
    body = table[table.index("<tbody>"):]
    return [[text_of(c).strip() for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
            for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)]


@pytest.fixture
def season(client: Any) -> str:
    return club_season(client)[0]


def test_the_list_links_every_season(client: Any, season: str) -> None:
    other = club_season(client, name="Sunday cup", nights=[])[0]
    html = client.get("/seasons").get_data(as_text=True)
    assert f'/seasons/{season}?lang=en"' in html and f'/seasons/{other}?lang=en"' in html
    assert re.search(r"Thursday league s-\w+ .*casual.* 4 ", text_of(html))
    assert client.get("/seasons?page=0").status_code == 400
    assert client.get("/seasons?page=99").status_code == 200


def test_an_empty_list_says_so(client: Any) -> None:
    assert "No seasons yet." in text_of(client.get("/seasons").get_data(as_text=True))


def test_standings_on_the_page_are_the_apis(client: Any, season: str) -> None:
    api = client.get(f"/v1/seasons/{season}/standings").get_json()
    page = client.get(f"/seasons/{season}")
    assert page.status_code == 200
    rows = standings_rows(page.get_data(as_text=True))
    expected = [[number(p["rank"], "en"), p["name"], number(p["points"], "en"),
                 number(p["rating"]["mu"], "en"), number(p["rating"]["sigma"], "en"),
                 number(p["rating"]["ordinal"], "en"), number(p["tournaments"], "en"),
                 number(p["deals"], "en")] for p in api["players"]]
    assert rows == expected
    assert [(r[1], r[2], r[6], r[7]) for r in rows] == [
        (n, number(p, "en"), str(t), str(d)) for n, p, t, d in EXPECTED]


def test_nights_aliases_audit_and_downloads(client: Any, season: str) -> None:
    html = client.get(f"/seasons/{season}").get_data(as_text=True)
    text = text_of(html)
    api = client.get(f"/v1/seasons/{season}").get_json()
    for n, t in enumerate(api["tournaments"], start=1):
        assert re.search(rf'Night {n}</td><th scope="row"><a href="/tournaments/{t["id"]}\?lang=en">',
                         html)
    aliases = text[text.index("Aliases"):text.index("Changes by organisers")]
    assert "Benjamin Ben" in aliases
    audit = text[text.index("Changes by organisers"):]
    assert html.count('<tr class="audit-attach">') == 4 and "Benjamin stands for Ben" in audit and " Jo " in audit
    assert f'href="/v1/seasons/{season}/standings?format=csv" download' in html
    assert f'href="/v1/seasons/{season}/standings"' in html
    german = client.get(f"/seasons/{season}?lang=de").get_data(as_text=True)
    assert f"/v1/seasons/{season}/standings?format=csv&delimiter=semicolon" in german
    assert f'href="/draw?season={season}&amp;lang=en"' in html


def test_the_chart_has_a_line_per_player_from_their_first_night(client: Any, season: str) -> None:
    api = client.get(f"/v1/seasons/{season}/standings").get_json()
    chart = chart_of(client.get(f"/seasons/{season}").get_data(as_text=True))
    lines = dict((name.rsplit(":", 1)[0], points) for name, points in polylines(chart))
    ratings = {r["name"]: r for r in api["ratings"]}
    assert set(lines) == set(ratings)  # five players: every one drawn
    xs = sorted({x for points in lines.values() for x, _ in points})
    assert len(xs) == 4  # one x per night
    for name, points in lines.items():
        played = [h["night"] for h in ratings[name]["history"]]
        assert len(points) == 4 - played[0] + 1, name  # from the first night played on
        assert points[0][0] == xs[played[0] - 1]
        for _, y in points:
            assert MARGIN_TOP <= y <= HEIGHT - MARGIN_BOTTOM
    assert len(lines["Eve"]) == 2 and lines["Eve"][0][0] == xs[2]  # joined on night 3
    # Cai missed night 4: the line goes on, level, and has no dot there.
    assert lines["Cai"][-1][1] == lines["Cai"][-2][1]
    dots = {g.get("class"): len(list(g)) for g in chart.iter(f"{SVG}g")
            if (g.get("class") or "").startswith("dots")}
    order = [r["name"] for r in api["ratings"]]
    assert dots[f"dots series series-{order.index('Cai')}"] == 3
    assert dots[f"dots series series-{order.index('Eve')}"] == 2
    # The legend and the number table write ordinals with decimals, the API's.
    eve = ratings["Eve"]
    assert f"Eve {number(round(eve['ordinal'], 1), 'en')}" in ET.tostring(chart, encoding="unicode")


def test_the_chart_draws_the_best_by_ordinal_and_says_how_many(client: Any) -> None:
    names = [f"P{i:02}" for i in range(12)]
    nights = [[record(names[i:i + 4], [0, 1, 2, 3]) for i in range(0, 12, 4)],
              [record(names[i:i + 4], [3, 2, 1, 0]) for i in range(0, 12, 4)]]
    season = club_season(client, nights=nights)[0]
    api = client.get(f"/v1/seasons/{season}/standings").get_json()
    html = client.get(f"/seasons/{season}").get_data(as_text=True)
    drawn = [name.rsplit(":", 1)[0] for name, _ in polylines(chart_of(html))]
    assert drawn == [r["name"] for r in api["ratings"][:limits.CHART_SERIES]]
    assert f"each of the {limits.CHART_SERIES} players with the highest ordinals" in text_of(html)


def test_one_night_has_no_chart_yet(client: Any) -> None:
    season = club_season(client, nights=[[record(["Ana", "Ben", "Cai", "Dee"], [0, 1, 2, 3])]])[0]
    html = client.get(f"/seasons/{season}").get_data(as_text=True)
    assert 'id="rating-chart"' not in html and "starts once two nights count" in text_of(html)


def test_names_are_escaped_in_the_chart_and_the_tables(client: Any) -> None:
    evil = "</text><script>alert(1)</script>"
    nights = [[record([evil, "Ben", "Cai", "Dee"], [0, 1, 2, 3])],
              [record([evil, "Ben", "Cai", "Dee"], [3, 0, 2, 1])]]
    season = club_season(client, nights=nights)[0]
    html = client.get(f"/seasons/{season}").get_data(as_text=True)
    assert "<script>" not in html and "</text><script>" not in html
    chart = chart_of(html)  # parses: the name did not break the markup
    assert any(name.startswith(evil) for name, _ in polylines(chart))
    assert "&lt;/text&gt;&lt;script&gt;" in html
    assert evil in [row[1] for row in standings_rows(html)]
    draw = client.get(f"/draw?season={season}").get_data(as_text=True)
    assert "<script>alert" not in draw and "&lt;/text&gt;&lt;script&gt;alert(1)" in draw


def test_an_unknown_season_is_a_404(client: Any) -> None:
    assert client.get("/seasons/s-nowhere").status_code == 404
    assert client.get("/draw?season=s-nowhere").status_code == 404


# Words the season page shows in every language (the rest appear on other states of it).
SHOWN = ("season_standings", "season_points", "rating_mu", "rating_sigma", "rating_ordinal",
         "nights_played", "season_nights", "season_nights_note", "aliases", "aliases_note",
         "season_audit_note", "rating_chart_title", "rating_chart_lines", "draw_for_season",
         "all_seasons", "points_ema", "rating_note", "attached", "action_attach")


@pytest.mark.parametrize("lang", [lang for lang in PAGE_LANGUAGES if lang != "en"])
def test_the_season_page_speaks_every_language(client: Any, season: str, lang: str) -> None:
    html = client.get(f"/seasons/{season}?lang={lang}").get_data(as_text=True)
    assert f'<html lang="{lang}">' in html
    text = text_of(html)
    words, english = ORGANISER_WORDS[lang], ORGANISER_WORDS["en"]
    for key in SHOWN:
        assert words[key] in text, key
        if words[key] != english[key]:
            assert english[key] not in text, key
    # No English sentence of the season's words leaks in, shown or not.
    for key, message in SEASON_MESSAGES.items():
        if "{" not in message.text and len(message.text) > 12 and words[key] != message.text:
            assert message.text not in text, key
    w = OrganiserWords(lang)
    assert w("night_n", n=3) in text and w.count("nights_n", 4) in text
    listing = text_of(client.get(f"/seasons?lang={lang}").get_data(as_text=True))
    assert words["seasons_lead"] in listing and english["seasons_lead"] not in listing


@pytest.mark.parametrize("path", ["/seasons", "/seasons/{season}", "/draw", "/draw?season={season}"])
def test_the_new_pages_have_the_language_switch(client: Any, season: str, path: str) -> None:
    html = client.get(path.format(season=season)).get_data(as_text=True)
    switch = re.search(r'<p class="langs" id="language-switch">(.*?)</p>', html, re.S).group(1)
    links = re.findall(r'<a href="([^"]+)" hreflang="([^"]+)"', switch)
    assert {code for _, code in links} == set(PAGE_LANGUAGES) - {"en"}
    if "season=" in path:
        assert all(f"season={season}" in href for href, _ in links)


def test_a_season_without_nights_says_so(client: Any) -> None:
    season = club_season(client, name="Sunday cup", nights=[])[0]
    answer = client.get(f"/seasons/{season}")
    assert answer.status_code == 200
    text = text_of(answer.get_data(as_text=True))
    assert "No tournament is attached yet." in text and "No aliases." in text
    assert 'id="rating-chart"' not in answer.get_data(as_text=True)
