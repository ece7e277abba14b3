"""The live tables' HTTP client (``bigtwo table ...``): the calls of TABLES.md over the
organisers' client (``bigtwo.cli.http_client``: the standard library only, no redirects,
answers read bounded), and the table's events read as they come, from the Server-Sent Events
stream or from the NDJSON long poll.

A token goes only into the ``Authorization`` header, never into a URL the client builds."""

from __future__ import annotations

import json
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from bigtwo import limits
from bigtwo.cli.http_client import HttpBackend, Unexpected, Unreachable
from bigtwo.cli.shared.language import gettext

NOTATION = "text/x-bigtwo"

# The events after which a table has nothing more to say.
LAST_EVENTS = frozenset({"match_over", "abandoned"})


@dataclass
class Event:
    """One event as a viewer receives it: its number, type and data (filtered for it)."""

    id: int
    type: str
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def last(self) -> bool:
        return self.type in LAST_EVENTS


def _quoted(table_id: str) -> str:
    return urllib.parse.quote(table_id, safe="")


class TableClient:
    """One server's tables, spoken to in one language (``Accept-Language``)."""

    def __init__(self, server: str, lang: str) -> None:
        self.http = HttpBackend(server)
        self.lang = lang

    def _headers(self, **extra: str | None) -> dict[str, str]:
        headers = {"Accept-Language": self.lang}
        headers.update({k: v for k, v in extra.items() if v is not None})
        return headers

    def _json(self, method: str, path: str, body: Any = None, token: str | None = None,
              keys: tuple[str, ...] = (), **extra: str | None) -> dict[str, Any]:
        _, payload = self.http._request(method, path, body, token,
                                        extra=self._headers(**extra))
        try:
            result = json.loads(payload)
        except ValueError:
            result = None
        if not isinstance(result, dict) or any(k not in result for k in keys):
            raise Unexpected(gettext("{url} answered something that is not the API's JSON "
                                     "(expected an object with {keys})",
                                     url=self.http.base + path,
                                     keys=", ".join(keys) or "fields"))
        return result

    def create(self, body: dict[str, Any], key: str | None = None) -> dict[str, Any]:
        """``key``: a creation key, for a server in creation-key mode."""
        return self._json("POST", "/v1/tables", body, key,
                          keys=("id", "seats", "commitment"))

    def list_tables(self, status: str | None, page: int, per_page: int) -> dict[str, Any]:
        query = {"page": page, "per_page": per_page, **({"status": status} if status else {})}
        return self._json("GET", "/v1/tables?" + urllib.parse.urlencode(query),
                          keys=("tables", "total", "page", "pages"))

    def view(self, table_id: str, token: str | None) -> dict[str, Any]:
        return self._json("GET", f"/v1/tables/{_quoted(table_id)}", token=token,
                          keys=("id", "status"))

    def move(self, table_id: str, token: str, body: dict[str, Any], *,
             version: int | None = None, key: str | None = None) -> dict[str, Any]:
        return self._json("POST", f"/v1/tables/{_quoted(table_id)}/moves", body, token,
                          keys=("id", "status"),
                          **{"If-Match": None if version is None else f'"{version}"',
                             "Idempotency-Key": key})

    def entropy(self, table_id: str, token: str, value: str) -> dict[str, Any]:
        return self._json("POST", f"/v1/tables/{_quoted(table_id)}/entropy",
                          {"entropy": value}, token, keys=("id", "status"))

    def end(self, table_id: str, token: str) -> dict[str, Any]:
        return self._json("DELETE", f"/v1/tables/{_quoted(table_id)}", token=token,
                          keys=("id", "status"))

    def profile(self, profile_id: str) -> dict[str, Any]:
        """A profile the server knows (a preset or a stored one), resolved."""
        return self._json("GET", f"/v1/profiles/{_quoted(profile_id)}", keys=("players",))

    def record_notation(self, table_id: str) -> str:
        _, payload = self.http._request("GET", f"/v1/tables/{_quoted(table_id)}/record",
                                        accept=NOTATION, extra=self._headers())
        try:
            return payload.decode("utf-8")
        except UnicodeDecodeError:
            raise Unexpected(gettext("the table's record in notation is not UTF-8 "
                                     "text")) from None

    # --- events ---------------------------------------------------------------------------
    def stream(self, table_id: str, token: str | None, after: int) -> Iterator[Event]:
        """The events after ``after`` from the SSE stream, as they come, until the server
        ends the stream or it stays silent longer than the read timeout (``socket.timeout``
        comes out: the caller reconnects with the last id it saw)."""
        extra = self._headers(**{"Last-Event-ID": str(after) if after else None})
        response = self.http.open("GET", f"/v1/tables/{_quoted(table_id)}/events", token=token,
                                  accept="text/event-stream", extra=extra,
                                  timeout=limits.CLI_STREAM_READ_SECONDS)
        with response:
            yield from sse_events(_lines(response))

    def poll(self, table_id: str, token: str | None, after: int,
             wait: int = limits.CLI_POLL_WAIT_SECONDS) -> list[Event]:
        """The events after ``after`` from the NDJSON long poll (waiting up to ``wait``
        seconds for the first)."""
        path = (f"/v1/tables/{_quoted(table_id)}/events?"
                + urllib.parse.urlencode({"after": after, "wait": wait}))
        _, payload = self.http._request("GET", path, token=token,
                                        accept="application/x-ndjson", extra=self._headers())
        events = []
        for line in payload.splitlines():
            if line.strip():
                events.append(_event(_loads_line(line)))
        return events


