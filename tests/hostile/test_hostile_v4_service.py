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
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bigtwo import limits
from bigtwo.store.quotas import Quotas
from tests.hostile.test_hostile_table import PROBLEM, Hostile, _Stalling, hostile  # noqa: F401
from tests.hostile.test_hostile_v3 import Got
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
    revoked_id, revoked = store.create_key("gone")
    store.revoke_key(revoked_id)
    _, good = store.create_key("club")
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
    from bigtwo.records.i18n import ACCEPTED_TAGS

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


@dataclass(frozen=True)
class Row:
    defect: int  # the class number in issue 23
    name: str
    send: Callable[[Hostile], Got]
    answer: int  # the HTTP status, or the exit status of a command
    bound: int
    unit: str
    media: str | None = None


ROWS = [
    Row(6, "CORS lists with IPv6 origins and ports; origins that are patterns",
        cors_exact, 201, 0, "origins wrongly echoed + bad settings that started"),
    Row(7, "keys mode: no, wrong, revoked key; 1 MiB body that stalls",
        creation_key_before_body, 401, 0, "body reads", PROBLEM),
    Row(8, "spoofed Host, X-Forwarded-*, scheme on the share link and every page",
        host_never_in_links, 200, 0, "answers naming the Host + bad public URLs that started"),
    Row(12, "languages and the language cookie, docs against what is served",
        docs_as_served, 200, 0, "statements that drift"),
]
OWNED_CLASSES = {6, 7, 8, 12}


@pytest.mark.parametrize("row", ROWS, ids=lambda r: f"v4-class{r.defect:02d}-{r.send.__name__}")
def test_hostile_v4(row: Row, hostile: Hostile) -> None:  # noqa: F811
    got = row.send(hostile)
    assert got.answer == row.answer
    if row.media is not None:
        assert got.media == row.media
    assert got.work <= row.bound, f"{row.name}: {got.work} {row.unit} > {row.bound}"


def test_every_owned_class_has_a_row() -> None:
    assert {row.defect for row in ROWS} == OWNED_CLASSES
