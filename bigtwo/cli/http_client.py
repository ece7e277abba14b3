"""The organiser commands' HTTP client of the service (``--server URL``): the standard
library's urllib only, so an organiser needs nothing but this package. Never follows a
redirect, reads every answer bounded, and says in one line what came back when it is not
the API's."""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

import click

from bigtwo.cli.backend import EXIT_FAILED, Backend, Failure, shown
from bigtwo.cli.shared.language import Refusal, gettext
from bigtwo.formats.csvdialect import DEFAULT_DELIMITER

HTTP_TIMEOUT = 60


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


# An answer is read up to this many bytes: standings of a large tournament fit many times.
MAX_ANSWER_BYTES = 64 * 1024 * 1024


def _read_bounded(response: Any) -> bytes:
    payload: bytes = response.read(MAX_ANSWER_BYTES + 1)
    if len(payload) > MAX_ANSWER_BYTES:
        raise Unexpected(gettext("the server's answer is over {limit} bytes",
                                 limit=MAX_ANSWER_BYTES))
    return payload


class HttpBackend(Backend):
    def __init__(self, base: str) -> None:
        if not base.startswith(("http://", "https://")):
            raise click.BadParameter(f"{base!r} is not an http:// or https:// URL",
                                     param_hint="'--server'")
        self.base = base.rstrip("/")

    def _request(self, method: str, path: str, body: Any = None, token: str | None = None,
                 accept: str = "application/json",
                 extra: dict[str, str] | None = None) -> tuple[int, bytes]:
        with self.open(method, path, body, token, accept, extra) as response:
            try:
                return response.status, _read_bounded(response)
            except OSError as exc:  # the connection broke in the middle of the answer
                raise Unreachable(gettext("cannot reach {url}: {reason}", url=self.base,
                                          reason=exc)) from exc

    def open(self, method: str, path: str, body: Any = None, token: str | None = None,
             accept: str = "application/json", extra: dict[str, str] | None = None,
             timeout: float = HTTP_TIMEOUT) -> Any:
        """The successful answer's response, unread (a stream is read as it comes); any
        other answer raised as ``Failure``, ``Unexpected`` or ``Unreachable``."""
        headers = {"Accept": accept, **(extra or {})}
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
            response = _OPENER.open(req, timeout=timeout)
        except urllib.error.HTTPError as exc:
            if 300 <= exc.code < 400:
                where = exc.headers.get("Location") or "nowhere"
                raise Unexpected(gettext(
                    "{url} answered {status} (a redirect to {location}); not followed, the "
                    "token is never sent elsewhere: give the final URL as --server",
                    url=self.base + path, status=exc.code, location=shown(where))) from None
            payload = _read_bounded(exc)
            try:
                document = json.loads(payload)
            except ValueError:
                document = None
            if not isinstance(document, dict):
                document = {"detail": gettext(
                    "answered {status} {reason} without a problem document", status=exc.code,
                    reason=shown(str(exc.reason)))}
            raise Failure(exc.code, document, exc.headers.get("Retry-After")) from exc
        except (urllib.error.URLError, OSError) as exc:
            reason = exc.reason if isinstance(exc, urllib.error.URLError) else exc
            raise Unreachable(gettext("cannot reach {url}: {reason}", url=self.base,
                                      reason=reason)) from exc
        if not 200 <= response.status < 300:
            response.close()
            raise Unexpected(gettext("{url} answered {status}, not a success",
                                     url=self.base + path, status=response.status))
        return response

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
