"""Hostile-cost benchmark: the worst accepted request of at most 1 MiB per endpoint and page,
with the CPU time the service spends on it. Prints a table; asserts nothing.

Each request goes through the whole Flask app in-process (test client), so the figure is the
CPU one worker spends: parsing, checking, storing, rendering. The goal (API.md, v2) is under
about a second each. Setup (declaring profiles, uploading what standings and pages read) is
not timed. Run it briefly: `.venv/bin/python bench/hostile.py [--repeat 1]`.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
# The script's own folder holds bench/http.py, which would shadow the standard library.
sys.path[0] = str(ROOT)

from bigtwo import limits  # noqa: E402
from tests.hostile.costly import (  # noqa: E402
    HUGE_HAND_PROFILE,
    ONE_CARD_PROFILE,
    card_sheet,
    first_trick_pass_record,
    huge_hand_record,
    long_match,
    one_board_records,
    refused_card_sheet,
    size_of,
)

MIB = 1024 * 1024


def fill(make: Callable[[int], Any], limit: int = MIB) -> Any:
    """The largest ``make(n)`` (n = 1, 2, ...) whose JSON stays within ``limit`` bytes."""
    n, best = 1, make(1)
    while True:
        candidate = make(n + 1)
        if size_of(candidate) > limit:
            return best
        n, best = n + 1, candidate


class Case:
    def __init__(self, name: str, what: str, call: Callable[[], Any], size: int) -> None:
        self.name, self.what, self.call, self.size = name, what, call, size


def cases(client: Any) -> list[Case]:
    out: list[Case] = []

    def post(path: str, body: Any) -> Callable[[], Any]:
        data = json.dumps(body, separators=(",", ":"))
        return lambda: client.post(path, data=data, content_type="application/json")

    huge = huge_hand_record(limits.MAX_DEALS_PER_RECORD)
    out.append(Case("POST /v1/validate", "200 deals, a 50-card hand passes in each first trick",
                    post("/v1/validate", huge), size_of(huge)))
    match = long_match(MIB)
    out.append(Case("POST /v1/validate", f"simulated match, {len(match['deals'])} deals",
                    post("/v1/validate", match), size_of(match)))
    sheet = {"profile": "hk-standard", "deals": [
        {"deal_code": f"B2-4-13-{i:X}", "result": {"cards_left": [0, 5, 9, 13]}}
        for i in range(limits.MAX_RESULT_DEALS_PER_RECORD)]}
    out.append(Case("POST /v1/validate", f"score sheet, {len(sheet['deals'])} result-only deals, "
                    "a new deal code each",
                    post("/v1/validate", sheet), size_of(sheet)))
    csv = "deal,deal_code,Ana,Ben,Cai,Dee\r\n" + "".join(
        f"{i + 1},B2-4-13-{i:X},0,5,9,13\r\n" for i in range(limits.MAX_SHEET_ROWS))
    out.append(Case("POST /v1/validate (text/csv)",
                    f"score sheet, {limits.MAX_SHEET_ROWS} rows, a new deal code each",
                    lambda: client.post("/v1/validate?profile=hk-standard", data=csv,
                                        content_type="text/csv"), len(csv)))
    batch = fill(lambda n: {"records": [huge] * n})
    out.append(Case("POST /v1/validate/batch", f"{len(batch['records'])} records as in the first row",
                    post("/v1/validate/batch", batch), size_of(batch)))
    sheets = {"records": [
        {"profile": "hk-standard", "deals": [
            {"deal_code": f"B2-4-13-{k * 1000 + i:X}", "result": {"cards_left": [0, 5, 9, 13]}}
            for i in range(limits.MAX_DEALS_PER_BATCH // 50)]} for k in range(50)]}
    out.append(Case("POST /v1/validate/batch",
                    f"{limits.MAX_DEALS_PER_BATCH} result-only deals in 50 records, a code each",
                    post("/v1/validate/batch", sheets), size_of(sheets)))
    wide = first_trick_pass_record(limits.MAX_DEALS_PER_RECORD)
    out.append(Case("POST /v1/validate?complete=false",
                    "200 deals, a 26-card hand passes on a straight flush",
                    post("/v1/validate?complete=false", wide), size_of(wide)))
    unfinished = huge_hand_record(limits.MAX_DEALS_PER_RECORD, finished=False)
    out.append(Case("POST /v1/next", "the first row's record, the 50-card hand to answer the last deal's 2",
                    post("/v1/next", unfinished), size_of(unfinished)))
    one = {**HUGE_HAND_PROFILE, "hand_size": 1}
    lead = {"profile": one, "deals": [{"hands": [
        [c for c in _all_cards() if c != "2S"], ["2S"]], "moves": [
        {"seat": 0, "play": ["3D", "4D", "5D", "6D", "7D"]}, {"seat": 1, "pass": True}]}]}
    out.append(Case("POST /v1/next", "a 46-card hand to lead freely (every combination legal)",
                    post("/v1/next", lead), size_of(lead)))
    evaluate = {"profile": {**HUGE_HAND_PROFILE, "scoring": {"card_penalties": [
        {"cards": _all_cards(), "all": True, "points": i} for i in range(limits.MAX_PROFILE_CARD_PENALTIES)]}},
        "cards": ["3D", "4D", "5D", "6D", "7D"], "table": ["3C", "4C", "5C", "6C", "7C"]}
    out.append(Case("POST /v1/combinations/evaluate", "inline profile with every list at its limit",
                    post("/v1/combinations/evaluate", evaluate), size_of(evaluate)))
    declaration = evaluate["profile"]
    out.append(Case("POST /v1/profiles", "declaration with every list at its limit",
                    post("/v1/profiles", declaration), size_of(declaration)))
    flood = {"extends": "hk-standard", "scoring": {"card_penalties": [
        {"cards": ["2D"], "all": True, "points": 1}] * 24000}}
    out.append(Case("POST /v1/profiles", "24,000 card penalties (refused, 422)",
                    post("/v1/profiles", flood), size_of(flood)))
    deal = {"profile": HUGE_HAND_PROFILE, "seed": 2**64 - 1}
    out.append(Case("POST /v1/deals", "a deal under an inline profile", post("/v1/deals", deal),
                    size_of(deal)))

    # Tournaments: one playing the 50-card profile, one whose records share one deal code.
    created = client.post("/v1/tournaments", json={"name": "hostile", "profile": HUGE_HAND_PROFILE}).json
    auth = {"Authorization": f"Bearer {created['token']}"}
    upload = fill(lambda n: {"records": [huge_hand_record(limits.MAX_DEALS_PER_RECORD, profile=None)
                                         | {"players": [f"p{i}", f"q{i}"]} for i in range(n)]})
    for item in upload["records"]:
        item.pop("profile")
    data = json.dumps(upload, separators=(",", ":"))
    out.append(Case("POST /v1/tournaments/{id}/records", f"{len(upload['records'])} records as in the first row",
                    lambda: client.post(f"/v1/tournaments/{created['id']}/records", data=data,
                                        content_type="application/json", headers=auth),
                    len(data)))
    first = client.post(f"/v1/tournaments/{created['id']}/records",
                        json=upload["records"][0] | {"players": ["x", "y"]}, headers=auth).json
    rid = first["id"]
    out.append(Case("GET /v1/records/{id}", "a stored 200-deal record as above",
                    lambda: client.get(f"/v1/records/{rid}"), 0))
    out.append(Case("GET /records/{id} (page)", "the referee's view of it",
                    lambda: client.get(f"/records/{rid}"), 0))
    board = client.post("/v1/tournaments", json={"name": "board", "profile": ONE_CARD_PROFILE}).json
    board_auth = {"Authorization": f"Bearer {board['token']}"}
    # What one full request holds, uploaded in as many batches as the deal limit needs.
    many = fill(lambda n: {"records": one_board_records(n)})["records"]
    step = limits.MAX_DEALS_PER_BATCH // limits.MAX_DEALS_PER_RECORD
    for at in range(0, len(many), step):
        chunk = [{**r, "players": [f"a{at + i}", f"b{at + i}"]} for i, r in
                 enumerate(many[at:at + step])]
        stored = client.post(f"/v1/tournaments/{board['id']}/records", headers=board_auth,
                             data=json.dumps({"records": chunk}, separators=(",", ":")),
                             content_type="application/json")
        assert stored.status_code == 201, stored.get_data(as_text=True)[:500]
    tables = len(many) * limits.MAX_DEALS_PER_RECORD
    out.append(Case("GET /v1/tournaments/{id}/standings", f"one deal code at {tables} tables",
                    lambda: client.get(f"/v1/tournaments/{board['id']}/standings"), 0))
    out.append(Case("GET /tournaments/{id} (page)", "the same tournament",
                    lambda: client.get(f"/tournaments/{board['id']}"), 0))
    form = urlencode({"record": json.dumps(match, separators=(",", ":")), "profile": ""})
    out.append(Case("POST /replay (page)", f"the simulated match, {len(match['deals'])} deals",
                    lambda: client.post("/replay", data=form,
                                        content_type="application/x-www-form-urlencoded"),
                    len(form)))
    sheet_form = urlencode({"record": json.dumps(sheet, separators=(",", ":")), "profile": ""})
    out.append(Case("POST /replay (page)", f"the score sheet, {len(sheet['deals'])} deals",
                    lambda: client.post("/replay", data=sheet_form,
                                        content_type="application/x-www-form-urlencoded"),
                    len(sheet_form)))
    out.extend(hardening_v3_cases(client, board))
    out.extend(quota_cases(client))
    out.extend(huge_token_cases(client))
    out.extend(season_budget_cases(client))
    return out


def hardening_v3_cases(client: Any, board: dict[str, Any]) -> list[Case]:
    """Issue 19: the worst accepted (and the costliest refused) request of each class."""
    out: list[Case] = []

    def csv_post(path: str, text: str | bytes, charset: str | None = None,
                 headers: dict[str, str] | None = None) -> Callable[[], Any]:
        data = text.encode("utf-8") if isinstance(text, str) else text
        kind = "text/csv" + (f"; charset={charset}" if charset else "")
        return lambda: client.post(path, data=data, content_type=kind, headers=headers or {})

    # Class 1: charsets. The quadratic punycode decoder is never reached; the accepted
    # charsets are linear C codecs.
    counts = "deal,Ana,Ben,Cai,Dee\n" + "".join(f"{i + 1},0,5,9,13\n"
                                                 for i in range(limits.MAX_SHEET_ROWS))
    junk = ("deal,Ana,Ben\n" + "1,0,5\n" * 200_000)[:MIB]
    out.append(Case("POST /v1/validate (text/csv)", "1 MiB, charset=punycode (refused, 415)",
                    csv_post("/v1/validate?profile=hk-standard", junk, "punycode"), MIB))
    for charset, data in (("windows-1252", counts.encode("cp1252")),
                          ("utf-16", counts.encode("utf-16"))):
        out.append(Case("POST /v1/validate (text/csv)",
                        f"score sheet, {limits.MAX_SHEET_ROWS} rows, charset={charset}",
                        csv_post("/v1/validate?profile=hk-standard", data, charset), len(data)))
    # Class 6: integers past orjson's range send the whole text the standard way.
    record = long_match(MIB // 2)
    wide = {**record, "meta": {"tickets": []}}
    while size_of(wide) < MIB - 64:
        wide["meta"]["tickets"].extend([99999999999999999999 - i for i in range(1000)])
    while size_of(wide) > MIB:
        wide["meta"]["tickets"].pop()
    data = json.dumps(wide, separators=(",", ":"))
    out.append(Case("POST /v1/validate", f"a match and {len(wide['meta']['tickets'])} 20-digit "
                    "integers in meta (standard-library path)",
                    lambda: client.post("/v1/validate", data=data,
                                        content_type="application/json"), len(data)))
    # Class 10: card-list sheets uploaded to tournaments (one plain, one under 64 penalties).
    sheet = card_sheet(MIB)
    rows = sheet.count("\n") - 1
    penalties = [{"cards": ["2D", "2C"], "all": True, "points": i}
                 for i in range(limits.MAX_PROFILE_CARD_PENALTIES)]
    for what, profile in (("pusoy-dos", "pusoy-dos"),
                          ("64 card penalties", {"extends": "pusoy-dos",
                                                 "scoring": {"card_penalties": penalties}})):
        made = client.post("/v1/tournaments", json={"name": "sheets", "profile": profile}).json
        auth = {"Authorization": f"Bearer {made['token']}"}
        path = f"/v1/tournaments/{made['id']}/records"
        out.append(Case("POST /v1/tournaments/{id}/records (text/csv)",
                        f"card-list sheet, {rows} rows ({what})", csv_post(path, sheet, None, auth),
                        len(sheet)))
    refused = refused_card_sheet(MIB)
    out.append(Case("POST /v1/tournaments/{id}/records (text/csv)",
                    "the same sheet, its last row impossible (refused, 422)",
                    csv_post(path, refused, None, auth), len(refused)))
    out.append(Case("POST /v1/validate (text/csv)", f"card-list sheet, {rows} rows (pusoy-dos)",
                    csv_post("/v1/validate?profile=pusoy-dos", sheet), len(sheet)))
    # Class 12: a wrong token is answered before the 1 MiB body is read.
    body = json.dumps({"records": []}).ljust(MIB)
    out.append(Case("POST /v1/tournaments/{id}/records", "1 MiB body, wrong token (401)",
                    lambda: client.post(path, data=body, content_type="application/json",
                                        headers={"Authorization": "Bearer b2t_wrong"}), MIB))
    # Class 9: the CSV export of the largest stored tournament above.
    out.append(Case("GET /v1/tournaments/{id}/standings?format=csv", "the one-board tournament",
                    lambda: client.get(f"/v1/tournaments/{board['id']}/standings?format=csv"), 0))
    # Class 3: /metrics after 2,000 invented methods (their labels are one: "other").
    for i in range(2000):
        client.open("/healthz", method=f"X{i:05d}".replace("0", "O").replace("1", "I")[:20]
                    .translate(str.maketrans("23456789", "ABCDEFGH")))
    out.append(Case("GET /metrics", "after 2,000 requests with invented methods",
                    lambda: client.get("/metrics"), 0))
    # Class 11: an untrusted Host (BIGTWO_TRUSTED_HOSTS set for this row only).
    out.append(Case("GET //healthz", "Host: evil.example (no redirect)",
                    lambda: client.get("/", headers={"Host": "evil.example"},
                                       environ_overrides={"PATH_INFO": "//healthz"}), 0))
    return out


# --- the one door (hardening items 2 and 3): a megabyte of broken or surplus notation --------
def door_cases(client: Any) -> list[Case]:
    """Notation bodies of a megabyte that once were read whole before any limit: games of a
    stray move (``game\nx\n``, two problems each), empty games (``game\n``), and good games
    past the limit, on each surface that reads a whole text. The one door stops at the first
    game past what the surface takes and at MAX_READ_PROBLEMS problems."""
    made = client.post("/v1/tournaments", json={"name": "door", "profile": "casual"}).json
    auth = {"Authorization": f"Bearer {made['token']}"}
    good = "game\nprofile casual\nplayers Ana Ben Cai Dee\ndeal\nleft 0 5 9 13\n"
    room = MIB - 4096  # a form's framing fits beside the page's upload
    bodies = {"game\\nx\\n": "game\nx\n", "game\\n": "game\n", "good games": good}
    out: list[Case] = []
    for label, unit in bodies.items():
        body = (unit * (room // len(unit))).encode()
        what = f"{label} x {room // len(unit):,}"
        for name, path, headers in (
                ("POST /v1/validate", "/v1/validate?profile=casual", {}),
                ("POST /v1/validate/batch", "/v1/validate/batch", {}),
                ("POST /v1/tournaments/{id}/records", f"/v1/tournaments/{made['id']}/records",
                 auth)):
            out.append(Case(name, what, lambda p=path, h=headers, b=body: client.post(
                p, data=b, content_type="text/x-bigtwo", headers=h), len(body)))
        out.append(Case("POST /replay (page, g.b2n)", what, lambda b=body: client.post(
            "/replay", data={"record": "", "profile": "casual", "lang": "en",
                             "file": (io.BytesIO(b), "g.b2n")},
            content_type="multipart/form-data"), len(body)))
    return out


def cli_rows(tmp: Path) -> list[tuple[str, str, float, int, int]]:
    """Issue 19, class 7: ``bigtwo validate`` on inputs that have no end or no newline, each
    in its own process (``/usr/bin/time``: CPU seconds and peak RSS)."""
    import subprocess

    sparse = tmp / "sparse.json"
    with sparse.open("wb") as f:
        f.truncate(2 * 1024**3)
    line = tmp / "line.jsonl"
    with line.open("wb") as f:
        f.write(b"[" + b"0," * (50 * MIB) + b"0]\n")
    bigtwo = str(Path(sys.executable).with_name("bigtwo"))
    rows = []
    for what, args in (("/dev/zero", ["validate", "/dev/zero"]),
                       ("2 GB sparse file", ["validate", str(sparse)]),
                       ("2 GB sparse file as --profile", ["validate", "--profile", str(sparse),
                                                          str(line)]),
                       ("100 MB line of JSON Lines", ["validate", str(line)]),
                       ("sheet /dev/zero", ["sheet", "/dev/zero", "--profile", "casual"])):
        done = subprocess.run(["/usr/bin/time", "-f", "%U %S %M", bigtwo, *args],
                              capture_output=True, text=True, check=False)
        user, system, rss = done.stderr.strip().splitlines()[-1].split()
        rows.append((what, done.stderr.strip().splitlines()[0][:70], float(user) + float(system),
                     done.returncode, int(rss)))
    return rows


def quota_cases(client: Any) -> list[Case]:
    """Standings of a tournament at its deal quota (issue 19, class 2): two score sheets at
    the row limit whose rows share their deal codes, so every deal is a board at two tables.
    The views are timed as a visitor meets them: the first after an upload (merged from the
    records' tallies), a cached one, and one after an engine upgrade (stale reports: the one
    request holding the lease rechecks at most STANDINGS_REFRESH_DEALS deals). Making a view
    first or stale is an UPDATE of a row or two, timed with it (well under a millisecond)."""
    import sqlite3

    rows = limits.MAX_SHEET_ROWS
    sheets = limits.MAX_DEALS_PER_TOURNAMENT // rows
    made = client.post("/v1/tournaments", json={"name": "quota", "profile": "hk-standard"}).json
    auth = {"Authorization": f"Bearer {made['token']}"}
    for k in range(sheets):
        csv = f"deal,deal_code,A{k},B{k},C{k},D{k}\r\n" + "".join(
            f"{i + 1},B2-4-13-{i + 1:X},0,{(i + k) % 13 + 1},9,13\r\n" for i in range(rows))
        stored = client.post(f"/v1/tournaments/{made['id']}/records", data=csv,
                             content_type="text/csv", headers=auth)
        assert stored.status_code == 201, stored.get_data(as_text=True)[:300]
    url = f"/v1/tournaments/{made['id']}/standings"
    db = client.application.config["BIGTWO_DB"]

    def sql(statement: str) -> None:
        with sqlite3.connect(db) as conn:
            conn.execute(statement, [made["id"]])

    def first_view() -> Any:
        sql("UPDATE standings_cache SET revision = -1 WHERE tournament_id = ?")
        return client.get(url)

    def stale_view() -> Any:
        sql("UPDATE records SET engine = '0.0.0' WHERE tournament_id = ?")
        return client.get(url)

    what = f"{sheets * rows} deals (the quota), each a board at {sheets} tables"
    return [
        Case("GET /v1/tournaments/{id}/standings", f"{what}: first view", first_view, 0),
        Case("GET /v1/tournaments/{id}/standings", f"{what}: cached", lambda: client.get(url), 0),
        Case("GET /tournaments/{id} (page)", f"{what}: cached",
             lambda: client.get(f"/tournaments/{made['id']}"), 0),
        Case("GET /v1/tournaments/{id}/standings", f"{what}: after an engine upgrade",
             stale_view, 0),
    ]


# --- notation hardening: a huge token quoted in a problem ----------------------------------
def huge_token_cases(client: Any) -> list[Case]:
    """A problem quotes at most ``limits.MAX_QUOTED_CHARS`` characters of a token: one token
    of about 1 MiB per reader that quotes input, the answer's size in the "out" column (it was
    up to 5 MiB: every control character escaped)."""
    out: list[Case] = []
    head = "profile hk-standard\nplayers Ana Ben Cai Dee\ndeal 1\n"
    body = MIB - 1024

    def text(path: str, data: str, kind: str) -> Callable[[], Any]:
        raw = data.encode("utf-8")
        return lambda: client.post(path, data=raw, content_type=kind)

    notation = head + "left " + "\x01" * (body - len(head))
    out.append(Case("POST /v1/validate (notation)", "left + 1 MiB of \\x01 (refused, 422)",
                    text("/v1/validate", notation, "text/x-bigtwo"), len(notation)))
    mover = head + "X" * (body - len(head)) + ": 3D"
    out.append(Case("POST /v1/validate (notation)", "a mover of 1 MiB (refused, 422)",
                    text("/v1/validate", mover, "text/x-bigtwo"), len(mover)))
    card = {"profile": "hk-standard", "deals": [{"hands": [["\x01" * (body // 6)], ["4D"], ["5D"],
                                                           ["6D"]], "moves": []}]}
    data = json.dumps(card)
    out.append(Case("POST /v1/validate", "a card of 170,000 \\x01 (1 MiB escaped; refused, 422)",
                    lambda: client.post("/v1/validate", data=data,
                                        content_type="application/json"), len(data)))
    key = {"profile": "hk-standard", "k" * body: 1, "deals": []}
    keyed = json.dumps(key)
    out.append(Case("POST /v1/validate", "an unknown key of 1 MiB (refused, 422)",
                    lambda: client.post("/v1/validate", data=keyed,
                                        content_type="application/json"), len(keyed)))
    sheet = "deal,Ana,Ben,Cai,Dee\n1,0," + "\x01" * (body - 40) + ",3,4\n"
    out.append(Case("POST /v1/validate (text/csv)", "a cell of 1 MiB of \\x01 (refused, 422)",
                    text("/v1/validate?profile=hk-standard", sheet, "text/csv"), len(sheet)))
# --- seating draws (hardening item 1) ------------------------------------------------------------
def draw_cases(client: Any) -> list[Case]:
    """``POST /v1/draws`` and the draw page (no token either): 64 players, 10 rounds, and the
    tables already played at their limits, every name absent (the pairs a draw used to count)
    or every name present (the pairs it must count)."""
    from tests.hostile.costly import absent_tables, draw_body, draw_form, draw_players

    out: list[Case] = []
    seats = limits.MAX_DRAW_PREVIOUS_NAMES // limits.MAX_DRAW_PREVIOUS_TABLES
    players = draw_players()
    present = [[players[(t * seats + s) % len(players)] for s in range(seats)]
               for t in range(limits.MAX_DRAW_PREVIOUS_TABLES)]
    for label, previous in (
            (f"{limits.MAX_DRAW_PREVIOUS_TABLES} tables of 64 absent names (refused)",
             absent_tables(limits.MAX_DRAW_PREVIOUS_TABLES, 64)),
            (f"{limits.MAX_DRAW_PREVIOUS_TABLES} tables of {seats} absent names",
             absent_tables(limits.MAX_DRAW_PREVIOUS_TABLES, seats)),
            (f"{limits.MAX_DRAW_PREVIOUS_TABLES} tables of {seats} players present", present)):
        body = draw_body(previous)
        data = json.dumps(body, separators=(",", ":"))
        out.append(Case("POST /v1/draws", f"64 players, 10 rounds, {label}",
                        lambda data=data: client.post("/v1/draws", data=data,
                                                      content_type="application/json"),
                        len(data)))
        form = draw_form(previous)
        out.append(Case("POST /draw (page)", f"64 players, 10 rounds, {label}",
                        lambda form=form: client.post("/draw", data=form),
                        len(urlencode(form))))
    return out


# --- v4: copies and jokers (issue 38, the table's class) -------------------------------------
def multiset_record(deals: int) -> dict[str, Any]:
    """``deals`` deals at the largest hands v4 allows: two seats, four decks with two jokers
    each, 108 cards a seat (every card twice and four jokers); seat 0 plays every card alone
    (its jokers named as 2♠) while seat 1 passes, so every deal replays 216 moves through the
    multiset table and is complete."""
    every = _all_cards()
    hand = [*every, *every, "JK", "JK", "JK", "JK"]
    moves: list[dict[str, Any]] = []
    # The 3♦ first: it opens the deal.
    order = ["3D", *(c for c in every if c != "3D")]
    for card in [*order, *order, "JK=2S", "JK=2S", "JK=2S", "JK=2S"]:
        moves += [{"seat": 0, "play": [card]}, {"seat": 1, "pass": True}]
    moves.pop()
    profile = {"extends": "hk-standard", "players": 2, "decks": 4, "jokers": 2, "hand_size": 108,
               "opening": {"later_deals": "lowest_card"}}
    return {"profile": profile, "deals": [{"hands": [hand, hand], "moves": moves}] * deals}


def multiset_cases(client: Any) -> list[Case]:
    """``POST /v1/validate`` with the multiset record above, as many deals as 1 MiB holds
    (capped by the record's deal limit)."""
    body = fill(lambda n: multiset_record(min(n, limits.MAX_DEALS_PER_RECORD)))
    data = json.dumps(body, separators=(",", ":"))
    return [Case("POST /v1/validate",
                 f"v4: {len(body['deals'])} deals of 2 x 108 cards from 4 decks with jokers, "
                 "216 moves each",
                 lambda: client.post("/v1/validate", data=data, content_type="application/json"),
                 len(data))]


# --- v4: /v1/next on the largest multiset hands (issue 38, the surfaces' class) -------------
def next_multiset_cases(client: Any) -> list[Case]:
    """``POST /v1/next`` where the seat to move holds 100 cards and all 8 jokers (2 seats, 4
    decks with 2 jokers each, 108 cards a seat): the opening turn, a free lead, a single to
    beat under ``bombs: anything`` (every four with a kicker beats it) and the highest flush
    to beat (most flushes built do not: the candidate bound ends it). Before the bound, the
    free lead built and checked some 61,000 plays (1.2 s of CPU, a 1.5 MB answer)."""
    every = _all_cards()
    hands = [[*every, *every][:100] + ["JK"] * 8, [*every, *every, *[*every, *every][100:]][:108]]
    worst = {"extends": "hk-standard", "players": 2, "decks": 4, "jokers": 2, "hand_size": 108}
    opening = {"seat": 0, "play": ["3D"]}
    lead = [opening, {"seat": 1, "pass": True}]
    out = []
    for what, bombs, moves in [
        ("opening turn", "none", []),
        ("free lead", "none", lead),
        ("a single to beat, bombs: anything", "anything", [opening]),
        ("the highest flush to beat", "none", [*lead, {"seat": 0, "play": ["2S", "AS", "KS", "QS", "JS"]}]),
    ]:
        data = json.dumps({"profile": {**worst, "bombs": bombs},
                           "deals": [{"hands": hands, "moves": moves}]})
        out.append(Case("POST /v1/next", f"v4: 108 cards with 8 jokers, {what}",
                        lambda data=data: client.post("/v1/next", data=data,
                                                      content_type="application/json"),
                        len(data)))
    return out


# --- season standings per request (hardening, item 4) ----------------------------------------
def season_budget_cases(client: Any, nights: int = 6, per_night: int = 4_000) -> list[Case]:
    """A season of 6 nights x 4,000 small records (one deal each, four of 40 players), its
    first night changed (what an upload to it does: every night after it is out of date too).
    Before, the next view rated all 24,000 records; now one request rates at most
    SEASON_REFRESH_RECORDS (one night at least) under a lease, and answers the last known
    standings with "pending"; a request while another holds the lease rates nothing; nights
    after the one that changed are rated again from their kept tables. The row "no budget"
    sets the budget past the season: one request rates the six nights."""
    import sqlite3

    made = client.post("/v1/seasons", json={"name": "budget"}).json
    auth = {"Authorization": f"Bearer {made['token']}"}
    firsts = []
    for n in range(nights):
        t = client.post("/v1/tournaments", json={"name": f"N{n}", "profile": "casual"}).json
        for start in range(0, per_night, 100):
            records = [{"profile": "casual", "meta": {"table": str(i)},
                        "players": [f"P{(i + 7 * k + n) % 40}" for k in range(4)],
                        "deals": [{"result": {"cards_left": [0, i % 13 + 1, (n + k) % 13 + 1,
                                                             7]}} for k in (0,)]}
                       for i in range(start, start + 100)]
            stored = client.post(f"/v1/tournaments/{t['id']}/records", json={"records": records},
                                 headers={"Authorization": f"Bearer {t['token']}"})
            assert stored.status_code in (200, 201), stored.get_data(as_text=True)[:300]
        client.post(f"/v1/seasons/{made['id']}/tournaments", json={"tournament": t["id"]},
                    headers=auth)
        firsts.append(t["id"])
    url = f"/v1/seasons/{made['id']}/standings"
    db = client.application.config["BIGTWO_DB"]
    assert client.get(url).status_code == 200
    while "pending" in client.get(url).json:
        pass

    def sql(statement: str, *params: Any) -> None:
        with sqlite3.connect(db) as conn:
            conn.execute(statement, list(params))

    def changed() -> None:
        sql("UPDATE tournaments SET revision = revision + 1 WHERE id = ?", firsts[0])

    def rating_view() -> Any:
        changed()
        return client.get(url)

    def next_view() -> Any:
        # Night 1 rated by the request before: this one rates night 2 from its kept tables.
        rating_view()
        return client.get(url)

    def leased_view() -> Any:
        changed()
        sql("INSERT OR REPLACE INTO season_leases VALUES (?, 'bench', ?)", made["id"],
            time.time() + 60)
        try:
            return client.get(url)
        finally:
            sql("DELETE FROM season_leases WHERE season_id = ?", made["id"])

    def unbounded_view() -> Any:
        budget = limits.SEASON_REFRESH_RECORDS
        limits.SEASON_REFRESH_RECORDS = 10 ** 9
        try:
            return rating_view()
        finally:
            limits.SEASON_REFRESH_RECORDS = budget

    what = f"{nights} nights x {per_night:,} records, the first night changed"
    return [
        Case("GET /v1/seasons/{id}/standings", f"{nights} nights x {per_night:,} records: cached",
             lambda: client.get(url), 0),
        Case("GET /v1/seasons/{id}/standings", f"{what}: no budget (all six nights in one request)",
             unbounded_view, 0),
        Case("GET /v1/seasons/{id}/standings", f"{what}: the request that rates (budget)",
             rating_view, 0),
        Case("GET /v1/seasons/{id}/standings", f"{what}: the next request (night 2, from "
             "its kept tables; timed with the request before it)", next_view, 0),
        Case("GET /v1/seasons/{id}/standings", f"{what}: another request holds the lease",
             leased_view, 0),
        Case("GET /seasons/{id} (page)", f"{what}: the request that rates (budget)",
             lambda: (changed(), client.get(f"/seasons/{made['id']}"))[1], 0),
    ]


def multiset_rows(repeat: int) -> list[tuple[str, int, float]]:
    """Rules v4, the legal-play listing of multiset hands (``bigtwo.rules.legal``), timed on its
    own until ``/v1/next`` takes such hands: the worst hand the limits allow (2 seats of 4 decks
    with 2 jokers each, 108 cards of which 8 are jokers), a fresh classifier each run (no memo).
    Rows: what, plays listed (or 1 if it beats), CPU seconds."""
    import random as _random

    from bigtwo.rules.combos import Classifier, Combo
    from bigtwo.rules.legal import all_combos_multi, can_beat_multi
    from bigtwo.rules.profiles import DEFAULT_RESOLVER, Profile

    def listing(bag: list[int], profile: Profile) -> int:
        return len(all_combos_multi(bag, Classifier(profile)))

    def beating(bag: list[int], profile: Profile) -> int:
        classifier = Classifier(profile)
        table = classifier.classify_multi([51, 51, 51, 51, 50])  # 2♠ x4 and 2♥: nothing beats it
        assert isinstance(table, Combo)
        return int(can_beat_multi(bag, classifier, table))

    declaration = {"extends": "hk-standard", "decks": 4, "jokers": 2, "players": 2, "hand_size": 108}
    supply = [c for c in range(52) for _ in range(4)] + [52] * 8
    _random.Random(38).shuffle(supply)
    bag = [0] * 53
    for c in supply[:108]:
        bag[c] += 1
    bag[52] = 8
    no_jokers = [*bag[:52], 0]
    out = []
    for bombs in ("none", "anything"):
        profile, _ = DEFAULT_RESOLVER.resolve({**declaration, "bombs": bombs})
        assert profile is not None
        for what, run, hand in ((f"bombs {bombs}: lead, every play listed", listing, bag),
                                (f"bombs {bombs}: lead, no jokers", listing, no_jokers),
                                (f"bombs {bombs}: can beat 2S 2S 2S 2S 2H, no jokers", beating, no_jokers)):
            best, found = float("inf"), 0
            for _ in range(repeat):
                start = time.process_time()
                found = run(hand, profile)
                best = min(best, time.process_time() - start)
            out.append((what, found, best))
    return out


# --- v4 notation: jokers, stand-ins, calls and timeouts in bulk (formats) --------------------
V4_HEAD = ("profile extends hk-standard\njokers = 2\ntimeouts = pass\nlast_card_call = liable\n"
           "scoring.settlement = penalty_only\nplayers Ana Ben Cai Dee\ndeal 1\n")
V3_HEAD = "profile hk-standard\nplayers Ana Ben Cai Dee\ndeal 1\n"


def joker_notation_cases(client: Any) -> list[Case]:
    """A megabyte of v4 moves in notation: each of them takes the careful reading (the fast
    path takes v3 spellings only). The same bytes under a profile without jokers (every joker
    no card, as before v4) are the comparison row."""
    out: list[Case] = []

    def text(data: str) -> Callable[[], Any]:
        raw = data.encode("utf-8")
        return lambda: client.post("/v1/validate", data=raw, content_type="text/x-bigtwo")

    for head, piece, what in [
        (V4_HEAD, "Ana: JK=4D!, ", "1 MiB of `Ana: JK=4D!` (move limit, 422)"),
        (V4_HEAD, "Ana: timeout, ", "1 MiB of `Ana: timeout` (move limit, 422)"),
        (V4_HEAD, "Ana: JK=1X, ", "1 MiB of unreadable stand-ins (problem limit, 422)"),
        (V3_HEAD, "Ana: JK=4D!, ", "the same bytes without jokers: no card (problem limit, 422)"),
    ]:
        data = head + piece * ((MIB - len(head)) // len(piece))
        out.append(Case("POST /v1/validate (notation)", what, text(data), len(data)))
    # Deals of moves just under the move limit, each move read: v4 moves (the careful path)
    # against the v3 moves of the same count (the one-pass path).
    for head, line, what in [
        (V4_HEAD, "Ana: JK=4D!, Ben: timeout, Cai: pass, Dee: 2S 2S\n", "v4 moves"),
        (V3_HEAD, "Ana: 4D, Ben: pass, Cai: pass, Dee: 2S\n", "v3 moves"),
    ]:
        deal = "".join([line] * (limits.MAX_MOVES_PER_DEAL // 4))
        body, n = [head.rsplit("deal 1", 1)[0]], 0
        while sum(map(len, body)) + len(deal) + 20 < MIB:
            n += 1
            body.append(f"deal {n}\n")
            body.append(deal)
        data = "".join(body)
        out.append(Case("POST /v1/validate (notation)",
                        f"{n} deals of {limits.MAX_MOVES_PER_DEAL} {what} (422)", text(data),
                        len(data)))
    return out


# --- live tables' event streams (issue 39; app/api/table_events.py) --------------------------
def table_stream_cases(client: Any, app: Any) -> list[Case]:
    """The most one events request can read, and a refused one: a finished match of bots at
    the deal limit (about 50 events a deal) read whole as SSE (the stream reads the store 500
    events at a time), its 500 events after a number as NDJSON, and a stream refused 429
    because its client holds its limit of streams already."""
    from app import stream_slots
    from bigtwo.live import engine
    from bigtwo.rules.profiles import ProfileResolver
    from bigtwo.store.db import Store

    spec, _ = engine.spec_problems({"profile": "hk-standard", "players": ["A", "B", "C", "D"],
                                    "bots": [0, 1, 2, 3], "deals": limits.LIVE_MAX_DEALS},
                                   ProfileResolver(lambda _: None, lambda _: None))
    store = Store(app.config["BIGTWO_DB"])
    state, _ = store.live_tables.create(spec, client="bench", creation_key=None,
                                        tournament=None)
    for _ in range(10_000):  # a bounded number of moves a call: catch up until over
        state = store.live_tables.get(state["id"])
        if state["status"] == "over":
            break
    store.close()
    events = f"/v1/tables/{state['id']}/events"
    total = state["events"]

    def whole(response: Any) -> Any:
        response.get_data()  # a stream is read (and its cost spent) as the client reads it
        return response

    def refused() -> Any:
        slots = stream_slots.slots(limits.MAX_STREAMS_PER_CLIENT, limits.MAX_STREAMS_PER_SERVICE)
        held = [slots.take("127.0.0.1") for _ in range(limits.MAX_STREAMS_PER_CLIENT)]
        try:
            return client.get(events, headers={"Accept": "text/event-stream"})
        finally:
            for slot in held:
                if isinstance(slot, int):
                    slots.give_back(slot)

    return [
        Case("GET /v1/tables/{id}/events (SSE)",
             f"a whole match of {limits.LIVE_MAX_DEALS} deals, {total} events, read to its end",
             lambda: whole(client.get(events, headers={"Accept": "text/event-stream"})), 0),
        Case("GET /v1/tables/{id}/events?after=", f"{limits.MAX_EVENTS_PER_READ} events "
             "(one answer's most) of that match as NDJSON",
             lambda: client.get(f"{events}?after=1"), 0),
        Case("GET /v1/tables/{id}/events (SSE)",
             f"refused: its client holds {limits.MAX_STREAMS_PER_CLIENT} streams (429)",
             refused, 0),
    ]


# --- live tables: a table of bots alone (issue 39, the engine's class) ----------------------
def live_bots_cases(client: Any) -> list[Case]:
    """``POST /v1/tables`` for a table of bots alone, 100 deals, then ``GET`` of it (which
    catches up): the bots play inside the request, each engine call bounded by
    ``LIVE_AUTO_WORK_PER_CALL``. The costliest table is 2 seats of 108 cards (4 decks, 8
    jokers), where a bot ranks a listing of up to 2,000 plays. Unbounded, the creation played
    the whole match (0.3 to 0.6 s of CPU a deal: 30 to 60 s for 100 deals)."""
    worst = {"extends": "hk-standard", "players": 2, "decks": 4, "jokers": 2, "hand_size": 108}
    out = []
    for what, profile in [("4 seats of hk-standard", "hk-standard"),
                          ("2 seats of 108 cards, 4 decks, 8 jokers", worst)]:
        players = 2 if isinstance(profile, dict) else 4
        body = json.dumps({"profile": profile, "players": [f"Bot {i}" for i in range(players)],
                           "bots": list(range(players)), "deals": 100})
        made: dict[str, str] = {}

        def create(body: str = body, made: dict[str, str] = made) -> Any:
            answer = client.post("/v1/tables", data=body, content_type="application/json")
            made["id"] = answer.get_json().get("id", "")
            return answer

        out.append(Case("POST /v1/tables", f"live: bots alone, 100 deals, {what}", create, len(body)))
        out.append(Case("GET /v1/tables/{id}", f"live: the same table caught up ({what})",
                        lambda made=made: client.get(f"/v1/tables/{made['id']}"), 0))
    return out


def _all_cards() -> list[str]:
    from bigtwo.rules import cards

    return list(cards.CANONICAL)


# --- live tables' proofs: every deal's proof checked in full (issue 39, the proofs' class) ------
def proof_record(deals: int, *, holds: bool = True) -> dict[str, Any]:
    """``deals`` deals of the largest supply (8 seats of 27 cards from 4 decks with 2 jokers
    each: 216 cards), each named by its B2X code and carrying a proof whose seed and code
    hold, so every proof is checked to its last link: two hashes and a shuffle of 216 cards
    (and the code's own shuffle when the record is read). ``holds=False``: the hands are
    another code's, which the last link finds after the same work."""
    from bigtwo.rules import fair
    from bigtwo.rules.profiles import DEFAULT_RESOLVER

    ref = {"extends": "hk-standard", "players": 8, "hand_size": 27, "decks": 4, "jokers": 2}
    profile, _ = DEFAULT_RESOLVER.resolve(ref, "/profile")
    out = []
    for i in range(deals):
        seed = i.to_bytes(32, "big")
        entropy = [f"seat {s} says {i}" for s in range(8)]
        code = fair.deal_code_of(profile, seed, entropy)
        deal_code = code if holds else fair.deal_code_of(profile, seed, entropy[:7])
        out.append({"deal_code": deal_code, "moves": [], "proof": {
            "commitment": fair.commitment(seed), "seed": seed.hex(),
            "entropy": [{"seat": s, "value": v} for s, v in enumerate(entropy)],
            "deal_code": code}})
    return {"profile": ref, "deals": out}


def proof_cases(client: Any) -> list[Case]:
    """``POST /v1/validate?complete=false`` with the record above at the deal limit (the proofs
    hold), and the same with every deal's hands another code's (PROOF_MISMATCH at a seat)."""
    out = []
    for holds in (True, False):
        body = proof_record(limits.MAX_DEALS_PER_RECORD, holds=holds)
        data = json.dumps(body, separators=(",", ":"))
        out.append(Case("POST /v1/validate",
                        f"live: {len(body['deals'])} deals of 216 cards, each with a proof "
                        + ("that holds" if holds else "whose hands are another code's"),
                        lambda data=data: client.post("/v1/validate?complete=false", data=data,
                                                      content_type="application/json"),
                        len(data)))
    return out


# --- live tables (issue 39): the tables' API --------------------------------------------------
def live_table_cases(client: Any) -> list[Case]:
    """The worst a client can send a live table: a move body at the size limit, a guessed
    token, a creation body at the limit, a refused move judged late in a deal, a replayed key."""
    out: list[Case] = []
    made = client.post("/v1/tables", json={"profile": "hk-standard",
                                           "players": ["Ana", "Ben", "Cai", "Dee"],
                                           "bots": [1, 2, 3]}).get_json()
    url, token = made["url"], made["seats"][0]["token"]
    seat = {"Authorization": f"Bearer {token}"}
    raw = json.dumps({"play": ["XX"] * ((MIB - 16) // 6)})  # '"XX", ' is 6 bytes
    out.append(Case(f"POST {url.rsplit('/', 1)[0]}/{{id}}/moves", "a play of 1 MiB of cards "
                    "that are none (refused, 422)",
                    lambda: client.post(f"{url}/moves", data=raw, headers=seat,
                                        content_type="application/json"), len(raw)))
    # Late in the deal: most cards played, so judging the move replays most of it.
    for _ in range(40):
        view = client.get(url, headers=seat).get_json()
        if view["status"] != "playing" or sum(view["cards_left"]) < 16:
            break
        move = {"play": view["legal_plays"][0]} if view["legal_plays"] else {"pass": True}
        client.post(f"{url}/moves", json=move, headers=seat)
    view = client.get(url, headers=seat).get_json()
    theirs = next(c for c in _all_cards() if c not in view.get("hand", []))
    out.append(Case(f"POST {url.rsplit('/', 1)[0]}/{{id}}/moves", "a card another seat holds, "
                    "late in the deal (CARD_NOT_HELD, 422)",
                    lambda: client.post(f"{url}/moves", json={"play": [theirs]}, headers=seat), 30))
    client.post(f"{url}/moves", json={"play": ["XX"]},
                headers={**seat, "Idempotency-Key": "bench"})
    out.append(Case(f"POST {url.rsplit('/', 1)[0]}/{{id}}/moves", "an Idempotency-Key replayed "
                    "(its answer again)",
                    lambda: client.post(f"{url}/moves", json={"play": ["XX"]},
                                        headers={**seat, "Idempotency-Key": "bench"}), 30))
    guess = {"Authorization": "Bearer " + "A" * 32}
    out.append(Case(f"GET {url.rsplit('/', 1)[0]}/{{id}}", "a guessed token (401)",
                    lambda: client.get(url, headers=guess), 0))
    # "\u0001" is 6 bytes of JSON: four names fill the body.
    created = json.dumps({"profile": "hk-standard", "players": ["\x01" * (MIB // 25)] * 4})
    out.append(Case("POST /v1/tables", "four names of 41,943 \\x01 each (1 MiB escaped; refused, 422)",
                    lambda: client.post("/v1/tables", data=created,
                                        content_type="application/json"), len(created)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="runs per case; the best counts")
    parser.add_argument("--cli", action=argparse.BooleanOptionalAction, default=True,
                        help="also run the CLI's unbounded inputs (issue 19, class 7)")
    args = parser.parse_args()
    from app import create_app

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"TESTING": True, "BIGTWO_DB": str(Path(tmp) / "hostile.db")})
        client = app.test_client()
        rows = []
        for case in [*cases(client), *proof_cases(client), *door_cases(client), *draw_cases(client),
                     *joker_notation_cases(client), *multiset_cases(client),
                     *next_multiset_cases(client), *live_table_cases(client),
                     *table_stream_cases(client, app), *live_bots_cases(client)]:
            best, status, out_bytes = float("inf"), 0, 0
            for _ in range(args.repeat):
                start = time.process_time()
                response = case.call()
                best = min(best, time.process_time() - start)
                status, out_bytes = response.status_code, len(response.get_data())
            rows.append((case.name, case.what, case.size, status, out_bytes, best))
    print("| request | worst case | in (KiB) | status | out (KiB) | CPU s |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for name, what, size, status, out_bytes, cpu in rows:
        print(f"| `{name}` | {what} | {size / 1024:.0f} | {status} | {out_bytes / 1024:.0f} | {cpu:.3f} |")
    print()
    print("| multiset hand, 108 cards, 8 jokers (rules v4) | plays listed / beats | CPU s |")
    print("| --- | ---: | ---: |")
    for what, found, cpu in multiset_rows(args.repeat):
        print(f"| {what} | {found} | {cpu:.3f} |")
    if args.cli and Path("/usr/bin/time").exists():
        with tempfile.TemporaryDirectory() as tmp:
            cli = cli_rows(Path(tmp))
        print()
        print("| `bigtwo` input | first line of stderr | exit | CPU s | peak RSS (MB) |")
        print("| --- | --- | ---: | ---: | ---: |")
        for what, said, cpu, status, rss in cli:
            print(f"| {what} | `{said}` | {status} | {cpu:.2f} | {rss / 1024:.0f} |")


if __name__ == "__main__":
    main()
