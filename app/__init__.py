"""The Flask application: a thin HTTP adapter over the rules core (``bigtwo``) and the store.

``create_app`` makes the app (``app.factory``). This package's own module only chooses the
compiled core before anything imports it, and imports no Flask: gunicorn's master loads
``app.gunicorn_metrics`` and ``app.logsafe`` (gunicorn.conf.py), which runs this file first,
and prometheus-client must not be imported there before its samples directory is chosen. So
the factory, and every blueprint with it, is imported only when an app is made.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from bigtwo import native

# Before the core is imported: its compiled modules run only when current (bigtwo.native).
CORE = native.choose(dict(os.environ))

if TYPE_CHECKING:
    from flask import Flask


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The app (``app.factory.create_app``): gunicorn, wsgi.py and the tests call this."""
    from app import factory  # here, not above: see the module's docstring

    return factory.create_app(test_config)
