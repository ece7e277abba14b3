"""The hostile-input table of issue 19 (hardening v3): one row per defect class of this round
owned here (1, 3, 6-13; the store's classes 2, 4 and 5 have their own rows).

Each row sends the hostile input (the Flask test client, the CLI runner, or a local HTTP
server on 127.0.0.1) and returns what it got with the work measured by counting (calls,
bytes read, labels, rows, raw characters), never by wall time. The row then asserts the
answer (an HTTP status or an exit status) and that the work stays within its bound.
"""

from __future__ import annotations

import csv
import http.server
import io
import json
import logging
import os
import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest
from click.testing import CliRunner

from bigtwo import limits
from bigtwo.cli.main import main
from bigtwo.cli.shared import inputs
from tests.hostile.costly import card_sheet
from tests.hostile.test_hostile_table import PROBLEM, Hostile, _Stalling, hostile  # noqa: F401
from tests.live_server import POLL_INTERVAL
from tests.tournaments.helpers import simulated

MIB = 1024 * 1024


@dataclass
class Got:
    answer: int  # an HTTP status, or a command's exit status
    work: int
    media: str | None = None  # the answer's media type (HTTP only)


# --- class 1: charsets -------------------------------------------------------------------
REFUSED_CHARSETS = ["punycode", "undefined", "utf-7", "idna", "rot13", "zlib", "hex",
                    "unicode_escape", "x-unknown", "utf-8x", "uu", "mbcs"]


def charsets(h: Hostile) -> Got:
    """A 1 MiB sheet under every refused charset, on each endpoint that reads text: a 415
    before a byte is decoded (no sheet is read); malformed text in an accepted charset is a
    400, never a 500."""
    from bigtwo.formats import sheets

    h.app.config["MAX_CONTENT_LENGTH"] = limits.MAX_BODY_BYTES
    read = h.count(sheets, "_read")
    body = ("deal,Ana,Ben\n" + "1,0,5\n" * 170_000).encode()[:MIB]
    last = None
    for name in REFUSED_CHARSETS:
        for path, headers in (("/v1/validate?profile=casual", {}),
                              (f"/v1/tournaments/{h.tournament}/records", h.auth)):
            last = h.client.post(path, data=body, headers=headers,
                                 content_type=f"text/csv; charset={name}")
            assert last.status_code == 415 and last.mimetype == PROBLEM, (name, path)
            assert last.get_json()["code"] == "unsupported-charset"
    for mimetype in ("application/json", "application/x-www-form-urlencoded"):
        for path in ("/v1/validate", "/replay"):
            out = h.client.post(path, data=b"{}", content_type=f"{mimetype}; charset=punycode")
            assert out.status_code == 415, (mimetype, path)
    for name, data in (("utf-16", b"\xff\xfe\x00\xd8"), ("utf-16", b"no bom"),
                       ("us-ascii", b"deal,\xe9"), ("utf-8", b"\xed\xa0\x80")):
        out = h.client.post("/v1/validate?profile=casual", data=data,
                            content_type=f"text/csv; charset={name}")
        assert out.status_code == 400 and out.mimetype == PROBLEM, (name, data)
    assert last is not None
    return Got(last.status_code, read[0], last.mimetype)


# --- class 3: metrics cardinality --------------------------------------------------------
def _label_values(label: str) -> set[str]:
    from app.metrics import REQUESTS

    return {s.labels[label] for metric in REQUESTS.collect() for s in metric.samples}


def invented_methods(h: Hostile) -> Got:
    """500 invented methods (gunicorn accepts any [A-Z_-]{3,20}) and 500 paths: the labels
    stay in fixed sets; the work is the number of distinct method and route labels."""
    from app.metrics import METHODS

    before = _label_values("route")
    for i in range(500):
        method = "X" + "".join("ABCDEFGHIJ"[int(d)] for d in f"{i:03d}")
        h.client.open(f"/v1/made-up/{i}", method=method)
        h.client.open("/healthz", method=method)
    methods, routes = _label_values("method"), _label_values("route")
    assert methods <= METHODS | {"other"}, methods
    assert routes - before <= {"<unmatched>", "/healthz"}
    answer = h.client.get("/metrics")
    assert len(answer.get_data()) < 256 * 1024
    return Got(answer.status_code, len(methods) + len(routes - before), answer.mimetype)


