"""Hypothesis state machine: tournaments driven with hostile requests (issue 10, fuzz suite).

Where the schemathesis suite (test_stateful_api.py) generates what the schema describes, this
one aims at the attack classes: legal records with one hostile part (a non-finite number, a
lone surrogate, deep nesting, a 21-digit integer, a value of the wrong type, an unknown key),
wrong and missing tokens, and hostile query strings on the API and the pages, interleaved with
legal uploads and reads. After every request: no status of 500 or above; every API error is
a problem document; and a request that fails leaves the store exactly as it was.
"""

from __future__ import annotations

import copy
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import Bundle, RuleBasedStateMachine, initialize, invariant, rule

from app import create_app
from tests.conftest import fresh_store
from tests.fuzz.store_probe import snapshot
from tests.tournaments.helpers import broken, simulated

pytestmark = pytest.mark.slow

PROBLEM = "application/problem+json"
LEGAL = simulated(4, seed=23)
HOLE = '"__hostile__"'
# Raw JSON texts no honest client sends: each must be refused wherever it appears.
HOSTILE_TEXTS = ["NaN", "Infinity", "-Infinity", "1e309", "-1e999", '"\\ud800"', '"a\\udfffb"',
                 '{"\\udbff": 1}', "[" * 70 + "]" * 70, "1" * 25, '"\\u0000"', "[]", "{}",
                 "true", "null", "-0", "1.5", '"12"']
# Refused by the decoder wherever they stand (400); the rest are valid JSON of the wrong kind.
REFUSED = set(HOSTILE_TEXTS[:10])
WRONG_TYPES = ["1", 1.0, True, None, [1], {"seat": 1}, -1, 2**64]
QUERY_JUNK = ["%C2%B2", "99999999999999999999", "-1", "0", "%D9%A1%D9%A2", "1.5", "%ED%A0%80",
              "%00", "1_0", "+1", " 1", "abc", ""]


_APP: list[Any] = []


