"""The console script's click-free ``bigtwo validate FILE`` (bigtwo.cli.quick) against the
click command, on a table of argument forms: the same stdout, stderr and exit status, byte for
byte, whether the quick path takes the form or hands it to click. The forms it must take are
checked to have run without importing click at all."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bigtwo.cli import quick

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"

# The console script (bigtwo.cli.entry, as pyproject's [project.scripts] names it), and the
# click command alone. Each prints, after its output, whether click was imported.
ENTRY = """
import sys
sys.argv[0] = "bigtwo"
from bigtwo.cli.entry import run
try:
    run()
except SystemExit as exc:
    code = exc.code
sys.stdout.flush()
sys.stderr.write("\\x00click=%s\\n" % ("click" in sys.modules))
sys.exit(code)
"""
CLICK = """
import sys
from bigtwo.cli.main import main
try:
    main(sys.argv[1:], prog_name="bigtwo")
except SystemExit as exc:
    code = exc.code
sys.stdout.flush()
sys.stderr.write("\\x00click=%s\\n" % ("click" in sys.modules))
sys.exit(code)
"""

FEED = f"""
import sys
with open(sys.argv[1], "wb") as fifo:
    fifo.write(open({str(EXAMPLES / "games.jsonl")!r}, "rb").read())
"""

GOOD = (EXAMPLES / "hk-game.json").read_bytes()
INVALID = (EXAMPLES / "pusoy-wrong-turn.json").read_bytes()
LINES = (EXAMPLES / "games.jsonl").read_bytes() + (EXAMPLES / "tournament.jsonl").read_bytes()
UNREPLAYABLE = b'{"profile": "hk-standard", "deals": 3}\n'
NAMES_A_STORED_ID = b'{"profile": "p-0123456789ab", "deals": []}\n'
MIXED = (LINES + b"\n   \n" + b"{not json\n" + UNREPLAYABLE + NAMES_A_STORED_ID
         + json.dumps(json.loads(GOOD)).encode() + b"\n[1, 2]\n")
# Text the two JSON backends might write apart (the quick path reads and writes a small file
# with the standard library, the command with orjson): names and strings beyond ASCII, escapes,
# control characters, floats; as a record, and as lines that cannot be replayed.
ODD_VALUES = {"players": ["阿明", "Zoë", "😀", "a\"b\\c"],
              "meta": {"x": 1e16, "y": 0.1, "z": -0.0, "s": "\u2028\u0001\x7f/"}}
ODD = json.dumps({**json.loads(GOOD), **ODD_VALUES}, ensure_ascii=False).encode()
ODD_LINES = b"\n".join([
    ODD, json.dumps({**json.loads(GOOD), **ODD_VALUES}).encode(),
    json.dumps({"profile": "hk-standard", "deals": [{"hands": ["阿明\u0001", 1.5e300]}]}).encode(),
    json.dumps({"profile": "hk-ständard", "deals": 0.1}, ensure_ascii=False).encode(),
    b'{"profile": "hk-standard", "players": ["\\ud83d\\ude00", "\\u00e9"], "deals": []}',
]) + b"\n"


def files(folder: Path) -> None:
    (folder / "good.json").write_bytes(GOOD)
    (folder / "GOOD.JSON").write_bytes(GOOD)
    (folder / "invalid.json").write_bytes(INVALID)
    (folder / "record").write_bytes(GOOD)  # no extension: one JSON record
    # No extension, one record on one line: the door reads JSON Lines, a report line.
    (folder / "one-line").write_bytes(json.dumps(json.loads(GOOD)).encode() + b"\n")
    (folder / "notation").write_bytes(b"game\n")  # no extension, notation: the command's
    (folder / "not-json.json").write_bytes(b"{\"deals\": [1, 2,\n")
    (folder / "empty.json").write_bytes(b"")
    (folder / "unreplayable.json").write_bytes(UNREPLAYABLE)
    (folder / "stored-id.json").write_bytes(NAMES_A_STORED_ID)
    (folder / "nan.json").write_bytes(GOOD.replace(b'"deals"', b'"meta": {"x": NaN}, "deals"', 1))
    (folder / "games.jsonl").write_bytes(LINES)
    (folder / "games.ndjson").write_bytes(LINES)
    (folder / "mixed.jsonl").write_bytes(MIXED)
    (folder / "no-final-newline.jsonl").write_bytes(LINES.rstrip(b"\n"))
    (folder / "empty.jsonl").write_bytes(b"")
    (folder / "a directory.json").mkdir()
    os.mkfifo(folder / "fifo.jsonl")
    (folder / "sheet.csv").write_bytes((EXAMPLES / "club-night.csv").read_bytes())
    (folder / "record.txt").write_bytes(GOOD)
    (folder / "odd.json").write_bytes(ODD)
    (folder / "odd.jsonl").write_bytes(ODD_LINES)
    # Over the size the quick path reads with the standard library (it takes orjson then).
    (folder / "long.jsonl").write_bytes(LINES * (1 + quick.STDLIB_JSON_BYTES // len(LINES)))
    long_record = {**json.loads(GOOD)}
    long_record["deals"] = long_record["deals"] * (1 + quick.STDLIB_JSON_BYTES // len(GOOD))
    (folder / "long.json").write_bytes(json.dumps(long_record, indent=1).encode())
    # Over the default --max-bytes (1 MiB): a line of it may be over the limit.
    (folder / "big.jsonl").write_bytes(LINES * (1 + (1 << 20) // len(LINES)))


# (argument form, environment, whether the quick path takes it)
FORMS: list[tuple[list[str], dict[str, str], bool]] = [
    (["validate", "good.json"], {}, True),
    (["validate", "GOOD.JSON"], {}, True),
    (["validate", "invalid.json"], {}, True),
    (["validate", "record"], {}, True),
    (["validate", "one-line"], {}, True),
    (["validate", "games.jsonl"], {}, True),
    (["validate", "games.ndjson"], {}, True),
    (["validate", "no-final-newline.jsonl"], {}, True),
    (["validate", "empty.jsonl"], {}, True),
    (["validate", "big.jsonl"], {}, False),
    (["validate", "odd.json"], {}, True),
    (["validate", "odd.json"], {"LANG": "zh_TW.UTF-8"}, True),
    (["validate", "odd.jsonl"], {}, None),
    (["validate", "odd.jsonl"], {"LANG": "zh_HK.UTF-8"}, None),
    (["validate", "long.json"], {}, True),
    (["validate", "long.jsonl"], {}, True),
    (["validate", "good.json"], {"BIGTWO_PURE": "1"}, True),
    (["validate", "invalid.json"], {"LC_ALL": "zh_HK.UTF-8"}, True),
    # Lines it cannot read: the quick path writes their reports, click's words on stderr.
    (["validate", "mixed.jsonl"], {}, None),
    (["validate", "mixed.jsonl"], {"LANG": "de_DE.UTF-8"}, None),
    (["validate", "mixed.jsonl"], {"LANGUAGE": "it:de", "LANG": "fr_FR.UTF-8"}, None),
    # What it hands to click.
    (["validate", "not-json.json"], {}, False),
    (["validate", "empty.json"], {}, False),
    (["validate", "unreplayable.json"], {}, False),
    (["validate", "stored-id.json"], {}, False),
    (["validate", "nan.json"], {"LANG": "de_DE.UTF-8"}, False),
    (["validate", "missing.json"], {}, False),
    (["validate", "a directory.json"], {}, False),
    (["validate", "fifo.jsonl"], {}, False),
    (["validate", "sheet.csv"], {}, False),
    (["validate", "record.txt"], {}, False),
    (["validate", "notation"], {}, False),
    (["validate", "-"], {}, False),
    (["validate", "--lang", "de", "mixed.jsonl"], {}, False),
    (["validate", "mixed.jsonl", "--lang", "de"], {}, False),
    (["validate", "--format", "text", "invalid.json"], {}, False),
    (["validate", "--profile", "casual", "good.json"], {}, False),
    (["validate", "--", "good.json"], {}, False),
    (["validate", "good.json", "invalid.json"], {}, False),
    (["validate"], {}, False),
    (["validate", "--help"], {}, False),
    (["--version"], {}, False),
    (["validat", "good.json"], {}, False),
    (["validate", "good.json"], {"BIGTWO_JSON": "stdlib"}, False),
    (["validate", "mixed.jsonl"], {"BIGTWO_JSON": "stdlib"}, False),
]


Answer = tuple[int, bytes, bytes, bool]
# The click command's answers already had in this process: the table's test and the verdicts'
# ask for the same ones, each a process of its own (the command's answer to the same files,
# arguments and environment is the same every time).
_CLICK_ANSWERS: dict[tuple[str, tuple[str, ...], tuple[tuple[str, str], ...], bytes], Answer] = {}


def click_answer(args: list[str], env: dict[str, str], cwd: Path, stdin: bytes,
                 fifo: Path | None = None) -> Answer:
    key = (str(cwd), tuple(args), tuple(sorted(env.items())), stdin)
    if key not in _CLICK_ANSWERS:
        _CLICK_ANSWERS[key] = run(CLICK, args, env, cwd, stdin, fifo)
    return _CLICK_ANSWERS[key]


def run(program: str, args: list[str], env: dict[str, str], cwd: Path,
        stdin: bytes, fifo: Path | None = None) -> Answer:
    """Exit status, stdout, stderr and whether click was imported. A FIFO among the
    arguments is fed the JSON Lines as the command runs."""
    if fifo is not None and fifo.name in args:
        with subprocess.Popen([sys.executable, "-c", FEED, str(fifo)]) as feeder:
            found = run(program, args, env, cwd, stdin)
            assert feeder.wait(timeout=60) == 0
        return found
    base = {k: v for k, v in os.environ.items()
            if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "BIGTWO_JSON", "BIGTWO_PURE",
                         # buffered, as a user's shell has it: what the console script must flush
                         "PYTHONUNBUFFERED")}
    proc = subprocess.run([sys.executable, "-c", program, *args], cwd=cwd, input=stdin,
                          capture_output=True, timeout=120, check=False,
                          env={**base, "BIGTWO_DB": str(cwd / "absent.db"), **env})
    err, found, marker = proc.stderr.rpartition(b"\x00")
    if not found:  # the console script, which ends at once: no marker after its output
        err, marker = proc.stderr, b""
    return proc.returncode, proc.stdout, err, marker.strip() == b"click=True"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    made = tmp_path_factory.mktemp("quick")
    files(made)
    return made


# What pyproject's console script runs: ENTRY, except that the click-free path ends the
# process at once (bigtwo.cli.entry.script), so nothing can be printed after it.
SCRIPT = """
import sys
sys.argv[0] = "bigtwo"
from bigtwo.cli.entry import script
script()
"""


@pytest.mark.parametrize(("args", "env", "quick"), FORMS,
                         ids=[" ".join(a) + "".join(f" {k}={v}" for k, v in e.items())
                              for a, e, _ in FORMS])
def test_the_console_script_answers_as_the_click_command(
        folder: Path, args: list[str], env: dict[str, str], quick: bool | None) -> None:
    """Status, stdout and stderr byte for byte, through ``run()`` and through the script
    itself (whether it ended at once or not)."""
    stdin = GOOD if args[-1:] == ["-"] else b""
    fifo = folder / "fifo.jsonl"
    expected = click_answer(args, env, folder, stdin, fifo)
    got = run(ENTRY, args, env, folder, stdin, fifo)
    assert got[:3] == expected[:3]
    assert run(SCRIPT, args, env, folder, stdin, fifo)[:3] == expected[:3]
    if quick is True:
        assert got[3] is False, "the quick path imported click"
    elif quick is False:
        assert got[3] is True, "the quick path took a form it must hand to click"
    # None: taken without click, which is imported for the first line it must explain.


def test_the_table_covers_every_verdict(folder: Path) -> None:
    """The forms reach every exit status, and the mixed file every kind of line."""
    statuses = {click_answer(args, env, folder, b"")[0] for args, env, quick in FORMS if quick}
    assert statuses == {0, 1}
    status, out, err, _ = click_answer(["validate", "mixed.jsonl"], {}, folder, b"")
    verdicts = {json.loads(line)["valid"] for line in out.splitlines()}
    assert status == 2 and verdicts == {True, False, None}
    assert b"not JSON" in err and b"cannot replay" in err


def test_the_console_script_is_the_entry_point() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'bigtwo = "bigtwo.cli.entry:script"' in text
