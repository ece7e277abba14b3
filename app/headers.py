"""Security headers on every response (pages, API, static files, errors alike).

The pages load their script and stylesheet from ``/web-static`` only and hold no inline
script (the replay data is a ``type="application/json"`` block, which is never executed), so
the policy needs no 'unsafe-inline' and no nonces. /docs (Swagger UI) sets its own, looser
policy first (``app.api.docs_assets``); this one only fills what is not already set.
"""

from __future__ import annotations

from flask import Flask, Response

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
    return response


def install(app: Flask) -> None:
    # Registered before the blueprints: after_request functions run last-registered first,
    # so a blueprint's own policy (the docs') is already in place and is kept.
    app.after_request(_secure)
