"""Reading the runnable examples out of Markdown, running them, and comparing what they print.

The convention (README.md, section "Examples in these docs are tested", says it for readers):

- A fenced block whose info string is ``console``, ``sh``, ``shell`` or ``bash`` and which holds
  lines starting with ``$ `` is a session. Each ``$ `` line is a command; a line ending in
  ``\\`` continues it, and a here-document (``<<'EOF'``) runs to its terminator. The lines after
  a command, up to the next ``$ `` line, are what it prints on stdout.
- A block without ``$ `` lines is prose (``make serve`` runs forever) and is not run.
- Output that is JSON (one document, or one per line) is compared as data: an object may leave
  out fields, ``"..."`` stands for any value, a string holding ``...`` matches any text there,
  and a list ending in ``"..."`` may go on. Other output is compared line by line, with
  ``...`` matching any text (a line of only ``...`` matches any number of lines).
  A command that shows no output is only checked for its exit status.
- A command exits 0 unless it ends with a comment ``# exit N``.
- ``<!-- file: PATH -->`` just before a fenced block says that the block shows the file PATH
  of the repository as it is (JSON compared as data, anything else as text).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FENCE = re.compile(r"^(```+|~~~+)\s*([\w+-]*)")
SHELLS = {"console", "sh", "shell", "bash"}
FILE_MARK = re.compile(r"<!--\s*file:\s*(\S+)\s*-->")
EXIT = re.compile(r"#\s*exits?\s+(\d+)\s*$")
HEREDOC = re.compile(r"<<-?\s*(['\"]?)(\w+)\1")
ELLIPSIS = "..."


@dataclass
class Command:
    text: str
    line: int
    output: str = ""
    exit_code: int = 0


@dataclass
class Block:
    path: Path
    line: int
    lang: str
    lines: list[str]
    shows_file: str | None = None
    commands: list[Command] = field(default_factory=list)

    @property
    def ident(self) -> str:
        return f"{self.path.name}:{self.line}"


def blocks(path: Path) -> list[Block]:
    """Every fenced block of a Markdown file, with its commands parsed when it is a session."""
    lines = path.read_text(encoding="utf-8").splitlines()
    out: list[Block] = []
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        fence, lang = opening.group(1), opening.group(2).lower()
        marker = None
        for back in range(i - 1, max(i - 3, -1), -1):
            found = FILE_MARK.search(lines[back])
            if found:
                marker = found.group(1)
                break
            if lines[back].strip():
                break
        body: list[str] = []
        j = i + 1
        while j < len(lines) and not lines[j].startswith(fence):
            body.append(lines[j])
            j += 1
        block = Block(path, i + 1, lang, body, marker)
        if lang in SHELLS:
            block.commands = _commands(body, i + 2)
        out.append(block)
        i = j + 1
    return out


def _commands(body: list[str], first_line: int) -> list[Command]:
    commands: list[Command] = []
    output: list[str] = []
    k = 0
    while k < len(body):
        line = body[k]
        if not line.startswith("$ "):
            if commands:
                output.append(line)
            k += 1
            continue
        if commands:
            commands[-1].output = "\n".join(output)
        output = []
        start = first_line + k
        text = [line[2:]]
        while text[-1].endswith("\\") and k + 1 < len(body):
            k += 1
            text.append(body[k])
        heredoc = HEREDOC.search(" ".join(text))
        if heredoc:
            while k + 1 < len(body):
                k += 1
                text.append(body[k])
                if body[k].strip() == heredoc.group(2):
                    break
        exit_code = EXIT.search(text[0] if heredoc else text[-1])
        commands.append(Command("\n".join(text), start, exit_code=int(exit_code.group(1)) if exit_code else 0))
        k += 1
    if commands:
        commands[-1].output = "\n".join(output)
    return commands


# ---- comparing -----------------------------------------------------------------------------

def json_documents(text: str) -> list[Any] | None:
    """The JSON documents in ``text`` one after another, or None when it is not (only) JSON."""
    decoder = json.JSONDecoder()
    docs, at, text = [], 0, text.strip()
    if not text or text[0] not in "{[":
        return None
    while at < len(text):
        try:
            doc, end = decoder.raw_decode(text, at)
        except ValueError:
            return None
        docs.append(doc)
        at = end
        while at < len(text) and text[at].isspace():
            at += 1
    return docs


def _glob(pattern: str) -> re.Pattern[str]:
    return re.compile(".*?".join(re.escape(part) for part in pattern.split(ELLIPSIS)), re.S)


def data_mismatch(shown: Any, actual: Any, at: str = "") -> str | None:
    """Where ``actual`` differs from what the docs show (None when it matches)."""
    where = at or "/"
    if shown == ELLIPSIS:
        return None
    if isinstance(shown, str) and ELLIPSIS in shown:
        if isinstance(actual, str) and _glob(shown).fullmatch(actual):
            return None
        return f"{where}: shown {shown!r}, got {actual!r}"
    if isinstance(shown, dict):
        if not isinstance(actual, dict):
            return f"{where}: shown an object, got {actual!r}"
        for key, value in shown.items():
            if key not in actual:
                return f"{where}: shown field {key!r} is missing (got fields {sorted(actual)})"
            problem = data_mismatch(value, actual[key], f"{at}/{key}")
            if problem:
                return problem
        return None
    if isinstance(shown, list):
        if not isinstance(actual, list):
            return f"{where}: shown a list, got {actual!r}"
        open_ended = bool(shown) and shown[-1] == ELLIPSIS
        items = shown[:-1] if open_ended else shown
        if len(actual) < len(items) or (not open_ended and len(actual) != len(items)):
            return f"{where}: shown {len(items)} items, got {len(actual)}: {actual!r}"
        for index, value in enumerate(items):
            problem = data_mismatch(value, actual[index], f"{at}/{index}")
            if problem:
                return problem
        return None
    # True == 1 in Python, but not in what a reader of the docs expects
    same = shown is actual if type(shown) is bool or type(actual) is bool else shown == actual
    return None if same else f"{where}: shown {shown!r}, got {actual!r}"


def output_mismatch(shown: str, actual: str) -> str | None:
    """Where a command's stdout differs from the output the docs show under it."""
    if not shown.strip():
        return None
    shown_docs = json_documents(shown)
    if shown_docs is not None:
        actual_docs = json_documents(actual)
        if actual_docs is None:
            return f"shown JSON, got text:\n{actual[:2000]}"
        if len(actual_docs) != len(shown_docs):
            return f"shown {len(shown_docs)} JSON documents, got {len(actual_docs)}"
        for index, (want, got) in enumerate(zip(shown_docs, actual_docs, strict=True)):
            problem = data_mismatch(want, got)
            if problem:
                return f"document {index}: {problem}" if len(shown_docs) > 1 else problem
        return None
    want = "\n".join(line.rstrip() for line in shown.strip("\n").splitlines())
    # A leading byte-order mark (the standings CSV's, for Excel) shows as nothing on a terminal.
    got = "\n".join(line.rstrip() for line in actual.removeprefix("\ufeff").strip("\n").splitlines())
    pattern = want.replace("\n...\n", "\n" + ELLIPSIS + "\n")
    if _glob(pattern).fullmatch(got):
        return None
    return f"shown:\n{want}\ngot:\n{got[:2000]}"


