"""Property tests from /openapi.json: no 5xx, and every response matches what is documented.

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
    case.call_and_validate(checks=CHECKS)
