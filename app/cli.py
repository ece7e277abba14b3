"""The ``bigtwo`` command: a thin click adapter over the rules core and the store.

Exit codes of ``validate``: 0 every record valid, 1 any invalid, 2 input it cannot read.
"""

from __future__ import annotations

import io
import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import click

from bigtwo.lines import VERDICTS, LineOptions, check_line, problem_doc, problem_lines
from bigtwo.messages import LANGUAGES
from bigtwo.pipeline import check_record
from bigtwo.profiles import ProfileResolver
from bigtwo.simulate import simulate

from .cli_cluster import cluster_options, on_cluster

EXIT_VALID, EXIT_INVALID, EXIT_UNREADABLE = 0, 1, 2


def _dumps(obj: Any, pretty: bool = False) -> str:
    if pretty:
        return json.dumps(obj, ensure_ascii=False, indent=2)
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def local_resolver() -> ProfileResolver:
    """Presets, plus profiles stored in the local database when it exists (BIGTWO_DB)."""
    from app.store import Store, default_db_path

    path = default_db_path()
    if not Path(path).exists():
        return ProfileResolver()
    return Store(path).resolver()


def profile_option_value(value: str | None) -> Any:
    """``--profile`` names an id, or a JSON file holding a declaration."""
    if value is None:
        return None
    if value.endswith(".json") or os.path.sep in value:
        try:
            return json.loads(Path(value).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise click.BadParameter(f"cannot read profile file {value}: {exc}") from exc
    return value


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="bigtwo")
def main() -> None:
    """Referee and scoring service for Big Two, Deuces and Pusoy Dos."""


@contextmanager
def _progress(total: int | None, enabled: bool) -> Iterator[Any]:
    if not enabled:
        yield None
        return
    with click.progressbar(length=total or 0, label="validating", file=sys.stderr,
                           show_pos=False, show_percent=True) as bar:
        yield bar


@main.command()
@click.argument("paths", nargs=-1, required=True, metavar="PATH...",
                type=click.Path(allow_dash=True, dir_okay=False))
@click.option("--allow-incomplete", is_flag=True, help="Accept deals whose log ends before anyone went out.")
@click.option("--lang", type=click.Choice(LANGUAGES), default="en", show_default=True,
              help="Language of the error messages.")
@click.option("--profile", "profile", metavar="ID|FILE",
              help="Profile for records that name none: a preset, a stored id, or a JSON file.")
@click.option("--progress/--no-progress", default=None,
              help="Progress bar on stderr (default: only when stderr is a terminal and stdout is not).")
@cluster_options
def validate(paths: tuple[str, ...], allow_incomplete: bool, lang: str, profile: str | None,
             progress: bool | None, **cluster: Any) -> None:
    """Replay records and print their reports as JSON.

    PATH is a .json file with one record, a .jsonl file with one record per line, or - for
    standard input (JSON Lines when the first line is a whole JSON document).

    With --workers or --scheduler, PATH... are JSON Lines files or globs (local paths or
    fsspec URLs), checked on a Dask cluster; the output is the same. See docs/SCALING.md.
    """
    default_profile = profile_option_value(profile)
    if on_cluster(paths, cluster, not allow_incomplete, lang, default_profile, progress):
        return
    path = paths[0]
    resolver = local_resolver()
    options = {"complete": not allow_incomplete, "lang": lang, "resolver": resolver,
               "default_profile": default_profile}
    out = sys.stdout
    if path == "-":
        stream: IO[bytes] = sys.stdin.buffer
        first = stream.readline()
        try:
            json.loads(first)
            jsonl = True
        except ValueError:
            jsonl = False
        stream = io.BufferedReader(_Prepend(first, stream))  # type: ignore[arg-type]
        total = None
    else:
        try:
            stream = open(path, "rb")  # noqa: SIM115 - closed below, streamed line by line
        except OSError as exc:
            click.echo(f"error: cannot open {path}: {exc.strerror}", err=True)
            sys.exit(EXIT_UNREADABLE)
        jsonl = path.endswith(".jsonl") or path.endswith(".ndjson")
        total = os.fstat(stream.fileno()).st_size
    with stream:
        if not jsonl:
            sys.exit(_validate_one(stream.read(), path, out, options))
        if progress is None:
            progress = sys.stderr.isatty() and not sys.stdout.isatty()
        sys.exit(_validate_lines(stream, path, out, options, total, progress))


