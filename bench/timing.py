"""The benchmarks' one timer: the best of several runs of a function (noise only adds time)."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_of(repeat: int, fn: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)
