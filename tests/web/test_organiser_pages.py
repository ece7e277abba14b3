"""The organiser's pages: the tournament list, withdrawn records shown as withdrawn, the
audit log, meta (table, round) shown and filtered, and a duplicate event ranked by match
points with the points beside (issue 17, point 3)."""

from __future__ import annotations

import html as htmllib
import re
import string
from typing import Any

import pytest

from app.web.organiser_words import ORGANISER_WORDS
from app.web.words import WORDS
from tests.tournaments.conftest import Tournament, new_tournament
from tests.tournaments.helpers import broken, coded_record, simulated


def text_of(response: Any) -> str:
    page = response.get_data(as_text=True)
    return htmllib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", sorted(ORGANISER_WORDS))
def test_every_language_has_every_organiser_string(lang: str) -> None:
    assert ORGANISER_WORDS[lang].keys() == ORGANISER_WORDS["en"].keys()
    for key, english in ORGANISER_WORDS["en"].items():
        assert _fields(ORGANISER_WORDS[lang][key]) == _fields(english), key
    assert set(ORGANISER_WORDS) == set(WORDS)


def test_the_tournament_list_links_every_tournament(client: Any) -> None:
    made = [new_tournament(client, name=f"Night {n}") for n in range(3)]
    made[0].upload({"records": simulated(2, seed=70)})
    page = client.get("/tournaments")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    for t in made:
        assert f'/tournaments/{t.id}?lang=en"' in html
    assert re.search(r"Night 0 t-\w+ .*casual.* 2 ", text_of(page))
    assert text_of(client.get("/tournaments?lang=de")).count("Turniere") >= 1
    assert client.get("/tournaments?page=0").status_code == 400
    assert client.get("/tournaments?page=99").status_code == 200  # the last page


def test_an_empty_list_says_so(client: Any) -> None:
    assert "No tournaments yet." in text_of(client.get("/tournaments"))


def _withdrawn_and_replaced(client: Any) -> tuple[Tournament, list[str], str]:
    t = new_tournament(client, name="Club night")
    records = simulated(3, seed=71)
    records[0]["meta"] = {"table": 3, "round": "final"}
    records[1]["meta"] = {"table": 4, "round": "final"}
    ids = [r["id"] for r in t.upload({"records": [records[0], records[1], broken(records[2])]})
           .get_json()["results"]]
    assert client.delete(f"/v1/tournaments/{t.id}/records/{ids[1]}?reason=wrong+table&by=Jo",
                         headers=t.auth).status_code == 200
    new = client.put(f"/v1/tournaments/{t.id}/records/{ids[2]}", json=records[2],
                     headers=t.auth).get_json()["id"]
    return t, ids, new


def test_the_tournament_page_shows_withdrawn_records_and_the_audit_log(client: Any) -> None:
    t, ids, new = _withdrawn_and_replaced(client)
    page = client.get(f"/tournaments/{t.id}")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    rows = {rid: cls for cls, rid in re.findall(r'<tr class="([^"]*)" id="(r-\w+)"', html)}
    assert rows == {ids[0]: "valid", ids[1]: "valid withdrawn", ids[2]: "invalid withdrawn",
                    new: "valid"}
    text = text_of(page)
    assert "2 withdrawn" in text and "Withdrawn by an organiser: kept and shown, never counted." in text
    assert f"replaced by {new}" in text and f"replaces {ids[2]}" in text
    audit = text[text.index("Changes by organisers"):]
    assert re.search(rf"{ids[1]} withdrawn wrong table Jo tk-[0-9a-f]{{12}}", audit)
    assert re.search(rf"{ids[2]} replaced by {new} +tk-[0-9a-f]{{12}}", audit)
    assert t.token not in html
    assert "<form" in html and 'method="post"' not in html  # read-only: no token forms
    only = client.get(f"/tournaments/{t.id}?show=withdrawn").get_data(as_text=True)
    assert set(re.findall(r'id="(r-\w+)"', only)) == {ids[1], ids[2]}
    german = text_of(client.get(f"/tournaments/{t.id}?lang=de"))
    assert "zurückgezogen" in german and "Änderungen der Turnierleitung" in german


def test_meta_is_shown_and_filters_the_records(client: Any) -> None:
    t, ids, _ = _withdrawn_and_replaced(client)
    text = text_of(client.get(f"/tournaments/{t.id}"))
    assert "Table Round" in text and re.search(rf"{ids[0]} Ana, Ben, Cai, and Dee 3 final", text)
    table3 = client.get(f"/tournaments/{t.id}?table=3").get_data(as_text=True)
    assert set(re.findall(r'id="(r-\w+)"', table3)) == {ids[0]}
    assert 'value="3"' in table3  # the form keeps the filter
    final = client.get(f"/tournaments/{t.id}?round=final").get_data(as_text=True)
    assert set(re.findall(r'id="(r-\w+)"', final)) == {ids[0], ids[1]}
    none = client.get(f"/tournaments/{t.id}?table=99")
    assert none.status_code == 200 and "No records match this filter." in text_of(none)
    assert client.get(f"/tournaments/{t.id}?table={'x' * 5000}").status_code == 200


def test_a_duplicate_event_is_ranked_by_match_points_on_the_page(client: Any) -> None:
    t = new_tournament(client, name="Duplicate night")
    codes = ["B2-4-13-11", "B2-4-13-12"]
    tables = [["Ana", "Ben", "Cai", "Dee"], ["Eve", "Fay", "Gus", "Hal"],
              ["Ivy", "Jon", "Kim", "Lou"]]
    for n, names in enumerate(tables):
        record = coded_record(codes[0], seed=n, names=names)
        record["deals"] += coded_record(codes[1], seed=10 + n)["deals"]
        t.upload(record)
    standings = client.get(f"/v1/tournaments/{t.id}/standings").get_json()
    assert standings["ranking"] == "match_points"
    expected = sorted(standings["duplicate"]["players"], key=lambda p: p["rank"])
    page = client.get(f"/tournaments/{t.id}")
    html = page.get_data(as_text=True)
    table = html[html.index('class="scores standings by-match-points"'):]
    table = table[:table.index("</table>")]
    shown = re.findall(r'<th scope="row">([^<]+)</th><td class="num total mp">(\d+) / (\d+)</td>'
                       r'.*?class="num points">([^<]+)<', table)
    assert [(name, int(mp)) for name, mp, _, _ in shown] == [
        (p["player"], p["match_points"]) for p in expected]
    points = {p["player"]: p["points"] for p in standings["players"]}
    assert [int(pts.replace("−", "-")) for *_, pts in shown] == [points[name] for name, *_ in shown]
    assert "ranked by match points" in text_of(page)
