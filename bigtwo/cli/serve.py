"""``bigtwo serve``: the HTTP API and pages under gunicorn, with the log format chosen here.

The same server ``make serve`` starts: gunicorn with the settings of ``gunicorn.conf.py`` when
the current directory has it (the repository's: worker model, limits, metrics directory,
access log). ``--log-format json`` (or BIGTWO_LOG_FORMAT=json) logs every request as one
JSON line with its request id (app/logs.py) instead of gunicorn's plain-text access log.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

CONFIG = "gunicorn.conf.py"


def service_checkout() -> Path | None:
    """The repository checkout this library was installed from, which holds the Flask adapter
    (app/): the library never imports it, gunicorn loads it by name."""
    root = Path(__file__).resolve().parents[2]
    return root if (root / "app" / "__init__.py").is_file() else None


@click.command("serve")
@click.option("--bind", default="127.0.0.1:8000", show_default=True, metavar="HOST:PORT")
@click.option("--workers", type=click.IntRange(1, 256), metavar="N",
              help="Worker processes (default: gunicorn.conf.py's, else one).")
@click.option("--log-format", type=click.Choice(["text", "json"]), envvar="BIGTWO_LOG_FORMAT",
              default="text", show_default=True,
              help="Request logs as plain text (gunicorn's access log) or JSON lines.")
def serve_command(bind: str, workers: int | None, log_format: str) -> None:
    """Serve the HTTP API and the referee's pages with gunicorn (store: BIGTWO_DB)."""
    from gunicorn.app.wsgiapp import WSGIApplication

    checkout = service_checkout()
    if checkout is None:
        raise click.UsageError("the HTTP service (app/, wsgi.py) runs from the repository "
                               "checkout: install bigtwo from it with 'pip install -e .' "
                               "(make serve does)")
    os.environ["BIGTWO_LOG_FORMAT"] = log_format
    argv = ["bigtwo serve", "--bind", bind, "--pythonpath", str(checkout)]
    if Path(CONFIG).exists():
        argv += ["--config", CONFIG]
    elif log_format == "text":
        argv += ["--access-logfile", "-"]
    if workers is not None:
        argv += ["--workers", str(workers)]
    sys.argv = [*argv, "app:create_app()"]
    WSGIApplication("%(prog)s [OPTIONS]", prog="bigtwo serve").run()