class HostileFlows(RuleBasedStateMachine):
    tournaments = Bundle("tournaments")
    records = Bundle("records")

    def __init__(self) -> None:
        super().__init__()
        self.db = str(Path(tempfile.mkdtemp(prefix="bigtwo-hostile-")) / "fuzz.db")
        # One app for every run of the machine (creating one costs about 70 ms of CPU), each
        # run on a fresh store of its own: the app reads its store's path per request.
        if not _APP:
            _APP.append(create_app({"TESTING": True, "BIGTWO_DB": self.db}))
        else:
            fresh_store(self.db)
        self.app = _APP[0]
        self.app.config["BIGTWO_DB"] = self.db
        self.client = self.app.test_client()

    def send(self, method: str, path: str, *, page: bool = False, **kwargs: Any) -> Any:
        before = snapshot(self.db)
        response = self.client.open(path, method=method, **kwargs)
        status = response.status_code
        assert status < 500, (method, path, response.get_data()[:300])
        if status >= 400:
            if not page:
                assert response.mimetype == PROBLEM, (method, path, response.mimetype)
                problem = response.get_json()
                assert problem["status"] == status and problem["detail"]
            assert snapshot(self.db) == before, f"{method} {path} -> {status} changed the store"
        return response

    @initialize(target=tournaments)
    def first_tournament(self) -> tuple[str, str]:
        body = self.send("POST", "/v1/tournaments", json={"name": "Night", "profile": "casual"})
        made = body.get_json()
        return made["id"], made["token"]

    @rule(target=tournaments, name=st.sampled_from(["Club", "", " ", "x" * 201, "\\ud800"]),
          hostile=st.sampled_from(HOSTILE_TEXTS))
    def create_tournament(self, name: str, hostile: str) -> tuple[str, str]:
        text = json.dumps({"name": name or "Club", "profile": "casual", "x": "__hostile__"})
        text = text.replace(HOLE, hostile).replace('"\\\\ud800"', '"\\ud800"')
        self.send("POST", "/v1/tournaments", data=text, content_type="application/json")
        made = self.send("POST", "/v1/tournaments", json={"name": "Spare", "profile": "casual"})
        body = made.get_json()
        return body["id"], body["token"]

    @rule(target=records, t=tournaments, which=st.integers(0, len(LEGAL) - 1),
          broken_rule=st.booleans())
    def upload_legal(self, t: tuple[str, str], which: int, broken_rule: bool) -> str:
        record = broken(LEGAL[which]) if broken_rule else LEGAL[which]
        answer = self.send("POST", f"/v1/tournaments/{t[0]}/records", json=record,
                           headers={"Authorization": f"Bearer {t[1]}"})
        assert answer.status_code in (200, 201)
        return str(answer.get_json()["id"])

    @rule(t=tournaments, which=st.integers(0, len(LEGAL) - 1), data=st.data())
    def upload_hostile(self, t: tuple[str, str], which: int, data: st.DataObject) -> None:
        record = copy.deepcopy(LEGAL[which])
        hostile = ""
        where = data.draw(st.sampled_from(["meta", "players", "key", "seat", "deal", "batch"]))
        if where == "seat":
            record["deals"][0]["moves"][0]["seat"] = data.draw(st.sampled_from(WRONG_TYPES))
            text = json.dumps(record)
        else:
            if where == "meta":
                record["meta"] = {"note": "__hostile__"}
            elif where == "players":
                record["players"] = ["Ana", "Ben", "__hostile__", "Dee"]
            elif where == "key":
                record["__hostile__"] = 1
            elif where == "deal":
                record["deals"][0]["deal_code"] = "__hostile__"
            text = json.dumps({"records": [LEGAL[0], record]} if where == "batch" else record)
            if where == "batch":
                text = text.replace('"profile": "casual"', '"profile": ' + HOLE, 1)
            hostile = data.draw(st.sampled_from(HOSTILE_TEXTS))
            text = text.replace(HOLE, hostile)
        token = data.draw(st.sampled_from([t[1], t[1] + "x", "", "b2t_nope"]))
        answer = self.send("POST", f"/v1/tournaments/{t[0]}/records", data=text,
                           content_type="application/json",
                           headers={"Authorization": f"Bearer {token}"} if token else {})
        if token != t[1]:
            assert answer.status_code in (401, 403)
        elif hostile in REFUSED:
            assert answer.status_code == 400, (where, hostile, answer.get_json())
        elif where == "seat":
            assert answer.status_code == 422, (where, answer.get_json())

    @rule(t=tournaments, junk=st.sampled_from(QUERY_JUNK),
          param=st.sampled_from(["limit", "offset", "valid", "format", "lang"]))
    def read_api(self, t: tuple[str, str], junk: str, param: str) -> None:
        for path in (f"/v1/tournaments/{t[0]}", f"/v1/tournaments/{t[0]}/records",
                     f"/v1/tournaments/{t[0]}/standings"):
            self.send("GET", f"{path}?{param}={junk}")
        assert self.send("GET", f"/v1/tournaments/{t[0]}/standings?format=csv").status_code == 200

    @rule(t=tournaments, junk=st.sampled_from(QUERY_JUNK))
    def read_pages(self, t: tuple[str, str], junk: str) -> None:
        answer = self.send("GET", f"/tournaments/{t[0]}?page={junk}", page=True)
        assert answer.status_code in (200, 400)
        self.send("GET", f"/tournaments/{t[0]}?show={junk}&lang={junk}", page=True)

    @rule(rid=records, junk=st.sampled_from(QUERY_JUNK))
    def read_record(self, rid: str, junk: str) -> None:
        assert self.send("GET", f"/v1/records/{rid}?lang=en").status_code == 200
        assert self.send("GET", f"/records/{rid}?page={junk}", page=True).status_code == 200

    @invariant()
    def standings_always_answer(self) -> None:
        for tid in self._tournament_ids():
            assert self.client.get(f"/v1/tournaments/{tid}/standings").status_code == 200

    def _tournament_ids(self) -> list[str]:
        import sqlite3

        with sqlite3.connect(self.db) as conn:
            return [row[0] for row in conn.execute("SELECT id FROM tournaments LIMIT 5")]


HostileFlows.TestCase.settings = settings(
    max_examples=25, stateful_step_count=10, deadline=None, derandomize=True,
    suppress_health_check=list(HealthCheck))
test_hostile_tournament_flows = HostileFlows.TestCase
