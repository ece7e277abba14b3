"""Cross-origin calls from browser apps (docs/API.md, "Browser apps"), by flask-cors.

Two groups, by what a call can do:

- the checking endpoints and the reads of immutable things (validate, batch, evaluate, next,
  draws, deal codes, profiles, stored records, the OpenAPI document) change nothing and carry no
  credentials, so by default any origin may call them (``BIGTWO_CORS_ORIGINS``, default
  ``*``; the operator may list origins instead, or give an empty value for none);
- everything under ``/v1/tournaments`` and ``/v1/seasons`` is the organisers': uploads, withdrawals and
  replacements carry the tournament's token. Only the origins the operator lists in
  ``BIGTWO_CORS_TOKEN_ORIGINS`` may call them (none by default, and never ``*``).

flask-cors chooses by path, not by method, so a path that serves a token-bearing call is
the organisers' for every method (a tournament's reads too), and declaring a profile
(``POST /v1/profiles``, which stores it) is left out: its path also serves the public list,
whose group allows only GET. An app can send an inline declaration to the checking
endpoints instead. No group sends Access-Control-Allow-Credentials: a token is an
Authorization header that the page sets itself, never a cookie.
"""

from __future__ import annotations

import re
from typing import Any

from flask import Flask, Response, request
from flask_cors import CORS

from app.urls import parse_origin

PUBLIC_SETTING = "BIGTWO_CORS_ORIGINS"
TOKEN_SETTING = "BIGTWO_CORS_TOKEN_ORIGINS"
# A browser may keep a preflight's answer this long (Chromium keeps at most 2 hours).
PREFLIGHT_MAX_AGE = 3600

# Regular expressions over the whole path (flask-cors matches from the start only).
CHECKING = r"^/v1/(validate|validate/batch|combinations/evaluate|next|deals|draws)$"
READS = r"^(/v1/(profiles|profiles/[^/]+|deals/[^/]+|records/[^/]+|replays/[^/]+)|/openapi\.json)$"
ORGANISERS = r"^/v1/(tournaments|seasons)(/.*)?$"

REQUEST_HEADERS = ["Content-Type", "Accept-Language", "If-None-Match", "X-Request-Id"]
# Beyond the CORS-safelisted response headers (Content-Type, Content-Language, Cache-Control...).
EXPOSED = ["ETag", "Location", "X-Request-Id", "WWW-Authenticate"]


class CorsSettingError(ValueError):
    """A CORS setting the app cannot start with; the message names the setting."""


def parse_origins(setting: str, value: str, *, wildcard: bool) -> str | list[str]:
    """``*``, or the origins listed (comma or space separated; empty: none)."""
    value = value.strip()
    if value == "*":
        if not wildcard:
            raise CorsSettingError(f"{setting} must list origins: '*' would let any site "
                                   "send a tournament's token")
        return "*"
    origins = []
    for item in re.split(r"[,\s]+", value):
        if not item:
            continue
        origin = parse_origin(item)
        if origin is None:
            raise CorsSettingError(f"{setting}: {item!r} is not an origin "
                                   "(http(s)://host[:port], e.g. https://cards.example or "
                                   "https://[2001:db8::1]:8443; one at a time, no pattern)")
        origins.append(origin)
    return origins


def exactly(origins: str | list[str]) -> str | list[re.Pattern[str]]:
    """What flask-cors is given: ``*``, or one pattern per origin matching that origin, as a
    browser serialises it (lower case, see ``app.urls``), and nothing else. flask-cors reads
    a plain string holding any of ``[]*?$^()\\`` as a regular expression matched from the
    start only, so ``https://[2001:db8::1]`` allowed
    ``https://2.evil.test`` and never itself; an escaped, anchored pattern cannot."""
    if origins == "*":
        return "*"
    return [re.compile(re.escape(origin) + r"\Z") for origin in origins]


def _group(origins: str | list[str], methods: list[str], headers: list[str]) -> dict[str, Any]:
    return {"origins": exactly(origins), "methods": methods, "allow_headers": headers,
            "expose_headers": EXPOSED, "max_age": PREFLIGHT_MAX_AGE,
            "supports_credentials": False,
            # "*" is sent as such, the same answer for every origin (so caches may share it);
            # a listed origin is echoed only to that origin.
            "send_wildcard": origins == "*", "always_send": origins == "*"}


def resources(public: str | list[str], organisers: list[str]) -> dict[str, dict[str, Any]]:
    groups = {
        CHECKING: _group(public, ["POST"], REQUEST_HEADERS),
        READS: _group(public, ["GET", "HEAD"], REQUEST_HEADERS),
    }
    if organisers:
        groups[ORGANISERS] = _group(organisers, ["GET", "HEAD", "POST", "PUT", "DELETE"],
                                    [*REQUEST_HEADERS, "Authorization"])
    return {path: group for path, group in groups.items() if group["origins"]}


def install(app: Flask) -> None:
    public = parse_origins(PUBLIC_SETTING, app.config[PUBLIC_SETTING], wildcard=True)
    organisers = parse_origins(TOKEN_SETTING, app.config[TOKEN_SETTING], wildcard=False)
    assert isinstance(organisers, list)
    governed = re.compile("|".join((CHECKING, READS, ORGANISERS)))

    def vary_on_origin(response: Response) -> Response:
        # An answer that depends on the caller's Origin (a listed origin, or none) must not
        # be served from a cache to another origin; flask-cors says so only for some lists.
        if governed.match(request.path) and response.headers.get(
                "Access-Control-Allow-Origin") != "*":
            response.vary.add("Origin")
        return response

    # after_request functions run last-registered first: this one sees flask-cors' headers.
    app.after_request(vary_on_origin)
    CORS(app, resources=resources(public, organisers))
