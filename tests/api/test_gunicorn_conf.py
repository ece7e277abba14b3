"""gunicorn.conf.py as gunicorn reads it: no control socket in the user's home by default."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import ROOT


def _settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, **env: str) -> object:
    from gunicorn.app.base import Application
    from gunicorn.config import Config

    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path / "metrics"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("BIGTWO_CONTROL_SOCKET", raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    config = Config()
    read = Application.get_config_from_filename(Application, str(ROOT / "gunicorn.conf.py"))
    for name, value in read.items():
        if name in config.settings:
            config.set(name, value)
    return config


def test_the_control_socket_is_off_by_default(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from gunicorn.config import Config

    assert "control_socket_disable" in Config().settings  # the gunicorn the project runs has one
    config = _settings(monkeypatch, tmp_path)
    assert config.control_socket_disable is True  # type: ignore[attr-defined]


def test_an_operator_can_ask_for_one_at_a_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    wanted = str(tmp_path / "run" / "bigtwo.ctl")
    config = _settings(monkeypatch, tmp_path, BIGTWO_CONTROL_SOCKET=wanted)
    assert config.control_socket_disable is False  # type: ignore[attr-defined]
    assert config.control_socket == wanted  # type: ignore[attr-defined]
