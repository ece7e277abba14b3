"""Hostile: reading another seat's hand, or a token, through every surface the tables' API
answers on: views (seat, spectator, organiser), moves' answers and refusals (CARD_NOT_HELD
speaks of the mover's hand only), headers, the list, the record of a running deal, log lines
and /metrics. One whole deal is played and every answer is scanned."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from bigtwo.formats.jsonin import loads_stored
from bigtwo.reports.messages import render
from bigtwo.store.db import Store
from tests.live.helpers import strings

PLAYERS = ["Ana", "Ben", "Cai", "Dee"]
CARD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9TJQKA])[SHDC](?![0-9A-Za-z])")


class Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


@contextmanager
def every_log_line() -> Iterator[list[str]]:
    handler = Lines()
    loggers = [logging.getLogger(), logging.getLogger("bigtwo.requests"), logging.getLogger("app")]
    levels = [log.level for log in loggers]
    for log in loggers:
        log.addHandler(handler)
        log.setLevel(logging.DEBUG)
    try:
        yield handler.lines
    finally:
        for log, level in zip(loggers, levels, strict=True):
            log.removeHandler(handler)
            log.setLevel(level)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class Table:
    """A table of four people, its tokens, and what its store knows (to know what is hidden)."""

    def __init__(self, client: Any, app: Any) -> None:
        self.client, self.app = client, app
        created = client.post("/v1/tables", json={"profile": "hk-standard", "players": PLAYERS,
                                                  "deals": 1}).get_json()
        self.id, self.url = created["id"], created["url"]
        self.organiser = created["organiser_token"]
        self.tokens = {s["seat"]: s["token"] for s in created["seats"]}

    def state(self) -> dict[str, Any]:
        store = Store(self.app.config["BIGTWO_DB"])
        try:
            row = store.conn.execute("SELECT state FROM live_tables WHERE id = ?",
                                     [self.id]).fetchone()
        finally:
            store.close()
        state: dict[str, Any] = loads_stored(row[0])
        return state

    def hidden_from(self, viewer: int | None) -> set[str]:
        """The cards no one but their holder may see now: every other seat's unplayed cards."""
        state = self.state()
        running = state["running"]
        if state["status"] != "playing" or running is None or running["hands"] is None:
            return set()
        played = {c for m in running["moves"] for c in m.get("play") or []}
        return {c for seat, hand in enumerate(running["hands"]) if seat != viewer
                for c in hand} - played

    def secrets(self) -> set[str]:
        """What must never be answered at all: tokens, the running deal's seed and code."""
        running = self.state()["running"] or {}
        found = {self.organiser, *self.tokens.values()}
        found |= {v for k, v in running.items() if k in ("seed", "deal_code") and v}
        return found


def scan(table: Table, response: Any, viewer: int | None, named: frozenset[str] = frozenset()) -> None:
    """No card hidden from ``viewer`` (but those it named itself) and no secret in the
    answer: its JSON strings, its text, its headers."""
    hidden = table.hidden_from(viewer) - named
    text = response.get_data(as_text=True)
    if response.mimetype.endswith("json") and text:
        leaked = {s for s in strings(json.loads(text)) if s in hidden}
        assert not leaked, (viewer, leaked, text[:500])
    assert not set(CARD.findall(text)) & hidden, (viewer, text[:500])
    head = "\n".join(f"{k}: {v}" for k, v in response.headers.items())
    assert not set(CARD.findall(head)) & hidden, head
    for secret in table.secrets():
        assert secret not in text and secret not in head


