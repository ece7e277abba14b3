"""``bigtwo tournament list / withdraw / replace / where`` and the import's verdicts, on the
local store and against a live server; and the store is the same file from any folder, and a
read never creates one (issue 17, points 3 and 4)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bigtwo.cli.main import main
from bigtwo.store import paths
from tests.tournaments.helpers import broken, simulated


def invoke(runner: CliRunner, *args: str) -> Any:
    return runner.invoke(main, ["tournament", *args], catch_exceptions=False)


def create(runner: CliRunner, *extra: str, name: str = "Club") -> dict[str, str]:
    result = invoke(runner, "create", "--name", name, "--profile", "casual", *extra)
    assert result.exit_code == 0, result.output
    created: dict[str, str] = json.loads(result.stdout)
    return created


def write_lines(path: Path, lines: list[Any]) -> Path:
    path.write_text("\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n",
                    encoding="utf-8")
    return path


def where(request: Any, remote: bool) -> tuple[str, ...]:
    return ("--server", request.getfixturevalue("server")) if remote else ()


@pytest.mark.parametrize("remote", [False, True], ids=["local", "server"])
def test_import_names_each_line_with_its_verdict(runner: CliRunner, tmp_path: Path,
                                                 request: Any, remote: bool) -> None:
    extra = where(request, remote)
    made = create(runner, *extra)
    good, other = simulated(2, seed=61)
    path = write_lines(tmp_path / "night.jsonl", [good, broken(other), "[1,", good,
                                                  {"profile": "casual", "deals": 3}])
    result = invoke(runner, "import", made["id"], str(path), "--token", made["token"], "--json",
                    *extra)
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert {k: doc[k] for k in ("valid", "invalid", "duplicate", "rejected", "unreadable")} == {
        "valid": 1, "invalid": 1, "duplicate": 1, "rejected": 1, "unreadable": 1}
    lines = {e["line"]: e for e in doc["lines"]}
    assert [lines[n]["verdict"] for n in range(1, 6)] == [
        "valid", "invalid", "unreadable", "duplicate", "rejected"]
    assert lines[1]["id"] == lines[4]["id"] and lines[4]["reason"] == "the same game as line 1"
    assert lines[2]["id"].startswith("r-") and lines[2]["reason"].startswith("WRONG_TURN at /deals/0/")
    assert lines[3]["id"] is None and lines[3]["reason"].startswith("not JSON")
    assert lines[5]["reason"].startswith("/deals: ")
    text = invoke(runner, "import", made["id"], str(path), "--token", made["token"], *extra)
    shown = text.stdout.splitlines()
    assert shown[0] == f"line 1: duplicate {lines[1]['id']}: already stored before this import"
    assert shown[-1] == "5 records: 0 valid, 0 invalid, 3 duplicate, 1 rejected, 1 unreadable"


@pytest.mark.parametrize("remote", [False, True], ids=["local", "server"])
def test_list_withdraw_and_replace(runner: CliRunner, tmp_path: Path, request: Any,
                                   remote: bool) -> None:
    extra = where(request, remote)
    first = create(runner, *extra, name="Monday")
    second = create(runner, *extra, name="Tuesday")
    good, other = simulated(2, seed=62)
    path = write_lines(tmp_path / "r.jsonl", [broken(good), other])
    imported = json.loads(invoke(runner, "import", first["id"], str(path), "--token",
                                 first["token"], "--json", *extra).stdout)
    bad_id, other_id = (e["id"] for e in imported["lines"])

    listed = invoke(runner, "list", *extra)
    assert listed.exit_code == 0
    assert [line.split("  ")[:4] for line in listed.stdout.splitlines()] == [
        [second["id"], "Tuesday", "casual", "0 records"], [first["id"], "Monday", "casual",
                                                            "2 records"]]
    paged = json.loads(invoke(runner, "list", "--per-page", "1", "--page", "2", "--json",
                              *extra).stdout)
    assert [t["id"] for t in paged["tournaments"]] == [first["id"]] and paged["pages"] == 2

    withdrawn = invoke(runner, "withdraw", first["id"], other_id, "--token", first["token"],
                       "--reason", "played twice", "--by", "Jo", *extra)
    assert withdrawn.exit_code == 0, withdrawn.output
    assert json.loads(withdrawn.stdout)["withdrawn"] is True

    fixed = tmp_path / "fixed.json"
    fixed.write_text(json.dumps(good), encoding="utf-8")
    replaced = invoke(runner, "replace", first["id"], bad_id, str(fixed), "--token",
                      first["token"], *extra)
    assert replaced.exit_code == 0, replaced.output
    entry = json.loads(replaced.stdout)
    assert entry["replaces"] == bad_id and entry["valid"] is True

    table = json.loads(invoke(runner, "standings", first["id"], *extra).stdout)
    assert table["records"] == 1  # only the replacement counts
    assert "  1 record  " in invoke(runner, "list", *extra).stdout  # ngettext: one record

    shown = invoke(runner, "records", first["id"], *extra).stdout.splitlines()
    assert shown == [f"{bad_id}  invalid  withdrawn (replaced by {entry['id']})  Ana, Ben, Cai, Dee",
                     f"{other_id}  valid  withdrawn  Ana, Ben, Cai, Dee",
                     f"{entry['id']}  valid  replaces {bad_id}  Ana, Ben, Cai, Dee"]
    standing = json.loads(invoke(runner, "records", first["id"], "--standing", "--json",
                                 *extra).stdout)
    assert [r["id"] for r in standing["records"]] == [entry["id"]]
    audit = json.loads(invoke(runner, "audit", first["id"], *extra).stdout)
    assert [(e["action"], e["record"], e["reason"], e["by"]) for e in audit["entries"]] == [
        ("withdraw", other_id, "played twice", "Jo"), ("replace", bad_id, None, None)]


@pytest.mark.parametrize("remote", [False, True], ids=["local", "server"])
def test_withdraw_and_replace_fail_cleanly(runner: CliRunner, tmp_path: Path, request: Any,
                                           remote: bool) -> None:
    extra = where(request, remote)
    made = create(runner, *extra)
    path = write_lines(tmp_path / "r.jsonl", simulated(1, seed=63))
    [line] = json.loads(invoke(runner, "import", made["id"], str(path), "--token",
                               made["token"], "--json", *extra).stdout)["lines"]
    wrong = invoke(runner, "withdraw", made["id"], line["id"], "--token", "b2t_wrong", *extra)
    assert wrong.exit_code == 2 and "Unauthorized" in wrong.stderr
    missing = invoke(runner, "withdraw", made["id"], "r-nope", "--token", made["token"], *extra)
    assert missing.exit_code == 2 and "r-nope" in missing.stderr
    bad = tmp_path / "bad.json"
    bad.write_text('{"profile": "casual", "deals": "x"}', encoding="utf-8")
    refused = invoke(runner, "replace", made["id"], line["id"], str(bad), "--token",
                     made["token"], *extra)
    assert refused.exit_code == 2 and "/deals" in refused.stderr
    table = json.loads(invoke(runner, "standings", made["id"], *extra).stdout)
    assert table["records"] == 1  # nothing changed


def test_the_token_can_come_from_bigtwo_token(runner: CliRunner, tmp_path: Path) -> None:
    made = create(runner)
    path = write_lines(tmp_path / "r.jsonl", simulated(1, seed=64))
    result = runner.invoke(main, ["tournament", "import", made["id"], str(path)],
                           env={"BIGTWO_TOKEN": made["token"]})
    assert result.exit_code == 0, result.output


# --- the store: one file whatever the folder, and never created by a read ------------------------
@pytest.fixture
def checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A checkout to resolve to, instead of the real one (whose var/ the tests leave alone)."""
    root = tmp_path / "checkout"
    (root / "docs" / "deep").mkdir(parents=True)
    monkeypatch.setattr(paths, "checkout_root", lambda: root)
    return root


