"""Tournament use cases shared by the HTTP API and the ``bigtwo tournament`` CLI.

No Flask here: failures are ``TournamentError`` values with an HTTP status (``StoreError`` for
what is no tournament's own: tokens, creation keys, paging), which the API turns into problem
documents and the CLI into messages. Checking a record is always
``bigtwo.records.pipeline.check_record`` with a resolver over the store.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bigtwo import ENGINE_VERSION, limits
from bigtwo.formats.jsonin import dumps_stored, loads_stored
from bigtwo.formats.sheets import check_sheet
from bigtwo.league import standings, tally
from bigtwo.records.identity import record_hash
from bigtwo.records.parse import deals_in
from bigtwo.records.pipeline import Checked, check_record
from bigtwo.reports.messages import DEFAULT_LANGUAGE, render
from bigtwo.reports.profile_diff import differences_text
from bigtwo.rules.problems import Problem, join
from bigtwo.rules.profiles import ID_COLLISION, Profile, ProfileRef, ProfileResolver
from bigtwo.store.db import Store
from bigtwo.store.errors import StoreError
from bigtwo.store.errors import (
    TournamentError as TournamentError,  # re-exported: callers say service.TournamentError
)
from bigtwo.store.faults import best_effort
from bigtwo.store.quotas import QuotaExceeded
from bigtwo.store.repositories.profiles import ProfileIdCollision
from bigtwo.store.rows import NewRecord

DEFAULT_PER_PAGE = 50


# The tournament's own refusals; the module-level names are what its callers raise.
not_found = TournamentError.not_found
unprocessable = TournamentError.unprocessable
over_quota = TournamentError.over_quota


def id_collision(detail: str) -> TournamentError:
    """Two rule sets whose ids agree: the declaration is refused, never played as the other."""
    return TournamentError.conflict(detail + "; nothing was stored", kind="profile-id-collision")


def content_hash(record: Mapping[str, Any], profile_id: str) -> str:
    """The identity of a record uploaded to a tournament playing ``profile_id``: the hash of
    its canonical form (``bigtwo.records.identity``), so that the same game written another way
    (card spellings, key order, spacing, the profile by id or inline) is the same record."""
    return record_hash(record, profile_id)


# --- who may create ---------------------------------------------------------------------------
def require_creation_key(store: Store, authorization: str | None) -> None:
    """With ``BIGTWO_CREATION=keys``, creating a tournament or declaring a profile over HTTP
    needs ``Authorization: Bearer <creation key>`` (``bigtwo keys create``); open stores (the
    default) let anyone create. The operator's own commands on the store need no key."""
    if store.quotas.creation == "open":
        return
    scheme, _, key = (authorization or "").strip().partition(" ")
    key = key.strip()
    if scheme.lower() != "bearer" or not key:
        raise StoreError(401, "Unauthorized", "this server creates tournaments and "
                         "profiles for holders of a creation key: send "
                         "Authorization: Bearer <key> (the operator issues them)")
    if not store.keys.valid(key):
        raise StoreError(401, "Unauthorized", "the creation key is not valid "
                                              "(never issued, or revoked)")


# --- creating and reading tournaments ---------------------------------------------------------
def create(store: Store, body: Any) -> dict[str, str]:
    """``{"name", "profile", "ranked_by"?}`` -> ``{"id", "token"}``; an inline profile is
    stored too. ``ranked_by`` is how the standings rank players: "points_per_deal" (the
    default) or "points" (totals, for an organiser whose tables all play as many deals)."""
    if not isinstance(body, dict):
        raise unprocessable([Problem("", 'send {"name": ..., "profile": ...}')],
                            "a tournament needs a name and a profile")
    problems = [Problem(join("", k), "unknown field") for k in body
                if k not in ("name", "profile", "ranked_by")]
    ranked_by = body.get("ranked_by", standings.PER_DEAL)
    if ranked_by not in standings.RANKED_BY:
        problems.append(Problem("/ranked_by", "one of " + ", ".join(standings.RANKED_BY)))
    name = body.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > limits.MAX_TOURNAMENT_NAME_LENGTH:
        problems.append(Problem("/name", f"must be a name of 1 to {limits.MAX_TOURNAMENT_NAME_LENGTH} characters"))
    profile: Profile | None = None
    if "profile" not in body:
        problems.append(Problem("/profile", "missing: a preset id, a stored profile id or a declaration"))
    else:
        profile, profile_problems = store.profiles.resolver().resolve(body["profile"], "/profile")
        problems.extend(profile_problems)
    clashes = [p for p in problems if p.code == ID_COLLISION]
    if clashes:
        raise id_collision(clashes[0].detail)
    if problems or profile is None or not isinstance(name, str):
        raise unprocessable(problems, "the tournament cannot be created")
    inline = body["profile"] if isinstance(body["profile"], Mapping) else None
    try:
        tournament_id, token = store.tournaments.create(
            name.strip(), profile, inline, None if ranked_by == standings.PER_DEAL else ranked_by)
    except ProfileIdCollision as exc:
        raise id_collision(str(exc)) from exc
    except QuotaExceeded as exc:
        raise over_quota(exc) from exc
    return {"id": tournament_id, "token": token}


