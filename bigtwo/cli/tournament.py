"""``bigtwo tournament ...``: organiser commands, against the local store or a server.

Without ``--server`` the commands open the local store (``--db``, else BIGTWO_DB, else
``var/bigtwo.db`` in the checkout the code runs from, else ``bigtwo.db`` in the user's data
folder: ``bigtwo.store.paths.resolve_db_path``, never the current folder) and run the same code as
the HTTP API (``bigtwo.store.tournaments``); only ``create`` makes a store that is not there.
With ``--server URL`` they call the API with the standard library only, so an organiser needs
nothing but this package.
"""

from __future__ import annotations

import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import IO, Any

import click

from bigtwo import limits
from bigtwo.cli.inputs import (
    SHEET,
    LongLine,
    bounded_lines,
    profile_option_value,
    read_bounded,
    readable_kind,
)
from bigtwo.cli.language import Refusal, current, gettext, lang_option, ngettext, pgettext
from bigtwo.records import jsonin, standings
from bigtwo.records.csvdialect import DEFAULT_DELIMITER, DELIMITERS
from bigtwo.records.i18n import DEFAULT_LANGUAGE
from bigtwo.records.parse import deals_in
from bigtwo.store import tournaments as service
from bigtwo.store import withdrawals
from bigtwo.store.connection import StoreMissing
from bigtwo.store.db import Store
from bigtwo.store.paths import StorePath, resolve_db_path

EXIT_OK, EXIT_REJECTED, EXIT_FAILED = 0, 1, 2
# Leaves room under the server's default 1 MiB body limit for the batch wrapper.
MAX_BATCH_BYTES = 768 * 1024
HTTP_TIMEOUT = 60


class Failure(Exception):
    """A request failed as a whole: status and problem document (or message)."""

    def __init__(self, status: int, document: dict[str, Any]) -> None:
        super().__init__(document.get("detail", "request failed"))
        self.status, self.document = status, document


class Unreachable(Refusal):
    """No answer from the server at all: the command failed as a whole (exit 2)."""

    exit_code = EXIT_FAILED


class Unexpected(Refusal):
    """An answer that is not what the API sends (a redirect, HTML, JSON of another shape):
    the command failed as a whole (exit 2), with one line saying what came back."""

    exit_code = EXIT_FAILED


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """Never follow a redirect: urllib would turn the POST into a GET and send the token's
    Authorization header to wherever the Location points. A 3xx surfaces as an HTTPError."""

    def redirect_request(self, *_: Any, **__: Any) -> None:
        return None


# No redirects; proxies from the environment as urllib does by default.
_OPENER = urllib.request.build_opener(_NoRedirects)


