"""Stateful fuzzing of the tournament flows with schemathesis (issue 10, "fuzz suite").

Schemathesis follows the OpenAPI links of POST /v1/tournaments (get it, upload records,
list them, standings) and of POST /v1/profiles, with generated bodies and parameters. This
state machine adds what the schema cannot say: the tournament's token on uploads, and now and
then a legal record (or a legal tournament request) in place of a generated one, so that
flows reach stored records and real standings, not only refusals.

Asserted on every step: no response of 500 or above; every error is an RFC 9457 problem
document; a request that fails leaves the store exactly as it was; and the documented
status codes, content types and response schemas hold.
"""

from __future__ import annotations

import sqlite3
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from app import create_app
from tests.fuzz.store_probe import snapshot
from tests.tournaments.helpers import broken, simulated

pytestmark = pytest.mark.slow

_DB = str(Path(tempfile.mkdtemp(prefix="bigtwo-fuzz-")) / "fuzz.db")
app = create_app({"TESTING": True, "BIGTWO_DB": _DB})
schema = schemathesis.openapi.from_wsgi("/openapi.json", app)

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance]
PROBLEM = "application/problem+json"
# Legal records to mix into the generated uploads: valid, broken (stored as invalid), and
# a two-record batch.
LEGAL = simulated(6, seed=11)
UPLOADS: list[Any] = [LEGAL[0], broken(LEGAL[1]), {"records": LEGAL[2:4]}, LEGAL[4],
                      {"records": [LEGAL[5], broken(LEGAL[0])]}]

BaseWorkflow: Any = schema.as_state_machine()
SEEN: Counter[tuple[str, str, int]] = Counter()  # (method, path template, status) answered


def empty_store() -> None:
    """Every scenario starts from an empty store, so that a scenario replayed by hypothesis
    meets the same state (a profile stored by an earlier one would turn a 201 into a 200)."""
    with sqlite3.connect(_DB) as conn:
        for table in ("records", "tournaments", "profiles"):
            conn.execute(f"DELETE FROM {table}")


class TournamentFlows(BaseWorkflow):  # type: ignore[misc, valid-type]
    def setup(self) -> None:
        empty_store()
        self.tokens: dict[str, str] = {}  # tournament id -> token
        self.steps = 0
        self.before: tuple[int, int, int, str] | None = None

    def before_call(self, case: Any) -> None:
        self.steps += 1
        route = (case.method.upper(), case.operation.path)
        if route == ("POST", "/v1/tournaments") and self.steps % 2:
            case.body = {"name": f"Fuzz night {self.steps}", "profile": "casual"}
        if route == ("POST", "/v1/tournaments/{tournament_id}/records"):
            token = self.tokens.get((case.path_parameters or {}).get("tournament_id", ""))
            # With the token known, the upload is authorised, and mostly a legal record:
            # which steps meet a known token follows the schema's generation, so a cadence
            # on both would let a change of the schema starve the flows of stored records.
            if token is not None:
                case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
                if self.steps % 4:
                    case.body = UPLOADS[self.steps % len(UPLOADS)]
                    case.media_type = "application/json"
        self.before = snapshot(_DB)

    def after_call(self, response: Any, case: Any) -> None:
        super().after_call(response, case)
        if (case.method.upper(), case.operation.path) == ("POST", "/v1/tournaments") \
                and response.status_code == 201:
            body = response.json()
            self.tokens[body["id"]] = body["token"]

    def validate_response(self, response: Any, case: Any, additional_checks: Any = None,
                          **kwargs: Any) -> None:
        status = response.status_code
        SEEN[case.method.upper(), case.operation.path, status] += 1
        where = f"{case.method} {case.formatted_path} -> {status}"
        assert status < 500, where
        if status >= 400:
            media = response.headers.get("content-type", [""])[0]
            assert media.startswith(PROBLEM), f"{where}: {media}"
            problem = response.json()
            assert problem["status"] == status and problem["title"] and problem["detail"], where
            assert snapshot(_DB) == self.before, f"{where}: a failed request changed the store"
        case.validate_response(response, checks=CHECKS, transport_kwargs=kwargs or None,
                               recorder=self.recorder)


def test_tournament_flows_statefully() -> None:
    TournamentFlows.run(settings=settings(
        max_examples=40, stateful_step_count=8, deadline=None, derandomize=True,
        suppress_health_check=list(HealthCheck)))
    # The flows did reach stored state: tournaments with records, not only refusals.
    reached = {(method, path) for method, path, status in SEEN if status < 300}
    assert {("POST", "/v1/tournaments"), ("POST", "/v1/tournaments/{tournament_id}/records"),
            ("GET", "/v1/tournaments/{tournament_id}/standings"),
            ("GET", "/v1/tournaments/{tournament_id}/records")} <= reached, SEEN