def tournament_profile(store: Store, tournament: Mapping[str, Any]) -> Profile:
    profile, problems = store.profiles.resolver().resolve(tournament["profile_id"])
    if profile is None:  # pragma: no cover - stored ids and presets always resolve
        raise TournamentError(500, "Internal Server Error", "the tournament's profile is gone")
    return profile


def get(store: Store, tournament_id: str) -> dict[str, Any]:
    """The public view of a tournament: name, profile summary, record counts."""
    found = store.tournaments.get(tournament_id)
    if found is None:
        raise not_found("tournament", tournament_id)
    profile = tournament_profile(store, found)
    return {"id": found["id"], "name": found["name"], "profile": profile.summary(),
            "created_at": found["created_at"], "ranked_by": found["ranked_by"],
            "counts": found["counts"]}


def authorize(store: Store, tournament_id: str, authorization: str | None) -> dict[str, Any]:
    """The tournament, when ``authorization`` is ``Bearer <its token>``; else 404/401/403."""
    found = store.tournaments.get(tournament_id)
    if found is None:
        raise not_found("tournament", tournament_id)
    bearer_token(authorization, "tournament",
                 lambda token: store.tournaments.token_matches(tournament_id, token))
    return found


def bearer_token(authorization: str | None, what: str,
                 matches: Callable[[str], bool | None]) -> str:
    """The token of ``Authorization: Bearer <token>`` when ``matches`` says it is this
    ``what``'s (True); 401 without one or for no one's (None), 403 for another's (False)."""
    scheme, _, token = (authorization or "").strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        raise StoreError(401, "Unauthorized",
                         f"send the {what}'s token: Authorization: Bearer <token>")
    verdict = matches(token)
    if verdict is None:
        raise StoreError(401, "Unauthorized", "the token is not valid")
    if verdict is False:
        raise StoreError(403, "Forbidden", f"this token belongs to another {what}")
    return token


# --- uploading records ----------------------------------------------------------------------
@dataclass(slots=True)
class Upload:
    """The outcome of one upload: per record, its id, whether it was new, and its validity."""

    batch: bool
    items: list[dict[str, Any]] = field(default_factory=list)

    @property
    def status(self) -> int:
        return 201 if any(i["created"] for i in self.items) else 200

    def body(self) -> dict[str, Any]:
        if not self.batch:
            return self.items[0]
        return {
            "results": self.items,
            "created": sum(i["created"] for i in self.items),
            "duplicates": sum(not i["created"] for i in self.items),
            "valid": sum(i["valid"] for i in self.items),
            "invalid": sum(not i["valid"] for i in self.items),
        }


def _split_body(body: Any) -> tuple[list[Any], str, bool]:
    """The records of an upload, the pointer prefix of each, and whether it was a batch."""
    if isinstance(body, dict) and "records" in body and "deals" not in body:
        extra = [Problem(join("", k), "unknown field") for k in body if k != "records"]
        items = body["records"]
        if not isinstance(items, list) or not items:
            extra.append(Problem("/records", "must be a non-empty list of records"))
        elif len(items) > limits.MAX_RECORDS_PER_BATCH:
            extra.append(Problem("/records", f"{len(items)} records is over the limit of "
                                             f"{limits.MAX_RECORDS_PER_BATCH} per request"))
        elif deals_in(items) > limits.MAX_DEALS_PER_BATCH:
            extra.append(Problem("/records", f"{deals_in(items)} deals in all is over the limit "
                                             f"of {limits.MAX_DEALS_PER_BATCH} per request"))
        if extra:
            raise unprocessable(extra, "the batch cannot be read")
        return items, "/records", True
    return [body], "", False


