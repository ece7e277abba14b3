"""Write the docs' tables of profile fields from the field registry (bigtwo/rules/registry.py).

docs/RULES.md: each registry entry is one row: its path, its values (from its kind, or the
entry's own text), its default, the version it came in, its meaning and which rule texts
play it. Each section's table sits between ``<!-- fields:<section>:start -->`` and
``<!-- fields:<section>:end -->``.

docs/RECORDS.md: the error codes' table, one row per code in precedence order: its "when"
column from ``bigtwo.rules.codes`` (``WHEN``, then the reasons of ``REASONS``), and its
"decided by" column, the fields whose ``explains`` names the code (the referee's "house rules
that decide this"), in the order the referee lists them.

Run `make docs` after changing the registry or the codes; tests/docs/test_rules_doc.py and
tests/docs/test_records_doc.py fail while a table is out of date.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bigtwo.rules.choices import Field  # noqa: E402
from bigtwo.rules.codes import REASONS, WHEN, RuleCode  # noqa: E402
from bigtwo.rules.declarations import plain  # noqa: E402
from bigtwo.rules.registry import FIELDS  # noqa: E402

RULES = ROOT / "docs" / "RULES.md"
RECORDS = ROOT / "docs" / "RECORDS.md"
CODES_HEADER = "| code | when | decided by |"
HEADER = ("| field | values | default | since | meaning | played by |\n"
          "| --- | --- | --- | --- | --- | --- |")


def section_key(section: str) -> str:
    """'Scoring (`scoring`)' -> 'scoring': the marker's name for a section."""
    return section.split("(")[0].strip().lower().replace(" ", "-")


def start(key: str) -> str:
    return f"<!-- fields:{key}:start (written by scripts/field_table.py; run `make docs`) -->"


def end(key: str) -> str:
    return f"<!-- fields:{key}:end -->"


def default_text(value: Any) -> str:
    value = plain(value)
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        shown = value if len(value) <= 5 else [value[0], "…", value[-1]]
        return "`" + " ".join(shown) + "`"
    return "`" + json.dumps(value, ensure_ascii=False) + "`" if not isinstance(value, str) else f"`{value}`"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def row(f: Field) -> str:
    values = f.values if f.values is not None else f.kind.values_text()
    cells = [f"`{f.dotted}`", values, default_text(f.default), f"v{f.since}", f.doc, f.played_by]
    return "| " + " | ".join(_cell(c) for c in cells) + " |"


def sections() -> dict[str, list[Field]]:
    out: dict[str, list[Field]] = {}
    for f in FIELDS:
        out.setdefault(section_key(f.section), []).append(f)
    return out


def table(rows: list[Field]) -> str:
    return "\n".join([HEADER, *(row(f) for f in rows)])


def rewritten(text: str) -> str:
    for key, rows in sections().items():
        if start(key) not in text:
            raise SystemExit(f"docs/RULES.md has no {start(key)!r} marker for section {key}")
        head, rest = text.split(start(key), 1)
        _, tail = rest.split(end(key), 1)
        text = f"{head}{start(key)}\n{table(rows)}\n{end(key)}{tail}"
    return text


def deciding(code: str) -> str:
    """The fields that may explain an error of ``code``, whatever its situation: by their
    lowest rank for it, then in registry order."""
    ranked = {f.dotted: (min(e.rank for e in f.explains if e.code == code), index)
              for index, f in enumerate(FIELDS) if any(e.code == code for e in f.explains)}
    return ", ".join(f"`{d}`" for d in sorted(ranked, key=ranked.__getitem__)) or "—"


def when(code: RuleCode) -> str:
    """When ``code`` applies (codes.WHEN), then the reasons its ``reason`` param names."""
    reasons = REASONS.get(code, ())
    if not reasons:
        return WHEN[code]
    return WHEN[code] + "; by `reason`: " + ", ".join(f"`{r.name}` ({r.when})" for r in reasons)


def records_rewritten(text: str) -> str:
    """RECORDS.md with the table of codes written from the codes and the registry: one row
    per code in precedence order, its "when" and its "decided by"."""
    head, rest = text.split(CODES_HEADER + "\n", 1)
    rule, rest = rest.split("\n", 1)
    lines = rest.split("\n")
    end = next(i for i, line in enumerate(lines) if not line.startswith("|"))
    rows = [f"| `{code}` | {when(code)} | {deciding(code)} |" for code in RuleCode]
    return "\n".join([head + CODES_HEADER, rule, *rows, *lines[end:]])


def main() -> None:
    RULES.write_text(rewritten(RULES.read_text(encoding="utf-8")), encoding="utf-8")
    RECORDS.write_text(records_rewritten(RECORDS.read_text(encoding="utf-8")), encoding="utf-8")


if __name__ == "__main__":
    main()
