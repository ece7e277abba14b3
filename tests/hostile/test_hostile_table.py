"""The hostile-input table of issue 10: one row per defect class.

Each row sends one hostile request (in-process, through the Flask test client) and asserts
the status it gets AND a bound on the work the service did for it, measured by counting
(replays run, rows stored, bytes read or written), never by wall time.

How to add a row: write a function ``(h: Hostile) -> Outcome`` that sends the request and
returns the response with the measured work, then add ``Row(class, name, function, status,
bound)`` to ROWS. ``Hostile`` gives a client on a fresh database, a tournament with its token,
and ``h.count(module, name)`` to count calls of any function for the request.

The live-server side of classes 8, 11 and 12 (a real gunicorn) is in test_gunicorn_live.py;
the per-endpoint sweep of classes 1-3 is in test_json_input.py.
"""

from __future__ import annotations

import io
import json
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bigtwo import limits
from bigtwo.rules.cards import CANONICAL
from bigtwo.rules.profiles import PRESET_IDS
from tests.conftest import shared_app
from tests.tournaments.helpers import simulated

PROBLEM = "application/problem+json"


@dataclass
class Outcome:
    response: Any
    work: int  # the measured quantity, in the row's unit


@dataclass
class Hostile:
    app: Any
    client: Any
    tournament: str
    token: str
    monkeypatch: pytest.MonkeyPatch
    counters: dict[str, list[int]] = field(default_factory=dict)

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def count(self, module: Any, name: str) -> list[int]:
        """Count calls of ``module.name`` from now on; the list's only item is the count."""
        calls = [0]
        original = getattr(module, name)

        def counted(*args: Any, **kwargs: Any) -> Any:
            calls[0] += 1
            return original(*args, **kwargs)

        self.monkeypatch.setattr(module, name, counted)
        return calls

    def replays(self) -> list[int]:
        """Calls of the one checking path (bigtwo.records.pipeline.check_record), wherever imported."""
        import app.api.play
        import app.api.validation
        import app.web
        import bigtwo.store.tournaments

        calls = [0]
        for module in (app.api.play, app.api.validation, bigtwo.store.tournaments, app.web):
            original = module.check_record

            def counted(*args: Any, _original: Any = original, **kwargs: Any) -> Any:
                calls[0] += 1
                return _original(*args, **kwargs)

            self.monkeypatch.setattr(module, "check_record", counted)
        return calls

    def stored_rows(self) -> int:
        with sqlite3.connect(self.app.config["BIGTWO_DB"]) as conn:
            return sum(conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
                       for t in ("records", "profiles", "tournaments"))

    def post_raw(self, path: str, data: bytes, headers: dict[str, str] | None = None) -> Any:
        return self.client.post(path, data=data, content_type="application/json",
                                headers=headers or {})


@pytest.fixture
def hostile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Hostile]:
    # The worker's shared app (tests/conftest.py) on a fresh store: the body limit, like all
    # it reads per request, is config, put back as it was after the test.
    with shared_app(tmp_path) as app:
        app.config["MAX_CONTENT_LENGTH"] = 64 * 1024
        client = app.test_client()
        made = client.post("/v1/tournaments", json={"name": "Hostile night", "profile": "casual"})
        assert made.status_code == 201
        body = made.get_json()
        yield Hostile(app, client, body["id"], body["token"], monkeypatch)