# --- class 6: integers -------------------------------------------------------------------
BIG_INTEGERS = [99999999999999999999, 18446744073709551616, -9223372036854775809,
                18446744073709551615, -9223372036854775808, 10**19, -(10**19) + 1]


def exact_integers(h: Hostile) -> Got:
    """Records that differ only in a 19- or 20-digit integer in meta are different records,
    each stored with its integer exact (orjson alone would read some as floats)."""
    base = simulated(1, seed=31)[0]
    ids, changed = set(), 0
    for value in BIG_INTEGERS:
        text = json.dumps({**base, "meta": {"ticket": value}})
        out = h.post_raw(f"/v1/tournaments/{h.tournament}/records", text.encode(), h.auth)
        assert out.status_code == 201, (value, out.get_data()[:300])
        rid = out.get_json()["id"]
        ids.add(rid)
        stored = h.client.get(f"/v1/records/{rid}").get_data()
        changed += f'"ticket": {value}'.encode() not in stored.replace(b'":', b'": ')
    float_twin = json.dumps({**base, "meta": {"ticket": 1e20}})
    twin = h.post_raw(f"/v1/tournaments/{h.tournament}/records", float_twin.encode(), h.auth)
    assert twin.get_json()["id"] not in ids
    return Got(twin.status_code, changed + (len(BIG_INTEGERS) - len(ids)), twin.mimetype)


# --- class 7: the CLI reads within bounds ------------------------------------------------
class _Counting:
    """A stream proxy that records the largest single read and the bytes read in all."""

    def __init__(self, stream: Any, log: dict[str, int]) -> None:
        self.stream, self.log = stream, log

    def _note(self, data: bytes) -> bytes:
        self.log["largest"] = max(self.log["largest"], len(data))
        self.log["total"] += len(data)
        return data

    def read(self, n: int = -1) -> bytes:
        return self._note(self.stream.read(n))

    def readline(self, n: int = -1) -> bytes:
        return self._note(self.stream.readline(n))

    def __iter__(self) -> Iterator[bytes]:
        raise AssertionError("an unbounded line iterator was used")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)

    def __enter__(self) -> _Counting:
        return self

    def __exit__(self, *_: object) -> None:
        self.stream.close()


def cli_bounds(h: Hostile) -> Got:
    """/dev/zero, a 2 GB sparse file (as the input, --profile and sheet), a 4 MiB line and a
    3 MiB standard input: each exits 2 with one line; the work is the largest read in bytes."""
    tmp = Path(h.app.config["BIGTWO_DB"]).parent
    sparse = tmp / "sparse.json"
    with sparse.open("wb") as f:
        f.truncate(2 * 1024**3)
    long_line = tmp / "long.jsonl"
    long_line.write_bytes(b"[" + b"0," * (2 * MIB) + b"0]\n" + json.dumps(simulated(1)[0]).encode()
                          + b"\n")
    log = {"largest": 0, "total": 0}
    real_fdopen = os.fdopen
    h.monkeypatch.setattr(inputs.os, "fdopen", lambda *a, **k: _Counting(real_fdopen(*a, **k), log))
    runner = CliRunner()
    calls = [["validate", "/dev/zero"], ["validate", str(sparse)],
             ["validate", "--profile", "/dev/zero", str(long_line)],
             ["validate", "--profile", str(sparse), str(long_line)],
             ["sheet", "/dev/zero", "--profile", "casual"], ["sheet", str(sparse), "--profile", "casual"],
             ["validate", str(long_line)]]
    for args in calls:
        result = runner.invoke(main, args)
        assert result.exit_code == 2, (args, result.output, result.exception)
        assert "Traceback" not in result.output
        errors = [line for line in result.stderr.splitlines() if line.startswith("error")]
        assert len(errors) == 1, (args, result.stderr)
    assert runner.invoke(main, ["validate", str(tmp)]).exit_code == 2  # a directory: usage error
    long_out = [json.loads(line) for line in runner.invoke(main, ["validate", str(long_line)]).stdout.splitlines()]
    assert [o["valid"] for o in long_out] == [None, True]  # the long line is one unreadable record
    piped = runner.invoke(main, ["validate", "-"], input=b"{" + b" " * (3 * MIB))
    assert piped.exit_code == 2 and "over the limit" in piped.stderr
    return Got(2, log["largest"])


