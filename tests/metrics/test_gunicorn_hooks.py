"""The gunicorn hooks of multiprocess metrics: one directory for every worker, empty at start."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from app.gunicorn_metrics import ENV, on_starting, prepare_directory


def test_a_given_directory_is_emptied_when_the_server_starts(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    given = tmp_path / "metrics"
    given.mkdir()
    (given / "counter_123.db").write_bytes(b"old")
    (given / "notes.txt").write_text("kept")
    monkeypatch.setenv(ENV, str(given))
    assert prepare_directory() == str(given)
    assert (given / "counter_123.db").exists()  # reading the config again loses nothing
    on_starting(None)
    assert sorted(p.name for p in given.iterdir()) == ["notes.txt"]


def test_without_one_a_fresh_directory_is_set_for_the_workers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV, raising=False)
    made = prepare_directory()
    try:
        assert os.environ[ENV] == made
        assert Path(made).is_dir() and not list(Path(made).iterdir())
        assert prepare_directory() == made  # a config read again keeps the same directory
    finally:
        os.environ.pop(ENV, None)  # set by the hook itself, not by monkeypatch
        Path(made).rmdir()
