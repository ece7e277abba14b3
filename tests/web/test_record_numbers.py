"""One numbering per tournament: the records table and the chart number a record alike, by
its place in the tournament's upload order, whatever other tournaments hold."""

from __future__ import annotations

import re
from typing import Any

from app.web.chart import tally_data
from bigtwo.store.db import Store
from tests.seasons.club import record

WORDS = {"lang": "en", "start": "start", "chart_title": "t", "chart_x": "x", "chart_y": "y"}


def upload(client: Any, tid: str, token: str, records: list[Any]) -> None:
    answer = client.post(f"/v1/tournaments/{tid}/records", json={"records": records},
                         headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 201


def test_the_records_table_and_the_chart_number_records_alike(client: Any, app: Any) -> None:
    other = client.post("/v1/tournaments", json={"name": "Other", "profile": "casual"}).get_json()
    upload(client, other["id"], other["token"],
           [record(["Q", "R", "S", "T"], [0, i + 1, 2, 3]) for i in range(6)])
    made = client.post("/v1/tournaments", json={"name": "Night", "profile": "casual"}).get_json()
    # Record 1 breaks the rules (two winners), so the chart starts at record 2.
    upload(client, made["id"], made["token"], [
        record(["Ana", "Ben", "Cai", "Dee"], [0, 0, 2, 3]),
        record(["Ana", "Ben", "Cai", "Dee"], [0, 1, 2, 3], [2, 0, 4, 6]),
        record(["Ana", "Ben", "Cai", "Dee"], [1, 0, 2, 3])])
    page = client.get(f"/tournaments/{made['id']}?lang=en").get_data(as_text=True)
    table = page[page.index('<table class="scores records">'):]
    table = table[:table.index("</table>")]
    assert re.findall(r"<tr class=\"[^\"]*\" id=\"r-[^\"]+\">\s*<td>(\d+)</td>", table) == ["1", "2", "3"]
    labels = re.findall(r'class="record-label"[^>]*>(\d+)</text>', page)
    assert labels == ["2", "3"]  # not 1 and 2 (the chart's own count), nor 8 and 9 (the store's)

    store = Store(app.config["BIGTWO_DB"])
    numbers = store.tournaments.record_numbers(made["id"])
    assert sorted(numbers.values()) == [1, 2, 3]
    data = tally_data(store.tournaments.tallies(made["id"]), ["Ana", "Ben"], WORDS, numbers)
    assert [label for _, label in data.starts] == ["2", "3"]
    assert {d.record for d in data.deals if d is not None} == {"2", "3"}
