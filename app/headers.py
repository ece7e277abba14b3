"""Security headers on every response (pages, API, static files, errors alike), the hosts
the service answers for, and no redirect built from a client's Host header.

- **Trusted hosts**: ``BIGTWO_TRUSTED_HOSTS`` (app config or environment) is a comma-separated
  list of host names (``bigtwo.example``, ``.example.org`` for it and every subdomain, ports
  ignored). A request for any other ``Host`` is a 400 problem before anything else runs.
  Unset or empty, any host is answered, so ``make serve`` works on localhost and on a club's
  LAN: nothing the service sends is built from the Host header, so that default is safe; set
  the list in production all the same (docs/SECURITY.md).
- **No redirects**: werkzeug would answer ``//healthz`` or ``/v1//profiles`` with a 308 whose
  HTML body and ``Location: http://<Host>/...`` come from the client's Host header. Slashes
  are not merged and trailing slashes not redirected: such a path is a 404 problem.
- **Caches**: an HTML page picks its language from ``?lang=``, the form and
  ``Accept-Language``, so every page says ``Vary: Accept-Language`` (the API's negotiated
  answers say so themselves, app/api/common.py). The pages also keep a chosen language in
  the ``bigtwo_lang`` cookie and say ``Vary: Cookie`` for it (app/web/language.py).

The pages load their script and stylesheet from ``/web-static`` only and hold no inline
script (the replay data is a ``type="application/json"`` block, which is never executed), so
the policy needs no 'unsafe-inline' and no nonces. /docs (Swagger UI) sets its own, looser
policy first (``app.api.docs_assets``); this one only fills what is not already set.
"""

from __future__ import annotations

import os

from flask import Flask, Response, current_app, request
from werkzeug.routing import RequestRedirect

from app.problems import PROBLEM_TYPE_BASE, abort_problem

TRUSTED_HOSTS = "BIGTWO_TRUSTED_HOSTS"

PAGE_CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")

HEADERS = {
    "Content-Security-Policy": PAGE_CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",  # frame-ancestors for browsers that predate CSP 2
    "Cross-Origin-Opener-Policy": "same-origin",
}


def _secure(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    if response.mimetype == "text/html":
        response.vary.add("Accept-Language")
    return response


def trusted_hosts() -> list[str]:
    configured = current_app.config.get(TRUSTED_HOSTS)
    if configured is None:
        configured = os.environ.get(TRUSTED_HOSTS, "")
    if isinstance(configured, str):
        configured = configured.split(",")
    return [h.strip().lower() for h in configured if h.strip()]


def host_name(header: str) -> str:
    """The host of a Host header, without its port (``[::1]:8000`` is ``[::1]``)."""
    host = header.strip().lower()
    if host.startswith("["):
        return host[: host.find("]") + 1] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def host_allowed(host: str, allowed: list[str]) -> bool:
    return any(host == a or (a.startswith(".") and (host == a[1:] or host.endswith(a)))
               for a in allowed)


def _check_host() -> None:
    """``before_request``, first of all: a Host outside the trusted list is a 400 problem;
    a routing redirect (which would name the client's Host) is a 404 problem instead."""
    allowed = trusted_hosts()
    if allowed:
        host = host_name(request.headers.get("Host", ""))
        if not host_allowed(host, allowed):
            abort_problem(400, "Bad Request", "this server does not answer for that host "
                          "(BIGTWO_TRUSTED_HOSTS)", type_=PROBLEM_TYPE_BASE + "untrusted-host")
    if isinstance(request.routing_exception, RequestRedirect):  # pragma: no cover - see install
        abort_problem(404, "Not Found", f"no resource at {request.path}")


def install(app: Flask) -> None:
    # Before any blueprint registers a rule: rules take these defaults when they are added.
    app.url_map.merge_slashes = False
    app.url_map.strict_slashes = False
    # Before every other before_request function (the charset and body checks).
    app.before_request_funcs.setdefault(None, []).insert(0, _check_host)
    # Registered before the blueprints: after_request functions run last-registered first,
    # so a blueprint's own policy (the docs') is already in place and is kept.
    app.after_request(_secure)
