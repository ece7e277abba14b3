"""``bigtwo tournament ...``: organiser commands, against the local store or a server.

Without ``--server`` the commands open the store at BIGTWO_DB (default var/bigtwo.db) and run
the same code as the HTTP API (``bigtwo.store.tournaments``); with ``--server URL`` they call the API
with the standard library only, so an organiser needs nothing but this package.
"""

from __future__ import annotations

import json
import os
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import IO, Any

import click

from bigtwo import limits
from bigtwo.records import jsonin, standings
from bigtwo.records.parse import deals_in
from bigtwo.store import tournaments as service
from bigtwo.store.db import Store, default_db_path

EXIT_OK, EXIT_REJECTED, EXIT_FAILED = 0, 1, 2
# Leaves room under the server's default 1 MiB body limit for the batch wrapper.
MAX_BATCH_BYTES = 768 * 1024
HTTP_TIMEOUT = 60


class Failure(Exception):
    """A request failed as a whole: status and problem document (or message)."""

    def __init__(self, status: int, document: dict[str, Any]) -> None:
        super().__init__(document.get("detail", "request failed"))
        self.status, self.document = status, document


class Unreachable(click.ClickException):
    """No answer from the server at all: the command failed as a whole (exit 2)."""

    exit_code = EXIT_FAILED


