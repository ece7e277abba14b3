"""``--page`` and ``--per-page``: every listing command pages alike, within the same limits."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import click

from bigtwo import limits

F = TypeVar("F", bound=Callable[..., object])


def page_options(order: str, rows: str) -> Callable[[F], F]:
    """The two options, their help naming the listing's ``order`` ("newest tables first") and
    what a page holds (``rows``, "Tables")."""
    page = click.option("--page", type=click.IntRange(1, limits.MAX_PAGE_NUMBER), default=1,
                        show_default=True, help=f"Which page ({order}).")
    per_page = click.option("--per-page", type=click.IntRange(1, limits.MAX_PER_PAGE),
                            default=50, show_default=True, help=f"{rows} per page.")

    def apply(command: F) -> F:
        return page(per_page(command))

    return apply