def test_from_a_subfolder_the_same_store_is_found(checkout: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    runner = CliRunner(env={"BIGTWO_DB": None, "BIGTWO_SERVER": None, "BIGTWO_TOKEN": None})
    monkeypatch.chdir(checkout)
    made = create(runner)
    assert (checkout / "var" / "bigtwo.db").is_file()
    monkeypatch.chdir(checkout / "docs" / "deep")
    result = invoke(runner, "standings", made["id"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["tournament"] == made["id"]
    assert not (checkout / "docs" / "deep" / "var").exists()
    shown = invoke(runner, "where")
    assert shown.stdout.strip() == str(checkout / "var" / "bigtwo.db")
    assert "checkout" in shown.stderr and "exists" in shown.stderr


@pytest.mark.parametrize("command", [
    ["standings", "t-x"], ["list"], ["withdraw", "t-x", "r-x", "--token", "b2t_x"],
    ["import", "t-x", "RECORDS", "--token", "b2t_x"],
])
def test_a_read_of_a_missing_store_names_it_and_creates_nothing(
        checkout: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        command: list[str]) -> None:
    runner = CliRunner(env={"BIGTWO_DB": None, "BIGTWO_SERVER": None, "BIGTWO_TOKEN": None})
    records = write_lines(tmp_path / "r.jsonl", simulated(1, seed=65))
    monkeypatch.chdir(checkout / "docs")
    result = invoke(runner, *[str(records) if a == "RECORDS" else a for a in command])
    assert result.exit_code == 2
    expected = checkout / "var" / "bigtwo.db"
    assert re.search(rf"no store at {re.escape(str(expected))} \(the checkout's", result.stderr)
    assert not expected.exists() and not (checkout / "var").exists()
    assert not (checkout / "docs" / "var").exists()


def test_db_option_and_where_name_the_file(tmp_path: Path, runner: CliRunner) -> None:
    target = tmp_path / "elsewhere" / "club.db"
    shown = invoke(runner, "where", "--db", str(target))
    assert shown.stdout.strip() == str(target) and "from --db" in shown.stderr
    assert "does not exist yet" in shown.stderr
    made = create(runner, "--db", str(target))
    assert target.is_file()
    assert json.loads(invoke(runner, "standings", made["id"], "--db", str(target)).stdout)[
        "tournament"] == made["id"]
    # BIGTWO_DB (the runner's) is another store: the tournament is not there.
    assert invoke(runner, "standings", made["id"]).exit_code == 2