class TestHandsStayWithTheirSeat:
    def test_a_whole_deal_leaks_no_unplayed_card_and_no_secret(self, tmp_path: Any) -> None:
        from app.factory import create_app

        # Its own app, writing the JSON request lines (the text lines are gunicorn's, whose
        # format has no header a token travels in: tests/hostile/test_tables_racing.py).
        app = create_app({"TESTING": True, "BIGTWO_DB": str(tmp_path / "t.db"),
                          "BIGTWO_LOG_FORMAT": "json"})
        client = app.test_client()
        table = Table(client, app)
        with every_log_line() as lines:
            for _ in range(200):
                public = client.get(table.url)
                scan(table, public, None)
                view = public.get_json()
                if view["status"] != "playing":
                    break
                scan(table, client.get(table.url, headers=bearer(table.organiser)), None)
                for seat, token in table.tokens.items():
                    scan(table, client.get(table.url, headers=bearer(token)), seat)
                mover = view["turn"]
                mine = client.get(table.url, headers=bearer(table.tokens[mover])).get_json()
                other = (mover + 1) % 4
                # Another seat's card, named by the mover: refused as not held, nothing more.
                theirs = sorted(table.hidden_from(mover))[0]
                refused = client.post(f"{table.url}/moves", json={"play": [theirs]},
                                      headers=bearer(table.tokens[mover]))
                assert refused.status_code == 422
                assert refused.get_json()["errors"][0]["code"] == "CARD_NOT_HELD"
                scan(table, refused, mover, frozenset({theirs}))
                scan(table, client.post(f"{table.url}/moves", json={"pass": True},
                                        headers=bearer(table.tokens[other])), other)
                scan(table, client.post(f"{table.url}/entropy", json={"entropy": "x"},
                                        headers=bearer(table.tokens[other])), other)
                for path in ("/record", ""):
                    scan(table, client.get(f"{table.url}{path}", headers={"Accept": "text/x-bigtwo"}), None)
                scan(table, client.get("/v1/tables"), None)
                move = {"play": mine["legal_plays"][0]} if mine["legal_plays"] else {"pass": True}
                answer = client.post(f"{table.url}/moves", json=move,
                                     headers=bearer(table.tokens[mover]))
                assert answer.status_code == 200
                scan(table, answer, mover)
                scan(table, client.get("/metrics"), None)
            else:
                raise AssertionError("the deal did not end")
        assert client.get(table.url).get_json()["status"] == "over"
        logged = "\n".join(lines)
        assert table.id in logged  # the log was read
        for secret in [table.organiser, *table.tokens.values()]:
            assert secret not in logged

    def test_card_not_held_says_the_same_whoever_holds_the_card(self, client: Any, app: Any) -> None:
        table = Table(client, app)
        view = client.get(table.url).get_json()
        mover = view["turn"]
        hands = table.state()["running"]["hands"]
        documents = []
        for seat in range(4):
            if seat == mover:
                continue
            card = hands[seat][-1]
            doc = client.post(f"{table.url}/moves", json={"play": [card]},
                              headers=bearer(table.tokens[mover])).get_json()
            error = doc["errors"][0]
            assert error["message"] == render(error, "en") == doc["detail"] == error["detail"]
            said = error["message"]
            documents.append(json.dumps(doc, ensure_ascii=False).replace(card, "<card>").replace(said, "<said>"))
        assert len(set(documents)) == 1, documents

    def test_the_record_of_a_running_deal_holds_none_of_it(self, client: Any, app: Any) -> None:
        table = Table(client, app)
        record = client.get(f"{table.url}/record").get_json()
        assert record["deals"] == []
        assert not set(strings(record)) & table.hidden_from(None)

    def test_an_idempotency_key_replayed_by_another_seat_is_its_own(self, client: Any, app: Any) -> None:
        table = Table(client, app)
        view = client.get(table.url).get_json()
        mover, other = view["turn"], (view["turn"] + 1) % 4
        mine = client.get(table.url, headers=bearer(table.tokens[mover])).get_json()
        move = {"play": mine["legal_plays"][0]} if mine["legal_plays"] else {"pass": True}
        first = client.post(f"{table.url}/moves", json=move,
                            headers={**bearer(table.tokens[mover]), "Idempotency-Key": "same"})
        assert first.status_code == 200 and first.get_json()["seat"] == mover
        # Another seat sends the same key and body: judged as its own move (not its turn, or
        # its own view), never the first seat's answer with its hand.
        stolen = client.post(f"{table.url}/moves", json=move,
                             headers={**bearer(table.tokens[other]), "Idempotency-Key": "same"})
        assert "Idempotent-Replayed" not in stolen.headers
        assert stolen.get_json().get("seat") in (None, other)
        scan(table, stolen, other, frozenset(move.get("play", [])))
        assert first.get_json()["hand"] != stolen.get_json().get("hand")


class TestGuessingTokens:
    def test_random_prefixes_and_other_tables_tokens(self, client: Any, app: Any) -> None:
        one, two = Table(client, app), Table(client, app)
        token = one.tokens[0]
        guesses = {
            "random": ("A" * len(token), 401),
            "prefix": (token[:-1], 401),
            "longer": (token + "A", 401),
            "case": (token.swapcase(), 401),
            "another table's": (two.tokens[0], 403),
            "another table's organiser": (two.organiser, 403),
            "its hash": (__import__("hashlib").sha256(token.encode()).hexdigest(), 401),
        }
        for name, (guess, status) in guesses.items():
            for method, path, body in (("get", one.url, None),
                                       ("post", f"{one.url}/moves", {"pass": True}),
                                       ("delete", one.url, None)):
                answer = getattr(client, method)(path, json=body, headers=bearer(guess))
                assert answer.status_code == status, (name, method)
                assert "hand" not in (answer.get_json() or {}), name
                assert token not in answer.get_data(as_text=True)

    def test_headers_that_are_no_token_are_401_not_500(self, client: Any, app: Any) -> None:
        table = Table(client, app)
        for raw in ("Bearer", "Basic " + table.tokens[0], "Bearer  ", "Bearer \u00e9\u00e9",
                    "bearer " + "x" * 5000):
            answer = client.post(f"{table.url}/moves", json={"pass": True},
                                 headers={"Authorization": raw.encode().decode("latin-1")})
            assert answer.status_code == 401, raw[:20]

    def test_tokens_are_looked_up_by_their_hash(self, client: Any, app: Any,
                                                monkeypatch: Any) -> None:
        """No comparison runs over the secret (whose time could tell a guess's right prefix):
        the store is asked for the token's SHA-256, a lookup by an index."""
        from bigtwo.store import live_tables

        table = Table(client, app)
        hashed: list[str] = []
        real = live_tables.token_hash

        def spy(token: str) -> str:
            hashed.append(token)
            return real(token)

        monkeypatch.setattr(live_tables, "token_hash", spy)
        guess = table.tokens[0][:-1] + "x"
        assert client.get(table.url, headers=bearer(guess)).status_code == 401
        assert hashed == [guess]
        store = Store(app.config["BIGTWO_DB"])
        try:
            columns = [r[1] for r in store.conn.execute("PRAGMA table_info(live_table_tokens)")]
            plan = " ".join(str(r) for r in store.conn.execute(
                "EXPLAIN QUERY PLAN SELECT table_id FROM live_table_tokens WHERE hash = ?", ["x"]))
        finally:
            store.close()
        assert columns == ["hash", "table_id", "role", "seat"]
        assert "INDEX" in plan.upper()