class Backend:
    """The four calls the commands need, locally or over HTTP."""

    def create(self, body: dict[str, Any], key: str | None = None) -> dict[str, Any]:
        """``key``: a creation key, for a server in creation-key mode (a local store is its
        operator's and needs none)."""
        raise NotImplementedError

    def upload(self, tournament_id: str, token: str, records: list[Any]) -> dict[str, Any]:
        raise NotImplementedError

    def upload_sheet(self, tournament_id: str, token: str, text: str) -> dict[str, Any]:
        raise NotImplementedError

    def standings(self, tournament_id: str) -> dict[str, Any]:
        raise NotImplementedError

    def standings_csv(self, tournament_id: str, delimiter: str = DEFAULT_DELIMITER) -> str:
        return standings.to_csv(self.standings(tournament_id), DELIMITERS[delimiter])

    # organiser tools (list, withdraw, replace, the reasons of an import's verdicts)
    def list_tournaments(self, page: int, per_page: int) -> dict[str, Any]:
        raise NotImplementedError

    def withdraw(self, tournament_id: str, record_id: str, token: str, reason: str | None,
                 by: str | None) -> dict[str, Any]:
        raise NotImplementedError

    def replace(self, tournament_id: str, record_id: str, token: str, body: Any, sheet: bool,
                reason: str | None, by: str | None) -> dict[str, Any]:
        raise NotImplementedError

    def record(self, record_id: str) -> dict[str, Any]:
        raise NotImplementedError

    def records(self, tournament_id: str, filters: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def audit(self, tournament_id: str, page: int, per_page: int) -> dict[str, Any]:
        raise NotImplementedError


class LocalBackend(Backend):
    def __init__(self, where: StorePath, *, create: bool = False) -> None:
        try:
            self.store = Store(where.path, create=create)
        except StoreMissing as exc:
            raise NoStore(where) from exc
        self.store.migrate()

    def _call(self, call: Any, *args: Any) -> Any:
        try:
            return call(self.store, *args)
        except service.TournamentError as exc:
            doc: dict[str, Any] = {"title": exc.title, "status": exc.status, "detail": exc.detail}
            if exc.problems is not None:
                doc["errors"] = [p.as_dict() for p in exc.problems]
            raise Failure(exc.status, doc) from exc

    def create(self, body: dict[str, Any], key: str | None = None) -> dict[str, Any]:
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

    def list_tournaments(self, page: int, per_page: int) -> dict[str, Any]:
        result: dict[str, Any] = self._call(service.list_tournaments, page, per_page)
        return result

    def withdraw(self, tournament_id: str, record_id: str, token: str, reason: str | None,
                 by: str | None) -> dict[str, Any]:
        result: dict[str, Any] = self._call(withdrawals.withdraw, tournament_id, record_id,
                                            f"Bearer {token}", reason, by)
        return result

    def replace(self, tournament_id: str, record_id: str, token: str, body: Any, sheet: bool,
                reason: str | None, by: str | None) -> dict[str, Any]:
        def call(store: Store) -> dict[str, Any]:
            return withdrawals.replace(store, tournament_id, record_id, f"Bearer {token}", body,
                                   sheet=sheet, reason=reason, by=by)
        result: dict[str, Any] = self._call(call)
        return result

    def record(self, record_id: str) -> dict[str, Any]:
        result: dict[str, Any] = self._call(service.get_record, record_id)
        return result

    def records(self, tournament_id: str, filters: dict[str, Any]) -> dict[str, Any]:
        def call(store: Store) -> dict[str, Any]:
            return service.list_records(store, tournament_id, valid=filters.get("valid"),
                                        withdrawn=filters.get("withdrawn"),
                                        table=filters.get("table"), round_=filters.get("round"),
                                        limit=filters["limit"], offset=filters["offset"])
        result: dict[str, Any] = self._call(call)
        return result

    def audit(self, tournament_id: str, page: int, per_page: int) -> dict[str, Any]:
        result: dict[str, Any] = self._call(withdrawals.audit, tournament_id, page, per_page)
        return result


class NoStore(Refusal):
    """A command that reads the local store found none: say where it looked (exit 2)."""

    exit_code = EXIT_FAILED

    def __init__(self, where: StorePath) -> None:
        super().__init__(_no_store(where))


def _no_store(where: StorePath) -> str:
    path = where.path
    if where.source == "--db":
        return gettext("no store at {path} (from --db): create a tournament first, or give "
                       "the store with --db or BIGTWO_DB (`bigtwo tournament where` says "
                       "which file is used)", path=path)
    if where.source == "BIGTWO_DB":
        return gettext("no store at {path} (from BIGTWO_DB): create a tournament first, or "
                       "give the store with --db or BIGTWO_DB (`bigtwo tournament where` says "
                       "which file is used)", path=path)
    if where.source == "checkout":
        return gettext("no store at {path} (the checkout's var/bigtwo.db): create a "
                       "tournament first, or give the store with --db or BIGTWO_DB (`bigtwo "
                       "tournament where` says which file is used)", path=path)
    return gettext("no store at {path} (the user data folder): create a tournament first, or "
                   "give the store with --db or BIGTWO_DB (`bigtwo tournament where` says "
                   "which file is used)", path=path)


def _where_said(where: StorePath) -> str:
    """Why ``where`` is the store, and whether it is there yet (``bigtwo tournament where``)."""
    exists = where.path.is_file()
    if where.source == "--db":
        return (gettext("from --db; exists") if exists else
                gettext("from --db; does not exist yet: `create` makes it"))
    if where.source == "BIGTWO_DB":
        return (gettext("from BIGTWO_DB; exists") if exists else
                gettext("from BIGTWO_DB; does not exist yet: `create` makes it"))
    if where.source == "checkout":
        return (gettext("the checkout's var/bigtwo.db; exists") if exists else
                gettext("the checkout's var/bigtwo.db; does not exist yet: `create` makes it"))
    return (gettext("the user data folder; exists") if exists else
            gettext("the user data folder; does not exist yet: `create` makes it"))


# An answer is read up to this many bytes: standings of a large tournament fit many times.
MAX_ANSWER_BYTES = 64 * 1024 * 1024


def _read_bounded(response: Any) -> bytes:
    payload: bytes = response.read(MAX_ANSWER_BYTES + 1)
    if len(payload) > MAX_ANSWER_BYTES:
        raise Unexpected(gettext("the server's answer is over {limit} bytes",
                                 limit=MAX_ANSWER_BYTES))
    return payload


def _shown(text: str) -> str:
    """A server's string in one safe line (it may hold anything)."""
    return "".join(c if c.isprintable() else "?" for c in text[:200])


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
            with _OPENER.open(req, timeout=HTTP_TIMEOUT) as response:
                if not 200 <= response.status < 300:
                    raise Unexpected(gettext("{url} answered {status}, not a success",
                                             url=self.base + path, status=response.status))
                return response.status, _read_bounded(response)
        except urllib.error.HTTPError as exc:
            if 300 <= exc.code < 400:
                where = exc.headers.get("Location") or "nowhere"
                raise Unexpected(gettext(
                    "{url} answered {status} (a redirect to {location}); not followed, the "
                    "token is never sent elsewhere: give the final URL as --server",
                    url=self.base + path, status=exc.code, location=_shown(where))) from None
            payload = _read_bounded(exc)
            try:
                document = json.loads(payload)
            except ValueError:
                document = None
            if not isinstance(document, dict):
                document = {"detail": gettext(
                    "answered {status} {reason} without a problem document", status=exc.code,
                    reason=_shown(str(exc.reason)))}
            raise Failure(exc.code, document) from exc
        except (urllib.error.URLError, OSError) as exc:
            reason = exc.reason if isinstance(exc, urllib.error.URLError) else exc
            raise Unreachable(gettext("cannot reach {url}: {reason}", url=self.base,
                                      reason=reason)) from exc

    def _json(self, method: str, path: str, body: Any = None,
              token: str | None = None, keys: tuple[str, ...] = ()) -> dict[str, Any]:
        _, payload = self._request(method, path, body, token)
        try:
            result = json.loads(payload)
        except ValueError:
            result = None
        if not isinstance(result, dict) or any(k not in result for k in keys):
            if keys:
                raise Unexpected(gettext("{url} answered something that is not the API's JSON "
                                         "(expected an object with {keys})",
                                         url=self.base + path, keys=", ".join(keys)))
            raise Unexpected(gettext("{url} answered something that is not the API's JSON "
                                     "(expected an object with fields)", url=self.base + path))
        return result

    def create(self, body: dict[str, Any], key: str | None = None) -> dict[str, Any]:
        return self._json("POST", "/v1/tournaments", body, key, keys=("id", "token"))

    def upload(self, tournament_id: str, token: str, records: list[Any]) -> dict[str, Any]:
        result = self._json("POST", f"/v1/tournaments/{tournament_id}/records",
                            {"records": records}, token, keys=("results",))
        items = result["results"]
        if not isinstance(items, list) or not all(
                isinstance(i, dict) and "created" in i and "valid" in i for i in items):
            raise Unexpected(gettext("the upload's answer lists no results of the API's shape"))
        return result

    def upload_sheet(self, tournament_id: str, token: str, text: str) -> dict[str, Any]:
        return self._json("POST", f"/v1/tournaments/{tournament_id}/records", text, token,
                          keys=("created", "valid"))

    def standings(self, tournament_id: str) -> dict[str, Any]:
        return self._json("GET", f"/v1/tournaments/{tournament_id}/standings",
                          keys=("players",))

    def standings_csv(self, tournament_id: str, delimiter: str = DEFAULT_DELIMITER) -> str:
        _, payload = self._request(
            "GET", f"/v1/tournaments/{tournament_id}/standings?format=csv&delimiter={delimiter}",
            accept="text/csv")
        try:
            return payload.decode("utf-8")
        except UnicodeDecodeError:
            raise Unexpected(gettext("the server's CSV standings are not UTF-8 text")) from None


    def list_tournaments(self, page: int, per_page: int) -> dict[str, Any]:
        return self._json("GET", "/v1/tournaments?" + _query(page=page, per_page=per_page))

    def withdraw(self, tournament_id: str, record_id: str, token: str, reason: str | None,
                 by: str | None) -> dict[str, Any]:
        return self._json("DELETE", f"{_record_path(tournament_id, record_id)}?"
                          + _query(reason=reason, by=by), token=token)

    def replace(self, tournament_id: str, record_id: str, token: str, body: Any, sheet: bool,
                reason: str | None, by: str | None) -> dict[str, Any]:
        return self._json("PUT", f"{_record_path(tournament_id, record_id)}?"
                          + _query(reason=reason, by=by), body, token)

    def record(self, record_id: str) -> dict[str, Any]:
        return self._json("GET", f"/v1/records/{urllib.parse.quote(record_id, safe='')}")

    def records(self, tournament_id: str, filters: dict[str, Any]) -> dict[str, Any]:
        query = {k: (str(v).lower() if isinstance(v, bool) else v) for k, v in filters.items()}
        return self._json("GET", f"/v1/tournaments/{urllib.parse.quote(tournament_id, safe='')}"
                                 f"/records?{_query(**query)}")

    def audit(self, tournament_id: str, page: int, per_page: int) -> dict[str, Any]:
        return self._json("GET", f"/v1/tournaments/{urllib.parse.quote(tournament_id, safe='')}"
                                 f"/audit?{_query(page=page, per_page=per_page)}")


def _record_path(tournament_id: str, record_id: str) -> str:
    quoted = [urllib.parse.quote(part, safe="") for part in (tournament_id, record_id)]
    return f"/v1/tournaments/{quoted[0]}/records/{quoted[1]}"


def _query(**params: Any) -> str:
    return urllib.parse.urlencode({k: v for k, v in params.items() if v is not None})


def store_path(db: str | None) -> StorePath:
    return resolve_db_path(db)


def backend(server: str | None, db: str | None = None, *, create: bool = False) -> Backend:
    """The API at ``server``, else the local store; only ``create`` may make a new store."""
    return HttpBackend(server) if server else LocalBackend(store_path(db), create=create)


def fail(exc: Failure) -> None:
    doc = exc.document
    # TRANSLATORS: {title} and {detail} are the service's (the API's problem document).
    click.echo(gettext("error: {title}: {detail}", title=_shown(str(doc.get("title", exc.status))),
                       detail=_shown(str(doc.get("detail", "")))), err=True)
    errors = doc.get("errors")
    for problem in errors if isinstance(errors, list) else []:
        if isinstance(problem, dict):
            # TRANSLATORS: one problem of a refused request, under its "error:" line.
            click.echo(gettext("  {pointer}: {detail}",
                               pointer=_shown(str(problem.get("pointer") or "/")),
                               detail=_shown(str(problem.get("detail")))), err=True)
    sys.exit(EXIT_FAILED)


server_option = click.option("--server", metavar="URL", envvar="BIGTWO_SERVER",
                             help="A bigtwo server (e.g. http://127.0.0.1:8000); "
                                  "default: the local store (see --db).")
db_option = click.option("--db", metavar="FILE", default=None,
                         help="The local store (default: BIGTWO_DB, else var/bigtwo.db in the "
                              "checkout, else the user data folder; `bigtwo tournament where` "
                              "shows it).")
token_option = click.option("--token", required=True, envvar="BIGTWO_TOKEN",
                            help="The tournament's token (default: the BIGTWO_TOKEN variable).")
# Every subcommand's --lang, as validate's: the language of the lines printed for people
# (verdicts, refusals, tables, counts); --json, CSV and the JSON documents stay as they are.
tournament_lang_option = lang_option(
    "Language of the command's lines for people (never of its JSON or CSV)", expose=False)


@click.group()
def tournament() -> None:
    """Run a tournament: create it, import records, list tournaments and records, withdraw
    or replace records (with an audit log), print standings; `where` names the local store."""


@tournament.command("create")
@tournament_lang_option
@click.option("--name", required=True)
@click.option("--profile", required=True, metavar="ID|FILE",
              help="A preset, a stored profile id, or a JSON file with a declaration.")
@click.option("--key", envvar="BIGTWO_CREATION_KEY", default=None, metavar="KEY",
              help="A creation key (`bigtwo keys create`) for a --server in creation-key mode, "
                   "sent as Authorization: Bearer (default: the BIGTWO_CREATION_KEY variable).")
@server_option
@db_option
def create_command(name: str, profile: str, key: str | None, server: str | None,
                   db: str | None) -> None:
    """Create a tournament and print its id and token (the token is shown only now)."""

    api = backend(server, db, create=True)
    try:
        created = api.create({"name": name, "profile": profile_option_value(profile)}, key)
    except Failure as exc:
        fail(exc)
        return
    click.echo(json.dumps(created))
    if isinstance(api, LocalBackend):
        click.echo(gettext("Stored in {path}.", path=api.store.path), err=True)
    click.echo(gettext("Keep the token: it is shown once and is needed to upload records."),
               err=True)


VERDICTS = ("valid", "invalid", "duplicate", "rejected", "unreadable")


@dataclass(slots=True)
class ImportSummary:
    """Every line's verdict (``{line, verdict, id, reason}``) and the counts of each.

    ``reason`` is what --json prints, English as it always was; ``said`` (one per line, in
    the same order) is the reason in the command's language, for the text people read."""

    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(VERDICTS, 0))
    lines: list[dict[str, Any]] = field(default_factory=list)
    first_line: dict[str, int] = field(default_factory=dict)  # record id -> line stored here
    said: list[str | None] = field(default_factory=list)

    def verdict(self, line: int | None, verdict: str, record_id: str | None = None,
                reason: str | None = None, said: str | None = None) -> None:
        self.counts[verdict] += 1
        self.lines.append({"line": line, "verdict": verdict, "id": record_id, "reason": reason})
        self.said.append(reason if said is None else said)

    def add(self, api: Backend, lines: list[int | None], result: dict[str, Any]) -> None:
        """The verdicts of one stored batch; an invalid record's reason is its first error."""
        for line, item in zip(lines, result["results"], strict=True):
            rid = item["id"]
            earlier = self.first_line.get(rid)
            if line is not None and earlier is None:
                self.first_line[rid] = line
            if not item["created"]:
                reason = (f"the same game as line {earlier}" if earlier is not None
                          else "already stored before this import")
                if item.get("withdrawn"):
                    reason += "; that record is withdrawn"
                self.verdict(line, "duplicate", rid, reason,
                             _duplicate_said(earlier, bool(item.get("withdrawn"))))
                continue
            if item["valid"]:
                self.verdict(line, "valid", rid)
            else:
                self.verdict(line, "invalid", rid, *_first_error(api, rid, item["errors"]))

    def line(self) -> str:
        c = self.counts
        # TRANSLATORS: the last line of `bigtwo tournament import`; {n} counts every line.
        return ngettext(
            "{n} record: {valid} valid, {invalid} invalid, {duplicate} duplicate, "
            "{rejected} rejected, {unreadable} unreadable",
            "{n} records: {valid} valid, {invalid} invalid, {duplicate} duplicate, "
            "{rejected} rejected, {unreadable} unreadable",
            sum(c.values()), valid=c["valid"], invalid=c["invalid"], duplicate=c["duplicate"],
            rejected=c["rejected"], unreadable=c["unreadable"])

    def show(self, as_json: bool) -> None:
        """Text for people (each line that is not simply valid, then the counts) or one JSON
        document for machines (the counts, and every line with its verdict)."""
        order = sorted(range(len(self.lines)),
                       key=lambda i: (self.lines[i]["line"] is None, self.lines[i]["line"] or 0))
        if as_json:
            self.lines[:] = [self.lines[i] for i in order]
            self.said[:] = [self.said[i] for i in order]
            click.echo(json.dumps({**self.counts, "lines": self.lines}, ensure_ascii=False))
            return
        for i in order:
            if self.lines[i]["verdict"] != "valid":
                click.echo(_verdict_line(self.lines[i], self.said[i]))
        click.echo(self.line())


