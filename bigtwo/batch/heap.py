"""glibc's heap kept for reuse in a local cluster's workers.

A worker reads each block whole (tens of MB), splits it into lines and writes its reports:
every such buffer is over glibc's mmap threshold, so it is mapped fresh from the kernel and
given back when freed, and each of its pages faults in again for the next block. The single
process reads a line at a time and never pays that. Raising the thresholds keeps freed
blocks in the heap for the next one. Set in the driver before the workers fork, so they
inherit it (glibc reads no setting again after its start)."""

from __future__ import annotations

import sys

# mallopt's parameter numbers (malloc.h) and the largest mmap threshold glibc takes on 64 bits.
M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3
MMAP_THRESHOLD = 32 << 20
TRIM_THRESHOLD = 256 << 20


def keep_blocks_in_heap() -> bool:
    """True when glibc took the settings; elsewhere (macOS, musl) nothing changes."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    try:
        libc = ctypes.CDLL(None)
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and bool(
        mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD))