def bounded_reads_of_an_endless_stream(h: Hostile) -> Got:
    """bounded_lines over 64 MiB without a newline: no piece is held past the limit."""
    class Zeros(io.RawIOBase):
        def __init__(self, size: int) -> None:
            self.left, self.largest = size, 0

        def readable(self) -> bool:
            return True

        def readinto(self, buffer: Any) -> int:
            n = min(len(buffer), self.left)
            buffer[:n] = b"\0" * n
            self.left -= n
            return n

    stream = io.BufferedReader(Zeros(64 * MIB))
    log = {"largest": 0, "total": 0}
    lines = list(inputs.bounded_lines(_Counting(stream, log), MIB))  # type: ignore[arg-type]
    assert lines == [inputs.LongLine(64 * MIB)]
    assert log["total"] == 64 * MIB
    return Got(2, log["largest"])


# --- class 8: redirects never carry the token ---------------------------------------------
@contextmanager
def _server(handler: type[http.server.BaseHTTPRequestHandler]) -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, args=(POLL_INTERVAL,), daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def redirect_with_token(h: Hostile) -> Got:
    """`tournament import --server` behind a 301/302/307/308: exit 2 with one line; the
    redirect's target never sees a request (let alone the token)."""
    seen: list[dict[str, str]] = []

    class Target(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802
            seen.append(dict(self.headers))
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b"{}")

        do_POST = do_GET  # noqa: N815

        def log_message(self, *_: Any) -> None:
            return None

    records = Path(h.app.config["BIGTWO_DB"]).parent / "r.jsonl"
    records.write_text(json.dumps(simulated(1)[0]) + "\n")
    runner = CliRunner()
    with _server(Target) as target:
        for code in (301, 302, 307, 308):
            class Redirect(http.server.BaseHTTPRequestHandler):
                status = code

                def do_POST(self) -> None:  # noqa: N802
                    self.send_response(self.status)
                    self.send_header("Location", target + self.path)
                    self.send_header("Content-Length", "0")
                    self.end_headers()

                do_GET = do_POST  # noqa: N815

                def log_message(self, *_: Any) -> None:
                    return None

            with _server(Redirect) as base:
                result = runner.invoke(main, ["tournament", "import", "t-x", str(records),
                                              "--token", "b2t_secret", "--server", base])
            assert result.exit_code == 2, (code, result.output, result.exception)
            assert f"answered {code}" in result.stderr and "Traceback" not in result.output
        # A success that is not the API's JSON (an HTML page, a list) is exit 2 as well.
        result = runner.invoke(main, ["tournament", "import", "t-x", str(records),
                                      "--token", "b2t_secret", "--server", target])
        assert result.exit_code == 2 and "not the API's" in result.stderr, result.output
    leaked = sum("b2t_secret" in " ".join(headers.values()) for headers in seen[:-1])
    return Got(2, leaked + len(seen) - 1)


# --- class 9: CSV export ------------------------------------------------------------------
NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")
HOSTILE_NAMES = ["x;=cmd|' /C calc'!A0;", "Ana,=1+1", "\t=2", "+3", "-4", "@SUM(1)",
                 "a\r\n=5", "b; @6", "c\t-7", "\uff1dHYPERLINK(1)"]


