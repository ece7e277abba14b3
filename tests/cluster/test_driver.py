"""`bigtwo.batch.driver.validate_files`, the library's run over files: the single process's
report lines and messages without click, and each refusal a typed exception with its facts."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bigtwo.batch import errors
from bigtwo.batch.cluster import CheckSpec
from bigtwo.batch.driver import validate_files
from bigtwo.cli.main import main
from bigtwo.cli.shared.verdicts import line_error
from tests.cluster import corpus


@pytest.mark.parametrize("spool", [False, True], ids=["through-dask", "spooled"])
def test_the_library_gives_the_single_process_lines_and_messages(
        tmp_path: Path, dask_client: Any, spool: bool) -> None:
    path = corpus.write(tmp_path / "season.jsonl", corpus.lines(records=60, seed=4))
    expected = CliRunner().invoke(main, ["validate", str(path)])
    stdout, messages = io.BytesIO(), []
    totals = validate_files((str(path),), workers=None, scheduler=None, out=None,
                            block_bytes=7000, spec=CheckSpec(), stdout=stdout,
                            on_message=lambda *said: messages.append(said),
                            client=dask_client, spool=spool)
    assert stdout.getvalue() == expected.stdout_bytes
    assert "".join(line_error(*said) + "\n" for said in messages) == expected.stderr
    assert sum(totals.counts.values()) == len(expected.stdout_bytes.splitlines())
    assert totals.counts["unreadable"] == len(messages) > 0


def _refused(*patterns: str, client: Any = None, spool: bool = False) -> errors.BatchError:
    with pytest.raises(errors.BatchError) as refused:
        validate_files(patterns, workers=None, scheduler=None, out=None, block_bytes=64,
                       spec=CheckSpec(), stdout=io.BytesIO(), on_message=print,
                       client=client or object(), max_line=100, spool=spool)
    return refused.value


@pytest.mark.parametrize(("patterns", "kind", "facts"), [
    (("-",), errors.StandardInput, {}),
    (("nothing-*.jsonl",), errors.NoMatch, {"pattern": "nothing-*.jsonl"}),
    (("a.json",), errors.NotJsonLines, {"name": "a.json"}),
    (("missing.jsonl",), errors.CannotOpen, {"name": "missing.jsonl"}),
])
def test_each_refusal_is_its_own_type_with_its_facts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, patterns: tuple[str, ...],
        kind: type[errors.BatchError], facts: dict[str, str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.json").write_text("{}\n")
    refused = _refused(*patterns)  # before any task: the client is never used
    assert type(refused) is kind
    assert {name: getattr(refused, name) for name in facts} == facts


@pytest.mark.parametrize("spool", [False, True], ids=["through-dask", "spooled"])
def test_a_line_over_the_limit_is_refused_with_its_input_line_and_limit(
        tmp_path: Path, dask_client: Any, spool: bool) -> None:
    path = tmp_path / "long.jsonl"
    path.write_bytes(b"[]\n" * 3 + b"0" * 500 + b"\n[]\n")
    refused = _refused(str(path), client=dask_client, spool=spool)
    assert isinstance(refused, errors.LineTooLong)
    assert (refused.name, refused.line, refused.limit) == (str(path), 4, 100)


def test_where_the_system_cannot_fork_a_local_run_starts_a_dask_cluster(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bigtwo.batch import forks

    path = corpus.write(tmp_path / "season.jsonl", corpus.lines(records=30, seed=9))
    expected = CliRunner().invoke(main, ["validate", str(path)])
    monkeypatch.setattr(forks, "available", lambda: False)
    monkeypatch.setattr(forks, "ForkPool", None)  # never reached
    stdout, messages = io.BytesIO(), []
    validate_files((str(path),), workers=2, scheduler=None, out=None, block_bytes=5000,
                   spec=CheckSpec(), stdout=stdout,
                   on_message=lambda *said: messages.append(said))
    assert stdout.getvalue() == expected.stdout_bytes
    assert "".join(line_error(*said) + "\n" for said in messages) == expected.stderr
