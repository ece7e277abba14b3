"""The pages say how players are ranked and show the per-deal figure; the season page says
when nights are still being rated (pending)."""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo import limits
from tests.seasons.club import record


def tournament(client: Any, ranked_by: str | None = None) -> tuple[str, dict[str, str]]:
    body: dict[str, Any] = {"name": "Night", "profile": "casual"}
    if ranked_by:
        body["ranked_by"] = ranked_by
    made = client.post("/v1/tournaments", json=body).get_json()
    auth = {"Authorization": f"Bearer {made['token']}"}
    records = [record(["Ana", "Ben", "Cai", "Dee"], *([[0, 2, 3, 9]] * 5)),
               record(["Eve", "Fay", "Gus", "Hal"], [0, 1, 4, 8])]
    assert client.post(f"/v1/tournaments/{made['id']}/records", json={"records": records},
                       headers=auth).status_code == 201
    return made["id"], auth


@pytest.mark.parametrize(("ranked_by", "lang", "note", "column"), [
    (None, "en", "Ranked by points per deal played", "Per deal"),
    (None, "de", "Gereiht nach Punkten pro gespielter Partie", "Pro Partie"),
    ("points", "en", "Ranked by total points", "Per deal"),
    ("points", "zh_Hans", "按总分排名", "每局平均"),
])
def test_the_tournament_page_says_how_it_ranks(client: Any, ranked_by: str | None, lang: str,
                                               note: str, column: str) -> None:
    tid, _ = tournament(client, ranked_by)
    page = client.get(f"/tournaments/{tid}?lang={lang}").get_data(as_text=True)
    assert note in page and column in page
    # Ana's -45 in 5 deals is -9 per deal: shown beside the total.
    assert "−9" in page or "-9" in page


def test_the_season_page_says_nights_are_still_being_rated(client: Any,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    created = client.post("/v1/seasons", json={"name": "S", "profile": "casual"}).get_json()
    auth = {"Authorization": f"Bearer {created['token']}"}
    for _ in range(2):
        tid, _ = tournament(client)
        client.post(f"/v1/seasons/{created['id']}/tournaments", json={"tournament": tid},
                    headers=auth)
    monkeypatch.setattr(limits, "SEASON_REFRESH_RECORDS", 1)
    page = client.get(f"/seasons/{created['id']}?lang=en").get_data(as_text=True)
    assert "are still being rated" in page and "Each night ranks its players" in page
    body = client.get(f"/v1/seasons/{created['id']}/standings").get_json()
    assert "pending" not in body  # the second visit rated the rest
    page = client.get(f"/seasons/{created['id']}?lang=it").get_data(as_text=True)
    assert "ancora in valutazione" not in page and "Ogni serata" in page
