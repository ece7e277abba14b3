"""The hostile-input table of issue 23 (hardening v4), the service's classes: quotas on
correction and re-sending (3, 9), shared links one client cannot use up (4), a store that
cannot be written (5), CORS origins read as patterns (6), the creation key before the body
(7), links built from the Host header (8) and the docs against what is served (12).

Each row sends the whole class, on every surface where it applies (API, pages, CLI), and
returns the answer it got with the work measured by counting (body reads, responses that
carry a hostile value, 500s, rows stored), never by wall time. The row asserts the answer and
that the work stays within its bound; without the fix each bound is exceeded.
"""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bigtwo import limits
from bigtwo.store.quotas import Quotas
from tests.hostile.test_hostile_request_classes import Got, Row, assert_row
from tests.hostile.test_hostile_table import PROBLEM, Hostile, _Stalling, hostile  # noqa: F401
from tests.tournaments.helpers import simulated

MIB = 1024 * 1024
ROOT = Path(__file__).resolve().parents[2]


def _app(h: Hostile, name: str, **config: Any) -> Any:
    """Another app on its own store, beside the fixture's."""
    from app import create_app

    db = Path(h.app.config["BIGTWO_DB"]).parent / f"{name}.db"
    return create_app({"TESTING": True, "BIGTWO_DB": str(db), **config})


# --- class 6: CORS origins are exact ---------------------------------------------------------
LISTED = ["https://club.example", "https://[2001:db8::1]", "http://[::1]:8080",
          "https://cards.example:8443"]
# What flask-cors matched as a regex (prefix matching, [..] as a class) and near misses.
NOT_LISTED = ["https://b.evil.test", "https://d", "https://2.evil.test", "https://1",
              "https://club.example.evil.test", "https://club.exampl", "http://club.example",
              "https://[2001:db8::1].evil.test", "https://[2001:db8::2]", "https://CLUB.example",
              "https://club.example:444", "https://cards.example", "null", "https://8.evil"]
BAD_ORIGINS = ["https://[2001:db8::1", "https://club.example/app", "https://*.example",
               "https://club.example|https://evil.test", "^https://x$", "https://(a|b).example",
               "https://x.example?", "https://[fe80::1%25eth0]", "javascript:alert(1)", "null",
               "https://999.1.1.1", "https://exa_mple.test", "https://bücher.example",
               "https://club.example:0", "https://club.example:99999", "ftp://club.example",
               "https://user@club.example", "https://.example", "https://[::ffff:1.2.3.4.5]"]


def cors_exact(h: Hostile) -> Got:
    """Origins with IPv6 addresses and ports listed for both groups: each listed origin is
    allowed (preflight and the real upload echo it), nothing else is, however close; every
    entry that is not an origin stops start-up with the setting named. The work: origins
    echoed that were not listed, listed ones refused, and bad settings that started."""
    from app.cors import CorsSettingError

    listing = " ".join(LISTED)
    app = _app(h, "cors", BIGTWO_CORS_TOKEN_ORIGINS=listing, BIGTWO_CORS_ORIGINS=listing)
    client = app.test_client()
    made = client.post("/v1/tournaments", json={"name": "cors", "profile": "casual"}).get_json()
    auth = {"Authorization": f"Bearer {made['token']}"}
    wrong = 0
    paths = [("POST", f"/v1/tournaments/{made['id']}/records"), ("POST", "/v1/validate"),
             ("GET", "/v1/profiles/casual")]
    for i, origin in enumerate(LISTED + NOT_LISTED):
        for method, path in paths:
            answer = client.options(path, headers={"Origin": origin,
                                                   "Access-Control-Request-Method": method})
            echoed = answer.headers.get("Access-Control-Allow-Origin")
            wrong += (echoed == origin) != (origin in LISTED) or echoed not in (None, origin)
        upload = client.post(paths[0][1], json=simulated(1, seed=100 + i)[0],
                             headers={**auth, "Origin": origin})
        assert upload.status_code in (200, 201), upload.get_data()[:300]
        wrong += (upload.headers.get("Access-Control-Allow-Origin") == origin) != (origin in LISTED)
    started = 0
    for setting in ("BIGTWO_CORS_TOKEN_ORIGINS", "BIGTWO_CORS_ORIGINS"):
        for bad in BAD_ORIGINS:
            try:
                _app(h, "cors-bad", **{setting: f"https://club.example {bad}"})
            except CorsSettingError as exc:
                assert setting in str(exc) and repr(bad) in str(exc), exc
            else:
                started += 1
    return Got(upload.status_code, wrong + started)


