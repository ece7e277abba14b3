"""The referee's pages through Flask's test client: status codes and what the page says."""

from __future__ import annotations

import copy
import html as htmllib
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.support import create_tournament, example_record


def _record(name: str) -> dict[str, Any]:
    return example_record(name)


def _text(response: Any) -> str:
    """The page's visible text, roughly: tags dropped, whitespace collapsed."""
    html = response.get_data(as_text=True)
    html = re.sub(r"<script.*?</script>", " ", html, flags=re.S)
    return htmllib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def test_home_offers_the_form_and_loads_nothing_from_elsewhere(client: Any) -> None:
    answer = client.get("/")
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    assert 'name="viewport"' in html
    for label in ("Record (JSON)", "upload a record file", "Profile, if the record names none",
                  "Language of the messages"):
        assert label in html
    assert "hk-standard" in html and "pusoy-dos" in html
    assert not re.search(r'(src|href)="(https?:)?//', html)
    for asset in re.findall(r'(?:src|href)="(/web-static/[^"]+)"', html):
        assert client.get(asset).status_code == 200


def test_replay_page_names_the_broken_rule(client: Any) -> None:
    answer = client.post("/replay", data={"record": json.dumps(_record("pusoy-wrong-turn")),
                                          "complete": "on", "lang": "en"})
    assert answer.status_code == 200
    text = _text(answer)
    # The page counts from 1 ("Seat 3" is hands[2]); the report's message says seat 2 (from 0).
    assert "WRONG_TURN" in text and "It is seat 3's turn, not seat 4's" in text
    assert "direction = counterclockwise" in text
    assert "/deals/0/moves/5" in text
    assert "Trick 2 · led by Seat 3" in text
    assert "Deal 1, move 6 (Seat 4)" in text


@pytest.mark.parametrize("body", [
    "", "   ", "{", "[]", '"text"', "42", '{"profile": 5, "deals": "x"}',
    '{"profile": "hk-standard", "deals": [{"hands": "x", "moves": 5}]}',
    '{"profile": "hk-standard", "deals": [{"hands": [["ZZ"]], "moves": [{"seat": 9}]}]}',
    '{"profile": {"extends": "nope"}, "deals": [{"hands": [], "moves": []}]}',
])
def test_malformed_input_is_shown_as_problems(client: Any, body: str) -> None:
    answer = client.post("/replay", data={"record": body})
    assert answer.status_code == 422
    text = _text(answer)
    assert "The record cannot be replayed" in text
    assert answer.get_data(as_text=True).count('class="pointer"') >= 1


def test_odd_but_readable_records_still_replay(client: Any) -> None:
    doc = copy.deepcopy(_record("hk-two-deals"))
    doc["players"] = ["Ana", "Ben"]  # PLAYER_COUNT for the names
    doc["deals"][1]["hands"][0] = doc["deals"][1]["hands"][0][:-1]  # HAND_SIZE: not checked
    answer = client.post("/replay", data={"record": json.dumps(doc)})
    assert answer.status_code == 200
    text = _text(answer)
    assert "PLAYER_COUNT" in text and "HAND_SIZE" in text and "not checked" in text
    assert "Seat 1" in text and "Ana" not in text  # names that do not fit the table are not used


def test_profile_is_picked_when_the_record_names_none(client: Any) -> None:
    doc = copy.deepcopy(_record("hk-two-deals"))
    del doc["profile"]
    missing = client.post("/replay", data={"record": json.dumps(doc)})
    assert missing.status_code == 422 and "/profile" in _text(missing)
    picked = client.post("/replay", data={"record": json.dumps(doc), "profile": "hk-standard",
                                          "complete": "on"})
    assert picked.status_code == 200 and "No broken rules" in _text(picked)
    # another preset scores the same game differently (casual: 1 point per card, penalty only)
    casual = client.post("/replay", data={"record": json.dumps(doc), "profile": "casual"})
    assert casual.status_code == 200 and "8 cards x1 = 8" in _text(casual)


def test_stored_profiles_are_offered(client: Any) -> None:
    created = client.post("/v1/profiles", json={"extends": "hk-standard", "name": "Club rules",
                                                "triples": False})
    if created.status_code == 404:
        pytest.skip("POST /v1/profiles is not mounted")
    assert created.status_code in (200, 201), created.get_data(as_text=True)
    pid = created.get_json()["id"]
    assert f'value="{pid}"' in client.get("/").get_data(as_text=True)


def test_file_upload_is_read(client: Any) -> None:
    data = {"file": (io.BytesIO(json.dumps(_record("hk-two-deals")).encode()), "game.json"),
            "record": "", "complete": "on"}
    answer = client.post("/replay", data=data, content_type="multipart/form-data")
    assert answer.status_code == 200
    text = _text(answer)
    assert "Totals" in text and "+25" in text and "−34" in text


def test_language_choice_renders_the_message(client: Any) -> None:
    answer = client.post("/replay?lang=de", data={"record": json.dumps(_record("pusoy-wrong-turn"))})
    html = answer.get_data(as_text=True)
    assert re.search(r'<span class="msg" data-lang="de" lang="de">Platz 3 ist dran, nicht Platz 4</span>', html)
    assert re.search(r'data-lang="en" lang="en" hidden>It is seat 3', html)


