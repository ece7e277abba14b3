"""``bigtwo keys create|list|revoke``: the creation keys of the local store (BIGTWO_DB).

A server started with ``BIGTWO_CREATION=keys`` creates tournaments and stores profiles only for
clients that send one of these keys (``Authorization: Bearer <key>``). The key is printed once,
at creation; the store keeps its SHA-256 only, so a lost key is revoked and another issued.
"""

from __future__ import annotations

import click

from bigtwo.cli.shared.language import gettext
from bigtwo.cli.shared.output import echo_json, echo_json_line
from bigtwo.store.db import Store
from bigtwo.store.paths import default_db_path


def _store() -> Store:
    store = Store(default_db_path())
    store.migrate()
    return store


@click.group("keys")
def keys() -> None:
    """Creation keys for a server that runs with BIGTWO_CREATION=keys."""


@keys.command("create")
@click.option("--label", required=True, help="Who or what the key is for (shown by list).")
def create_command(label: str) -> None:
    """Issue a key and print it (shown only now) with its id."""
    if not label.strip() or len(label) > 200:
        raise click.BadParameter("a label of 1 to 200 characters", param_hint="'--label'")
    key_id, key = _store().keys.create(label.strip())
    echo_json({"id": key_id, "key": key, "label": label.strip()})
    click.echo(gettext("Keep the key: it is shown once; the store keeps only its hash."),
               err=True)


@keys.command("list")
def list_command() -> None:
    """Every key's id, label, creation time and revocation time (never the key)."""
    for row in _store().keys.listing():
        echo_json_line(row)


@keys.command("revoke")
@click.argument("key_id")
def revoke_command(key_id: str) -> None:
    """Revoke a key: it creates nothing from now on (what it created stays)."""
    if not _store().keys.revoke(key_id):
        click.echo(gettext("no key {key} to revoke (unknown, or revoked already)",
                           key=repr(key_id)), err=True)
        raise SystemExit(2)
    echo_json({"id": key_id, "revoked": True})