class Backend:
    """The four calls the commands need, locally or over HTTP."""

    def create(self, body: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def upload(self, tournament_id: str, token: str, records: list[Any]) -> dict[str, Any]:
        raise NotImplementedError

    def upload_sheet(self, tournament_id: str, token: str, text: str) -> dict[str, Any]:
        raise NotImplementedError

    def standings(self, tournament_id: str) -> dict[str, Any]:
        raise NotImplementedError

    def standings_csv(self, tournament_id: str) -> str:
        return standings.to_csv(self.standings(tournament_id))


class LocalBackend(Backend):
    def __init__(self, path: str) -> None:
        self.store = Store(path)
        self.store.migrate()

    def _call(self, call: Any, *args: Any) -> Any:
        try:
            return call(self.store, *args)
        except service.TournamentError as exc:
            doc: dict[str, Any] = {"title": exc.title, "status": exc.status, "detail": exc.detail}
            if exc.problems is not None:
                doc["errors"] = [p.as_dict() for p in exc.problems]
            raise Failure(exc.status, doc) from exc

    def create(self, body: dict[str, Any]) -> dict[str, Any]:
        result: dict[str, Any] = self._call(service.create, body)
        return result

    def upload(self, tournament_id: str, token: str, records: list[Any]) -> dict[str, Any]:
        tournament = self._call(service.authorize, tournament_id, f"Bearer {token}")
        result = self._call(service.upload, tournament, {"records": records})
        body: dict[str, Any] = result.body()
        return body

    def upload_sheet(self, tournament_id: str, token: str, text: str) -> dict[str, Any]:
        tournament = self._call(service.authorize, tournament_id, f"Bearer {token}")
        body: dict[str, Any] = self._call(service.upload_sheet, tournament, text).body()
        return body

    def standings(self, tournament_id: str) -> dict[str, Any]:
        # The operator's own command: every stale report rechecked now, no budget (None).
        result: dict[str, Any] = self._call(service.compute_standings, tournament_id, None)
        return result


class HttpBackend(Backend):
    def __init__(self, base: str) -> None:
        if not base.startswith(("http://", "https://")):
            raise click.BadParameter(f"{base!r} is not an http:// or https:// URL",
                                     param_hint="'--server'")
        self.base = base.rstrip("/")

    def _request(self, method: str, path: str, body: Any = None, token: str | None = None,
                 accept: str = "application/json") -> tuple[int, bytes]:
        headers = {"Accept": accept}
        data = None
        if isinstance(body, str):  # a score sheet, sent as it is
            data = body.encode("utf-8")
            headers["Content-Type"] = "text/csv; charset=utf-8"
        elif body is not None:
            data = json.dumps(body, ensure_ascii=False).encode("utf-8")
            headers["Content-Type"] = "application/json"
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        req = urllib.request.Request(self.base + path, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(req, timeout=HTTP_TIMEOUT) as response:  # noqa: S310
                return response.status, response.read()
        except urllib.error.HTTPError as exc:
            payload = exc.read()
            try:
                document = json.loads(payload)
            except ValueError:
                document = {"detail": payload.decode("utf-8", "replace")[:500] or exc.reason}
            raise Failure(exc.code, document if isinstance(document, dict) else {}) from exc
        except (urllib.error.URLError, OSError) as exc:
            reason = exc.reason if isinstance(exc, urllib.error.URLError) else exc
            raise Unreachable(f"cannot reach {self.base}: {reason}") from exc

    def _json(self, method: str, path: str, body: Any = None,
              token: str | None = None) -> dict[str, Any]:
        _, payload = self._request(method, path, body, token)
        result: dict[str, Any] = json.loads(payload)
        return result

    def create(self, body: dict[str, Any]) -> dict[str, Any]:
        return self._json("POST", "/v1/tournaments", body)

    def upload(self, tournament_id: str, token: str, records: list[Any]) -> dict[str, Any]:
        return self._json("POST", f"/v1/tournaments/{tournament_id}/records",
                          {"records": records}, token)

    def upload_sheet(self, tournament_id: str, token: str, text: str) -> dict[str, Any]:
        return self._json("POST", f"/v1/tournaments/{tournament_id}/records", text, token)

    def standings(self, tournament_id: str) -> dict[str, Any]:
        return self._json("GET", f"/v1/tournaments/{tournament_id}/standings")

    def standings_csv(self, tournament_id: str) -> str:
        _, payload = self._request("GET", f"/v1/tournaments/{tournament_id}/standings?format=csv",
                                   accept="text/csv")
        return payload.decode("utf-8")


def backend(server: str | None) -> Backend:
    return HttpBackend(server) if server else LocalBackend(default_db_path())


def fail(exc: Failure) -> None:
    doc = exc.document
    click.echo(f"error: {doc.get('title', exc.status)}: {doc.get('detail', '')}", err=True)
    for problem in doc.get("errors") or []:
        click.echo(f"  {problem.get('pointer') or '/'}: {problem.get('detail')}", err=True)
    sys.exit(EXIT_FAILED)


server_option = click.option("--server", metavar="URL", envvar="BIGTWO_SERVER",
                             help="A bigtwo server (e.g. http://127.0.0.1:8000); "
                                  "default: the local store at BIGTWO_DB.")


@click.group()
def tournament() -> None:
    """Run a tournament: create it, import records, print standings."""


@tournament.command("create")
@click.option("--name", required=True)
@click.option("--profile", required=True, metavar="ID|FILE",
              help="A preset, a stored profile id, or a JSON file with a declaration.")
@server_option
def create_command(name: str, profile: str, server: str | None) -> None:
    """Create a tournament and print its id and token (the token is shown only now)."""
    from bigtwo.cli.main import profile_option_value

    try:
        created = backend(server).create({"name": name, "profile": profile_option_value(profile)})
    except Failure as exc:
        fail(exc)
        return
    click.echo(json.dumps(created))
    click.echo("Keep the token: it is shown once and is needed to upload records.", err=True)


@dataclass(slots=True)
class ImportSummary:
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(
        ("valid", "invalid", "duplicate", "rejected", "unreadable"), 0))

    def add(self, result: dict[str, Any]) -> None:
        for item in result["results"]:
            if not item["created"]:
                self.counts["duplicate"] += 1
            else:
                self.counts["valid" if item["valid"] else "invalid"] += 1

    def line(self) -> str:
        c = self.counts
        return (f"{sum(c.values())} records: {c['valid']} valid, {c['invalid']} invalid, "
                f"{c['duplicate']} duplicate, {c['rejected']} rejected, "
                f"{c['unreadable']} unreadable")


def _batches(stream: IO[bytes], summary: ImportSummary) -> Iterator[tuple[list[int], list[Any], int]]:
    """(line numbers, records, bytes read) in groups that a server accepts in one request."""
    lines: list[int] = []
    records: list[Any] = []
    size = consumed = deals = 0
    for number, raw in enumerate(stream, start=1):
        consumed += len(raw)
        if not raw.strip():
            continue
        try:
            record = jsonin.loads(raw)
        except ValueError as exc:
            summary.counts["unreadable"] += 1
            click.echo(f"line {number}: not JSON: {exc}", err=True)
            continue
        held = deals_in([record])
        if records and (len(records) >= limits.MAX_RECORDS_PER_BATCH
                        or size + len(raw) > MAX_BATCH_BYTES
                        or deals + held > limits.MAX_DEALS_PER_BATCH):
            yield lines, records, consumed - len(raw)
            lines, records, size, consumed, deals = [], [], 0, len(raw), 0
        lines.append(number)
        records.append(record)
        size += len(raw)
        deals += held
    if records:
        yield lines, records, consumed


def _rejected_indices(document: dict[str, Any]) -> set[int]:
    out = set()
    for problem in document.get("errors") or []:
        parts = str(problem.get("pointer", "")).split("/")
        if len(parts) > 2 and parts[1] == "records" and parts[2].isdigit():
            out.add(int(parts[2]))
    return out


def _upload(api: Backend, tournament_id: str, token: str, lines: list[int], records: list[Any],
            summary: ImportSummary) -> None:
    """One batch; on a 422 the malformed records are reported and the rest sent again."""
    try:
        summary.add(api.upload(tournament_id, token, records))
        return
    except Failure as exc:
        bad = _rejected_indices(exc.document) if exc.status == 422 else set()
        if not bad:
            fail(exc)
        for problem in exc.document.get("errors") or []:
            parts = str(problem.get("pointer", "")).split("/", 3)
            index = int(parts[2])
            where = "/" + parts[3] if len(parts) > 3 else "/"
            click.echo(f"line {lines[index]}: {where}: {problem.get('detail')}", err=True)
    summary.counts["rejected"] += len(bad)
    keep = [i for i in range(len(records)) if i not in bad]
    if keep:
        _upload(api, tournament_id, token, [lines[i] for i in keep], [records[i] for i in keep],
                summary)


@tournament.command("import")
@click.argument("tournament_id")
@click.argument("path", type=click.File("rb"))
@click.option("--token", required=True, envvar="BIGTWO_TOKEN", help="The tournament's token.")
@server_option
def import_command(tournament_id: str, path: IO[bytes], token: str, server: str | None) -> None:
    """Upload the records of a JSON Lines file (one record per line) in batches of up to 100,
    or a score sheet (a .csv file: one record of result-only deals, RECORDS.md).

    Records with rule errors are stored and counted invalid; records that cannot be read at
    all are reported with their line and left out (a sheet: each problem with its row and
    column, and nothing of it is stored). Exit status 0 when every line was stored (or
    already there), 1 when some were left out, 2 when the import failed."""
    api = backend(server)
    summary = ImportSummary()
    if (getattr(path, "name", "") or "").lower().endswith(".csv"):
        _import_sheet(api, tournament_id, token, path, summary)
        return
    show = sys.stderr.isatty()
    total = _size(path)
    with click.progressbar(length=total, label="importing", file=sys.stderr,
                           show_eta=False) if show else _NoBar() as bar:
        for lines, records, consumed in _batches(path, summary):
            _upload(api, tournament_id, token, lines, records, summary)
            bar.update(consumed)
    click.echo(summary.line(), err=True)
    click.echo(json.dumps(summary.counts))
    left_out = summary.counts["rejected"] + summary.counts["unreadable"]
    sys.exit(EXIT_REJECTED if left_out else EXIT_OK)


def _import_sheet(api: Backend, tournament_id: str, token: str, stream: IO[bytes],
                  summary: ImportSummary) -> None:
    try:
        text = stream.read().decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        click.echo(f"error: the score sheet is not UTF-8 text: {exc}", err=True)
        sys.exit(EXIT_FAILED)
    try:
        summary.add({"results": [api.upload_sheet(tournament_id, token, text)]})
    except Failure as exc:
        if exc.status != 422:
            fail(exc)
        for problem in exc.document.get("errors") or []:
            click.echo(str(problem.get("detail")), err=True)
        summary.counts["rejected"] += 1
    click.echo(summary.line(), err=True)
    click.echo(json.dumps(summary.counts))
    sys.exit(EXIT_REJECTED if summary.counts["rejected"] else EXIT_OK)


class _NoBar:
    def __enter__(self) -> _NoBar:
        return self

    def __exit__(self, *_: object) -> None:
        return None

    def update(self, _: int) -> None:
        return None


def _size(stream: IO[bytes]) -> int:
    try:
        return os.fstat(stream.fileno()).st_size
    except (OSError, ValueError, AttributeError):  # a pipe or an in-memory stream
        return 0


@tournament.command("standings")
@click.argument("tournament_id")
@click.option("--csv", "as_csv", is_flag=True, help="The player table as CSV.")
@server_option
def standings_command(tournament_id: str, as_csv: bool, server: str | None) -> None:
    """Print the standings as JSON (or CSV)."""
    api = backend(server)
    try:
        if as_csv:
            click.echo(api.standings_csv(tournament_id), nl=False)
        else:
            click.echo(json.dumps(api.standings(tournament_id), ensure_ascii=False, indent=2))
    except Failure as exc:
        fail(exc)
