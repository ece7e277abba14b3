"""The ``app`` fixture shares one app per worker: each test must still find a fresh store and
the config a newly created app has, and a different BIGTWO_* environment a different app."""

from __future__ import annotations

from pathlib import Path

import pytest

from bigtwo import limits
from tests.conftest import shared_app


def test_the_next_test_finds_an_empty_store_and_the_config_it_had(tmp_path: Path) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    with shared_app(first) as app:
        app.config["MAX_CONTENT_LENGTH"] = 1024
        made = app.test_client().post("/v1/tournaments",
                                      json={"name": "Left behind", "profile": "casual"})
        assert made.status_code == 201
        token = made.get_json()["token"]
        tournament = made.get_json()["id"]
        assert app.test_client().get(f"/v1/tournaments/{tournament}",
                                     headers={"Authorization": f"Bearer {token}"}).status_code == 200
        app.config["BIGTWO_TRUSTED_HOSTS"] = "club.example"
    with shared_app(second) as again:
        assert again is app
        assert again.config["BIGTWO_DB"] == str(second / "test.db")
        assert again.config["MAX_CONTENT_LENGTH"] == limits.MAX_BODY_BYTES
        assert "BIGTWO_TRUSTED_HOSTS" not in again.config
        assert again.test_client().get(f"/v1/tournaments/{tournament}",
                                       headers={"Authorization": f"Bearer {token}"}).status_code == 404


def test_another_environment_gets_an_app_of_its_own(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    with shared_app(tmp_path) as app:
        pass
    monkeypatch.setenv("BIGTWO_MAX_BODY", "2048")
    with shared_app(tmp_path) as other:
        assert other is not app
        assert other.config["MAX_CONTENT_LENGTH"] == 2048
