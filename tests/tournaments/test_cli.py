"""``bigtwo tournament``: create, import and standings, on the local store and over HTTP."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bigtwo.cli.main import main
from tests.tournaments.helpers import broken, coded_record, simulated


def jsonl(path: Path, lines: list[Any]) -> Path:
    path.write_text("\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n",
                    encoding="utf-8")
    return path


def invoke(runner: CliRunner, *args: str) -> Any:
    return runner.invoke(main, ["tournament", *args], catch_exceptions=False)


def create(runner: CliRunner, *extra: str) -> dict[str, str]:
    result = invoke(runner, "create", "--name", "Club", "--profile", "casual", *extra)
    assert result.exit_code == 0, result.output
    created: dict[str, str] = json.loads(result.stdout)
    return created


def mixed_file(tmp_path: Path) -> Path:
    records = simulated(4, seed=9)
    return jsonl(tmp_path / "records.jsonl", [
        records[0], records[1], broken(records[2]),
        "{not json",
        {"profile": "casual", "deals": "x"},  # malformed: refused by the service
        records[0],  # duplicate
        "",
        records[3],
    ])


@pytest.mark.parametrize("remote", [False, True], ids=["local", "server"])
def test_create_import_standings(runner: CliRunner, tmp_path: Path, request: Any,
                                 remote: bool) -> None:
    extra = ("--server", request.getfixturevalue("server")) if remote else ()
    created = create(runner, *extra)
    assert created["id"].startswith("t-") and created["token"]

    result = invoke(runner, "import", created["id"], str(mixed_file(tmp_path)),
                    "--token", created["token"], *extra)
    assert result.exit_code == 1, result.output  # some lines were left out
    # Text for people: every line that is not simply valid, by number, then the counts.
    shown = result.stdout.splitlines()
    assert [line.split(":")[0] for line in shown[:-1]] == ["line 3", "line 4", "line 5", "line 6"]
    assert re.fullmatch(r"line 3: invalid r-[0-9a-f]{20}: WRONG_TURN at /deals/0/moves/1: .+",
                        shown[0]), shown[0]
    assert shown[1].startswith("line 4: unreadable: not JSON")
    assert shown[2].startswith("line 5: rejected: /deals")
    assert re.fullmatch(r"line 6: duplicate r-[0-9a-f]{20}: the same game as line 1", shown[3])
    assert shown[-1] == "7 records: 3 valid, 1 invalid, 1 duplicate, 1 rejected, 1 unreadable"

    again = invoke(runner, "import", created["id"], str(mixed_file(tmp_path)),
                   "--token", created["token"], "--json", *extra)
    assert json.loads(again.stdout)["duplicate"] == 5

    table = json.loads(invoke(runner, "standings", created["id"], *extra).stdout)
    assert table["records"] == 3 and {r["player"] for r in table["players"]} == {
        "Ana", "Ben", "Cai", "Dee"}
    text = invoke(runner, "standings", created["id"], "--csv", *extra).stdout
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [r["player"] for r in rows] == [r["player"] for r in table["players"]]


def test_import_in_batches_of_at_most_100(runner: CliRunner, tmp_path: Path, server: str,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from bigtwo.cli.http_client import HttpBackend

    sizes: list[int] = []
    original = HttpBackend.upload

    def spy(self: HttpBackend, tid: str, token: str, records: list[Any]) -> dict[str, Any]:
        sizes.append(len(records))
        return original(self, tid, token, records)

    monkeypatch.setattr(HttpBackend, "upload", spy)
    created = create(runner, "--server", server)
    codes = [f"B2-4-13-{n}" for n in range(1, 31)]
    records = [coded_record(codes[i % 30], seed=i) for i in range(230)]
    path = jsonl(tmp_path / "many.jsonl", records)
    result = invoke(runner, "import", created["id"], str(path), "--token", created["token"],
                    "--server", server)
    assert result.exit_code == 0, result.output
    assert sizes == [100, 100, 30]
    assert result.stdout.splitlines()[-1].startswith("230 records: ")
    counts = dict(part.strip().split(" ")[::-1] for part in
                  result.stdout.splitlines()[-1].split(":", 1)[1].split(","))
    assert int(counts["valid"]) + int(counts["duplicate"]) == 230


@pytest.mark.parametrize("remote", [False, True], ids=["local", "server"])
def test_wrong_token_fails_with_the_problem(runner: CliRunner, tmp_path: Path, request: Any,
                                           remote: bool) -> None:
    extra = ("--server", request.getfixturevalue("server")) if remote else ()
    created = create(runner, *extra)
    path = jsonl(tmp_path / "one.jsonl", simulated(1))
    result = invoke(runner, "import", created["id"], str(path), "--token", "b2t_wrong", *extra)
    assert result.exit_code == 2
    assert "Unauthorized" in result.stderr


def test_unknown_tournament_standings_fail(runner: CliRunner) -> None:
    create(runner)  # a store, without that tournament
    result = invoke(runner, "standings", "t-nope")
    assert result.exit_code == 2
    assert "no tournament" in result.stderr


def test_bad_profile_is_reported(runner: CliRunner) -> None:
    result = invoke(runner, "create", "--name", "Club", "--profile", "no-such-rules")
    assert result.exit_code == 2
    assert "/profile" in result.stderr


def test_unreachable_server_is_a_clean_error(runner: CliRunner) -> None:
    result = invoke(runner, "standings", "t-x", "--server", "http://127.0.0.1:9")
    assert result.exit_code == 2  # docs/TOURNAMENTS.md: 2 when the command failed as a whole
    assert "cannot reach http://127.0.0.1:9" in result.output


@pytest.mark.parametrize(("option", "ranked_by"), [((), "points_per_deal"),
                                                    (("--ranked-by", "points"), "points")])
def test_create_chooses_how_the_standings_rank(tmp_path: Path, option: tuple[str, ...],
                                               ranked_by: str) -> None:
    runner = CliRunner()
    db = str(tmp_path / "t.db")
    created = create(runner, "--db", db, *option)
    token = created["token"]
    path = jsonl(tmp_path / "r.jsonl", simulated(2, seed=3))
    assert invoke(runner, "import", created["id"], str(path), "--token", token,
                  "--db", db).exit_code == 0
    table = json.loads(invoke(runner, "standings", created["id"], "--db", db).stdout)
    assert table["ranked_by"] == table["ranking"] == ranked_by
    assert all("points_per_deal" in p for p in table["players"])
