"""One reading for every door: the same bytes get the same verdict from ``bigtwo validate -``,
from the API (as a client sends them, with their media type) and from the home page's form
(pasted, and uploaded under a name that says nothing), because all three ask
``bigtwo.formats.door``. Each row once disagreed somewhere (a game whose first line is
``deal 1`` was a score sheet to the pages; two byte-order marks were a broken game to the
command line) or pins a format the others must keep telling apart."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from bigtwo.cli.main import main
from bigtwo.rules.profiles import DEFAULT_RESOLVER
from bigtwo.rules.simulate import simulate

ROOT = Path(__file__).resolve().parents[2]
WRONG_TURN = (ROOT / "fixtures" / "notation" / "pusoy-wrong-turn.b2n").read_bytes()
BOM = "\ufeff".encode()


def _game(names: bool = True) -> str:
    from bigtwo.formats.notation.writer import write_record

    profile, _ = DEFAULT_RESOLVER.resolve("casual", "/profile")
    assert profile is not None
    [record] = simulate(profile, records=1, deals_per_record=1, seed=4, profile_ref="casual")
    text = write_record(record)
    if names:
        return text
    # The same game from its first deal line on, seats by number: its profile is the caller's.
    body = text[text.index("deal 1"):]
    for seat, name in enumerate(record["players"]):
        body = re.sub(rf"\b{name}\b", str(seat), body)
    return body


def _record() -> dict[str, Any]:
    from bigtwo.formats.door import read_text

    doc: dict[str, Any] = read_text(_game(), "notation").docs[0]
    return doc


NOTATION, JSON, CSV = "text/x-bigtwo", "application/json", "text/csv"
ROWS: list[tuple[str, bytes, str, str]] = [
    # (name, bytes, media type a client sends them as, the verdict)
    ("notation game", _game().encode(), NOTATION, "valid"),
    ("game opening on deal 1", _game(names=False).encode(), NOTATION, "valid"),
    ("two byte-order marks", BOM * 2 + _game().encode(), NOTATION, "valid"),
    ("three marks, a comment first", BOM * 3 + b"; a club night\n" + _game().encode(), NOTATION,
     "valid"),
    ("wrong turn", WRONG_TURN, NOTATION, "invalid"),
    ("unknown player", b"profile casual\nplayers Ana Ben Cai Dee\ndeal\nEve: 3D\n", NOTATION,
     "unreadable"),
    ("move before any deal", b"game\nx\n", NOTATION, "unreadable"),
    ("json record", json.dumps(_record(), indent=2).encode(), JSON, "valid"),
    ("json on one line", json.dumps(_record()).encode(), JSON, "valid"),
    ("json with a mark", BOM + json.dumps(_record(), indent=1).encode(), JSON, "valid"),
    ("not json", b'{"profile": ', JSON, "unreadable"),
    ("score sheet", b"deal,Ana,Ben,Cai,Dee\n1,0,5,2,9\n", CSV, "valid"),
    ("score sheet by semicolons", b"Deal;Ana;Ben;Cai;Dee\n1;0;5;2;9\n", CSV, "valid"),
    ("score sheet that cannot be right", b"deal,Ana,Ben,Cai,Dee\n1,0,0,2,9\n", CSV,
     "unreadable"),
]


def _cli(runner: Any, data: bytes) -> str:
    result = runner.invoke(main, ["validate", "-", "--profile", "casual"], input=data)
    return {0: "valid", 1: "invalid", 2: "unreadable"}[result.exit_code]


def _api(client: Any, data: bytes, media_type: str) -> str:
    answer = client.post("/v1/validate?profile=casual", data=data, content_type=media_type)
    if answer.status_code in (400, 422):  # not JSON (400), or not a record or a game (422)
        return "unreadable"
    assert answer.status_code == 200, answer.get_json()
    return "valid" if answer.get_json()["valid"] else "invalid"


def _page(answer: Any) -> str:
    if answer.status_code == 422:
        return "unreadable"
    assert answer.status_code == 200
    return "valid" if 'class="verdict good"' in answer.get_data(as_text=True) else "invalid"


def _pasted(client: Any, data: bytes) -> str:
    form = {"record": data.decode("utf-8"), "profile": "casual", "complete": "on", "lang": "en"}
    return _page(client.post("/replay", data=form))


def _uploaded(client: Any, data: bytes) -> str:
    form = {"record": "", "profile": "casual", "complete": "on", "lang": "en",
            "file": (io.BytesIO(data), "from-the-club")}
    return _page(client.post("/replay", data=form, content_type="multipart/form-data"))


@pytest.mark.parametrize(("name", "data", "media_type", "verdict"), ROWS,
                         ids=[row[0] for row in ROWS])
def test_the_same_bytes_get_the_same_verdict_at_every_door(
        runner: Any, client: Any, name: str, data: bytes, media_type: str, verdict: str) -> None:
    got = {"cli": _cli(runner, data), "api": _api(client, data, media_type),
           "pasted": _pasted(client, data), "uploaded": _uploaded(client, data)}
    assert got == dict.fromkeys(got, verdict), name


@pytest.mark.parametrize("marks", [1, 2, 5])
def test_every_leading_byte_order_mark_is_stripped_on_every_surface(
        runner: Any, client: Any, tmp_path: Path, marks: int) -> None:
    data = BOM * marks + _game().encode()
    path = tmp_path / "g.b2n"
    path.write_bytes(data)
    by_file = runner.invoke(main, ["validate", str(path)])
    assert by_file.exit_code == 0, by_file.output
    batch = client.post("/v1/validate/batch", data=data, content_type=NOTATION)
    assert [r["valid"] for r in batch.get_json()["reports"]] == [True]
    assert _cli(runner, data) == _api(client, data, NOTATION) == _pasted(client, data) == "valid"
