"""The Share button and the shared replay's page (app/web/shared.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bigtwo import limits
from tests.browser.support import create_tournament, example_record
from tests.web.test_pages import _text

SHEET = Path(__file__).resolve().parents[2] / "fixtures" / "sheets" / "club-night.csv"


def _form(record: Any, **extra: str) -> dict[str, str]:
    text = record if isinstance(record, str) else json.dumps(record)
    return {"record": text, "complete": "on", "lang": "en", **extra}


def test_the_replay_page_offers_share_through_its_own_form(client: Any) -> None:
    html = client.post("/replay", data=_form(example_record("hk-two-deals"))).get_data(as_text=True)
    assert 'id="share-button"' in html and 'form="nav" formaction="/replays"' in html
    assert html.count('name="record"') == 1  # the record is not written into the page twice


def test_share_redirects_to_the_link_that_shows_the_same_replay(client: Any) -> None:
    record = example_record("pusoy-wrong-turn")
    shown = _text(client.post("/replay", data=_form(record)))
    shared = client.post("/replays", data=_form(record, lang="de"))
    assert shared.status_code == 303
    link = shared.headers["Location"]
    assert link.startswith("/replays/rp-") and link.endswith("?lang=de")
    again = client.post("/replays", data=_form(record, lang="de"))
    assert again.headers["Location"] == link  # content-addressed: one record, one link
    page = client.get(link.replace("lang=de", "lang=en"))
    assert page.status_code == 200
    text = _text(page)
    rid = link.split("/")[2].split("?")[0]
    # Relative to the root (the page's script completes it): never built from the Host.
    assert f"Shared replay {rid}" in text and f'value="/replays/{rid}"' in page.get_data(as_text=True)
    for words in ("WRONG_TURN", "It is seat 3's turn, not seat 4's", "Deal 1"):
        assert words in shown and words in text
    assert 'id="share-button"' not in page.get_data(as_text=True)


def test_a_shared_page_pages_and_changes_language_by_get(client: Any) -> None:
    link = client.post("/replays", data=_form(example_record("hk-two-deals"))).headers["Location"]
    page = client.get(link.split("?")[0] + "?lang=it")
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and 'method="get"' in html and "Partita condivisa" in html
    assert 'id="match-chart"' in html


def test_a_score_sheet_is_shared_as_its_record(client: Any) -> None:
    text = SHEET.read_text(encoding="utf-8")
    answer = client.post("/replays", data=_form(text, profile="hk-standard"))
    assert answer.status_code == 303
    rid = answer.headers["Location"].split("/")[2].split("?")[0]
    stored = client.get(f"/v1/replays/{rid}").get_json()
    assert stored["record"]["profile"] == "hk-standard"
    assert stored["record"]["players"] == ["Ana", "Ben", "Cai", "Dee"]
    assert client.get(f"/replays/{rid}").status_code == 200


@pytest.mark.parametrize(("record", "profile", "words"), [
    ("", "", "paste a record"),
    ("{not json", "", "JSON"),
    ({"deals": []}, "", "profile"),
    (SHEET.read_text(encoding="utf-8"), "", "profile"),
])
def test_what_cannot_be_replayed_is_not_shared(client: Any, record: Any, profile: str,
                                               words: str) -> None:
    answer = client.post("/replays", data=_form(record, profile=profile))
    assert answer.status_code == 422 and words in _text(answer)


def test_a_full_store_says_so(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_SHARED_REPLAYS", 0)
    answer = client.post("/replays", data=_form(example_record("hk-two-deals")))
    assert answer.status_code == 507 and "as many shared replays as it keeps" in _text(answer)


def test_an_unknown_link_is_the_404_page(client: Any) -> None:
    answer = client.get("/replays/rp-000000000000000000000000")
    assert answer.status_code == 404 and answer.mimetype == "text/html"


def test_stored_tournament_records_have_their_own_link_and_no_share(client: Any) -> None:
    _, ids = create_tournament(client, "T", "hk-standard", [example_record("hk-two-deals")])
    assert 'id="share-button"' not in client.get(f"/records/{ids[0]}").get_data(as_text=True)
