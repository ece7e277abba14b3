"""The README is a front door (issue 37): short, saying first what the project is, then the two
commands with what they take, one tested example each of the CLI, the API and a profile, and a
map of every page in docs/. Links between the docs lead somewhere."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.docs.runnable import blocks

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
RESULTS = sorted((ROOT / "bench" / "results").glob("*.md"))
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
CODE = re.compile(r"```.*?```", re.S)


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _section(text: str, heading: str) -> str:
    start = text.index(heading)
    end = text.find("\n## ", start + 1)
    return text[start:end if end >= 0 else len(text)]


def test_the_readme_is_at_most_300_lines() -> None:
    assert len(_text(README).splitlines()) <= 300


def test_the_first_ten_lines_say_what_it_is() -> None:
    top = " ".join(_text(README).splitlines()[:10])
    for words in ("referee and scoring service", "Big Two", "rule profile", "game record",
                  "command", "HTTP API"):
        assert words in top, words


def test_the_two_commands_come_with_what_they_take() -> None:
    text = _text(README)
    section = _section(text, "## Two commands")
    assert text.index("## Two commands") < 1500
    assert "make serve" in section and "make test" in section
    assert re.search(r"\b\d+(\.\d+)? minutes\b", section), "a measured wall time"
    assert re.search(r"\bcommit [0-9a-f]{7,}\b", section), "the commit it was measured on"


def test_the_map_links_every_page_in_docs_architecture_first() -> None:
    section = _section(_text(README), "## Where to read on")
    linked = [target for target in LINK.findall(section) if target.startswith("docs/")]
    assert linked[0] == "docs/ARCHITECTURE.md"
    assert sorted(set(linked)) == sorted(f"docs/{p.name}" for p in DOCS)
    for line in section.splitlines():
        if line.startswith("- [docs/"):
            assert len(line.split("): ", 1)[1]) > 20, f"a one-line description: {line}"


def test_the_readme_has_a_tested_example_of_the_cli_the_api_and_a_profile() -> None:
    found = blocks(README)
    commands = [c.text for b in found for c in b.commands]
    shown = {b.shows_file for b in found if b.shows_file}
    assert any(c.startswith(".venv/bin/bigtwo validate") for c in commands)
    assert any(c.startswith("curl") for c in commands)
    profiles = [name for name in shown if name.endswith(".json")
                and "extends" in (doc := json.loads(_text(ROOT / name))) and "deals" not in doc]
    assert profiles, "a profile declaration shown as the file it is"
    assert any(f"--profile {name}" in c for name in profiles for c in commands)


DOCUMENTS = [README, ROOT / "CONTRIBUTING.md", *DOCS, *RESULTS]


def _anchors(path: Path) -> set[str]:
    """GitHub's ids for a page's headings: lower case, punctuation dropped, spaces to hyphens."""
    out = set()
    for line in CODE.sub("", _text(path)).splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            out.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return out


def test_anchors_are_spelled_as_github_spells_them(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# Top\n\n### `make serve`'s settings\n\n```sh\n# not a heading\n```\n"
                    "## The test suite (`make test`, 2026-12-06)\n", encoding="utf-8")
    assert _anchors(page) == {"top", "make-serves-settings", "the-test-suite-make-test-2026-12-06"}


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_links_between_the_docs_lead_somewhere(path: Path) -> None:
    broken = []
    for target in LINK.findall(CODE.sub("", _text(path))):
        if "://" in target or target.startswith("mailto:"):
            continue
        name, _, anchor = target.partition("#")
        goal = (path.parent / name).resolve() if name else path
        if not goal.exists() or (anchor and goal.suffix == ".md" and anchor not in _anchors(goal)):
            broken.append(target)
    assert broken == []


# ---- the performance pages: conclusions and the latest figures; the logs beside the benches ----

@pytest.mark.parametrize("name", ["PERFORMANCE.md", "SCALING.md"])
def test_the_performance_pages_are_at_most_400_lines(name: str) -> None:
    assert len(_text(ROOT / "docs" / name).splitlines()) <= 400


@pytest.mark.parametrize("name", ["PERFORMANCE.md", "SCALING.md"])
def test_the_latest_figures_name_the_commit_they_were_measured_on(name: str) -> None:
    text = _text(ROOT / "docs" / name)
    assert "Latest" in text and re.search(r"\bcommit [0-9a-f]{7}\b", text)


def test_every_log_beside_the_benchmarks_is_linked_from_the_docs() -> None:
    assert RESULTS, "bench/results holds the run-by-run logs"
    linked = _text(ROOT / "docs" / "PERFORMANCE.md") + _text(ROOT / "docs" / "SCALING.md")
    assert [p.name for p in RESULTS if f"../bench/results/{p.name}" not in linked] == []
