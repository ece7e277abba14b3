"""Why a batch run over files could not go on: one exception per cause, carrying the facts
(a path, a line, a limit) and no words. The command line turns each into its own translated
line; a program that calls the library reads the fields."""

from __future__ import annotations


class BatchError(Exception):
    """A run over files refused or failed; nothing more is printed for it."""


class ExtraMissing(BatchError):
    """Dask, distributed or fsspec (the cluster extra) is not installed."""

    def __init__(self, module: str) -> None:
        super().__init__(module)
        self.module = module


class StandardInput(BatchError):
    """``-`` among the inputs: a cluster reads files by byte range, and stdin has none."""


class NoMatch(BatchError):
    def __init__(self, pattern: str) -> None:
        super().__init__(pattern)
        self.pattern = pattern


class NotJsonLines(BatchError):
    """An input whose name does not say JSON Lines (.jsonl, .ndjson)."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


class CannotOpen(BatchError):
    def __init__(self, name: str, reason: str) -> None:
        super().__init__(name, reason)
        self.name, self.reason = name, reason


class LineTooLong(BatchError):
    """A line over the limit (its number in its input; ``name`` once the input is known)."""

    def __init__(self, line: int, name: str = "", limit: int | None = None) -> None:
        super().__init__(line)
        self.line, self.name, self.limit = line, name, limit


class SchedulerUnreachable(BatchError):
    def __init__(self, scheduler: str, reason: str) -> None:
        super().__init__(scheduler, reason)
        self.scheduler, self.reason = scheduler, reason


class OutNotEmpty(BatchError):
    def __init__(self, out: str) -> None:
        super().__init__(out)
        self.out = out


class ClusterFailed(BatchError):
    """A block failed on every worker it was given to (or the cluster went away): the output
    written so far is complete up to the last block written."""

    def __init__(self, kind: str, reason: str) -> None:
        super().__init__(kind, reason)
        self.kind, self.reason = kind, reason
