"""The batch layer checks a live table's proof: `validate_files` over a Dask cluster (and its
spooled twin) gives the single process's lines, PROOF_MISMATCH included, for a JSON Lines
archive of proven records and their tampered twins."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bigtwo.batch.cluster import CheckSpec
from bigtwo.batch.driver import validate_files
from bigtwo.cli.main import main
from tests.fair_records import TAMPERINGS, proven_record, tampered


def archive(path: Path) -> Path:
    lines = []
    for i, how in enumerate(sorted(TAMPERINGS)):
        good = proven_record(rng_seed=i + 1)
        lines += [json.dumps(good), json.dumps(tampered(good, how))]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("spool", [False, True], ids=["through-dask", "spooled"])
def test_validate_files_checks_every_proof(tmp_path: Path, dask_client: Any,
                                           spool: bool) -> None:
    path = archive(tmp_path / "tables.jsonl")
    expected = CliRunner().invoke(main, ["validate", str(path)])
    stdout = io.BytesIO()
    validate_files((str(path),), workers=None, scheduler=None, out=None, block_bytes=4000,
                   spec=CheckSpec(), stdout=stdout, on_message=print, client=dask_client,
                   spool=spool)
    assert stdout.getvalue() == expected.stdout_bytes
    reports = [json.loads(line) for line in stdout.getvalue().splitlines()]
    assert [r["valid"] for r in reports] == [True, False] * len(TAMPERINGS)
    found = [r["errors"][0]["params"] for r in reports[1::2]]
    assert found == [TAMPERINGS[how] for how in sorted(TAMPERINGS)]