def ignore_report(_: dict[str, Any] | None) -> None:
    return None


def _prefixed(problems: list[Problem], prefix: str) -> list[Problem]:
    # The message key and its fields travel along, so the answer says each problem in the
    # caller's language as /v1/validate does.
    return [Problem(prefix + p.pointer, p.detail, p.code, p.params) for p in problems]


def upload(store: Store, tournament: Mapping[str, Any], body: Any,
           observe: Callable[[dict[str, Any] | None], None] = ignore_report,
           prechecked: Checked | None = None) -> Upload:
    """Check every record, then store them all in one transaction, or nothing at all.

    Malformed records and records under another profile make the whole request a 422 naming
    each of them; rule-breaking records are stored with their (invalid) report. ``observe``
    sees every checked report (the service counts them for its metrics)."""
    items, prefix, batch = _split_body(body)
    # What is stored already costs nothing: it is answered as stored, not checked again, and
    # counts against no quota (a re-import into a full tournament succeeds).
    stored = _already_stored(store, tournament, items)
    new = [doc for i, doc in enumerate(items) if i not in stored]
    # Refused before anything is replayed: a full tournament costs a request nothing.
    usage = store.tournaments.usage(tournament["id"])
    try:
        store.tournaments.check_usage(usage, {"records": len(new), "deals": deals_in(new),
                                              "bytes": 0})
    except QuotaExceeded as exc:
        raise over_quota(exc) from exc
    profile = tournament_profile(store, tournament)
    lookup = store.profiles.resolver()
    problems: list[Problem] = []
    ready: list[NewRecord] = []
    for index, doc in enumerate(items):
        at = join(prefix, index) if batch else ""
        if index in stored:
            continue
        # A score sheet's record was checked already, with the same resolver (upload_sheet).
        checked = prechecked if prechecked is not None and not batch else \
            check_record(doc, resolver=lookup, default_profile=profile.id)
        observe(checked.report)
        if checked.report is None or checked.record is None:
            problems.extend(_prefixed(checked.problems, at))
            continue
        used = checked.record.profile
        if used.hash != profile.hash:
            problems.append(Problem(
                join(at, "profile") if "profile" in doc else at,
                f"this tournament plays {profile.id!r}; the record uses {used.id!r}, whose "
                f"rules differ: {differences_text(used, profile)}"))
            continue
        ready.append(NewRecord(content_hash(doc, tournament["profile_id"]), doc, checked.report,
                               used.hash))
    if problems:
        raise unprocessable(problems, "nothing was stored: fix the records named in errors")
    try:
        added = iter(store.tournaments.add_records(tournament["id"], ready))
    except QuotaExceeded as exc:
        raise over_quota(exc) from exc
    checked_items = iter(ready)
    result = Upload(batch)
    for index in range(len(items)):
        if index in stored:
            entry: dict[str, Any] = {"id": stored[index]["id"], "status": 200, "created": False,
                                     "valid": stored[index]["valid"],
                                     "errors": stored[index]["errors"]}
        else:
            item, (rid, created) = next(checked_items), next(added)
            entry = {"id": rid, "status": 201 if created else 200, "created": created,
                     "valid": bool(item.report["valid"]), "errors": len(item.report["errors"])}
        if batch:
            entry = {"index": index, **entry}
        result.items.append(entry)
    _mark_withdrawn(store, result.items)
    return result


def _already_stored(store: Store, tournament: Mapping[str, Any],
                    items: list[Any]) -> dict[int, dict[str, Any]]:
    """The items (by index) that are stored in the tournament already, found by their
    identity without replaying them: ``{id, valid, errors}`` as stored. A record is looked up
    when the profile it names resolves to the tournament's rules (its canonical identity, the
    hash), however it is spelled: by id, inline (``{"extends": "hk-standard"}``, or the
    tournament's own declaration) or not at all; any other is checked, which says why not."""
    profile_id = tournament["profile_id"]
    same_rules = _same_rules(store, tournament)
    hashes: dict[int, str] = {}
    for index, doc in enumerate(items):
        if not isinstance(doc, dict) or not same_rules(doc.get("profile", profile_id)):
            continue
        try:
            hashes[index] = content_hash(doc, profile_id)
        except (TypeError, ValueError, KeyError, AttributeError, IndexError):
            continue  # a record that cannot be read: its check says why
    found = store.tournaments.known(tournament["id"], sorted(set(hashes.values())))
    return {index: found[h] for index, h in hashes.items() if h in found}