def _stored(client: Any) -> tuple[str, list[str]]:
    good = _record("hk-two-deals")
    broken = copy.deepcopy(good)
    broken["deals"][0]["moves"][9]["seat"] = 0
    if client.post("/v1/tournaments", json={}).status_code == 404:
        pytest.skip("the tournaments API is not mounted")
    return create_tournament(client, "Club night", "hk-standard", [good, broken])


def test_stored_record_replays_in_the_chosen_language(client: Any) -> None:
    tid, (good, broken) = _stored(client)
    answer = client.get(f"/records/{broken}?lang=it")
    assert answer.status_code == 200
    text = _text(answer)
    assert "Tocca al posto 4, non al posto 1" in text
    assert "Club night" in text
    assert client.get(f"/records/{good}").status_code == 200
    missing = client.get("/records/r-nothing")
    assert missing.status_code == 404 and "text/html" in missing.content_type


def test_tournament_page_lists_standings_and_records(client: Any) -> None:
    tid, (good, broken) = _stored(client)
    answer = client.get(f"/tournaments/{tid}")
    assert answer.status_code == 200
    text = _text(answer)
    assert "Club night" in text and "1 valid" in text and "1 invalid" in text
    assert re.search(r"1 Cai 2 1 \+25", text)
    assert f"/records/{good}" in answer.get_data(as_text=True)
    assert f"/v1/tournaments/{tid}/standings?format=csv" in answer.get_data(as_text=True)
    invalid = client.get(f"/tournaments/{tid}?show=invalid").get_data(as_text=True)
    assert f"/records/{broken}" in invalid and f"/records/{good}" not in invalid
    valid = client.get(f"/tournaments/{tid}?show=valid").get_data(as_text=True)
    assert f"/records/{good}" in valid and f"/records/{broken}" not in valid
    assert client.get("/tournaments/t-nothing").status_code == 404


GOLDEN = sorted((Path(__file__).resolve().parents[2] / "fixtures" / "golden").glob("*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_every_golden_record_gets_a_page(client: Any, path: Path) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    complete = doc.get("query", {}).get("complete", True)
    form = {"record": json.dumps(doc["record"]), **({"complete": "on"} if complete else {})}
    answer = client.post("/replay", data=form)
    assert answer.status_code in (200, 422)
    report = doc.get("report")
    if answer.status_code == 200 and report:
        text = _text(answer)
        for error in report.get("errors", []):
            assert error["code"] in text
            if error.get("move") is not None:
                assert f"/deals/{error['deal']}/moves/{error['move']}" in text


def test_a_record_over_the_size_limit_is_a_page_not_a_crash(tmp_path: Path) -> None:
    from app import create_app

    small = create_app({"TESTING": True, "BIGTWO_DB": str(tmp_path / "small.db"),
                        "MAX_CONTENT_LENGTH": 2000})
    answer = small.test_client().post("/replay", data={"record": "x" * 5000})
    assert answer.status_code == 413 and "text/html" in answer.content_type
    assert "larger than this service accepts (2,000 bytes)" in _text(answer)


def test_a_file_that_is_not_text_is_a_problem(client: Any) -> None:
    data = {"file": (io.BytesIO(b"\xff\xfe\x00garbage"), "game.json"), "record": ""}
    answer = client.post("/replay", data=data, content_type="multipart/form-data")
    assert answer.status_code == 422 and "not UTF-8 text" in _text(answer)


def test_replay_page_shows_partners_team_scores_and_the_revolution(client: Any) -> None:
    """Rules v2: the referee's view names the partners (000/004 2v2), the team scores, and
    the play that started a revolution (004)."""
    profile = {"extends": "hk-standard", "hand_size": 7, "revolution": "ranks",
               "teams": [[0, 2], [1, 3]], "match": {"max_deals": 1}}
    hands = ["3D 4C 4D 4H 4S 9C KC", "5C 5D 5H 5S 2S KD AH", "6C 6D 2H 7C 8C 9D TH",
             "3C 3H 9H TC JC QC KH"]
    moves = ("0:4C+4D+4H+4S+3D 1:- 2:- 3:- 0:9C 1:- 2:8C 3:- 0:- 1:- "
             "2:6C+6D 3:3C+3H 0:- 1:- 2:- 3:9H+TC+JC+QC+KH").split()
    doc = {"profile": profile, "players": ["Ana", "Ben", "Cai", "Dee"],
           "deals": [{"hands": [h.split() for h in hands],
                      "moves": [{"seat": int(m[0]), "pass": True} if m[2] == "-" else
                                {"seat": int(m[0]), "play": m[2:].split("+")} for m in moves]}]}
    answer = client.post("/replay", data={"record": json.dumps(doc)})
    page = answer.get_data(as_text=True)
    assert answer.status_code == 200
    assert "partners: <b>Ana &amp; Cai</b> against <b>Ben &amp; Dee</b>" in page
    assert page.count("revolution: rank order reversed") == 1
    assert "Team scores: Ana &amp; Cai" in page and "Team totals:" in page


def test_the_site_icon_is_served(client: Any) -> None:
    """/favicon.ico, asked for by every browser, is a 16 and 32 pixel icon (issue 24)."""
    import struct

    answer = client.get("/favicon.ico")
    assert answer.status_code == 200 and answer.mimetype == "image/vnd.microsoft.icon"
    reserved, kind, count = struct.unpack("<HHH", answer.data[:6])
    assert (reserved, kind, count) == (0, 1, 2)
    assert sorted(answer.data[6 + 16 * i] for i in range(count)) == [16, 32]
    assert "max-age" in answer.headers["Cache-Control"]