def _duplicate_said(earlier: int | None, withdrawn: bool) -> str:
    if earlier is not None:
        return (gettext("the same game as line {line}; that record is withdrawn", line=earlier)
                if withdrawn else gettext("the same game as line {line}", line=earlier))
    return (gettext("already stored before this import; that record is withdrawn")
            if withdrawn else gettext("already stored before this import"))


def _verdict_line(entry: dict[str, Any], reason: str | None) -> str:
    """A line of the import that is not simply valid, in words: where, verdict, why."""
    line, verdict, rid = entry["line"], entry["verdict"], entry["id"]
    said = str(reason)
    if line is None:  # the score sheet, one record
        if verdict == "invalid" and rid:
            return gettext("sheet: invalid {id}: {reason}", id=rid, reason=said)
        if verdict == "duplicate" and rid:
            return gettext("sheet: duplicate {id}: {reason}", id=rid, reason=said)
        if verdict == "rejected" and not rid:
            return gettext("sheet: rejected: {reason}", reason=said)
    else:
        if verdict == "invalid" and rid:
            return gettext("line {line}: invalid {id}: {reason}", line=line, id=rid, reason=said)
        if verdict == "duplicate" and rid:
            return gettext("line {line}: duplicate {id}: {reason}", line=line, id=rid,
                           reason=said)
        if verdict == "rejected" and not rid:
            return gettext("line {line}: rejected: {reason}", line=line, reason=said)
        if verdict == "unreadable" and not rid:
            return gettext("line {line}: unreadable: {reason}", line=line, reason=said)
    # No verdict of the service comes this way; the code word stands in (the --json name).
    where = "sheet" if line is None else f"line {line}"
    return f"{where}: {verdict}{f' {rid}' if rid else ''}: {said}"


