"""Write docs/RECORDS.md's table of example messages from the engine itself.

Each code's example is a real error from a golden file (the replay of a real record), rendered
by ``bigtwo.reports.messages.render`` in every language, so the table cannot say what the service
does not. Run `make docs` after changing a message or adding a code (with its golden file);
tests/docs/test_records_doc.py fails while the table is out of date.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bigtwo.reports.messages import LANGUAGES, render  # noqa: E402
from bigtwo.rules.codes import RuleCode  # noqa: E402

RECORDS = ROOT / "docs" / "RECORDS.md"
GOLDEN = ROOT / "fixtures" / "golden"
START = "<!-- error-messages:start (written by scripts/error_table.py; run `make docs`) -->"
END = "<!-- error-messages:end -->"


def examples() -> dict[RuleCode, dict[str, Any]]:
    """One real error per code: from ``code-<code>.json`` when there is one, else the first
    golden file (in name order) whose report shows the code."""
    found: dict[RuleCode, dict[str, Any]] = {}
    files = sorted(GOLDEN.glob("*.json"))
    preferred = {f"code-{code.lower().replace('_', '-')}.json": code for code in RuleCode}
    files.sort(key=lambda p: (p.name not in preferred, p.name))
    for path in files:
        report = json.loads(path.read_text(encoding="utf-8"))["report"]
        for error in report.get("errors") or []:
            code = RuleCode(error["code"])
            if code in found or (path.name in preferred and preferred[path.name] != code):
                continue
            found[code] = error
    return found


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def table() -> str:
    errors = examples()
    lines = ["| code | " + " | ".join(LANGUAGES) + " |", "| --- |" + " --- |" * len(LANGUAGES)]
    for code in RuleCode:  # in the precedence of RECORDS.md's table of codes
        error = errors.get(code)
        if error is None:
            cells = ["(no golden file shows this code yet)"] * len(LANGUAGES)
        else:
            cells = [_cell(render(error, lang)) for lang in LANGUAGES]
        lines.append(f"| `{code}` | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def rewritten(text: str) -> str:
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{START}\n{table()}\n{END}{tail}"


def main() -> None:
    RECORDS.write_text(rewritten(RECORDS.read_text(encoding="utf-8")), encoding="utf-8")


if __name__ == "__main__":
    main()
