"""gunicorn settings for `make serve` and production (docs/SECURITY.md, "Deployment").

Command-line options (the Makefile's --bind and --workers) override these.
"""

import os

# Threads, not one process per request: a slow client holds a thread, not a worker.
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
accesslog = "-"