def csv_export(h: Hostile) -> Got:
    """Players named to be formulas however a spreadsheet splits the cell (',' ';' tab
    line breaks): no segment of the exported CSV starts a formula, and every text cell is
    quoted. The work is the segments that would start one."""
    made = h.client.post("/v1/tournaments", json={"name": "csv", "profile": "casual"}).get_json()
    auth = {"Authorization": f"Bearer {made['token']}"}
    for i in range(0, len(HOSTILE_NAMES), 4):
        record = simulated(1, seed=40 + i)[0]
        names = (HOSTILE_NAMES[i:i + 4] + ["p1", "p2", "p3"])[:4]
        out = h.client.post(f"/v1/tournaments/{made['id']}/records",
                            json={**record, "players": names}, headers=auth)
        assert out.status_code == 201, out.get_data()[:300]
    answer = h.client.get(f"/v1/tournaments/{made['id']}/standings?format=csv")
    text = answer.get_data(as_text=True)
    dangerous = 0
    for line in text.splitlines():
        for cell in (c for sep in ",;\t|" for c in line.split(sep)):
            segment = cell.strip(' "')
            # A number (points can be negative) is data; anything else must not start one.
            if segment.startswith(tuple("=+-@\uff1d\uff0b\uff0d\uff20")) \
                    and not NUMBER.fullmatch(segment):
                dangerous += 1
    rows = list(csv.reader(io.StringIO(text)))
    exported = {row[1] for row in rows[1:]}
    assert all(name.lstrip(" \t\r\n").startswith("'") for name in exported & {
        n for n in exported if n.lstrip(" \t\r\n'")[:1] in "=+-@\uff1d"}), exported
    assert all(f'"{row[1]}"' in text.replace('""', '"') for row in rows[1:])
    return Got(answer.status_code, dangerous, answer.mimetype)


# --- class 10: requests within budget -------------------------------------------------------
def sheet_checked_once(h: Hostile) -> Got:
    """A legal 1 MiB card-list sheet uploaded to a tournament (under 64 card penalties): its
    record is checked once (it was twice) and each card is read by one lookup."""
    from bigtwo.formats import sheets
    from bigtwo.store import tournaments

    h.app.config["MAX_CONTENT_LENGTH"] = limits.MAX_BODY_BYTES
    penalties = [{"cards": ["2D", "2C"], "all": True, "points": i}
                 for i in range(limits.MAX_PROFILE_CARD_PENALTIES)]
    made = h.client.post("/v1/tournaments", json={"name": "sheet", "profile": {
        "extends": "pusoy-dos", "scoring": {"card_penalties": penalties}}}).get_json()
    checks = h.count(sheets, "check_record")
    also = h.count(tournaments, "check_record")
    text = card_sheet()
    assert len(text) > MIB - 200
    answer = h.client.post(f"/v1/tournaments/{made['id']}/records", data=text.encode(),
                           content_type="text/csv",
                           headers={"Authorization": f"Bearer {made['token']}"})
    assert answer.status_code == 201, answer.get_data()[:300]
    return Got(answer.status_code, checks[0] + also[0], answer.mimetype)


# --- class 11: hosts and caches ------------------------------------------------------------
def hosts(h: Hostile) -> Got:
    """Any Host with `//` paths gets no redirect (no Location, no HTML); with
    BIGTWO_TRUSTED_HOSTS set, another Host is a 400 problem; pages vary on Accept-Language.
    The work is the responses that carried a Location or a 3xx."""
    redirected = 0
    for path in ("//healthz", "/v1//profiles", "//evil.example/x", "/v1/profiles/", "///",
                 "/tournaments//x", "/docs/"):
        out = h.client.get("/", headers={"Host": "evil.example"},
                           environ_overrides={"PATH_INFO": path})
        redirected += 300 <= out.status_code < 400 or "Location" in out.headers
        assert out.status_code < 500 and "//evil.example" not in out.get_data(as_text=True)
    page = h.client.get("/", headers={"Accept-Language": "de"})
    assert "Accept-Language" in page.headers.get("Vary", "")
    assert "Accept-Language" in h.client.get(f"/tournaments/{h.tournament}").headers["Vary"]
    h.app.config["BIGTWO_TRUSTED_HOSTS"] = "bigtwo.example, .club.example"
    for good in ("bigtwo.example", "bigtwo.example:8000", "a.club.example", "club.example"):
        assert h.client.get("/healthz", headers={"Host": good}).status_code == 200, good
    refused = h.client.get("/healthz", headers={"Host": "evil.example"})
    for bad in ("evilbigtwo.example", "xclub.example", "bigtwo.example.evil", ""):
        assert h.client.get("/healthz", headers={"Host": bad}).status_code == 400, bad
    return Got(refused.status_code, redirected, refused.mimetype)