def _same_rules(store: Store, tournament: Mapping[str, Any]) -> Callable[[Any], bool]:
    """Whether a record's profile reference names the tournament's rules. Resolving one costs
    no replay; a batch of records spelling the profile alike resolves it once."""
    profile_id = tournament["profile_id"]
    lookup = store.profiles.resolver()
    seen: dict[str, bool] = {}
    wanted: list[str] = []

    def same(ref: Any) -> bool:
        if ref == profile_id:
            return True
        try:
            key = json.dumps(ref, sort_keys=True)
        except (TypeError, ValueError):
            return False
        if key not in seen:
            if not wanted:
                wanted.append(tournament_profile(store, tournament).hash)
            profile, _ = lookup.resolve(ref)
            seen[key] = profile is not None and profile.hash == wanted[0]
        return seen[key]
    return same


def _mark_withdrawn(store: Store, items: list[dict[str, Any]]) -> None:
    """A record sent again that an organiser had withdrawn stays withdrawn: say so."""
    known = [i["id"] for i in items if not i["created"]]
    if known:
        withdrawn = store.tournaments.withdrawn_among(known)
        for item in items:
            if item["id"] in withdrawn:
                item["withdrawn"] = True


def upload_sheet(store: Store, tournament: Mapping[str, Any], text: str,
                 profile_ref: ProfileRef | None = None,
                 observe: Callable[[dict[str, Any] | None], None] = ignore_report,
                 lang: str = DEFAULT_LANGUAGE) -> Upload:
    """A score sheet (CSV) as one record of result-only deals, stored as ``upload`` stores a
    record. A sheet that cannot be right (its shape, or a row's arithmetic) is a 422 naming
    each row and column, and nothing is stored."""
    ref = profile_ref if profile_ref else tournament_profile(store, tournament).id
    record, checked = check_sheet(text, ref, resolver=store.profiles.resolver(), lang=lang)
    if record is None:
        raise unprocessable(checked.problems, "nothing was stored: the score sheet has problems, "
                                              "each named by its row and column")
    # The sheet's record names its profile, so checking it again would give the same report.
    return upload(store, tournament, record, observe, prechecked=checked)


# --- reading records and standings ----------------------------------------------------------
def _current(store: Store, row: Mapping[str, Any], default_profile: str,
             lookup: ProfileResolver | None = None) -> tuple[dict[str, Any], str] | None:
    """A fresh report and profile hash for a stored record, or None if it cannot be replayed."""
    checked = check_record(row["record"], resolver=lookup or store.profiles.resolver(),
                           default_profile=default_profile)
    if checked.report is None or checked.record is None:
        return None
    return checked.report, checked.record.profile.hash


class Freshness:
    """Says whether a stored report is stale: made by another engine version, or under a
    profile that no longer resolves to the hash it was checked with (e.g. a changed preset)."""

    def __init__(self, store: Store, default_profile: str) -> None:
        self.lookup = store.profiles.resolver()
        self.default_profile = default_profile
        self._hashes: dict[str, str | None] = {}

    def profile_hash(self, ref: ProfileRef | None) -> str | None:
        ref = self.default_profile if ref is None else ref
        key = json.dumps(ref, sort_keys=True)
        if key not in self._hashes:
            profile, _ = self.lookup.resolve(ref)
            self._hashes[key] = None if profile is None else profile.hash
        return self._hashes[key]

    def stale(self, engine: str, profile_hash: str, ref: ProfileRef | None) -> bool:
        return engine != ENGINE_VERSION or self.profile_hash(ref) != profile_hash