# --- class 7: the creation key before the body -----------------------------------------------
def creation_key_before_body(h: Hostile) -> Got:
    """In keys mode, no key, a wrong key, a revoked one and another scheme, each with a 1 MiB
    Content-Length whose body stalls, on every creating route: 401 at once with
    WWW-Authenticate, not a byte of the body read. A good key's stalled body is read (the 408
    it always was). The work is the body reads of the refused requests."""
    from bigtwo.store.db import Store

    app = _app(h, "keys", BIGTWO_QUOTAS=Quotas(creation="keys"),
               MAX_CONTENT_LENGTH=limits.MAX_BODY_BYTES)
    store = Store(app.config["BIGTWO_DB"])
    revoked_id, revoked = store.keys.create("gone")
    store.keys.revoke(revoked_id)
    _, good = store.keys.create("club")
    store.close()
    client = app.test_client()
    reads = 0
    refusals = [{}, {"Authorization": "Bearer b2k_wrong"}, {"Authorization": f"Bearer {revoked}"},
                {"Authorization": f"Basic {good}"}, {"Authorization": "Bearer"}]
    for path in ("/v1/tournaments", "/v1/profiles"):
        for headers in refusals:
            stream = _Stalling(b'{"name": "')
            out = client.post(path, content_type="application/json",
                              headers={**headers, "Content-Length": str(MIB)},
                              environ_overrides={"wsgi.input": stream, "CONTENT_LENGTH": str(MIB)})
            assert out.status_code == 401 and out.mimetype == PROBLEM, (path, headers)
            assert out.headers["WWW-Authenticate"].startswith("Bearer")
            reads += stream.reads
        stream = _Stalling(b'{"name": "')
        stalled = client.post(path, content_type="application/json",
                              headers={"Authorization": f"Bearer {good}", "Content-Length": str(MIB)},
                              environ_overrides={"wsgi.input": stream, "CONTENT_LENGTH": str(MIB)})
        assert stalled.status_code == 408 and stream.reads > 0, path
    created = client.post("/v1/tournaments", json={"name": "k", "profile": "casual"},
                          headers={"Authorization": f"Bearer {good}"})
    assert created.status_code == 201
    return Got(out.status_code, reads, out.mimetype)


# --- class 8: nothing is built from the Host header ------------------------------------------
EVIL = "evil.example"
SPOOFED = {"Host": EVIL, "X-Forwarded-Host": EVIL, "X-Forwarded-Proto": "https",
           "X-Forwarded-Server": EVIL, "Forwarded": f"host={EVIL};proto=https"}


def _mentions(answer: Any, what: str) -> bool:
    text = answer.get_data(as_text=True) + " ".join(f"{k}: {v}" for k, v in answer.headers)
    return what in text


