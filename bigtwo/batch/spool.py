"""The spool of a local run: workers write their report bytes to part files in a directory
of this machine, and the driver copies them to its output in input order, in the kernel
where it can (``sendfile``), putting back the unreadable lines' reports numbered."""

from __future__ import annotations

from typing import IO, Any

from bigtwo.batch.blocks import READ_CHUNK, part_name
from bigtwo.batch.cluster import BlockResult
from bigtwo.formats.jsoncodec import dumps


def spool_dir() -> str:
    """A new private directory for one run's parts (the caller removes it)."""
    import tempfile

    return tempfile.mkdtemp(prefix="bigtwo-reports-")


def spool_part(spool: str, result: BlockResult) -> None:
    """Write a block's report bytes to the local spool directory, whole or not at all (a
    worker killed mid-write leaves a temporary name; a block computed twice writes the same
    bytes): the driver copies them to stdout with ``sendfile``, never decoding or holding
    them, where receiving them through Dask cost it about 1 s of CPU per 48 MB."""
    import os

    final = os.path.join(spool, part_name(result.index))
    partial = f"{final}.{os.getpid()}"
    with open(partial, "wb") as part:
        part.write(result.data)
    os.replace(partial, final)
    result.data = b""


class SpoolReader:
    """Copies spooled part files to stdout in input order: with ``sendfile`` (in the kernel,
    without decoding or holding them) when stdout is a file descriptor that takes it, else
    through Python; an unreadable line's report goes in its hole, numbered."""

    def __init__(self, stdout: IO[bytes]) -> None:
        self.stdout = stdout
        try:
            self.fd: int | None = stdout.fileno()
        except (AttributeError, OSError, ValueError):  # a test's captured stream
            self.fd = None

    def copy(self, path: str, holes: list[tuple[int, dict[str, Any]]], before: int) -> None:
        import os

        with open(path, "rb") as part:
            at = 0
            for offset, document in holes:
                self._range(part, at, offset)
                line = {**document, "line": document["line"] + before}  # the key keeps its place
                self.stdout.write(dumps(line) + b"\n")
                at = offset
            self._range(part, at, os.fstat(part.fileno()).st_size)
        os.unlink(path)

    def _range(self, part: IO[bytes], start: int, end: int) -> None:
        import os

        if start >= end:
            return
        self.stdout.flush()
        while self.fd is not None and start < end:
            try:
                sent = os.sendfile(self.fd, part.fileno(), start, end - start)
            except BlockingIOError:  # a non-blocking pipe that is full: wait for room
                import select

                select.select([], [self.fd], [])
                continue
            except OSError as exc:
                import errno

                if exc.errno not in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
                    raise
                self.fd = None  # this stdout takes no sendfile: copy through Python
                break
            if sent == 0:
                break
            start += sent
        part.seek(start)
        while start < end:
            chunk = part.read(min(READ_CHUNK, end - start))
            if not chunk:
                break
            self.stdout.write(chunk)
            start += len(chunk)