def refresh(store: Store, rows: Sequence[Mapping[str, Any]], default_profile: str,
            budget: int | None = None) -> dict[str, Any]:
    """Recompute and store (in one transaction) the reports of the stale rows among ``rows``
    (``{id, profile_ref, engine, profile_hash}``); the fresh reports by record id. With a
    ``budget``, stop after the record that takes the deals rechecked to it (the rest stay
    stale: a later request, or ``bigtwo tournament recheck``, goes on)."""
    freshness = Freshness(store, default_profile)
    fresh: dict[str, Any] = {}
    updates: list[tuple[str, Mapping[str, Any], str]] = []
    spent = 0
    for row in rows:
        if not freshness.stale(row["engine"], row["profile_hash"], row["profile_ref"]):
            continue
        if budget is not None and spent >= budget:
            break
        # the record only: its old report is not read
        full = store.tournaments.get_record_doc(row["id"])
        deals = full["record"].get("deals") if full is not None else None
        spent += len(deals) if isinstance(deals, list) else 1
        again = None if full is None else _current(store, full, default_profile,
                                                   lookup=freshness.lookup)
        if again is not None:  # a record that no longer parses keeps its last report
            fresh[row["id"]] = again[0]
            updates.append((row["id"], again[0], again[1]))
    # Kept for the next read when the store can take it; answered all the same when not.
    best_effort(lambda: store.tournaments.replace_reports(updates))
    return fresh


