"""The options of ``bigtwo validate`` that move it onto a Dask cluster, and the check that it
stays in-process: only these, so that validating in-process never imports the cluster's
driver (``bigtwo.cli.cluster``, which runs when --workers or --scheduler is given)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from bigtwo import limits


def cluster_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The options of ``validate`` that move it onto a cluster."""
    for option in reversed([
        click.option("--workers", type=click.IntRange(1, 1024), metavar="N",
                     help="Check on N local worker processes, forked from this one (a "
                          "local Dask cluster where fork is unavailable; needs the cluster "
                          "extra)."),
        click.option("--scheduler", metavar="URL",
                     help="Check on an existing Dask cluster, e.g. tcp://10.0.0.5:8786."),
        click.option("--out", metavar="DIR",
                     help="With --workers/--scheduler: write one part file per partition and "
                          "summary.json to DIR (a path or an fsspec URL) instead of stdout."),
        click.option("--block-bytes", type=click.IntRange(1, 1 << 30), metavar="BYTES",
                     help="With --workers/--scheduler: bytes of input per partition (each "
                          "partition checks the lines that start in it). Default: "
                          f"{limits.DEFAULT_BLOCK_BYTES >> 20} MiB with --scheduler; with "
                          "--workers N, the inputs' size over 4 N, between "
                          f"{limits.DEFAULT_BLOCK_BYTES >> 20} and "
                          f"{limits.MAX_LOCAL_BLOCK_BYTES >> 20} MiB."),
    ]):
        command = option(command)
    return command


def in_process(paths: tuple[str, ...], cluster: dict[str, Any]) -> bool:
    """True when neither --workers nor --scheduler is given: then one PATH, and no --out."""
    if cluster["workers"] is not None or cluster["scheduler"] is not None:
        return False
    if cluster["out"] is not None:
        raise click.UsageError("--out needs --workers N or --scheduler URL")
    if len(paths) != 1:
        raise click.UsageError("one PATH at a time; several files or globs need "
                               "--workers N or --scheduler URL")
    return True
