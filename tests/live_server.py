"""The app served on a free loopback port from a thread, for tests that speak real HTTP."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from werkzeug.serving import WSGIRequestHandler, make_server

# How often the serving thread looks for shutdown(): the default half second was spent in the
# teardown of every test that served the app (about a hundred of them).
POLL_INTERVAL = 0.02


class _QuietHandler(WSGIRequestHandler):
    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        pass


@contextmanager
def serve(app: Any) -> Iterator[str]:
    """The app on 127.0.0.1 at a free port, in a thread; yields its base URL."""
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=_QuietHandler)
    thread = threading.Thread(target=server.serve_forever, args=(POLL_INTERVAL,), daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)
