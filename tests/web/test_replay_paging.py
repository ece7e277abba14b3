"""The replay page shows a long record a page at a time (issue 10, class 6): its size follows
one page, not the record, and moves that were never replayed are counted, not listed."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urlencode

import pytest

from bigtwo import limits
from tests.hostile.costly import huge_hand_record, long_match

FORM = "application/x-www-form-urlencoded"


def replay(client: Any, record: Any, **fields: Any) -> Any:
    text = json.dumps(record, separators=(",", ":"))
    return client.post("/replay", data=urlencode({"record": text, "profile": "", **fields}),
                       content_type=FORM)


def shown_deals(response: Any) -> list[int]:
    return [int(i) for i in re.findall(r'<section class="deal" id="deal-(\d+)"',
                                       response.get_data(as_text=True))]


def page_bytes(response: Any) -> int:
    """The page without the echo of the submitted record (a hidden field for navigation)."""
    html = response.get_data(as_text=True)
    return len(re.sub(r'<input type="hidden" name="record" value="[^"]*">', "", html).encode())


@pytest.fixture(scope="module")
def match() -> dict[str, Any]:
    return long_match(1 << 20)


def test_a_long_match_is_shown_a_page_at_a_time(client: Any, match: dict[str, Any]) -> None:
    first = replay(client, match)
    assert first.status_code == 200
    deals = shown_deals(first)
    assert deals and deals[0] == 0 and len(deals) < len(match["deals"])
    text = first.get_data(as_text=True)
    assert f"of {len(match['deals'])} (page 1 of" in text
    # Bounded output: one page of deals, whatever the record's length.
    assert page_bytes(first) < 400_000  # all of it rendered at once: 11.6 MB
    second = replay(client, match, page="2")
    assert shown_deals(second)[0] == deals[-1] + 1
    # The totals are the record's; the columns beside them the page's deals.
    assert text.count('<th scope="col" class="num">Deal ') == len(deals)


@pytest.mark.parametrize("page", ["0", "-1", "99999999999999999999", "²", "x", "1e3"])
def test_odd_page_numbers_show_a_page(client: Any, match: dict[str, Any], page: str) -> None:
    answer = replay(client, match, page=page)
    assert answer.status_code == 200 and shown_deals(answer)


def test_a_page_past_the_end_shows_the_last(client: Any, match: dict[str, Any]) -> None:
    answer = replay(client, match, page="999")
    assert shown_deals(answer)[-1] == len(match["deals"]) - 1


def test_moves_after_a_broken_rule_are_counted_not_listed(client: Any) -> None:
    record = huge_hand_record(1)
    deal = record["deals"][0]
    # The second move is out of turn; 990 more moves follow that are never replayed.
    deal["moves"] = [{"seat": 0, "play": ["3D"]}, {"seat": 0, "play": ["4D"]}] + [
        {"seat": i % 2, "play": ["5D", "6D", "7D", "8D", "9D"]} for i in range(990)]
    answer = replay(client, record)
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    listed = len(re.findall(r'<li id="d0-m\d+"', html))
    assert listed == 2 + limits.REPLAY_UNREPLAYED_SHOWN
    assert f"and {990 - limits.REPLAY_UNREPLAYED_SHOWN} more moves that were not replayed" in html


def test_a_broken_rule_on_a_later_page_is_one_click_away(client: Any, match: dict[str, Any]) -> None:
    broken = json.loads(json.dumps(match))
    last = broken["deals"][-1]["moves"]
    last[1]["seat"] = (last[1]["seat"] + 2) % 4
    answer = replay(client, broken)
    html = answer.get_data(as_text=True)
    button = re.search(r'<button type="submit" form="nav" name="page" value="(\d+)" '
                       r'formaction="[^"]*#d(\d+)-m1" id="step-broken"', html)
    assert button is not None, "the broken-rule button leads to the page of the broken deal"
    target = replay(client, broken, page=button.group(1))
    assert int(button.group(2)) in shown_deals(target)
    assert 'id="step-broken" class="danger">Go to the broken rule</button>' in target.get_data(as_text=True)


def test_a_stored_record_is_paged_too(client: Any) -> None:
    from tests.hostile.costly import HUGE_HAND_PROFILE

    created = client.post("/v1/tournaments", json={"name": "t", "profile": HUGE_HAND_PROFILE}).json
    record = huge_hand_record(limits.MAX_DEALS_PER_RECORD)
    record.pop("profile")
    stored = client.post(f"/v1/tournaments/{created['id']}/records", json=record,
                         headers={"Authorization": f"Bearer {created['token']}"})
    rid = stored.json["id"]
    first = client.get(f"/records/{rid}")
    later = client.get(f"/records/{rid}?page=3&lang=de")
    assert first.status_code == later.status_code == 200
    assert shown_deals(first)[0] == 0 and shown_deals(later)[0] > shown_deals(first)[-1]
    assert len(first.get_data()) < 400_000