def _first_error(api: Backend, record_id: str, count: int) -> tuple[str, str]:
    """``CODE at /pointer: message`` of a stored invalid record, and how many more there are:
    as --json prints it (English, as it always was) and in the command's language."""
    try:
        errors = api.record(record_id)["report"]["errors"]
    except (Failure, KeyError, TypeError):
        errors = None
    if not errors:
        return (f"{count} rule errors",
                ngettext("{n} rule error", "{n} rule errors", count))
    first = errors[0]
    code, pointer, message = first.get("code"), first.get("pointer") or "/", first.get("message")
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    english = f"{code} at {pointer}: {message}{more}"
    message = _rendered(first, message)
    if len(errors) > 1:
        return english, ngettext("{code} at {pointer}: {message} (and {n} more)",
                                 "{code} at {pointer}: {message} (and {n} more)",
                                 len(errors) - 1, code=code, pointer=pointer, message=message)
    return english, gettext("{code} at {pointer}: {message}", code=code, pointer=pointer,
                            message=message)


def _rendered(error: dict[str, Any], stored: Any) -> Any:
    """A stored rule error's message in the command's language: rendered again from its code
    and params, as the API does for ``?lang=``; the stored words when it cannot be (a code
    this version does not know, params of another shape)."""
    from bigtwo.records.messages import render

    lang = current()
    if lang == DEFAULT_LANGUAGE or not isinstance(error.get("params"), dict):
        return stored
    try:
        return render(error, lang)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return stored