def host_never_in_links(h: Hostile) -> Got:
    """A spoofed Host (and X-Forwarded-*, Forwarded, an https scheme) on every page and API
    answer a share touches: the shared page's link is relative (completed by the page) or the
    configured BIGTWO_PUBLIC_URL, never the request's host or scheme; no answer names the
    Host; a bad public URL stops start-up. The work: answers that carry the spoofed host,
    plus bad public URLs that started."""
    from app.urls import UrlSettingError

    record = simulated(1, seed=77)[0]
    carried = 0
    for public in ("", "https://bigtwo.example/club"):
        app = _app(h, f"host{len(public)}", BIGTWO_PUBLIC_URL=public + ("/" if public else ""))
        client = app.test_client()
        form = {"record": json.dumps(record), "complete": "on", "lang": "en"}
        shared = client.post("/replays", data=form, headers=SPOOFED)
        assert shared.status_code == 303
        link = shared.headers["Location"]
        api = client.post("/v1/replays", json=record, headers=SPOOFED)
        rid = api.get_json()["id"]
        answers = [shared, api, client.get(link, headers=SPOOFED),
                   client.get(f"/v1/replays/{rid}", headers=SPOOFED),
                   client.get(link, headers=SPOOFED, environ_overrides={"wsgi.url_scheme": "https"}),
                   client.post("/v1/profiles", json={"extends": "casual", "name": "h"},
                               headers=SPOOFED),
                   client.post("/v1/tournaments", json={"name": "h", "profile": "casual"},
                               headers=SPOOFED)]
        for path in ("/", "/tournaments", f"/tournaments/{h.tournament}", "/docs", "/openapi.json",
                     "/v1/profiles", "/healthz", "/nowhere", "/v1/nowhere"):
            answers.append(client.get(path, headers=SPOOFED))
        carried += sum(_mentions(a, EVIL) for a in answers)
        page = answers[2].get_data(as_text=True)
        value = re.search(r'id="share-link" type="url" readonly value="([^"]*)"', page)
        assert value is not None
        assert value.group(1) == f"{public}/replays/{rid}", value.group(1)
        carried += "http://" in value.group(1)
    started = 0
    for bad in ("bigtwo.example", "ftp://bigtwo.example", "https://bigtwo.example?x=1",
                "https://bigtwo.example/#top", "https://user@bigtwo.example",
                "https://bigtwo.example/a/../b", "https://[2001:db8::1", "javascript:alert(1)",
                "https://bigtwo.example//x", "https://*.example"):
        try:
            _app(h, "host-bad", BIGTWO_PUBLIC_URL=bad)
        except UrlSettingError as exc:
            assert "BIGTWO_PUBLIC_URL" in str(exc)
        else:
            started += 1
    return Got(answers[2].status_code, carried + started, None)


# --- class 12: the docs say what is served ---------------------------------------------------
def docs_as_served(h: Hostile) -> Got:
    """What the docs say of languages and cookies against what the service does: every
    language (and alias) a `lang` takes is listed in docs/API.md and none that is refused;
    docs/SECURITY.md names the cookie the pages set, and the pages set it and vary on it; no
    doc says the language is never kept in a cookie. The work: statements that drift."""
    from app.web.language import COOKIE
    from bigtwo.reports.i18n import ACCEPTED_TAGS

    api_md = (ROOT / "docs" / "API.md").read_text(encoding="utf-8")
    security = (ROOT / "docs" / "SECURITY.md").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    drift = 0
    bullet = re.search(r"^- `lang`:.*?(?=^- |^$|\Z)", api_md, re.MULTILINE | re.DOTALL)
    assert bullet is not None
    drift += sum(f"`{tag}`" not in bullet.group(0) for tag in ACCEPTED_TAGS)
    for tag in ACCEPTED_TAGS:
        drift += h.client.post(f"/v1/validate?lang={tag}", json=simulated(1)[0]).status_code != 200
    drift += h.client.post("/v1/validate?lang=xx", json=simulated(1)[0]).status_code != 422
    page = h.client.get("/?lang=de")
    cookie = page.headers.get("Set-Cookie", "")
    drift += not cookie.startswith(f"{COOKIE}=de")
    drift += "Cookie" not in page.headers.get("Vary", "")
    drift += f"`{COOKIE}`" not in security
    for text in (api_md, security, readme):
        drift += len(re.findall(r"(never|not) (kept|stored) in a cookie", text))
    drift += "`en`, `de` or `it`" in api_md + readme
    return Got(page.status_code, drift, None)


