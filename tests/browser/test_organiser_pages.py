"""The organiser's pages in a browser: from the tournament list to a tournament, the meta
filter form, withdrawn records and the audit log, under the Content-Security-Policy."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tournaments.conftest import new_tournament
from tests.tournaments.helpers import simulated

pytestmark = pytest.mark.browser


def test_list_to_tournament_filter_and_audit(live: tuple[str, Any, Any]) -> None:
    base, app, page = live
    reported: list[str] = []
    page.on("console", lambda message: reported.append(message.text))
    client = app.test_client()
    t = new_tournament(client, name="Browser night")
    records = simulated(3, seed=80)
    for table, record in enumerate(records, start=1):
        record["meta"] = {"table": table, "round": 1}
    ids = [r["id"] for r in t.upload({"records": records}).get_json()["results"]]
    client.delete(f"/v1/tournaments/{t.id}/records/{ids[2]}?reason=late&by=Desk", headers=t.auth)

    page.goto(base + "/tournaments")
    page.get_by_role("link", name="Browser night").click()
    page.wait_for_load_state()
    assert page.locator("h1").inner_text() == "Browser night"
    assert page.locator(f"tr[id='{ids[2]}']").get_attribute("class") == "valid withdrawn"
    audit = page.locator("table.audit tbody tr")
    assert audit.count() == 1 and "late" in audit.inner_text() and "Desk" in audit.inner_text()

    page.get_by_label("Table", exact=True).fill("2")
    page.get_by_role("button", name="Filter").click()
    page.wait_for_load_state()
    assert "table=2" in page.url
    rows = page.locator("table.records tbody tr")
    assert rows.count() == 1 and rows.first.get_attribute("id") == ids[1]
    violations = [m for m in reported if "Content Security Policy" in m or "Refused to" in m]
    assert violations == []