def file_mismatch(shown: list[str], path: Path) -> str | None:
    """Where a block that says it shows ``path`` differs from the file."""
    if not path.is_file():
        return f"{path} does not exist"
    text = path.read_text(encoding="utf-8")
    block = "\n".join(shown)
    if path.suffix == ".json":
        try:
            same = json.loads(block) == json.loads(text)
        except ValueError as exc:
            return f"not JSON: {exc}"
        return None if same else f"the block differs from {path}"
    if block.strip() != text.strip():
        return f"the block differs from {path}"
    return None


# ---- running -------------------------------------------------------------------------------

SERVICE_URLS = ("http://127.0.0.1:8000", "http://localhost:8000")


class Session:
    """One bash process per block: commands share variables and the working directory.

    The directory is a scratch folder in which every top-level entry of the repository is
    linked, so ``examples/...`` and ``.venv/bin/bigtwo`` work as in a checkout while files the
    commands write stay out of it. ``BIGTWO_DB`` points into the scratch folder.
    """

    def __init__(self, repo: Path, scratch: Path, venv: Path, base_url: str | None) -> None:
        import os
        import subprocess
        import threading
        from queue import Queue

        for entry in repo.iterdir():
            if entry.name not in {".git", ".venv", "var"}:
                (scratch / entry.name).symlink_to(entry)
        (scratch / ".venv").symlink_to(venv)
        self.base_url = base_url
        env = {k: v for k, v in os.environ.items() if not k.startswith(("BIGTWO_", "PYTEST"))}
        env.update(BIGTWO_DB=str(scratch / "var" / "bigtwo.db"), LC_ALL="C.UTF-8",
                   PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}", PYTHONIOENCODING="utf-8")
        self.stderr_path = scratch / "stderr.log"
        self._stderr = self.stderr_path.open("wb")
        self.process = subprocess.Popen(["bash", "--noprofile", "--norc"], cwd=scratch, env=env,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=self._stderr, start_new_session=True)
        self.lines: Queue[bytes] = Queue()
        assert self.process.stdout is not None
        stdout = self.process.stdout
        threading.Thread(target=lambda: [self.lines.put(b) for b in iter(stdout.readline, b"")],
                         daemon=True).start()
        self.mark = f"__readme_done_{os.getpid()}_{id(self)}__"

    def run(self, text: str, timeout: float = 180) -> tuple[str, int]:
        """The command's stdout and exit status (the process is killed past ``timeout``)."""
        from queue import Empty

        if self.base_url:
            for url in SERVICE_URLS:
                text = text.replace(url, self.base_url)
        assert self.process.stdin is not None
        # A command that reads stdin by mistake reads nothing, instead of the session's next lines.
        self.process.stdin.write(f"{{ {text}\n}} < /dev/null\nprintf '\\n%s %d\\n' {self.mark} $?\n".encode())
        self.process.stdin.flush()
        chunks: list[bytes] = []
        while True:
            try:
                line = self.lines.get(timeout=timeout)
            except Empty:
                self.close()
                raise TimeoutError(f"no answer within {timeout} s from: {text}") from None
            decoded = line.decode("utf-8", "replace")
            if decoded.startswith(self.mark):
                out = b"".join(chunks).decode("utf-8", "replace")
                return out[:-1] if out.endswith("\n") else out, int(decoded.split()[1])
            chunks.append(line)

    def stderr_tail(self) -> str:
        self._stderr.flush()
        return self.stderr_path.read_text(encoding="utf-8", errors="replace")[-2000:]

    def close(self) -> None:
        import contextlib
        import os
        import signal
        import subprocess

        if self.process.stdin is not None and not self.process.stdin.closed:
            with contextlib.suppress(OSError):
                self.process.stdin.close()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        self._stderr.close()