def _batches(stream: IO[bytes], summary: ImportSummary) -> Iterator[tuple[list[int], list[Any], int]]:
    """(line numbers, records, bytes read) in groups that a server accepts in one request."""
    lines: list[int] = []
    records: list[Any] = []
    size = consumed = deals = 0
    for number, line in enumerate(bounded_lines(stream, limits.MAX_CLI_INPUT_BYTES), start=1):
        if isinstance(line, LongLine):
            consumed += line.read
            summary.counts["unreadable"] += 1
            click.echo(gettext("line {line}: over the limit of {limit} bytes", line=number,
                               limit=limits.MAX_CLI_INPUT_BYTES), err=True)
            continue
        raw = line
        consumed += len(raw)
        if not raw.strip():
            continue
        try:
            record = jsonin.loads(raw)
        except ValueError as exc:
            summary.verdict(number, "unreadable", reason=f"not JSON: {exc}",
                            said=gettext("not JSON: {reason}", reason=exc))
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


def _record_problems(document: dict[str, Any], count: int) -> list[tuple[int, str, str]]:
    """(record index, pointer inside it, detail) of each problem naming one of ``count``
    records; a server's answer of any other shape names none."""
    errors = document.get("errors")
    out = []
    for problem in errors if isinstance(errors, list) else []:
        if not isinstance(problem, dict):
            continue
        parts = str(problem.get("pointer", "")).split("/", 3)
        if len(parts) > 2 and parts[1] == "records" and parts[2].isdigit() \
                and int(parts[2]) < count:
            out.append((int(parts[2]), "/" + parts[3] if len(parts) > 3 else "/",
                        _shown(str(problem.get("detail")))))
    return out


