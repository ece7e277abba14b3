"""A test client that checks every answer against the served /openapi.json.

Each answer is looked up in the document by the route that served it, its status (or the
operation's ``default``) and its media type, and its JSON body is validated with
openapi-schema-validator's strict OAS 3.0 validator: the one a typed client's author reaches
for, which reads ``nullable`` only beside a ``type`` (OAS 3.0.3)."""

from __future__ import annotations

import json
import re
from typing import Any

from openapi_schema_validator import OAS30StrictValidator, oas30_strict_format_checker

# Each document served (its bytes), parsed, with the validators built for it so far.
_DOCUMENTS: dict[bytes, tuple[dict[str, Any], dict[tuple[str, str, str, str], Any]]] = {}


def openapi_path(rule: str) -> str:
    return re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule)


class CheckedClient:
    """Flask's test client whose every JSON answer must be one the document describes."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.client = app.test_client()
        served = self.client.get("/openapi.json")
        # Checking a schema and building its validator costs more than most tests' requests:
        # done once per document in a process, not once per test (the same app serves them).
        if served.data not in _DOCUMENTS:
            _DOCUMENTS[served.data] = (served.json, {})
        self.spec, self._validators = _DOCUMENTS[served.data]
        self.answered: set[tuple[str, str, str]] = set()

    def request(self, method: str, url: str, **kwargs: Any) -> Any:
        response = self.client.open(url, method=method, **kwargs)
        path = url.split("?", 1)[0]
        with self.app.test_request_context(path, method=method):
            from flask import request

            rule = request.url_rule
        assert rule is not None, f"{method} {path} matched no route"
        self.check(method.lower(), openapi_path(rule.rule), response)
        return response

    def get(self, url: str, **kwargs: Any) -> Any:
        return self.request("GET", url, **kwargs)

    def post(self, url: str, **kwargs: Any) -> Any:
        return self.request("POST", url, **kwargs)

    def put(self, url: str, **kwargs: Any) -> Any:
        return self.request("PUT", url, **kwargs)

    def delete(self, url: str, **kwargs: Any) -> Any:
        return self.request("DELETE", url, **kwargs)

    def _resolve(self, node: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in node:
            found: Any = self.spec
            for part in node["$ref"].lstrip("#/").split("/"):
                found = found[part]
            node = found
        return node

    def check(self, method: str, path: str, response: Any) -> None:
        operation = self.spec["paths"][path][method]
        status = str(response.status_code)
        documented = operation["responses"].get(status, operation["responses"].get("default"))
        assert documented is not None, f"{method.upper()} {path} answered {status}, undocumented"
        content = self._resolve(documented).get("content")
        self.answered.add((method, path, status))
        if not content:
            assert not response.data or status == "304", (method, path, status)
            return
        media = response.mimetype
        assert media in content, f"{method.upper()} {path} {status} answered {media}, " \
                                 f"documented {sorted(content)}"
        if not media.endswith("json"):
            return
        key = (method, path, status, media)
        if key not in self._validators:
            schema = {**content[media]["schema"], "components": self.spec["components"]}
            OAS30StrictValidator.check_schema(schema)
            self._validators[key] = OAS30StrictValidator(
                schema, format_checker=oas30_strict_format_checker)
        # NDJSON (a table's events): the schema is one line's, and every line is checked.
        docs = ([json.loads(line) for line in response.get_data(as_text=True).splitlines()]
                if media == "application/x-ndjson" else [response.get_json()])
        errors = sorted((e for doc in docs for e in self._validators[key].iter_errors(doc)),
                        key=lambda e: list(e.absolute_path))
        assert not errors, (f"{method.upper()} {path} {status}: " + "; ".join(
            f"/{'/'.join(map(str, e.absolute_path))}: {e.message[:300]}" for e in errors[:5]))