# --- classes 3 and 9: quotas count what stands; what is stored costs nothing ---------------
FULL = 5


def _full(h: Hostile, name: str, **quotas: int) -> tuple[Any, str, dict[str, str], list[str]]:
    """An app whose tournament holds its quota of FULL records, and their ids."""
    app = _app(h, name, BIGTWO_QUOTAS=Quotas(records_per_tournament=FULL, **quotas))
    client = app.test_client()
    made = client.post("/v1/tournaments", json={"name": name, "profile": "casual"}).get_json()
    auth = {"Authorization": f"Bearer {made['token']}"}
    out = client.post(f"/v1/tournaments/{made['id']}/records",
                      json={"records": simulated(FULL, seed=500)}, headers=auth)
    assert out.status_code == 201, out.get_data()[:300]
    return client, made["id"], auth, [r["id"] for r in out.get_json()["results"]]


def _is_quota_problem(answer: Any) -> bool:
    return answer.status_code == 409 and answer.mimetype == PROBLEM and \
        answer.get_json()["type"].endswith("/quota-exceeded")


def correction_in_a_full_tournament(h: Hostile) -> Got:
    """A tournament at its record quota: replacing a record (JSON, then the replacement
    replaced again, then from the CLI on a local store) is allowed, as it frees its old slot;
    a replacement that would pass another quota (bytes) is a 409 quota-exceeded problem, never
    a 500, and changes nothing. The work: corrections refused + answers that are not a
    quota problem when a quota is passed."""
    from click.testing import CliRunner

    from bigtwo.cli.main import main

    client, tid, auth, ids = _full(h, "correct")
    bad = 0
    new = simulated(1, seed=900)[0]
    first = client.put(f"/v1/tournaments/{tid}/records/{ids[0]}?reason=typo", json=new,
                       headers=auth)
    bad += first.status_code != 201
    again = client.put(f"/v1/tournaments/{tid}/records/{first.get_json().get('id')}",
                       json=simulated(1, seed=901)[0], headers=auth)
    bad += again.status_code != 201
    standings = client.get(f"/v1/tournaments/{tid}/standings").get_json()
    bad += standings["records"] != FULL
    # Over another quota: a correction that needs more room than the tournament has left.
    # Over another quota: the same store served with a deal quota of one deal more than
    # stands, and a correction of one deal by forty.
    _, ttid, tauth, tids = _full(h, "tight")
    over = _app(h, "tight", BIGTWO_QUOTAS=Quotas(
        records_per_tournament=FULL, deals_per_tournament=FULL + 1)).test_client()
    used = over.get(f"/v1/tournaments/{ttid}").get_json()
    huge = simulated(1, seed=902, deals_per_record=40)[0]
    refused = over.put(f"/v1/tournaments/{ttid}/records/{tids[0]}", json=huge, headers=tauth)
    bad += not _is_quota_problem(refused)
    bad += over.get(f"/v1/tournaments/{ttid}").get_json() != used
    # The CLI on the server's store, as the operator runs it.
    db = Path(h.app.config["BIGTWO_DB"]).parent / "correct.db"
    record = Path(h.app.config["BIGTWO_DB"]).parent / "fix.json"
    record.write_text(json.dumps(simulated(1, seed=903)[0]))
    token = auth["Authorization"].split()[1]
    result = CliRunner(env={"BIGTWO_QUOTA_RECORDS_PER_TOURNAMENT": str(FULL)}).invoke(
        main, ["tournament", "replace", tid, ids[1], str(record), "--token", token,
               "--db", str(db)])
    bad += result.exit_code != 0
    return Got(refused.status_code, bad, refused.mimetype)


