"""A tournament on a fresh database, with its token, for the HTTP tests."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from tests.tournaments.helpers import PROFILE


@dataclass
class Tournament:
    client: Any
    id: str
    token: str

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def upload(self, body: Any, token: str | None = None) -> Any:
        headers = {"Authorization": f"Bearer {token or self.token}"}
        return self.client.post(f"/v1/tournaments/{self.id}/records", json=body, headers=headers)


def new_tournament(client: Any, profile: Any = PROFILE, name: str = "Club night") -> Tournament:
    response = client.post("/v1/tournaments", json={"name": name, "profile": profile})
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    return Tournament(client, body["id"], body["token"])


@pytest.fixture
def tournament(client: Any) -> Tournament:
    return new_tournament(client)
