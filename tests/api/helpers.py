"""Shared by the HTTP API tests: the spec's worked examples and response-shape checks."""

from __future__ import annotations

import copy
from typing import Any

from marshmallow import Schema

from tests.conftest import EXAMPLES, load_json

PROBLEM = "application/problem+json"


def example(name: str) -> dict[str, Any]:
    return load_json(EXAMPLES / f"{name}.json")


def record(name: str) -> dict[str, Any]:
    return copy.deepcopy(example(name)["record"])


def conforms(schema: type[Schema], body: Any) -> None:
    """The body has the documented shape: the schema loads it without complaint."""
    errors = schema().validate(body)
    assert errors == {}, errors


def assert_problem(response: Any, status: int) -> dict[str, Any]:
    from schemas.problems import ProblemSchema

    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == PROBLEM
    doc: dict[str, Any] = response.get_json(force=True)
    conforms(ProblemSchema, doc)
    assert doc["status"] == status
    assert "Traceback" not in response.get_data(as_text=True)
    return doc


def pointers(doc: dict[str, Any]) -> list[str]:
    return [e["pointer"] for e in doc.get("errors", [])]
