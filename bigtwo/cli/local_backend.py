"""The organiser commands on the local store (no ``--server``): the same use cases as the
HTTP API (``bigtwo.store.tournaments``, ``bigtwo.store.withdrawals``), their errors turned
into the ``Failure`` an HTTP answer would give. The store is ``--db``, else BIGTWO_DB, else
``var/bigtwo.db`` in the checkout the code runs from, else ``bigtwo.db`` in the user's data
folder (``bigtwo.store.paths.resolve_db_path``), never the current folder; only ``create``
makes a store that is not there."""

from __future__ import annotations

import sqlite3
from typing import Any

from bigtwo.cli.backend import EXIT_FAILED, Backend, Failure
from bigtwo.cli.shared.language import Refusal, gettext
from bigtwo.store import tournaments, withdrawals
from bigtwo.store.connection import StoreMissing
from bigtwo.store.db import Store
from bigtwo.store.errors import StoreError
from bigtwo.store.faults import fault
from bigtwo.store.paths import StorePath, resolve_db_path
from bigtwo.store.quotas import QuotaExceeded


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
        except StoreError as exc:  # a tournament's, a season's or the store's own
            doc: dict[str, Any] = {"title": exc.title, "status": exc.status, "detail": exc.detail}
            if exc.problems is not None:
                doc["errors"] = [p.as_dict() for p in exc.problems]
            raise Failure(exc.status, doc) from exc
        except QuotaExceeded as exc:  # wherever a write meets a quota, as the API says it
            raise Failure(409, {"title": "Conflict", "status": 409,
                                "detail": f"{exc}; nothing was stored"}) from exc
        except sqlite3.OperationalError as exc:
            named = fault(exc)
            if named is None:
                raise
            # The store refused the write (read-only, a full disk): one named line, exit 2.
            raise Failure(named.status, {"title": named.kind, "status": named.status,
                                         "detail": named.detail}) from exc

    def create(self, body: dict[str, Any], key: str | None = None) -> dict[str, Any]:
        result: dict[str, Any] = self._call(tournaments.create, body)
        return result

    def upload(self, tournament_id: str, token: str, records: list[Any]) -> dict[str, Any]:
        tournament = self._call(tournaments.authorize, tournament_id, f"Bearer {token}")
        result = self._call(tournaments.upload, tournament, {"records": records})
        body: dict[str, Any] = result.body()
        return body

    def upload_sheet(self, tournament_id: str, token: str, text: str) -> dict[str, Any]:
        tournament = self._call(tournaments.authorize, tournament_id, f"Bearer {token}")
        body: dict[str, Any] = self._call(tournaments.upload_sheet, tournament, text).body()
        return body

    def standings(self, tournament_id: str) -> dict[str, Any]:
        # The operator's own command: every stale report rechecked now, no budget (None).
        result: dict[str, Any] = self._call(tournaments.compute_standings, tournament_id, None)
        return result

    def list_tournaments(self, page: int, per_page: int) -> dict[str, Any]:
        result: dict[str, Any] = self._call(tournaments.list_tournaments, page, per_page)
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
        result: dict[str, Any] = self._call(tournaments.get_record, record_id)
        return result

    def records(self, tournament_id: str, filters: dict[str, Any]) -> dict[str, Any]:
        def call(store: Store) -> dict[str, Any]:
            return tournaments.list_records(store, tournament_id, valid=filters.get("valid"),
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


def where_said(where: StorePath) -> str:
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


def store_path(db: str | None) -> StorePath:
    return resolve_db_path(db)