# --- class 12: the token before the body ---------------------------------------------------
def token_before_body(h: Hostile) -> Got:
    """A wrong token (and none) with a 1 MB body that stalls: 401 at once, not a byte of the
    body read; a right token's stalled body is the 408 it always was."""
    h.app.config["MAX_CONTENT_LENGTH"] = limits.MAX_BODY_BYTES
    reads = 0
    for headers in ({"Authorization": "Bearer b2t_wrong"}, {}):
        stream = _Stalling(b'{"records": [')
        out = h.client.post(f"/v1/tournaments/{h.tournament}/records",
                            content_type="application/json",
                            headers={**headers, "Content-Length": str(MIB)},
                            environ_overrides={"wsgi.input": stream, "CONTENT_LENGTH": str(MIB)})
        assert out.status_code == 401 and out.headers["WWW-Authenticate"].startswith("Bearer")
        reads += stream.reads
    stream = _Stalling(b'{"records": [')
    stalled = h.client.post(f"/v1/tournaments/{h.tournament}/records",
                            content_type="application/json",
                            headers={**h.auth, "Content-Length": str(MIB)},
                            environ_overrides={"wsgi.input": stream, "CONTENT_LENGTH": str(MIB)})
    assert stalled.status_code == 408
    return Got(out.status_code, reads, out.mimetype)


# --- class 13: logs, request ids, docs assets -----------------------------------------------
RAW_DANGER = ["\u2028", "\u2029", "\u0085", "\u009b", "\x1b", "\u202e", "\r", "\n"]


def logs(h: Hostile) -> Got:
    """JSON and text log lines of a hostile path and method hold none of the characters that
    break lines or drive a terminal; gunicorn's own warning is a JSON line in JSON mode; a
    client's X-Request-Id is never the request's id; /docs/assets/ serves only what /docs
    loads. The work: raw dangerous characters written plus stock files served."""
    from gunicorn.config import Config

    from app.logsafe import GunicornLogger, JsonFormatter, SafeTextFormatter

    hostile_text = "/x\u2028y\u2029z\u0085\u009b[2J\x1b[31m\u202e\r\nfake line"
    record = logging.LogRecord("bigtwo.requests", logging.INFO, __file__, 1, "%s", (hostile_text,),
                               None)
    record.fields = {"path": hostile_text, "method": "G\u009bET"}  # type: ignore[attr-defined]
    lines = [JsonFormatter().format(record), SafeTextFormatter("%(message)s").format(record)]
    assert json.loads(lines[0])["path"] == hostile_text  # escaped, still the same value
    raw = sum(line.count(c) for line in lines for c in RAW_DANGER)
    h.monkeypatch.setenv("BIGTWO_LOG_FORMAT", "json")
    glog = GunicornLogger(Config())
    buffer = io.StringIO()
    for handler in glog.error_log.handlers:
        handler.stream = buffer  # type: ignore[attr-defined]
    glog.warning("Invalid request from ip=%s: %s", "127.0.0.1", "bad \u009b request")
    warning = json.loads(buffer.getvalue())
    assert warning["level"] == "warning" and "\u009b" not in buffer.getvalue()
    ids = set()
    for _ in range(3):
        out = h.client.get("/healthz", headers={"X-Request-Id": "the-other-request"})
        ids.add(out.headers["X-Request-Id"])
    assert "the-other-request" not in ids and len(ids) == 3
    served = 0
    for name in ("index.html", "oauth2-redirect.html", "index.j2", "swagger-ui.js.map",
                 "swagger-initializer.js", "favicon-32x32.png", "../index.html"):
        served += h.client.get(f"/docs/assets/{name}").status_code == 200
    for name in ("swagger-ui.css", "swagger-ui-bundle.js", "swagger-ui-standalone-preset.js"):
        assert h.client.get(f"/docs/assets/{name}").status_code == 200, name
    stock = h.client.get("/docs/assets/index.html")
    return Got(stock.status_code, raw + served, stock.mimetype)


