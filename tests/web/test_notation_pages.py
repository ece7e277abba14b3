"""Big Two notation on the pages: the home form takes a pasted (or uploaded .b2n) game, names
its problems by line and column, and every replay (pasted, shared, stored) downloads as the
notation's export form, which reads back to the same record."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from bigtwo.formats.notation.games import read_games
from tests.browser.support import example_record
from tests.web.test_pages import _text

ROOT = Path(__file__).resolve().parents[2]
GAME = (ROOT / "fixtures" / "notation" / "pusoy-wrong-turn.b2n").read_text(encoding="utf-8")


def _form(text: str, **extra: str) -> dict[str, Any]:
    return {"record": text, "complete": "on", "lang": "en", **extra}


def test_a_pasted_game_is_replayed_as_its_record(client: Any) -> None:
    by_text = _text(client.post("/replay", data=_form(GAME)))
    record = read_games(GAME)[0].doc
    by_json = _text(client.post("/replay", data=_form(json.dumps(record))))
    assert "WRONG_TURN" in by_text and by_text == by_json


def test_an_uploaded_b2n_file_is_read(client: Any) -> None:
    page = client.post("/replay", data={"record": "", "complete": "on", "lang": "en",
                                        "file": (io.BytesIO(GAME.encode()), "game.b2n")},
                       content_type="multipart/form-data")
    assert page.status_code == 200 and "WRONG_TURN" in _text(page)


def test_a_pasted_game_that_cannot_be_read_names_its_line(client: Any) -> None:
    page = client.post("/replay", data=_form("profile hk-standard\nplayers Ana Ben Cai Dee\n"
                                             "deal\nEve: 3D\n"))
    assert page.status_code == 422
    assert "4:1: Eve is not a player of this game" in _text(page)


def test_the_pasted_replay_downloads_in_notation(client: Any) -> None:
    record = example_record("hk-two-deals")
    page = client.post("/replay", data=_form(json.dumps(record))).get_data(as_text=True)
    assert 'id="notation-download"' in page and 'formaction="/replay/notation"' in page
    got = client.post("/replay/notation", data=_form(json.dumps(record)))
    assert got.status_code == 200 and got.mimetype == "text/x-bigtwo"
    assert got.headers["Content-Disposition"] == 'attachment; filename="game.b2n"'
    [game] = read_games(got.get_data(as_text=True))
    assert game.doc is not None and game.doc["players"] == record.get("players")


def test_a_shared_replay_downloads_in_notation(client: Any) -> None:
    shared = client.post("/replays", data=_form(GAME))
    assert shared.status_code == 303, _text(shared)
    rid = shared.headers["Location"].split("/")[2].split("?")[0]
    page = client.get(f"/replays/{rid}").get_data(as_text=True)
    assert f'href="/replays/{rid}/notation"' in page
    got = client.get(f"/replays/{rid}/notation")
    assert got.status_code == 200 and got.get_data(as_text=True).startswith("game\nprofile pusoy-dos")
    assert read_games(got.get_data(as_text=True))[0].doc == read_games(GAME)[0].doc
    assert client.get("/replays/rp-nothing/notation").status_code == 404
