"""gunicorn settings for `make serve` and production (docs/SECURITY.md, "Deployment").

Command-line options (the Makefile's --bind and --workers) override these.
"""

import os
from typing import Any

from app import gunicorn_metrics, stream_slots

# /metrics in multiprocess mode: one samples directory for all workers, chosen in the master
# (emptied by on_starting when the server starts, left alone when the config is reloaded).
gunicorn_metrics.prepare_directory()
# The open event streams of every worker, counted in one place (app/stream_slots.py).
stream_slots.prepare_directory()


def on_starting(server: Any) -> None:
    gunicorn_metrics.on_starting(server)
    stream_slots.start_server()


def child_exit(server: Any, worker: Any) -> None:
    gunicorn_metrics.child_exit(server, worker)
    stream_slots.forget_worker(worker.pid)


def post_worker_init(worker: Any) -> None:
    # Each worker's bell (app/tables_bell.py) starts with the worker, not with its first
    # request: due clocks and idle tables are swept even when nobody asks.
    from app import tables_bell

    tables_bell.start_in_worker(worker.wsgi)

# No control socket: gunicorn (25.1 on) opens one for gunicornc in $XDG_RUNTIME_DIR, else in
# ~/.gunicorn/, outside the checkout and shared by every server the user runs. Nothing here
# uses it; BIGTWO_CONTROL_SOCKET=<path> opens one at that path for an operator who does.
control_socket_disable = not os.environ.get("BIGTWO_CONTROL_SOCKET")
if not control_socket_disable:
    control_socket = os.environ["BIGTWO_CONTROL_SOCKET"]

# Threads, not one process per request: a slow client holds a thread, not a worker. Event
# streams get threads of their own beside these (app/serving.py; docs/STREAMS.md says why
# threads and not gevent).
worker_class = "app.serving.ProblemThreadWorker"
workers = int(os.environ.get("WEB_CONCURRENCY", os.cpu_count() or 2))
threads = int(os.environ.get("BIGTWO_THREADS", "8"))
# A worker with every thread busy stops accepting, so the kernel hands new connections
# (health checks among them) to a worker that has a free thread.
worker_connections = threads
# No idle keep-alive connections held by the workers (a reverse proxy pools its own);
# a connection that sends nothing is dropped after gunicorn's 5 s first-byte wait.
keepalive = 0
timeout = 30
graceful_timeout = 30
# gunicorn's own limits, answered as problem documents by the worker (app/serving.py).
limit_request_line = 4094
limit_request_fields = 100
limit_request_field_size = 8190
# Every line escaped (no terminal codes, one request one line), and gunicorn's own warnings
# as JSON lines too with BIGTWO_LOG_FORMAT=json (app/logsafe.py).
logger_class = "app.logsafe.GunicornLogger"
# Plain-text access lines end with the request id (X-Request-Id) that problem documents quote;
# with BIGTWO_LOG_FORMAT=json the app logs each request itself (app/logs.py), so gunicorn not.
access_log_format = '%(h)s %(l)s %(u)s %(t)s "%(r)s" %(s)s %(b)s "%(f)s" "%(a)s" %({x-request-id}o)s'
accesslog = None if os.environ.get("BIGTWO_LOG_FORMAT") == "json" else "-"