def _upload(api: Backend, tournament_id: str, token: str, lines: list[int], records: list[Any],
            summary: ImportSummary) -> None:
    """One batch; on a 422 the malformed records are named and the rest sent again."""
    try:
        summary.add(api, list(lines), api.upload(tournament_id, token, records))
        return
    except Failure as exc:
        named = _record_problems(exc.document, len(records)) if exc.status == 422 else []
        bad = {index for index, _, _ in named}
        if not bad:
            fail(exc)
        reasons: dict[int, list[str]] = {}
        for problem in exc.document.get("errors") or []:
            parts = str(problem.get("pointer", "")).split("/", 3)
            if len(parts) < 3 or not parts[2].isdigit():
                continue
            where = "/" + parts[3] if len(parts) > 3 else "/"
            reasons.setdefault(int(parts[2]), []).append(f"{where}: {problem.get('detail')}")
    for index in sorted(bad):
        summary.verdict(lines[index], "rejected", reason="; ".join(reasons.get(index, [])))
    keep = [i for i in range(len(records)) if i not in bad]
    if keep:
        _upload(api, tournament_id, token, [lines[i] for i in keep], [records[i] for i in keep],
                summary)


json_option = click.option("--json", "as_json", is_flag=True,
                           help="One JSON document: the counts, and every line with its verdict.")


@tournament.command("import")
@tournament_lang_option
@click.argument("tournament_id")
@click.argument("path", type=click.File("rb"))
@token_option
@json_option
@server_option
@db_option
def import_command(tournament_id: str, path: IO[bytes], token: str, as_json: bool,
                   server: str | None, db: str | None) -> None:
    """Upload the records of a JSON Lines file (one record per line) in batches of up to 100,
    or a score sheet (a .csv file: one record of result-only deals, RECORDS.md).

    Each line gets a verdict: valid, invalid (stored, with its first rule error), duplicate
    (already stored: the same game as an earlier line, or from before), rejected (refused by
    the service, with the pointer inside the record) or unreadable (not JSON). The output
    names every line that is not valid, then the counts; with --json it is one document with
    the counts and every line. Exit status 0 when every line was stored (or already there), 1
    when some were left out, 2 when the import failed."""
    _check_kind(path)
    api = backend(server, db)
    summary = ImportSummary()
    if (getattr(path, "name", "") or "").lower().endswith(".csv"):
        _import_sheet(api, tournament_id, token, path, summary, as_json)
        return
    show = sys.stderr.isatty()
    total = _size(path)
    # TRANSLATORS: a progress bar's label.
    with click.progressbar(length=total, label=gettext("importing"), file=sys.stderr,
                           show_eta=False) if show else _NoBar() as bar:
        for lines, records, consumed in _batches(path, summary):
            _upload(api, tournament_id, token, lines, records, summary)
            bar.update(consumed)
    summary.show(as_json)
    left_out = summary.counts["rejected"] + summary.counts["unreadable"]
    sys.exit(EXIT_REJECTED if left_out else EXIT_OK)


def _read_sheet(stream: IO[bytes]) -> str:
    try:
        return read_bounded(stream, limits.MAX_CLI_INPUT_BYTES, "", SHEET).decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        click.echo(gettext("error: the score sheet is not UTF-8 text: {reason}", reason=exc),
                   err=True)
        sys.exit(EXIT_FAILED)


def _import_sheet(api: Backend, tournament_id: str, token: str, stream: IO[bytes],
                  summary: ImportSummary, as_json: bool) -> None:
    text = _read_sheet(stream)
    try:
        summary.add(api, [None], {"results": [api.upload_sheet(tournament_id, token, text)]})
    except Failure as exc:
        if exc.status != 422:
            fail(exc)
        errors = exc.document.get("errors")
        details = [_shown(str(p.get("detail") if isinstance(p, dict) else p))
                   for p in (errors if isinstance(errors, list) else [])]
        summary.verdict(None, "rejected", reason="; ".join(details) or exc.document.get("detail"))
    summary.show(as_json)
    sys.exit(EXIT_REJECTED if summary.counts["rejected"] else EXIT_OK)