def resend_to_a_full_tournament(h: Hostile) -> Got:
    """A full tournament receives what it holds again: one record, the batch of all, the same
    games written another way, and a CLI import of the same lines: each answered as already
    stored (200, created false, the stored ids), none checked again, nothing stored; one new
    record among them is still a 409. The work: refusals of stored records, records checked
    again, and rows added."""
    from click.testing import CliRunner

    from bigtwo.cli.main import main
    from bigtwo.store import tournaments

    client, tid, auth, ids = _full(h, "resend")
    records = simulated(FULL, seed=500)
    checks = h.count(tournaments, "check_record")
    before = client.get(f"/v1/tournaments/{tid}").get_json()
    bad = 0
    one = client.post(f"/v1/tournaments/{tid}/records", json=records[2], headers=auth)
    bad += one.status_code != 200 or one.get_json()["id"] != ids[2]
    batch = client.post(f"/v1/tournaments/{tid}/records", json={"records": records},
                        headers=auth)
    bad += batch.status_code != 200
    bad += [r["id"] for r in batch.get_json().get("results", [])] != ids
    respelled = json.loads(json.dumps(records[0]).replace('"casual"', '"casual" ', 1))
    bad += client.post(f"/v1/tournaments/{tid}/records", data=json.dumps(
        {"deals": respelled["deals"], "players": respelled["players"]}),
        content_type="application/json", headers=auth).status_code != 200
    mixed = client.post(f"/v1/tournaments/{tid}/records",
                        json={"records": [*records, simulated(1, seed=999)[0]]}, headers=auth)
    bad += not _is_quota_problem(mixed)
    lines = Path(h.app.config["BIGTWO_DB"]).parent / "again.jsonl"
    lines.write_text("".join(json.dumps(r) + "\n" for r in records))
    db = Path(h.app.config["BIGTWO_DB"]).parent / "resend.db"
    token = auth["Authorization"].split()[1]
    result = CliRunner(env={"BIGTWO_QUOTA_RECORDS_PER_TOURNAMENT": str(FULL)}).invoke(
        main, ["tournament", "import", tid, str(lines), "--token", token, "--db", str(db),
               "--json"])
    bad += result.exit_code != 0
    bad += json.loads(result.stdout)["duplicate"] != FULL if result.stdout else 1
    after = client.get(f"/v1/tournaments/{tid}").get_json()
    rows = int(after != before)
    return Got(one.status_code, bad + checks[0] + rows, None)


# --- class 4: one client cannot use up the shared links -------------------------------------
A, A_TOO, A_TOO2, B = "203.0.113.7", "2001:db8:1:2::7", "2001:db8:1:2:ffff::8", "198.51.100.9"


def _share(client: Any, record: Any, address: str, headers: dict[str, str] | None = None,
           page: bool = False) -> Any:
    environ = {"REMOTE_ADDR": address}
    if page:
        form = {"record": json.dumps(record), "complete": "on", "lang": "en"}
        return client.post("/replays", data=form, headers=headers or {}, environ_overrides=environ)
    return client.post("/v1/replays", json=record, headers=headers or {},
                       environ_overrides=environ)


