"""The work of one block, on a worker: read its lines, check them, and put the reports where
the driver wants them (returned, a part file under ``--out``, or the local spool)."""

from __future__ import annotations

from bigtwo.batch.blocks import Block, block_lines, part_name
from bigtwo.batch.cluster import BlockResult, CheckSpec, check_block, split_lines
from bigtwo.batch.scans import Scan, scan_block
from bigtwo.batch.spool import spool_part


def run_block(block: Block, newlines_before: int, spec: CheckSpec, out: str | None,
              spool: str | None = None) -> BlockResult:
    """Read the block's lines, check them; with ``out``, write them as a part file there
    (a recomputed block writes the same bytes again) and send back only the counts; with
    ``spool`` (a local directory the driver reads), the same, see ``spool_part``."""
    first_line, data = block_lines(block, newlines_before)
    result = check_block(split_lines(data), first_line, spec, block.index)
    if out is not None:
        import fsspec

        with fsspec.open(f"{out.rstrip('/')}/{part_name(block.index)}", "wb") as part:
            part.write(result.data)
        result.data = b""
    elif spool is not None:
        spool_part(spool, result)
    return result


def scan_and_check(block: Block, max_line: int | None, spec: CheckSpec, spool: str,
                   ) -> tuple[Scan, BlockResult]:
    """The scan and the check of one block in one task, before the lines ahead of it are
    counted: its lines numbered from its own start, its unreadable lines left for the driver
    to number (``check_block(holes=True)``), its reports spooled. A block with a line over
    the limit is not checked: the run will be refused."""
    own = block.read(block.start, block.end)  # one read for the scan and the check
    scan = scan_block(block, max_line, summary=False, own_bytes=own)
    result = BlockResult(block.index)
    if scan.over_at is None:
        first_line, data = block_lines(block, 0, max_line, own_bytes=own)
        result = check_block(split_lines(data), first_line, spec, block.index, holes=True)
    spool_part(spool, result)
    return scan, result