class _Prepend(io.RawIOBase):
    """Standard input with its already-read first line put back in front."""

    def __init__(self, head: bytes, rest: IO[bytes]) -> None:
        self.head, self.rest = head, rest

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self.head:
            n = min(len(buffer), len(self.head))
            buffer[:n], self.head = self.head[:n], self.head[n:]
            return n
        chunk = self.rest.read(len(buffer))
        buffer[: len(chunk)] = chunk
        return len(chunk)


def _validate_one(data: bytes, path: str, out: IO[str], options: dict[str, Any]) -> int:
    try:
        doc = json.loads(data)
    except ValueError as exc:
        click.echo(f"error: {path}: not JSON: {exc}", err=True)
        return EXIT_UNREADABLE
    checked = check_record(doc, **options)
    if checked.report is None:
        click.echo(f"error: {path}: cannot replay: {problem_lines(checked.problems)}", err=True)
        out.write(_dumps(problem_doc(checked.problems), pretty=True) + "\n")
        return EXIT_UNREADABLE
    out.write(_dumps(checked.report, pretty=True) + "\n")
    return EXIT_VALID if checked.report["valid"] else EXIT_INVALID


def _validate_lines(stream: IO[bytes], path: str, out: IO[str], options: dict[str, Any],
                    total: int | None, show_progress: bool) -> int:
    counts = dict.fromkeys(VERDICTS, 0)
    line_options = LineOptions(**options)
    with _progress(total, show_progress) as bar:
        for number, line in enumerate(stream, start=1):
            if bar is not None:
                bar.update(len(line))
            outcome = check_line(line, number, line_options)
            if outcome is None:
                continue
            counts[outcome.verdict] += 1
            if outcome.message is not None:
                click.echo(f"error: {path}:{number}: {outcome.message}", err=True)
            out.write(outcome.text + "\n")
    if show_progress:
        click.echo(summary_line(counts), err=True)
    return exit_status(counts)


def summary_line(counts: dict[str, int]) -> str:
    return (f"{sum(counts.values())} records: {counts['valid']} valid, "
            f"{counts['invalid']} invalid, {counts['unreadable']} unreadable")


def exit_status(counts: dict[str, int]) -> int:
    if counts["unreadable"]:
        return EXIT_UNREADABLE
    return EXIT_INVALID if counts["invalid"] else EXIT_VALID


@main.command("simulate")
@click.option("--profile", "profile", default="hk-standard", show_default=True, metavar="ID|FILE",
              help="A preset, a stored profile id, or a JSON file with a declaration.")
@click.option("--deals", "deal_count", type=click.IntRange(1, 200), default=1, show_default=True,
              help="Deals per record (fewer when the profile's match limit ends the match).")
@click.option("--records", type=click.IntRange(0), default=1, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("-o", "--output", type=click.File("w"), default="-", help="Where to write JSON Lines.")
def simulate_command(profile: str, deal_count: int, records: int, seed: int, output: IO[str]) -> None:
    """Write legal random matches as JSON Lines records, reproducible from --seed."""
    ref = profile_option_value(profile)
    resolved, problems = local_resolver().resolve(ref, "--profile")
    if resolved is None:
        raise click.BadParameter(problem_lines(problems), param_hint="--profile")
    for record in simulate(resolved, records=records, deals_per_record=deal_count, seed=seed,
                           profile_ref=ref):
        output.write(_dumps(record) + "\n")


from .cli_recheck import recheck_command  # noqa: E402
from .cli_tournament import tournament  # noqa: E402 - it imports helpers from here

main.add_command(tournament)
tournament.add_command(recheck_command)


if __name__ == "__main__":  # pragma: no cover
    main()