def share_flood(h: Hostile) -> Got:
    """In keys mode, keyless clients (one IPv4 address, two addresses of one IPv6 /64, each
    sending X-Forwarded-For naming others) flood POST /v1/replays and the Share form with
    distinct records padded in meta: meta past its cap is refused; the client is refused
    (429, before its record is checked) once it holds its allowance; a second client's small
    share, and a key holder's, still succeed; links given keep working. The work: replays the
    flooder stored past its allowance, records checked after its refusal, other clients
    refused, and bytes of meta stored past the cap."""
    from bigtwo.store import replays
    from bigtwo.store.db import Store

    h.monkeypatch.setattr(limits, "SHARE_CLIENT_MAX_REPLAYS", 6)
    h.monkeypatch.setattr(limits, "SHARE_CLIENT_PER_HOUR", 1000)
    app = _app(h, "flood", BIGTWO_QUOTAS=Quotas(creation="keys"),
               MAX_CONTENT_LENGTH=limits.MAX_BODY_BYTES)
    store = Store(app.config["BIGTWO_DB"])
    _, key = store.keys.create("club")
    store.close()
    client = app.test_client()
    work = 0
    padded = {**simulated(1, seed=1)[0], "meta": {"pad": "x" * (MIB // 2)}}
    over = _share(client, padded, A)
    assert over.status_code in (413, 422) and over.mimetype == PROBLEM
    stored: dict[str, int] = {}
    links = []
    for i in range(24):
        record = {**simulated(1, seed=2000 + i)[0],
                  "meta": {"pad": "x" * (limits.MAX_SHARED_META_BYTES - 64)}}
        address = (A, A_TOO, A_TOO2)[i % 3]
        out = _share(client, record, address, {"X-Forwarded-For": f"192.0.2.{i}"},
                     page=i % 4 == 3)
        if out.status_code in (201, 303):
            client_of = "a" if address == A else "a64"  # A_TOO and A_TOO2 share one /64
            stored[client_of] = stored.get(client_of, 0) + 1
            links.append(out.headers["Location"])
        else:
            assert out.status_code == 429, (i, out.status_code, out.get_data()[:200])
    work += sum(max(0, n - limits.SHARE_CLIENT_MAX_REPLAYS) for n in stored.values())
    checks = h.count(replays, "check_record")
    refused = _share(client, simulated(1, seed=3000)[0], A)
    assert refused.status_code == 429 and refused.mimetype == PROBLEM
    work += checks[0]
    page_refused = _share(client, simulated(1, seed=3001)[0], A, page=True)
    work += page_refused.status_code != 429
    for n, address in enumerate((B, "2001:db8:9::1")):
        work += _share(client, simulated(1, seed=3010 + n)[0], address).status_code != 201
    work += _share(client, simulated(1, seed=3003)[0], A,
                   {"Authorization": f"Bearer {key}"}).status_code != 201
    work += sum(client.get(link).status_code != 200 for link in links)
    h.monkeypatch.setattr(limits, "SHARE_CLIENT_PER_HOUR", 2)
    hourly = [_share(client, simulated(1, seed=3100 + i)[0], "192.0.2.200").status_code
              for i in range(3)]
    work += hourly != [201, 201, 429]
    work += _share(client, simulated(1, seed=3104)[0], "192.0.2.200").headers.get(
        "Retry-After") is None  # an hour's allowance comes back
    with sqlite3.connect(app.config["BIGTWO_DB"]) as conn:
        metas = [len(json.dumps(json.loads(row[0]).get("meta", {})))
                 for row in conn.execute("SELECT record FROM shared_replays")]
    work += sum(max(0, m - limits.MAX_SHARED_META_BYTES) for m in metas)
    return Got(refused.status_code, work, refused.mimetype)


def keyless_cannot_fill_the_store(h: Hostile) -> Got:
    """A store of 8 links, in keys mode: keyless clients, one network each, together take at
    most half of it (then a 507 replay-quota problem for the next keyless one), and a key
    holder can still share; with BIGTWO_PROXY_HOPS=1 the client is the one the proxy saw. The
    work: keyless replays past the half + key holders refused."""
    h.monkeypatch.setattr(limits, "MAX_SHARED_REPLAYS", 8)
    app = _app(h, "half", BIGTWO_QUOTAS=Quotas(creation="keys"), BIGTWO_PROXY_HOPS="1")
    from bigtwo.store.db import Store

    store = Store(app.config["BIGTWO_DB"])
    _, key = store.keys.create("club")
    store.close()
    client = app.test_client()
    created = 0
    for i in range(8):
        out = client.post("/v1/replays", json=simulated(1, seed=4000 + i)[0],
                          headers={"X-Forwarded-For": f"192.0.2.{i}"},
                          environ_overrides={"REMOTE_ADDR": "10.0.0.1"})
        created += out.status_code == 201
        last = out
    assert last.status_code == 507 and last.get_json()["type"].endswith("/replay-quota")
    work = max(0, created - 8 // limits.SHARE_KEYLESS_DIVISOR)
    keyed = client.post("/v1/replays", json=simulated(1, seed=4100)[0],
                        headers={"Authorization": f"Bearer {key}"})
    work += keyed.status_code != 201
    return Got(last.status_code, work, last.mimetype)


# --- class 5: a store that cannot be written -------------------------------------------------
def _read_only(monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    """Every store connection from now on opened as SQLite opens a file it may not write
    (``mode=ro``), or with no room left (``max_page_count`` at its size: SQLITE_FULL)."""
    import sqlite3

    real = sqlite3.connect

    def connect(target: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        path = str(target)
        if how == "read-only":
            if not path.startswith("file:"):
                path = Path(path).absolute().as_uri()
            kwargs["uri"] = True
            sep = "&" if "?" in path else "?"
            return real(path + sep + "mode=ro", *args, **kwargs)
        conn = real(target, *args, **kwargs)
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {pages}")
        return conn

    monkeypatch.setattr(sqlite3, "connect", connect)


def unwritable_store(h: Hostile) -> Got:
    """A read-only store and a full disk, each: the service starts; every read (API, pages,
    CLI) answers from what is stored, stale standings too (their cache cannot be written);
    every write is a named problem (store-read-only 503, store-full 507), on the API, the
    Share form and the CLI import; /healthz says the store cannot be written. The work: 500s,
    reads that failed, unnamed refusals and CLI lines that are not one named error."""
    from click.testing import CliRunner

    from bigtwo.cli.main import main

    app = _app(h, "ro")
    client = app.test_client()
    made = client.post("/v1/tournaments", json={"name": "ro", "profile": "casual"}).get_json()
    tid, auth = made["id"], {"Authorization": f"Bearer {made['token']}"}
    up = client.post(f"/v1/tournaments/{tid}/records", json={"records": simulated(3, seed=60)},
                     headers=auth).get_json()
    rid = up["results"][0]["id"]
    fresh = client.get(f"/v1/tournaments/{tid}/standings").get_data()
    client.post(f"/v1/tournaments/{tid}/records", json=simulated(1, seed=61)[0], headers=auth)
    shared = client.post("/v1/replays", json=simulated(1, seed=62)[0]).get_json()["id"]
    db = app.config["BIGTWO_DB"]
    work = 0
    last = None
    for how, kind, status in (("read-only", "store-read-only", 503),
                              ("full", "store-full", 507)):
        with pytest.MonkeyPatch.context() as patch:
            _read_only(patch, how)
            live = _app(h, "ro").test_client()  # starts on the unwritable store
            for path in (f"/v1/tournaments/{tid}/standings", f"/v1/tournaments/{tid}",
                         f"/v1/tournaments/{tid}/standings?format=csv",
                         f"/v1/tournaments/{tid}/records", f"/v1/tournaments/{tid}/audit",
                         f"/v1/records/{rid}", f"/v1/replays/{shared}", "/v1/profiles",
                         "/v1/tournaments", f"/tournaments/{tid}", "/tournaments",
                         f"/records/{rid}", f"/replays/{shared}", "/"):
                answer = live.get(path)
                work += answer.status_code != 200
            standing = live.get(f"/v1/tournaments/{tid}/standings").get_json()
            work += standing["records"] != 4 or fresh == json.dumps(standing).encode()
            writes = [
                live.post(f"/v1/tournaments/{tid}/records", json=simulated(1, seed=63)[0],
                          headers=auth),
                live.post("/v1/tournaments", json={"name": "x", "profile": "casual"}),
                live.post("/v1/replays", json=simulated(1, seed=64)[0]),
                live.post("/v1/profiles", json={"extends": "casual", "name": "ro"}),
                live.delete(f"/v1/tournaments/{tid}/records/{rid}", headers=auth),
            ]
            for answer in writes:
                named = answer.mimetype == PROBLEM and answer.status_code == status and \
                    answer.get_json()["type"].endswith("/" + kind)
                # With no room left, a write that fits in the file's free pages still succeeds.
                work += not named and not (how == "full" and answer.status_code < 300)
            form = {"record": json.dumps(simulated(1, seed=65)[0]), "complete": "on"}
            page = live.post("/replays", data=form)
            work += page.status_code != status or page.mimetype != "text/html"
            work += "unexpected" in page.get_data(as_text=True)
            health = live.get("/healthz")
            work += health.status_code != 503 or health.get_json().get("writable") is not False
            runner = CliRunner(env={"BIGTWO_DB": db})
            read = runner.invoke(main, ["tournament", "standings", tid, "--db", db])
            work += read.exit_code != 0
            lines = Path(db).parent / "more.jsonl"
            lines.write_text(json.dumps(simulated(1, seed=66)[0]) + "\n")
            wrote = runner.invoke(main, ["tournament", "import", tid, str(lines), "--token",
                                         made["token"], "--db", db])
            errors = [line for line in wrote.stderr.splitlines() if line.startswith("error")]
            work += wrote.exit_code != 2 or len(errors) != 1 or "unexpected" in wrote.stderr
            last = health
    assert last is not None
    # Nothing was lost or added (a withdrawal that fitted on the full disk keeps its record).
    after = client.get(f"/v1/tournaments/{tid}").get_json()["counts"]
    work += after["records"] + after["withdrawn"] != 4
    return Got(last.status_code, work, last.mimetype)


ROWS = [
    Row(3, "replacing records of a full tournament (API, CLI); a correction over a quota",
        correction_in_a_full_tournament, 409, 0, "corrections refused + non-409 quota answers",
        PROBLEM),
    Row(9, "re-sending stored records to a full tournament (single, batch, CLI import)",
        resend_to_a_full_tournament, 200, 0, "refusals + rechecks + rows added", None),
    Row(4, "keyless share flood padded in meta, IPv6 /64, spoofed X-Forwarded-For, the form",
        share_flood, 429, 0, "replays past the allowance + rechecks + others refused",
        PROBLEM),
    Row(4, "keyless clients of many networks against a small store, a key holder after",
        keyless_cannot_fill_the_store, 507, 0, "keyless replays past the half + keys refused",
        PROBLEM),
    Row(5, "a read-only store and a full disk: every read, write, page, CLI and /healthz",
        unwritable_store, 503, 0, "500s + failed reads + unnamed refusals", PROBLEM),
    Row(6, "CORS lists with IPv6 origins and ports; origins that are patterns",
        cors_exact, 201, 0, "origins wrongly echoed + bad settings that started", None),
    Row(7, "keys mode: no, wrong, revoked key; 1 MiB body that stalls",
        creation_key_before_body, 401, 0, "body reads", PROBLEM),
    Row(8, "spoofed Host, X-Forwarded-*, scheme on the share link and every page",
        host_never_in_links, 200, 0, "answers naming the Host + bad public URLs that started", None),
    Row(12, "languages and the language cookie, docs against what is served",
        docs_as_served, 200, 0, "statements that drift", None),
]
OWNED_CLASSES = {3, 4, 5, 6, 7, 8, 9, 12}


@pytest.mark.parametrize("row", ROWS, ids=lambda r: f"v4-class{r.defect:02d}-{r.send.__name__}")
def test_hostile_v4(row: Row, hostile: Hostile) -> None:  # noqa: F811
    assert_row(row, hostile)


def test_every_owned_class_has_a_row() -> None:
    assert {row.defect for row in ROWS} == OWNED_CLASSES
