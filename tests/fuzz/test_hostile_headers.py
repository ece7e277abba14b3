"""Fuzzing the request line and headers (issue 19): charsets, methods and hosts.

- Any ``charset=`` on any endpoint that reads a body: an accepted one is never a 415, any
  other is a 415 problem, and nothing is a 500 (every Python codec name and alias is tried,
  since those are what a decoder would have looked up).
- Any method gunicorn lets through (``[A-Z_-]{3,20}``) on any path: never a 500, and the
  metrics' labels stay within their fixed sets however many were invented.
- Any Host header and any path with doubled slashes: never a redirect, never a Location,
  and with BIGTWO_TRUSTED_HOSTS set only the listed hosts are answered.
"""

from __future__ import annotations

import encodings.aliases
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.http import parse_options_header

from app import create_app
from app.headers import host_allowed, host_name
from app.metrics import METHODS, REQUESTS, STATUSES
from bigtwo.formats import jsonin

pytestmark = pytest.mark.slow

PROBLEM = "application/problem+json"
CODECS = sorted(set(encodings.aliases.aliases) | set(encodings.aliases.aliases.values()))
SHEET = b"deal,Ana,Ben,Cai,Dee\n1,0,5,2,9\n"
FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


@pytest.fixture(scope="module")
def app() -> Any:
    made = create_app({"TESTING": True,
                       "BIGTWO_DB": str(Path(tempfile.mkdtemp(prefix="bigtwo-fuzz-")) / "f.db")})
    client = made.test_client()
    body = client.post("/v1/tournaments", json={"name": "Fuzz", "profile": "casual"}).get_json()
    made.config["FUZZ_TOURNAMENT"] = body["id"], body["token"]
    return made


charsets = st.one_of(st.sampled_from(CODECS), st.sampled_from(sorted(jsonin.CHARSETS)),
                     st.sampled_from(sorted(jsonin.CHARSETS)).map(str.upper),
                     st.text(st.characters(min_codepoint=33, max_codepoint=126,
                                           exclude_characters='";,\\'), min_size=1, max_size=20))


@FUZZ
@given(charset=charsets, target=st.sampled_from(["validate", "upload", "json", "form"]))
def test_any_charset_is_accepted_or_a_415(app: Any, charset: str, target: str) -> None:
    client = app.test_client()
    tid, token = app.config["FUZZ_TOURNAMENT"]
    path, mimetype, data, headers = {
        "validate": ("/v1/validate?profile=casual", "text/csv", SHEET, {}),
        "upload": (f"/v1/tournaments/{tid}/records", "text/csv", SHEET,
                   {"Authorization": f"Bearer {token}"}),
        "json": ("/v1/validate", "application/json", b"{}", {}),
        "form": ("/replay", "application/x-www-form-urlencoded", b"record=%7B%7D", {}),
    }[target]
    answer = client.post(path, data=data, headers=headers,
                         content_type=f"{mimetype}; charset={charset}")
    assert answer.status_code < 500, (charset, target, answer.get_data()[:300])
    # What the server reads from the header (a malformed parameter is no parameter at all).
    declared = parse_options_header(f"{mimetype}; charset={charset}")[1].get("charset")
    name = "utf-8" if declared is None else declared.strip().strip('"').lower()
    accepted = name in jsonin.CHARSETS if mimetype == "text/csv" else name in (
        "utf-8", "utf8", "us-ascii", "ascii")
    if accepted:
        assert answer.status_code != 415, (charset, target)
    else:
        assert answer.status_code == 415 and answer.mimetype == PROBLEM, (charset, target)


@FUZZ
@given(method=st.from_regex(r"[A-Z_-]{3,20}", fullmatch=True),
       path=st.sampled_from(["/healthz", "/v1/profiles", "/v1/validate", "/nowhere/x",
                             "/tournaments/t-none", "/metrics", "/"]))
def test_any_method_keeps_the_labels_in_their_sets(app: Any, method: str, path: str) -> None:
    answer = app.test_client().open(path, method=method)
    assert answer.status_code < 500, (method, path)
    routes = {r.rule for r in app.url_map.iter_rules()} | {"<unmatched>"}
    for metric in REQUESTS.collect():
        for sample in metric.samples:
            assert sample.labels["method"] in METHODS | {"other"}
            assert sample.labels["status"] in STATUSES | {"other"}
            assert sample.labels["route"] in routes


hosts = st.one_of(
    st.sampled_from(["evil.example", "evil.example:80", "[::1]:8000", "127.0.0.1", "",
                     "bigtwo.example", "a.club.example", "club.example.evil", "xclub.example"]),
    st.text(st.characters(min_codepoint=33, max_codepoint=126), max_size=30))
paths = st.lists(st.sampled_from(["", "healthz", "v1", "profiles", "evil.example", "docs",
                                  "tournaments", "x", ".."]), min_size=1, max_size=5).map(
    lambda parts: "/" + "//".join(parts))


@FUZZ
@given(host=hosts, path=paths, trusted=st.booleans())
def test_no_redirect_from_any_host(app: Any, host: str, path: str, trusted: bool) -> None:
    app.config["BIGTWO_TRUSTED_HOSTS"] = "bigtwo.example,.club.example" if trusted else ""
    try:
        answer = app.test_client().get("/", headers={"Host": host},
                                       environ_overrides={"PATH_INFO": path})
    finally:
        app.config.pop("BIGTWO_TRUSTED_HOSTS")
    assert answer.status_code < 500, (host, path)
    assert not 300 <= answer.status_code < 400 and "Location" not in answer.headers, (host, path)
    if trusted and not host_allowed(host_name(host), ["bigtwo.example", ".club.example"]):
        assert answer.status_code == 400 and answer.mimetype == PROBLEM, (host, path)