# --- class 1: deep nesting ---------------------------------------------------------------
def deep_nesting(h: Hostile) -> Outcome:
    replays = h.replays()
    depth = 30_000  # 60 KB of brackets: far past the interpreter's recursion limit
    response = h.post_raw("/v1/validate", b"[" * depth + b"]" * depth)
    return Outcome(response, replays[0] + len(response.get_data()) // 1024)


# --- class 2: lone surrogates ------------------------------------------------------------
def lone_surrogate(h: Hostile) -> Outcome:
    before = h.stored_rows()
    record = simulated(1)[0]
    text = json.dumps({**record, "players": ["\\ud800", "Ben", "Cai", "Dee"]})
    text = text.replace("\\\\ud800", "\\ud800")  # the escape itself, as a client would send
    response = h.post_raw(f"/v1/tournaments/{h.tournament}/records", text.encode(), h.auth)
    raw = h.post_raw("/v1/validate", b'{"a\xed\xa0\x80": 1}')
    assert raw.status_code == 400 and raw.mimetype == PROBLEM
    return Outcome(response, h.stored_rows() - before)


# --- class 3: non-finite numbers ---------------------------------------------------------
def non_finite(h: Hostile) -> Outcome:
    before = h.stored_rows()
    record = simulated(1)[0]
    text = json.dumps({**record, "meta": {"rating": float("nan"), "big": 1e308}})
    response = h.post_raw(f"/v1/tournaments/{h.tournament}/records",
                          text.replace("1e+308", "1e309").encode(), h.auth)
    # ... and the tournament still answers afterwards.
    assert h.client.get(f"/v1/tournaments/{h.tournament}/standings").status_code == 200
    return Outcome(response, h.stored_rows() - before)


# --- class 7: bad page numbers -----------------------------------------------------------
def bad_page_numbers(h: Hostile) -> Outcome:
    replays = h.replays()
    out = None
    for page in ("%C2%B2", "99999999999999999999", "-1", "0", "1.5", "%D9%A1"):
        out = h.client.get(f"/tournaments/{h.tournament}?page={page}")
        assert out.status_code == 400, (page, out.status_code)
    assert out is not None
    # The API's pagination parameters are a 422 naming the parameter; the replay page clamps
    # (anything but a small whole number is its first page).
    for query in ("limit=%C2%B2", "offset=99999999999999999999", "limit=-1", "offset=%D9%A1"):
        api = h.client.get(f"/v1/tournaments/{h.tournament}/records?{query}")
        assert api.status_code == 422 and api.mimetype == PROBLEM, query
    record = h.client.post(f"/v1/tournaments/{h.tournament}/records", json=simulated(1)[0],
                           headers=h.auth).get_json()["id"]
    for page in ("%C2%B2", "99999999999999999999", "-1"):
        assert h.client.get(f"/records/{record}?page={page}").status_code == 200, page
    return Outcome(out, replays[0] + len(out.get_data()) // 1024)


# --- class 8: a body that stops arriving -------------------------------------------------
class _Stalling(io.RawIOBase):
    """A request body that sends some bytes and then times out, as a dribbling client does
    once the socket read timeout (app/serving.py) expires."""

    def __init__(self, first: bytes) -> None:
        self.first, self.reads = first, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        self.reads += 1
        if self.first:
            n = min(len(buffer), len(self.first))
            buffer[:n], self.first = self.first[:n], self.first[n:]
            return n
        raise TimeoutError("timed out")


def stalled_body(h: Hostile) -> Outcome:
    replays = h.replays()
    stream = _Stalling(b'{"profile": "casual", "deals": [')
    response = h.client.post("/v1/validate", content_type="application/json",
                             headers={"Content-Length": "5000"},
                             environ_overrides={"wsgi.input": stream, "CONTENT_LENGTH": "5000"})
    return Outcome(response, replays[0] + stream.reads)


# --- class 9: coerced values -------------------------------------------------------------
def coerced_seed(h: Hostile) -> Outcome:
    from bigtwo.rules import deals

    dealt = h.count(deals, "new_spec")
    for seed in ("12", 1.5, True, 12.0, [12]):
        out = h.client.post("/v1/deals", json={"profile": "casual", "seed": seed})
        assert out.status_code == 422, (seed, out.status_code)
        assert "/seed" in [e["pointer"] for e in out.get_json()["errors"]]
    return Outcome(out, dealt[0])


# --- class 10: the name a profile answers with -------------------------------------------
def profile_name(h: Hostile) -> Outcome:
    rules = {"extends": "big-two-web", "triples": False}
    first = h.client.post("/v1/profiles", json={**rules, "name": "First"})
    assert first.status_code == 201
    before = h.stored_rows()
    again = h.client.post("/v1/profiles", json={**rules, "name": "Second"})
    body = again.get_json()
    assert body["id"] == first.get_json()["id"]
    assert body["name"] == "First" == h.client.get(again.headers["Location"]).get_json()["name"]
    assert body["declared_name"] == "Second"
    return Outcome(again, h.stored_rows() - before)


# --- class 11: the body limit, chunked and with Content-Length ---------------------------
def chunked_at_limit(h: Hostile) -> Outcome:
    limit = h.app.config["MAX_CONTENT_LENGTH"]
    exact = b'{"records": 1}'.ljust(limit, b" ")
    answers = {}
    for name, body in (("exact", exact), ("over", exact + b" ")):
        for mode in ("chunked", "length"):
            if mode == "chunked":
                out = h.client.post("/v1/validate/batch", input_stream=io.BytesIO(body),
                                    content_type="application/json",
                                    headers={"Transfer-Encoding": "chunked"},
                                    environ_overrides={"wsgi.input_terminated": True})
            else:
                out = h.post_raw("/v1/validate/batch", body)
            answers[name, mode] = out.status_code
    # Exactly the limit is read and judged (not a batch: 422), one byte more is 413.
    assert answers == {("exact", "chunked"): 422, ("exact", "length"): 422,
                       ("over", "chunked"): 413, ("over", "length"): 413}, answers
    stream = io.BytesIO(exact * 4)
    out = h.client.post("/v1/validate/batch", input_stream=stream,
                        content_type="application/json", headers={"Transfer-Encoding": "chunked"},
                        environ_overrides={"wsgi.input_terminated": True})
    return Outcome(out, stream.tell())


# --- class 12: gunicorn's own errors -----------------------------------------------------
def gunicorn_error(h: Hostile) -> Outcome:
    from gunicorn.http.errors import LimitRequestLine

    from app.serving import describe, problem_http

    raw = problem_http(*describe(LimitRequestLine(5000, 4094)))
    head, _, body = raw.partition(b"\r\n\r\n")

    class Answer:  # the written bytes, read as a response
        status_code = int(head.split()[1])
        mimetype = dict(line.split(": ", 1) for line in head.decode().split("\r\n")[1:])[
            "Content-Type"]

        @staticmethod
        def get_json() -> Any:
            return json.loads(body)

    return Outcome(Answer(), len(raw))


# --- class 13: security headers ----------------------------------------------------------
def security_headers(h: Hostile) -> Outcome:
    for path in ("/", f"/tournaments/{h.tournament}", "/v1/profiles", "/nowhere",
                 "/web-static/web.css"):
        out = h.client.get(path)
        assert out.headers["X-Content-Type-Options"] == "nosniff", path
        csp = out.headers["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp, path
        assert out.headers["Referrer-Policy"] == "no-referrer", path
    page = h.client.get("/")
    return Outcome(page, len(page.get_data()) // 1024)


# --- class 4: one small request costs seconds of CPU (rows by engineer "hardcost") ----------
def _classifications(h: Hostile) -> list[int]:
    from bigtwo.rules.combos import Classifier

    return h.count(Classifier, "classify")


def must_play_huge_hand(h: Hostile) -> Outcome:
    """150 deals in which a 50-card hand, not yet in the first trick, passes on a single 2:
    each pass needs proof that no play beats it. Listing every combination of the hand took
    18,700 classifications per pass; the strongest play of the table's size takes 50."""
    from tests.hostile.costly import huge_hand_record

    h.app.config["MAX_CONTENT_LENGTH"] = limits.MAX_BODY_BYTES
    classified = _classifications(h)
    response = h.client.post("/v1/validate", json=huge_hand_record(150))
    assert response.get_json()["valid"] is True
    return Outcome(response, classified[0])


def must_play_wide_hand(h: Hostile) -> Outcome:
    """200 deals in which a 26-card hand (the largest that is not the opener's) passes on a
    straight flush: only five-card plays are candidates, the strongest of each kind decides."""
    from tests.hostile.costly import first_trick_pass_record

    h.app.config["MAX_CONTENT_LENGTH"] = limits.MAX_BODY_BYTES
    classified = _classifications(h)
    response = h.client.post("/v1/validate?complete=false", json=first_trick_pass_record(200))
    assert response.get_json()["valid"] is True
    return Outcome(response, classified[0])


def next_huge_free_lead(h: Hostile) -> Outcome:
    """/v1/next where a 46-card hand leads freely: every combination is a legal play and is
    listed; the work is bounded by the deck (no hand forms more than about 21,000)."""
    from tests.hostile.costly import HUGE_HAND_PROFILE

    classified = _classifications(h)
    hand = [c for c in CANONICAL if c != "2S"]
    record = {"profile": {**HUGE_HAND_PROFILE, "hand_size": 1}, "deals": [{
        "hands": [hand, ["2S"]],
        "moves": [{"seat": 0, "play": ["3D", "4D", "5D", "6D", "7D"]}, {"seat": 1, "pass": True}]}]}
    response = h.client.post("/v1/next", json=record)
    assert len(response.get_json()["legal_plays"]) > 10_000
    return Outcome(response, classified[0])


def stored_profile_batch(h: Hostile) -> Outcome:
    """A batch of 100 records naming a stored profile with 64 card penalties: the profile is
    schema-checked once, not once per record."""
    from bigtwo.rules import profiles
    from tests.hostile.costly import HUGE_HAND_PROFILE, huge_hand_record

    h.app.config["MAX_CONTENT_LENGTH"] = limits.MAX_BODY_BYTES
    penalties = [{"cards": ["2D", "2C"], "all": True, "points": i}
                 for i in range(limits.MAX_PROFILE_CARD_PENALTIES)]
    declared = h.client.post("/v1/profiles", json={**HUGE_HAND_PROFILE,
                                                   "scoring": {"card_penalties": penalties}})
    assert declared.status_code == 201
    profiles._CHECKED.clear()
    checks = h.count(profiles, "check_declaration")
    batch = {"records": [huge_hand_record(2, profile=declared.get_json()["id"])] * 100}
    return Outcome(h.client.post("/v1/validate/batch", json=batch), checks[0])


def overlong_profile_list(h: Hostile) -> Outcome:
    """3,200 card penalties: refused by the list's length before any penalty is read."""
    from bigtwo.rules.kinds import Card

    h.app.config["MAX_CONTENT_LENGTH"] = limits.MAX_BODY_BYTES
    read = h.count(Card, "load_value")
    penalty = {"cards": ["2D"], "all": True, "points": 1}
    response = h.client.post("/v1/profiles", json={
        "extends": "hk-standard", "scoring": {"card_penalties": [penalty] * 3200}})
    assert "/scoring/card_penalties" in [e["pointer"] for e in response.get_json()["errors"]]
    return Outcome(response, read[0])


# --- class 5: quadratic standings ---------------------------------------------------------
def one_board_many_tables(h: Hostile) -> Outcome:
    """One deal code played at 2,000 tables (10 records of 200 one-card deals): the work,
    lines of bigtwo/league/standings.py executed, grows with the tables, not with their square."""
    import sys

    from bigtwo.league import standings
    from tests.hostile.costly import ONE_CARD_PROFILE, one_board_records

    h.app.config["MAX_CONTENT_LENGTH"] = limits.MAX_BODY_BYTES
    made = h.client.post("/v1/tournaments", json={"name": "board", "profile": ONE_CARD_PROFILE})
    tid, token = made.get_json()["id"], made.get_json()["token"]
    stored = h.client.post(f"/v1/tournaments/{tid}/records", json={"records": one_board_records(10)},
                           headers={"Authorization": f"Bearer {token}"})
    assert stored.status_code == 201
    lines = [0]

    def tracer(frame: Any, event: str, _: Any) -> Any:
        if frame.f_code.co_filename != standings.__file__:
            return None
        if event == "line":
            lines[0] += 1
        return tracer

    sys.settrace(tracer)
    try:
        response = h.client.get(f"/v1/tournaments/{tid}/standings")
    finally:
        sys.settrace(None)
    [board] = response.get_json()["duplicate"]["boards"]
    assert board["tables"] == 2000
    return Outcome(response, lines[0])


# --- class 6: the replay page multiplies its input -----------------------------------------
def long_replay_page(h: Hostile) -> Outcome:
    """A 200-deal match (417 KB) on the replay page: one page of deals is rendered (it was
    11.6 MB for all 200); the work is the KiB of page beside the echoed record."""
    import re
    from urllib.parse import urlencode

    from tests.hostile.costly import long_match

    h.app.config["MAX_CONTENT_LENGTH"] = limits.MAX_BODY_BYTES
    text = json.dumps(long_match(1 << 20), separators=(",", ":"))
    response = h.client.post("/replay", data=urlencode({"record": text, "profile": ""}),
                             content_type="application/x-www-form-urlencoded")
    page = re.sub(r'<input type="hidden" name="record" value="[^"]*">', "",
                  response.get_data(as_text=True))
    return Outcome(response, len(page.encode()) // 1024)


# --- class 14: the same game counts twice --------------------------------------------------
def same_game_respelled(h: Hostile) -> Outcome:
    """The same record again with lower-case and '10' spellings, cards in another order,
    other key order and spacing, the profile inline: the same id, nothing stored."""
    record = simulated(1, seed=21)[0]
    first = h.post_raw(f"/v1/tournaments/{h.tournament}/records", json.dumps(record).encode(),
                       h.auth)
    assert first.status_code == 201
    again = json.loads(json.dumps(record))
    again["profile"] = {"extends": "casual"}
    for deal in again["deals"]:
        deal["hands"] = [[c.lower().replace("t", "10") for c in reversed(hand)]
                         for hand in deal["hands"]]
        for move in deal["moves"]:
            if "play" in move:
                move["play"] = [c.lower() for c in reversed(move["play"])]
    before = h.stored_rows()
    text = json.dumps(dict(reversed(list(again.items()))), indent=2)
    response = h.post_raw(f"/v1/tournaments/{h.tournament}/records", text.encode(), h.auth)
    assert response.get_json()["id"] == first.get_json()["id"]
    return Outcome(response, h.stored_rows() - before)


@dataclass(frozen=True)
class Row:
    defect: int  # the class number in issue 10
    name: str
    send: Callable[[Hostile], Outcome]
    status: int
    bound: int  # the most work allowed, in the unit the row's function measures
    unit: str
    media: str = PROBLEM  # pages answer their errors as HTML


ROWS = [
    Row(1, "deep nesting: 30k brackets", deep_nesting, 400, 1, "replays + KiB answered"),
    Row(2, "lone surrogate in players, raw ED A0 80", lone_surrogate, 400, 0, "rows stored"),
    Row(3, "NaN and 1e309 in an uploaded record's meta", non_finite, 400, 0, "rows stored"),
    Row(7, "page numbers: superscript, 20 digits, negative", bad_page_numbers, 400, 16,
        "replays + KiB answered", "text/html"),
    Row(8, "a body that stops arriving", stalled_body, 408, 3, "replays + body reads"),
    Row(9, "seed as string, float, bool", coerced_seed, 422, 0, "deals dealt"),
    Row(10, "same rules declared under another name", profile_name, 200, 0, "rows stored"),
    Row(11, "chunked body over the limit", chunked_at_limit, 413,
        limits.MAX_BODY_BYTES // 16 + 1, "bytes read"),
    Row(12, "request line over gunicorn's limit", gunicorn_error, 414, 512, "bytes written"),
    Row(13, "security headers on pages, API, errors, static", security_headers, 200, 16,
        "KiB answered"),
    Row(4, "150 deals: a 50-card hand passes in each first trick", must_play_huge_hand, 200,
        150 * 60, "classifications"),
    Row(4, "200 deals: a 26-card hand passes on a straight flush", must_play_wide_hand, 200,
        200 * 60, "classifications"),
    Row(4, "/v1/next: a 46-card hand leads freely", next_huge_free_lead, 200, 25_000,
        "classifications"),
    Row(4, "100 records naming a stored profile with 64 penalties", stored_profile_batch, 200,
        1, "profile schema checks"),
    Row(4, "a profile with 3,200 card penalties", overlong_profile_list, 422, 4,
        "cards read (the default two_held_cards only)"),
    Row(5, "standings: one deal code at 2,000 tables", one_board_many_tables, 200, 300 * 2000,
        "lines of bigtwo/league/standings.py run"),
    Row(6, "replay page of a 200-deal match", long_replay_page, 200, 400,
        "KiB of page (the echoed record aside)", "text/html"),
    Row(14, "the same game re-spelled, re-ordered, profile inline", same_game_respelled, 200, 0,
        "rows stored"),
]


@pytest.mark.parametrize("row", ROWS, ids=lambda r: f"class{r.defect:02d}-{r.send.__name__}")
def test_hostile_input(row: Row, hostile: Hostile) -> None:
    outcome = row.send(hostile)
    assert outcome.response.status_code == row.status
    if row.status >= 400:
        assert outcome.response.mimetype == row.media
    if row.status >= 400 and row.media == PROBLEM:
        problem = outcome.response.get_json()
        assert problem["status"] == row.status and problem["detail"]
    assert outcome.work <= row.bound, f"{row.name}: {outcome.work} {row.unit} > {row.bound}"


def test_every_class_of_the_issue_has_a_row() -> None:
    assert {row.defect for row in ROWS} == set(range(1, 15))


# --- issue 19 (hardening v3), classes 2, 4 and 5: stored volume, creation, profile ids ------
def _store_work(h: Hostile) -> list[int]:
    """Reports decoded from the store plus standings merged from tallies."""
    from bigtwo.store import rows, tournaments

    decoded = h.count(rows, "unpack_report")
    merged = h.count(tournaments.tally, "compute")
    return [decoded, merged]  # type: ignore[list-item]


def _quotas(h: Hostile, **quotas: Any) -> None:
    from bigtwo.store.quotas import Quotas

    h.app.config["BIGTWO_QUOTAS"] = Quotas(**quotas)


def standings_at_quota_viewed_often(h: Hostile) -> Outcome:
    _quotas(h, deals_per_tournament=60)
    url = f"/v1/tournaments/{h.tournament}/records"
    statuses = [h.post_raw(url, json.dumps({"records": simulated(2, seed=s, deals_per_record=10)})
                           .encode(), h.auth).status_code for s in range(4)]
    assert statuses == [201, 201, 201, 409], statuses
    decoded, merged = _store_work(h)  # type: ignore[misc]
    out = None
    for _ in range(20):
        out = h.client.get(f"/v1/tournaments/{h.tournament}/standings")
        assert h.client.get(f"/tournaments/{h.tournament}").status_code == 200
    assert out is not None and out.get_json()["deals"] == 60
    return Outcome(out, decoded[0] + merged[0])


def stale_standings_under_a_held_lease(h: Hostile) -> Outcome:
    from bigtwo.store.db import Store

    url = f"/v1/tournaments/{h.tournament}/records"
    assert h.post_raw(url, json.dumps({"records": simulated(5, seed=3)}).encode(),
                      h.auth).status_code == 201
    assert h.client.get(f"/v1/tournaments/{h.tournament}/standings").status_code == 200
    with sqlite3.connect(h.app.config["BIGTWO_DB"]) as conn:  # an engine upgrade
        conn.execute("UPDATE records SET engine = '0.0.0'")
    other = Store(h.app.config["BIGTWO_DB"])
    assert other.standings.take_lease(h.tournament, 60) is not None  # another worker is rechecking
    replays = h.replays()
    out = None
    for _ in range(10):
        out = h.client.get(f"/v1/tournaments/{h.tournament}/standings")
        assert out.get_json()["pending"] == 5
    other.close()
    assert out is not None
    return Outcome(out, replays[0])


def upload_over_the_deal_quota(h: Hostile) -> Outcome:
    _quotas(h, deals_per_tournament=5)
    replays = h.replays()
    before = h.stored_rows()
    response = h.post_raw(f"/v1/tournaments/{h.tournament}/records",
                          json.dumps(simulated(1, deals_per_record=6)[0]).encode(), h.auth)
    return Outcome(response, replays[0] + h.stored_rows() - before)


def profile_over_the_quota(h: Hostile) -> Outcome:
    _quotas(h, profiles=1)
    first = h.client.post("/v1/profiles", json={"extends": "casual", "triples": False})
    assert first.status_code == 201
    before = h.stored_rows()
    response = h.client.post("/v1/profiles", json={"extends": "casual", "bombs": "anything"})
    return Outcome(response, h.stored_rows() - before)


def creation_without_a_key(h: Hostile) -> Outcome:
    _quotas(h, creation="keys")
    before = h.stored_rows()
    response = h.client.post("/v1/tournaments", json={"name": "Anyone", "profile": "casual"})
    assert h.client.post("/v1/profiles", json={"extends": "casual", "triples": False},
                         headers={"Authorization": "Bearer b2k_guess"}).status_code == 401
    return Outcome(response, h.stored_rows() - before)


def listings_of_a_crowded_store(h: Hostile) -> Outcome:
    with sqlite3.connect(h.app.config["BIGTWO_DB"]) as conn:
        conn.executemany(
            "INSERT INTO profiles (id, hash, name, declaration, resolved, created_at) "
            "VALUES (?, ?, ?, '{}', '{}', ?)",
            [(f"p-{i:032x}", f"sha256:{i:064x}", f"Rules {i} " + "x" * 80, f"2026-{i:09d}")
             for i in range(2000)])
    home = h.client.get("/")
    listed = h.client.get("/v1/profiles")
    assert listed.status_code == 200 and listed.get_json()["total"] == 2000 + len(PRESET_IDS)
    return Outcome(home, (len(home.get_data()) + len(listed.get_data())) // 1024)


def stored_bytes_of_an_upload(h: Hostile) -> Outcome:
    body = json.dumps(simulated(1, seed=5, deals_per_record=12)[0]).encode()
    response = h.post_raw(f"/v1/tournaments/{h.tournament}/records", body, h.auth)
    with sqlite3.connect(h.app.config["BIGTWO_DB"]) as conn:
        stored = conn.execute("SELECT sum(length(CAST(record AS BLOB)) + length(report) + "
                              "coalesce(length(CAST(tally AS BLOB)), 0)) FROM records").fetchone()[0]
    return Outcome(response, 100 * stored // len(body))


def colliding_profile_id(h: Hostile) -> Outcome:
    from bigtwo.rules import profiles

    h.monkeypatch.setattr(profiles, "stored_id", lambda _hash: "p-" + "0" * 32)
    assert h.client.post("/v1/profiles", json={"extends": "casual", "triples": False,
                                               "name": "first"}).status_code == 201
    before = h.stored_rows()
    response = h.client.post("/v1/profiles", json={"extends": "casual", "bombs": "anything"})
    made = h.client.post("/v1/tournaments", json={"name": "Clash", "profile": {
        "extends": "casual", "bombs": "anything"}})
    assert made.status_code == 409
    return Outcome(response, h.stored_rows() - before)


STORE_ROWS = [  # defect: the class number in issue 19
    Row(2, "standings at the deal quota, viewed 20 times with the page", standings_at_quota_viewed_often,
        200, 1, "reports decoded + tally merges"),
    Row(2, "10 views of stale standings while another worker holds the lease",
        stale_standings_under_a_held_lease, 200, 0, "records rechecked"),
    Row(2, "an upload past the deal quota", upload_over_the_deal_quota, 409, 0,
        "replays + rows stored"),
    Row(4, "a profile past the profile quota", profile_over_the_quota, 409, 0, "rows stored"),
    Row(4, "creation without a creation key (keys mode)", creation_without_a_key, 401, 0,
        "rows stored"),
    Row(4, "GET / and GET /v1/profiles with 2,000 stored profiles", listings_of_a_crowded_store,
        200, 48, "KiB answered"),
    Row(4, "a 12-deal record uploaded", stored_bytes_of_an_upload, 201, 250,
        "stored bytes per 100 bytes accepted"),
    Row(5, "a declaration whose id is stored for other rules", colliding_profile_id, 409, 0,
        "rows stored"),
]


@pytest.mark.parametrize("row", STORE_ROWS, ids=lambda r: f"v3-class{r.defect:02d}-{r.send.__name__}")
def test_hostile_store_input(row: Row, hostile: Hostile) -> None:
    test_hostile_input(row, hostile)


def test_the_store_classes_of_issue_19_have_rows() -> None:
    assert {row.defect for row in STORE_ROWS} == {2, 4, 5}