@dataclass(frozen=True)
class Row:
    defect: int  # the class number in issue 19
    name: str
    send: Callable[[Hostile], Got]
    answer: int  # the HTTP status, or the exit status of a command
    bound: int
    unit: str
    media: str | None = PROBLEM


ROWS = [
    Row(1, "1 MiB text/csv under punycode, undefined, utf-7 ... on every text endpoint",
        charsets, 415, 0, "sheets read"),
    Row(3, "500 invented methods and paths", invented_methods, 200,
        len(("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")) + 1 + 2,
        "distinct method and new route labels", None),
    Row(6, "integers past orjson's 64-bit range in meta", exact_integers, 201, 0,
        "integers changed or records merged", None),
    Row(7, "/dev/zero, a 2 GB sparse file, a 4 MiB line, 3 MiB on stdin", cli_bounds, 2,
        limits.MAX_CLI_INPUT_BYTES + 1, "bytes in the largest read", None),
    Row(7, "64 MiB without a newline through bounded_lines", bounded_reads_of_an_endless_stream,
        2, max(MIB + 1, inputs.SKIP_CHUNK), "bytes in the largest read", None),
    Row(8, "tournament import --server behind 301/302/307/308", redirect_with_token, 2, 0,
        "requests reaching the redirect's target", None),
    Row(9, "players named as formulas split by , ; tab CR LF", csv_export, 200, 0,
        "CSV segments that start a formula", "text/csv"),
    Row(10, "1 MiB card-list sheet under 64 card penalties", sheet_checked_once, 201, 1,
        "record checks", None),
    Row(11, "Host: evil.example with // paths; untrusted hosts", hosts, 400, 0,
        "redirects answered"),
    Row(12, "wrong or no token, 1 MB body that stalls", token_before_body, 401, 0,
        "body reads"),
    Row(13, "log injection, X-Request-Id reuse, stock Swagger files", logs, 404, 0,
        "raw characters logged + stock files served"),
]
OWNED_CLASSES = {1, 3, 6, 7, 8, 9, 10, 11, 12, 13}


def assert_row(row: Row, hostile: Hostile) -> None:  # noqa: F811
    """Send the row's class and hold its answer, media type and bound on the work."""
    got = row.send(hostile)
    assert got.answer == row.answer
    if row.media is not None:
        assert got.media == row.media
    assert got.work <= row.bound, f"{row.name}: {got.work} {row.unit} > {row.bound}"


@pytest.mark.parametrize("row", ROWS, ids=lambda r: f"v3-class{r.defect:02d}-{r.send.__name__}")
def test_hostile_v3(row: Row, hostile: Hostile) -> None:  # noqa: F811
    assert_row(row, hostile)


def test_every_owned_class_has_a_row() -> None:
    assert {row.defect for row in ROWS} == OWNED_CLASSES


def test_cluster_planning_stops_at_the_first_long_line(tmp_path: Path) -> None:
    """--workers: each block's scan reads only its own bytes (and an id's worth after them),
    and the first line over the limit ends the run before any block is checked, so no
    worker is handed a line it would hold whole."""
    pytest.importorskip("fsspec")
    from bigtwo.batch.blocks import Block, partition
    from bigtwo.batch.errors import LineTooLong
    from bigtwo.batch.scans import plan, scan_block

    path = tmp_path / "long.jsonl"
    path.write_bytes(b"[]\n" * 3 + b"0" * (3 * MIB) + b"\n[]\n")
    inputs, blocks = partition((str(path),), MIB)
    log = {"largest": 0, "total": 0}
    for block in blocks:
        read = block.read
        with patch.object(Block, "read", lambda self, a, b, read=read: _Counting(
                io.BytesIO(read(a, b)), log).read()):
            scan_block(block, MIB)
    assert log["largest"] <= MIB + 64 and log["total"] <= len(blocks) * (MIB + 64)
    with pytest.raises(LineTooLong) as refused:
        plan(inputs, blocks, MIB)
    assert (refused.value.name, refused.value.line, refused.value.limit) == (str(path), 4, MIB)
    inputs, blocks = partition((str(path),), MIB)
    plan(inputs, blocks, 4 * MIB)
    assert inputs[0].lines == 5
