"""Property tests from /openapi.json: no 5xx, every response matches what is documented, every
error is a problem document, and a request that fails changes nothing stored.

Run in-process against the WSGI app with a bounded number of examples per operation, so it
stays a CI-sized test (marked slow: ``-m "not slow"`` skips it for a quick loop).
"""

from __future__ import annotations

import tempfile
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

_DB = Path(tempfile.mkdtemp(prefix="bigtwo-schemathesis-")) / "test.db"
app = create_app({"TESTING": True, "BIGTWO_DB": str(_DB)})
# Every documented operation, the stored (tournament) ones included: most of their cases are
# refused (no token, unknown id), which exercises the problem documents too.
schema = schemathesis.openapi.from_wsgi("/openapi.json", app)

CHECKS = (not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance)


@pytest.mark.slow
@schema.parametrize()
@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_api_conforms_to_its_document(case: Any) -> None:
    before = snapshot(str(_DB))
    response = case.call()
    case.validate_response(response, checks=CHECKS)
    if response.status_code >= 400:
        assert response.headers["content-type"][0].startswith("application/problem+json")
        problem = response.json()
        assert problem["status"] == response.status_code and problem["detail"]
        assert snapshot(str(_DB)) == before, "a failed request changed the store"
