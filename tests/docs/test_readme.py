"""Every command and curl example in the README (and the docs) runs as shown.

Each fenced session block (``$ `` prompts, see ``tests/docs/runnable.py`` for the convention)
runs in its own bash against the files in ``examples/``; curl examples reach a live server
on 127.0.0.1 that the test starts. The output the block shows must match what the command
prints, and a block marked ``<!-- file: PATH -->`` must show that file as it is.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.docs.runnable import (
    SERVICE_URLS,
    Block,
    Session,
    blocks,
    data_mismatch,
    file_mismatch,
    output_mismatch,
)

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
ALL = [b for path in DOCUMENTS for b in blocks(path)]
SESSIONS = [b for b in ALL if b.commands]
SHOWN_FILES = [b for b in ALL if b.shows_file]


def test_the_readme_has_sessions_and_shown_files() -> None:
    readme = [b for b in SESSIONS if b.path.name == "README.md"]
    commands = [c.text for b in readme for c in b.commands]
    # One each of the CLI, a profile and the API (tests/docs/test_front_door.py); the rest of the
    # sessions moved into docs/ with the README's other sections, and run there.
    assert len(readme) >= 3, "the README's examples should be runnable sessions"
    assert any("bigtwo validate" in c for c in commands)
    assert any(c.startswith("curl") for c in commands)
    assert any(b.path.name == "README.md" for b in SHOWN_FILES)


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from app import create_app
    from tests.live_server import serve

    app = create_app({"BIGTWO_DB": str(tmp_path_factory.mktemp("service") / "bigtwo.db")})
    with serve(app) as base:
        yield base


@pytest.mark.parametrize("block", SESSIONS, ids=lambda b: b.ident)
def test_session(block: Block, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    needs_service = any(url in c.text for c in block.commands for url in SERVICE_URLS)
    base = request.getfixturevalue("service") if needs_service else None
    session = Session(ROOT, tmp_path, Path(sys.prefix), base)
    try:
        for command in block.commands:
            output, status = session.run(command.text)
            where = f"{block.path.name}:{command.line}: {command.text}"
            assert status == command.exit_code, (
                f"{where}\nexit {status}, the docs say {command.exit_code}\n"
                f"stdout: {output[:2000]}\nstderr: {session.stderr_tail()}")
            problem = output_mismatch(command.output, output)
            assert problem is None, f"{where}\n{problem}"
    finally:
        session.close()


@pytest.mark.parametrize("block", SHOWN_FILES, ids=lambda b: b.ident)
def test_shown_file(block: Block) -> None:
    assert block.shows_file is not None
    problem = file_mismatch(block.lines, ROOT / block.shows_file)
    assert problem is None, f"{block.ident}: {problem}"


def test_files_the_readme_names_exist() -> None:
    """A path under examples/ written anywhere in the README or docs is a real file."""
    import re

    missing = []
    for path in DOCUMENTS:
        for name in set(re.findall(r"examples/[\w./-]*\w", path.read_text(encoding="utf-8"))):
            if not (ROOT / name).exists():
                missing.append(f"{path.name}: {name}")
    assert missing == []


# ---- the comparison itself must be able to fail ------------------------------------------

MATCHING: list[tuple[Any, Any]] = [
    ({"valid": True}, {"valid": True, "engine": "2.0.0"}),
    ({"id": "p-..."}, {"id": "p-cd9c89c417c8"}),
    ({"totals": [1, "..."]}, {"totals": [1, 2, 3]}),
    ({"errors": []}, {"errors": []}),
    ("...", {"anything": [1]}),
    (0, 0.0),
]
DIFFERING: list[tuple[Any, Any, str]] = [
    ({"valid": True}, {"valid": False}, "/valid"),
    ({"valid": True}, {"engine": "2.0.0"}, "'valid' is missing"),
    ({"totals": [1, 2]}, {"totals": [1, 2, 3]}, "shown 2 items, got 3"),
    ({"id": "p-..."}, {"id": "q-1"}, "/id"),
    ({"ok": 1}, {"ok": True}, "/ok"),
    ([{"seat": 0}], [{"seat": 1}], "/0/seat"),
]


@pytest.mark.parametrize(("shown", "actual"), MATCHING)
def test_data_that_matches(shown: Any, actual: Any) -> None:
    assert data_mismatch(shown, actual) is None


@pytest.mark.parametrize(("shown", "actual", "says"), DIFFERING)
def test_data_that_differs(shown: Any, actual: Any, says: str) -> None:
    problem = data_mismatch(shown, actual)
    assert problem is not None and says in problem


def test_text_output_and_json_lines() -> None:
    assert output_mismatch("exit ...\ndone", "exit 1\ndone\n") is None
    assert output_mismatch("a\n...\nz", "a\nb\nc\nz") is None
    assert output_mismatch("a\nz", "a\nb\nz") is not None
    assert output_mismatch('{"valid": true}\n{"valid": false}', '{"valid":true}\n{"valid":true}\n') is not None
    assert output_mismatch('{"valid": true}', "valid") is not None
    assert output_mismatch("", "whatever it prints") is None


def test_commands_are_read_with_continuations_heredocs_and_exit_codes(tmp_path: Path) -> None:
    doc = tmp_path / "doc.md"
    doc.write_text("\n".join([
        "```console", "$ printf 'a\\n' \\", "  | cat", "a", "$ false  # exit 1",
        "$ cat <<'EOF'", "{\"x\": 1}", "EOF", "{\"x\": 1}", "```", "",
        "<!-- file: examples/minimal.json -->", "```json", "{}", "```",
        "```sh", "make serve", "```"]), encoding="utf-8")
    found = blocks(doc)
    assert [b.lang for b in found] == ["console", "json", "sh"]
    first = found[0].commands
    assert [c.text for c in first] == ["printf 'a\\n' \\\n  | cat", "false  # exit 1",
                                       "cat <<'EOF'\n{\"x\": 1}\nEOF"]
    assert [c.exit_code for c in first] == [0, 1, 0]
    assert [c.output for c in first] == ["a", "", "{\"x\": 1}"]
    assert found[1].shows_file == "examples/minimal.json" and found[2].commands == []
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    session = Session(ROOT, scratch, Path(sys.prefix), None)
    try:
        assert [session.run(c.text) for c in first] == [("a\n", 0), ("", 1), ("{\"x\": 1}\n", 0)]
    finally:
        session.close()



def test_a_command_that_reads_stdin_does_not_eat_the_session(tmp_path: Path) -> None:
    session = Session(ROOT, tmp_path, Path(sys.prefix), None)
    try:
        assert session.run("cat", timeout=20) == ("", 0)
        assert session.run("X=1; echo $X", timeout=20) == ("1\n", 0)
        assert session.run("echo $X", timeout=20) == ("1\n", 0)  # variables carry over
    finally:
        session.close()


def test_every_example_is_used_by_the_docs() -> None:
    """A file in examples/ that no document names is one nobody keeps true."""
    text = "\n".join(path.read_text(encoding="utf-8") for path in DOCUMENTS)
    unused = [p.name for p in sorted((ROOT / "examples").iterdir())
              if f"examples/{p.name}" not in text and f"`{p.name}`" not in text]
    assert unused == []
