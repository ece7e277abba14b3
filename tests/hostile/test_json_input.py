"""Classes 1-3 of issue 10 on every way JSON comes in: each JSON endpoint, the /replay page
(pasted and uploaded), and the CLI. Each hostile text is a 400 problem (a 422 page, exit 2 on
the CLI) naming the rule it broke, and nothing of it is stored. A store that already holds a
non-finite number (written before these checks) still answers every read."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bigtwo import limits
from bigtwo.formats import jsonin
from tests.tournaments.helpers import simulated

PROBLEM = "application/problem+json"


def _record() -> dict[str, Any]:
    return simulated(1, seed=7)[0]


def _text(doc: Any) -> str:
    return json.dumps(doc)


DEEP = "[" * 5000 + "]" * 5000
# (name, body text or bytes, the jsonin code it must be refused with)
HOSTILE: list[tuple[str, str | bytes, str]] = [
    ("deep array", DEEP, jsonin.TOO_DEEP),
    ("deep in meta", _text({**_record(), "meta": {}}).replace('"meta": {}', '"meta": ' + DEEP),
     jsonin.TOO_DEEP),
    ("depth limit + 1", "[" * (limits.MAX_JSON_DEPTH + 1) + "]" * (limits.MAX_JSON_DEPTH + 1),
     jsonin.TOO_DEEP),
    ("NaN in meta", _text({**_record(), "meta": {"x": 1}}).replace('"x": 1', '"x": NaN'),
     jsonin.NON_FINITE),
    ("Infinity", _text({**_record(), "meta": {"x": 1}}).replace('"x": 1', '"x": Infinity'),
     jsonin.NON_FINITE),
    ("-Infinity", _text({**_record(), "meta": {"x": 1}}).replace('"x": 1', '"x": -Infinity'),
     jsonin.NON_FINITE),
    ("1e309", _text({**_record(), "meta": {"x": 1}}).replace('"x": 1', '"x": 1e309'),
     jsonin.NON_FINITE),
    ("surrogate key", _text({**_record(), "meta": {"x": 1}}).replace('"x"', '"\\ud800"'),
     jsonin.LONE_SURROGATE),
    ("surrogate player", _text({**_record(), "players": ["A", "B", "C", "D"]})
     .replace('"A"', '"\\ud800"'), jsonin.LONE_SURROGATE),
    ("surrogate meta", _text({**_record(), "meta": {"x": "ok"}}).replace('"ok"', '"\\udc80"'),
     jsonin.LONE_SURROGATE),
    ("surrogate profile id", _text({**_record(), "profile": "casual"})
     .replace('"casual"', '"p-\\ud800"'), jsonin.LONE_SURROGATE),
    ("surrogate name", '{"name": "\\ud800", "profile": "casual"}', jsonin.LONE_SURROGATE),
    ("raw ED A0 80", _text({**_record(), "meta": {"x": "ok"}}).encode()
     .replace(b'"ok"', b'"\xed\xa0\x80"'), jsonin.INVALID_UTF8),
]

ENDPOINTS = ["/v1/validate", "/v1/validate/batch", "/v1/next", "/v1/combinations/evaluate",
             "/v1/profiles", "/v1/deals", "/v1/tournaments", "TOURNAMENT/records"]


def store_counts(app: Any) -> tuple[int, ...]:
    with sqlite3.connect(app.config["BIGTWO_DB"]) as conn:
        return tuple(conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
                     for t in ("profiles", "tournaments", "records"))


@pytest.fixture
def upload_target(client: Any) -> tuple[str, dict[str, str]]:
    made = client.post("/v1/tournaments", json={"name": "Night", "profile": "casual"}).get_json()
    return f"/v1/tournaments/{made['id']}", {"Authorization": f"Bearer {made['token']}"}


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_every_json_endpoint_refuses_every_hostile_text(app: Any, client: Any, endpoint: str,
                                                        upload_target: Any) -> None:
    base, auth = upload_target
    path = endpoint.replace("TOURNAMENT", base)
    before = store_counts(app)
    for name, body, code in HOSTILE:
        response = client.post(path, data=body, content_type="application/json", headers=auth)
        assert response.status_code == 400, (name, response.get_data()[:200])
        assert response.mimetype == PROBLEM
        problem = response.get_json()
        assert problem["code"] == code, name
        assert problem["type"].endswith("/json-" + code), name
        if code == jsonin.TOO_DEEP:
            assert problem["limit"] == {"name": "MAX_JSON_DEPTH", "value": limits.MAX_JSON_DEPTH}
        if code == jsonin.LONE_SURROGATE:
            assert problem["errors"][0]["pointer"].startswith("/")
    assert store_counts(app) == before


@pytest.mark.parametrize(("name", "body", "code"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_the_replay_page_refuses_pasted_and_uploaded_hostile_records(client: Any, name: str,
                                                                     body: Any, code: str) -> None:
    import io

    raw = body if isinstance(body, bytes) else body.encode()
    if not isinstance(body, bytes):
        pasted = client.post("/replay", data={"record": body, "profile": ""})
        assert pasted.status_code == 422 and pasted.mimetype == "text/html", name
    uploaded = client.post("/replay", data={"file": (io.BytesIO(raw), "record.json")},
                           content_type="multipart/form-data")
    assert uploaded.status_code == 422 and uploaded.mimetype == "text/html", name
    assert b"Traceback" not in uploaded.get_data()


@pytest.mark.parametrize(("name", "body", "code"), HOSTILE[:8], ids=[h[0] for h in HOSTILE[:8]])
def test_the_cli_refuses_hostile_files_with_exit_2(tmp_path: Path, monkeypatch: Any, name: str,
                                                   body: Any, code: str) -> None:
    from bigtwo.cli.main import EXIT_UNREADABLE, main

    monkeypatch.setenv("BIGTWO_DB", str(tmp_path / "none.db"))
    path = tmp_path / "record.json"
    path.write_bytes(body if isinstance(body, bytes) else body.encode())
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == EXIT_UNREADABLE, (name, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_store_holding_a_nan_from_before_still_answers_every_read(app: Any, client: Any,
                                                                    upload_target: Any) -> None:
    base, auth = upload_target
    uploaded = client.post(base + "/records", json=_record(), headers=auth).get_json()
    # As an older version stored it: Python's json writes NaN, which SQLite's JSON refuses.
    with sqlite3.connect(app.config["BIGTWO_DB"]) as conn:
        conn.execute("UPDATE records SET record = '{\"meta\":{\"x\":NaN,\"y\":Infinity},' "
                     "|| substr(record, 2) WHERE id = ?", [uploaded["id"]])
    tid = base.rsplit("/", 1)[1]
    for path in (base, base + "/standings", base + "/standings?format=csv", base + "/records",
                 f"/v1/records/{uploaded['id']}", f"/tournaments/{tid}",
                 f"/records/{uploaded['id']}"):
        response = client.get(path)
        assert response.status_code == 200, (path, response.get_data()[:300])
        text = response.get_data(as_text=True)
        assert "NaN" not in text and "Infinity" not in text, path
    stored = client.get(f"/v1/records/{uploaded['id']}").get_json()
    assert stored["record"]["meta"] == {"x": None, "y": None}
    assert client.get(base + "/standings").get_json()["records"] == 1


def test_migration_5_repairs_rows_that_hold_a_nan(app: Any, client: Any, upload_target: Any,
                                                  tmp_path: Path) -> None:
    from app import create_app

    base, auth = upload_target
    uploaded = client.post(base + "/records", json=_record(), headers=auth).get_json()
    with sqlite3.connect(app.config["BIGTWO_DB"]) as conn:
        conn.execute("UPDATE records SET record = '{\"meta\":{\"x\":NaN},' || substr(record, 2) "
                     "WHERE id = ?", [uploaded["id"]])
        conn.execute("PRAGMA user_version = 4")  # as a store from before the repair
    create_app({"TESTING": True, "BIGTWO_DB": app.config["BIGTWO_DB"]})  # migrates on start
    with sqlite3.connect(app.config["BIGTWO_DB"]) as conn:
        valid, meta = conn.execute("SELECT json_valid(record), json_extract(record, '$.meta') "
                                   "FROM records WHERE id = ?", [uploaded["id"]]).fetchone()
    assert (valid, json.loads(meta)) == (1, {"x": None})


def test_a_token_the_server_could_not_decode_is_a_401(client: Any, upload_target: Any) -> None:
    base, _ = upload_target
    for token in ("\udcff\udcfe", "ÿÿ", "b2t_" + "\u2603" * 10):
        answer = client.post(base + "/records", json=_record(),
                             headers={"Authorization": f"Bearer {token}"})
        assert answer.status_code == 401 and answer.mimetype == PROBLEM, token


@pytest.mark.parametrize(("body", "charset", "status", "type_"), [
    # UTF-7 can spell a lone \ud800; rot13 is no text encoding: neither is accepted (issue 19).
    (b"deal,A+2AA-,Ben,Cai,Dee\n1,0,5,2,9\n", "utf-7", 415, "/unsupported-charset"),
    (b"deal,A\xed\xa0\x80,Ben,Cai,Dee\n1,0,5,2,9\n", "utf-8", 400, "/invalid-csv"),
    (b"deal,Ana,Ben,Cai,Dee\n1,0,5,2,9\n", "rot13", 415, "/unsupported-charset"),
    (b"\xff\xfed\x00\x00\xd8", "utf-16", 400, "/invalid-csv"),  # a lone surrogate in UTF-16
])
def test_score_sheets_in_any_charset_are_held_to_the_same_text_rules(
        app: Any, client: Any, upload_target: Any, body: bytes, charset: str, status: int,
        type_: str) -> None:
    base, auth = upload_target
    before = store_counts(app)
    for path, headers in (("/v1/validate?profile=casual", {}), (base + "/records", auth)):
        answer = client.post(path, data=body, content_type=f"text/csv; charset={charset}",
                             headers=headers)
        assert answer.status_code == status and answer.mimetype == PROBLEM, answer.get_data()[:200]
        assert answer.get_json()["type"].endswith(type_)
    assert store_counts(app) == before