class _NoBar:
    def __enter__(self) -> _NoBar:
        return self

    def __exit__(self, *_: object) -> None:
        return None

    def update(self, _: int) -> None:
        return None


def _check_kind(stream: IO[bytes]) -> None:
    """Only a regular file or a pipe is read (not /dev/zero, not a socket)."""
    try:
        fd = stream.fileno()
    except (OSError, ValueError, AttributeError):  # an in-memory stream (tests)
        return
    readable_kind(fd, getattr(stream, "name", "the input"), allow_tty=True)


def _size(stream: IO[bytes]) -> int:
    try:
        return os.fstat(stream.fileno()).st_size
    except (OSError, ValueError, AttributeError):  # a pipe or an in-memory stream
        return 0


@tournament.command("standings")
@tournament_lang_option
@click.argument("tournament_id")
@click.option("--csv", "as_csv", is_flag=True, help="The player table as CSV.")
@click.option("--delimiter", type=click.Choice(list(DELIMITERS)), default=None,
              help="The CSV's cell separator (implies --csv; semicolon: what Excel expects in "
                   f"Germany and Italy). Default: {DEFAULT_DELIMITER}.")
@server_option
@db_option
def standings_command(tournament_id: str, as_csv: bool, delimiter: str | None,
                      server: str | None, db: str | None) -> None:
    """Print the standings as JSON (or CSV)."""
    api = backend(server, db)
    try:
        if as_csv or delimiter is not None:
            click.echo(api.standings_csv(tournament_id, delimiter or DEFAULT_DELIMITER), nl=False)
        else:
            click.echo(json.dumps(api.standings(tournament_id), ensure_ascii=False, indent=2))
    except Failure as exc:
        fail(exc)


# --- organiser tools: where the store is, listing tournaments, withdrawing and replacing -----
@tournament.command("where")
@tournament_lang_option
@db_option
def where_command(db: str | None) -> None:
    """Print the path of the local store the commands use (and, on stderr, why that one)."""
    where = store_path(db)
    click.echo(str(where.path))
    click.echo(_where_said(where), err=True)


@tournament.command("list")
@tournament_lang_option
@click.option("--page", type=click.IntRange(1, limits.MAX_PAGE_NUMBER), default=1,
              show_default=True, help="Which page (newest tournaments first).")
@click.option("--per-page", type=click.IntRange(1, limits.MAX_PER_PAGE), default=50,
              show_default=True, help="Tournaments per page.")
@json_option
@server_option
@db_option
def list_command(page: int, per_page: int, as_json: bool, server: str | None,
                 db: str | None) -> None:
    """List tournaments, newest first: id, name, profile, records that count, creation time."""
    api = backend(server, db)
    try:
        listed = api.list_tournaments(page, per_page)
    except Failure as exc:
        fail(exc)
        return
    if as_json:
        click.echo(json.dumps(listed, ensure_ascii=False))
        return
    for item in listed["tournaments"]:
        # TRANSLATORS: a column of `bigtwo tournament list`: the records that count.
        counted = ngettext("{n} record", "{n} records", item["records"])
        click.echo("  ".join([item["id"], item["name"], item["profile"]["id"], counted,
                              item["created_at"]]))
    shown, total = len(listed["tournaments"]), listed["total"]
    page_, pages = listed["page"], listed["pages"]
    if listed["next_page"]:
        click.echo(ngettext("{shown} of {n} tournament (page {page} of {pages}); next: "
                            "--page {next}",
                            "{shown} of {n} tournaments (page {page} of {pages}); next: "
                            "--page {next}", total, shown=shown, page=page_, pages=pages,
                            next=listed["next_page"]), err=True)
    else:
        click.echo(ngettext("{shown} of {n} tournament (page {page} of {pages})",
                            "{shown} of {n} tournaments (page {page} of {pages})", total,
                            shown=shown, page=page_, pages=pages), err=True)


reason_option = click.option("--reason", default=None, metavar="TEXT",
                             help=f"Why, for the audit log (at most {limits.MAX_REASON_LENGTH} "
                                  "characters).")
by_option = click.option("--by", default=None, metavar="NAME",
                         help="Who, as the audit log should name you (at most "
                              f"{limits.MAX_ORGANISER_LABEL_LENGTH} characters); the token "
                              "acting is logged too, by its id.")


@tournament.command("withdraw")
@tournament_lang_option
@click.argument("tournament_id")
@click.argument("record_id")
@token_option
@reason_option
@by_option
@server_option
@db_option
def withdraw_command(tournament_id: str, record_id: str, token: str, reason: str | None,
                     by: str | None, server: str | None, db: str | None) -> None:
    """Withdraw a record: it stays stored and listed, marked withdrawn, and no longer counts.
    The audit log keeps who, when and why. Prints the record's entry as JSON."""
    try:
        entry = backend(server, db).withdraw(tournament_id, record_id, token, reason, by)
    except Failure as exc:
        fail(exc)
        return
    click.echo(json.dumps(entry, ensure_ascii=False))


