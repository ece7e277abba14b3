"""Tally an archive on a Dask cluster: how many records are valid, and which rules break.

    python examples/cluster_tally.py 'archive/*.jsonl' [tcp://scheduler:8786]

Without a scheduler address it starts a local cluster of two worker processes. The pattern
may be any fsspec URL the workers can read (``s3://bucket/2025/*.jsonl`` with s3fs).
In a notebook, the body of ``main`` is the whole example.
"""

import json
import sys

import dask
import dask.bag as db
from distributed import Client, LocalCluster

from bigtwo.batch.cluster import validate_bag


def verdict(report: dict) -> str:
    return {True: "valid", False: "invalid", None: "unreadable"}[report["valid"]]


def main(pattern: str, scheduler: str | None = None) -> None:
    cluster = None if scheduler else LocalCluster(n_workers=2, threads_per_worker=1)
    with Client(scheduler or cluster):
        lines = db.read_text(pattern, blocksize="16MiB")  # one partition per 16 MiB of a file
        reports = validate_bag(lines, lang="en")
        verdicts = reports.map(verdict).frequencies()
        codes = reports.pluck("errors", []).flatten().pluck("code").frequencies()
        # One pass over the archive computes both tallies.
        verdicts, codes = dask.compute(verdicts, codes)
    if cluster is not None:
        cluster.close()
    print(json.dumps(dict(sorted(verdicts))))
    print(json.dumps(dict(sorted(codes, key=lambda kv: (-kv[1], kv[0])))))


if __name__ == "__main__":  # worker processes import this file again: start nothing then
    main(*sys.argv[1:3])