def _lines(response: Any) -> Iterator[bytes]:
    """The stream's lines (without their end), each read bounded: a line longer than any
    event the service sends means it is not the service's stream."""
    while True:
        try:
            line: bytes = response.readline(limits.CLI_MAX_EVENT_BYTES + 1)
        except TimeoutError:
            raise
        except OSError as exc:
            raise Unreachable(gettext("the event stream broke: {reason}", reason=exc)) from exc
        if not line:
            return
        if len(line) > limits.CLI_MAX_EVENT_BYTES:
            raise Unexpected(gettext("an event of the stream is over {limit} bytes",
                                     limit=limits.CLI_MAX_EVENT_BYTES))
        yield line.rstrip(b"\r\n")


def sse_events(lines: Iterator[bytes]) -> Iterator[Event]:
    """Server-Sent Events (the WHATWG format: ``id:``, ``event:``, ``data:`` fields, a blank
    line ends an event, a line starting with ``:`` is a comment such as a keep-alive)."""
    fields: dict[str, str] = {}
    data: list[str] = []
    for raw in lines:
        line = raw.decode("utf-8", errors="replace")
        if not line:
            if data:
                payload = _loads_line("\n".join(data).encode("utf-8"))
                # `data:` may carry the event whole ({"id", "type", "data"}) or its data alone
                if isinstance(payload, dict) and {"id", "type", "data"} <= payload.keys():
                    payload = payload["data"]
                yield _event({"id": fields.get("id"), "type": fields.get("event", "message"),
                              "data": payload})
            fields, data = {}, []
            continue
        if line.startswith(":"):
            continue
        name, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if name == "data":
            data.append(value)
        elif name in ("id", "event"):
            fields[name] = value


def _loads_line(line: bytes) -> Any:
    try:
        return json.loads(line)
    except ValueError:
        raise Unexpected(gettext("an event of the stream is not JSON")) from None


def _event(doc: Any) -> Event:
    """An event of the API's shape (``{"id", "type", "data"}``), or ``Unexpected``."""
    if isinstance(doc, dict) and "type" in doc:
        try:
            number = int(doc.get("id"))  # type: ignore[arg-type]
        except (TypeError, ValueError):
            number = None
        data = doc.get("data")
        if number is not None and isinstance(doc["type"], str) and isinstance(data, dict):
            return Event(number, doc["type"], data)
    raise Unexpected(gettext("an event of the stream is not of the API's shape"))