def get_record(store: Store, record_id: str, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    row = store.tournaments.get_record(record_id)
    if row is None:
        raise not_found("record", record_id)
    tournament = store.tournaments.get(row["tournament_id"])
    assert tournament is not None  # a foreign key guarantees it
    version = {"id": row["id"], "engine": row["engine"], "profile_hash": row["profile_hash"],
               "profile_ref": row["record"].get("profile")}
    report = refresh(store, [version], tournament["profile_id"]).get(row["id"], row["report"])
    if lang != DEFAULT_LANGUAGE:
        # Messages are stored in the default language; each error keeps its code and params,
        # so another language is a re-render, not a second replay.
        report = {**report, "errors": [{**e, "message": render(e, lang)} for e in report["errors"]]}
    return {"id": row["id"], "tournament": row["tournament_id"],
            "content_hash": row["content_hash"], "received_at": row["received_at"],
            "valid": bool(report["valid"]), "record": row["record"], "report": report}


LIMIT_BUDGET = -1  # refresh at most limits.STANDINGS_REFRESH_DEALS (read when called)
# What cached standings were computed by: the engine, and the shape of the answer (standings
# cached before points per deal ranked them are computed again, not served).
STANDINGS_VERSION = f"{ENGINE_VERSION}+ranked_by"


def standings_json(store: Store, tournament_id: str,
                   refresh_budget: int | None = LIMIT_BUDGET) -> bytes:
    """``compute_standings`` as JSON text, spliced from the cached text without decoding it:
    a cached view costs its decompression, whatever the standings hold."""
    found, body, pending = _standings(store, tournament_id, refresh_budget)
    head = dumps_stored({"tournament": tournament_id, "name": found["name"]}).encode()
    tail = b',"pending":%d}' % pending if pending else b"}"
    inner = body.strip()[1:-1]
    return head[:-1] + (b"," + inner if inner else b"") + tail


def compute_standings(store: Store, tournament_id: str,
                      refresh_budget: int | None = LIMIT_BUDGET) -> dict[str, Any]:
    """The tournament's standings (``bigtwo.league.standings``), with its id and name.

    Their cost does not follow what is stored. They are cached, keyed by the tournament's
    change counter and the engine version, and merged from per-record tallies when the cache
    is behind. Stale reports (another engine or profile version) are rechecked by one request
    at a time, under a lease in the store, at most ``refresh_budget`` deals per request (None:
    all, for the CLI); meanwhile every request answers the last known standings, with
    ``pending``: the records still to recheck."""
    found, body, pending = _standings(store, tournament_id, refresh_budget)
    out = {"tournament": tournament_id, "name": found["name"], **loads_stored(body)}
    if pending:
        out["pending"] = pending
    return out


def _standings(store: Store, tournament_id: str,
               refresh_budget: int | None) -> tuple[dict[str, Any], bytes, int]:
    """The tournament, its standings as JSON text, and the records still pending a recheck."""
    found = store.tournaments.get(tournament_id)
    if found is None:
        raise not_found("tournament", tournament_id)
    cached = store.standings.cached(tournament_id, STANDINGS_VERSION)
    if cached is not None:
        return found, cached, 0
    if refresh_budget == LIMIT_BUDGET:
        refresh_budget = limits.STANDINGS_REFRESH_DEALS
    freshness = Freshness(store, found["profile_id"])

    def stale() -> list[dict[str, Any]]:
        return [v for v in store.tournaments.record_versions(tournament_id)
                if freshness.stale(v["engine"], v["profile_hash"], v["profile_ref"])]

    waiting = stale()
    if waiting:
        # A store that cannot be written gives no lease: the last known standings answer.
        owner = best_effort(lambda: store.standings.take_lease(
            tournament_id, limits.STANDINGS_LEASE_SECONDS))
        if owner is not None:
            try:
                refresh(store, waiting, found["profile_id"], refresh_budget)
            finally:
                best_effort(lambda: store.standings.release_lease(tournament_id, owner))
            waiting = stale()
        last = store.standings.cached(tournament_id, STANDINGS_VERSION, current=False)
        if waiting and last is not None:
            return found, last, len(waiting)  # the last known standings, not a merge
    with store.snapshot():
        revision = store.standings.revision(tournament_id)
        rows = store.tournaments.tallies(tournament_id)
    body = dumps_stored(tally.compute(rows, found["ranked_by"])).encode()
    if not waiting:  # a cache that cannot be written is computed again next time
        best_effort(lambda: store.standings.cache(tournament_id, revision, STANDINGS_VERSION,
                                                  body))
    return found, body, len(waiting)


# --- listing tournaments ------------------------------------------------------------------
def page_bounds(page: Any, per_page: Any) -> tuple[int, int]:
    """``page`` from 1, ``per_page`` from 1 to ``MAX_PER_PAGE``: the limit and offset."""
    problems = []
    if not isinstance(page, int) or isinstance(page, bool) or not 1 <= page <= limits.MAX_PAGE_NUMBER:
        problems.append(Problem("", f"page: a whole number from 1 to {limits.MAX_PAGE_NUMBER}"))
    if (not isinstance(per_page, int) or isinstance(per_page, bool)
            or not 1 <= per_page <= limits.MAX_PER_PAGE):
        problems.append(Problem("", f"per_page: a whole number from 1 to {limits.MAX_PER_PAGE}"))
    if problems:
        raise StoreError.unprocessable(problems, "bad paging parameters")
    return per_page, (page - 1) * per_page


def paged(page: int, per_page: int, total: int) -> dict[str, Any]:
    pages = max(1, -(-total // per_page))
    return {"page": page, "per_page": per_page, "total": total, "pages": pages,
            "next_page": page + 1 if page < pages else None}


def list_tournaments(store: Store, page: int = 1,
                     per_page: int = DEFAULT_PER_PAGE) -> dict[str, Any]:
    """A page of tournaments, newest first: ``{page, per_page, total, pages, next_page,
    tournaments: [{id, name, profile: {id, name, hash}, records, created_at}]}``, where
    ``records`` counts the records that stand (not withdrawn)."""
    limit, offset = page_bounds(page, per_page)
    rows, total = store.tournaments.page(limit, offset)
    lookup = store.profiles.resolver()
    profiles: dict[str, dict[str, Any]] = {}
    items = []
    for row in rows:
        if row["profile_id"] not in profiles:
            profile, _ = lookup.resolve(row["profile_id"])
            profiles[row["profile_id"]] = (profile.summary() if profile is not None else
                                           {"id": row["profile_id"], "name": "", "hash": ""})
        items.append({"id": row["id"], "name": row["name"], "profile": profiles[row["profile_id"]],
                      "records": row["records"], "created_at": row["created_at"]})
    return {**paged(page, per_page, total), "tournaments": items}


# --- listing records ----------------------------------------------------------------------
def list_records(store: Store, tournament_id: str, *, valid: bool | None = None,
                 withdrawn: bool | None = None, table: str | None = None,
                 round_: str | None = None, limit: int = 50, offset: int = 0) -> dict[str, Any]:
    """A page of a tournament's records in upload order, withdrawn ones included (and marked)
    unless ``withdrawn`` says otherwise; ``table`` / ``round_`` filter on ``meta``."""
    if store.tournaments.get(tournament_id) is None:
        raise not_found("tournament", tournament_id)
    rows, total = store.tournaments.list_records(tournament_id, valid=valid, withdrawn=withdrawn,
                                     table=table, round_=round_, limit=limit, offset=offset)
    following = offset + len(rows)
    return {"tournament": tournament_id, "total": total, "limit": limit, "offset": offset,
            "next_offset": following if following < total else None, "records": rows}