@tournament.command("replace")
@tournament_lang_option
@click.argument("tournament_id")
@click.argument("record_id")
@click.argument("path", type=click.File("rb"), metavar="FILE")
@token_option
@reason_option
@by_option
@server_option
@db_option
def replace_command(tournament_id: str, record_id: str, path: IO[bytes], token: str,
                    reason: str | None, by: str | None, server: str | None,
                    db: str | None) -> None:
    """Replace a record by the one in FILE (a JSON record, or a .csv score sheet): the old one
    is withdrawn and the new one stored, checked as an import checks it, in one step with its
    audit entry; if the new one cannot be stored, nothing changes. Prints the new record's
    entry as JSON (with ``replaces``)."""
    sheet = (getattr(path, "name", "") or "").lower().endswith(".csv")
    if sheet:
        body: Any = _read_sheet(path)
    else:
        try:
            body = jsonin.loads(path.read())
        except ValueError as exc:
            click.echo(gettext("error: {path} is not a JSON record: {reason}",
                               path=getattr(path, "name", "FILE"), reason=exc), err=True)
            sys.exit(EXIT_FAILED)
    try:
        entry = backend(server, db).replace(tournament_id, record_id, token, body, sheet,
                                            reason, by)
    except Failure as exc:
        fail(exc)
        return
    click.echo(json.dumps(entry, ensure_ascii=False))


@tournament.command("records")
@tournament_lang_option
@click.argument("tournament_id")
@click.option("--valid/--invalid", "valid", default=None,
              help="Only valid, or only invalid, records (default both).")
@click.option("--withdrawn/--standing", "withdrawn", default=None,
              help="Only withdrawn, or only standing, records (default both).")
@click.option("--table", default=None, help="Only records whose meta.table is this.")
@click.option("--round", "round_", default=None, help="Only records whose meta.round is this.")
@click.option("--limit", type=click.IntRange(1, 200), default=200, show_default=True,
              help="Records to show.")
@click.option("--offset", type=click.IntRange(0, 10**9), default=0, show_default=True,
              help="Records to skip (upload order).")
@json_option
@server_option
@db_option
def records_command(tournament_id: str, valid: bool | None, withdrawn: bool | None,
                    table: str | None, round_: str | None, limit: int, offset: int,
                    as_json: bool, server: str | None, db: str | None) -> None:
    """List a tournament's records in upload order: id, verdict, withdrawn or not, the
    table and round of its meta, the players."""
    filters = {"valid": valid, "withdrawn": withdrawn, "table": table, "round": round_,
               "limit": limit, "offset": offset}
    try:
        page = backend(server, db).records(tournament_id, {k: v for k, v in filters.items()
                                                           if v is not None})
    except Failure as exc:
        fail(exc)
        return
    if as_json:
        click.echo(json.dumps(page, ensure_ascii=False))
        return
    for row in page["records"]:
        click.echo("  ".join(_record_cells(row)))
    click.echo(ngettext("{shown} of {n} record", "{shown} of {n} records", page["total"],
                        shown=len(page["records"])), err=True)


def _record_cells(row: dict[str, Any]) -> list[str]:
    """The columns of `bigtwo tournament records` for one record, each a whole phrase."""
    # TRANSLATORS: the columns of `bigtwo tournament records`, one phrase each ("records column").
    parts = [row["id"], pgettext("records column", "valid") if row["valid"]
             else pgettext("records column", "invalid")]
    if row["withdrawn"]:
        parts.append(pgettext("records column", "withdrawn (replaced by {id})",
                              id=row["replaced_by"])
                     if row["replaced_by"] else pgettext("records column", "withdrawn"))
    if row["replaces"]:
        parts.append(pgettext("records column", "replaces {id}", id=row["replaces"]))
    if row["table"] is not None:
        parts.append(pgettext("records column", "table {table}", table=row["table"]))
    if row["round"] is not None:
        parts.append(pgettext("records column", "round {round}", round=row["round"]))
    players = row.get("players")
    # TRANSLATORS: between the players' names in `bigtwo tournament records` (Chinese: "、").
    parts.append(pgettext("between the names of the players", ", ").join(players)
                 if isinstance(players, list) else pgettext("records column", "unnamed seats"))
    return parts


@tournament.command("audit")
@tournament_lang_option
@click.argument("tournament_id")
@click.option("--page", type=click.IntRange(1, limits.MAX_PAGE_NUMBER), default=1,
              show_default=True, help="Which page (oldest changes first).")
@click.option("--per-page", type=click.IntRange(1, limits.MAX_PER_PAGE), default=50,
              show_default=True, help="Entries per page.")
@server_option
@db_option
def audit_command(tournament_id: str, page: int, per_page: int, server: str | None,
                  db: str | None) -> None:
    """Print the audit log as JSON: every withdrawal and replacement, when, why, by whom
    (the name given) and with which token (its id, never the token)."""
    try:
        click.echo(json.dumps(backend(server, db).audit(tournament_id, page, per_page),
                              ensure_ascii=False))
    except Failure as exc:
        fail(exc)
