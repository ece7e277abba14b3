"""The values the engine hands out: a table's creation spec, its events, the answer to a
change (``Step``) and to a change it refuses (``Refusal``). The table's state itself is a
JSON-able dict (the store keeps it as one JSON column); ``NewSeed`` is the random source the
caller passes in, so the game logic never draws randomness itself."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bigtwo.rules.profiles import Profile

NewSeed = Callable[[], bytes]

FAIRNESS = ("server", "shared")
WAITING, PLAYING, OVER, ABANDONED = "waiting", "playing", "over", "abandoned"
OPEN = (WAITING, PLAYING)


@dataclass(frozen=True)
class TableSpec:
    """A table as its creator asked for it, checked (``spec_problems``)."""

    profile: Profile
    profile_ref: Any  # what the creator sent (preset id, stored id or declaration): the record's
    players: list[str]
    bots: tuple[int, ...] = ()
    deals: int | None = None
    turn_seconds: int | None = None
    fairness: str = "server"


@dataclass
class Event:
    """Event ``n`` of a table: ``data`` is what every viewer sees, ``private[seat]`` what only
    that seat adds (its hand in ``dealt``)."""

    n: int
    type: str
    data: dict[str, Any]
    private: dict[int, dict[str, Any]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n, "type": self.type, "data": self.data,
                "private": {str(seat): extra for seat, extra in self.private.items()}}

    @classmethod
    def from_json(cls, value: dict[str, Any]) -> Event:
        return cls(int(value["n"]), str(value["type"]), dict(value["data"]),
                   {int(seat): dict(extra) for seat, extra in (value.get("private") or {}).items()})


@dataclass
class Step:
    """The state after a change and the events it made (numbered on from the state's)."""

    state: dict[str, Any]
    events: list[Event]


@dataclass
class Refusal:
    """A change the table refuses; nothing changed. ``code`` and ``params`` are a rule's
    (an illegal move), rendered at the edge with ``deal``, ``move`` and ``seat``."""

    status: int
    slug: str
    code: str | None = None
    params: dict[str, Any] = field(default_factory=dict)
    deal: int | None = None
    move: int | None = None
    seat: int | None = None
    detail: str = ""
