"""The command line's progress bar: on standard error, and only on a terminal (a pipe or a log gets the summary)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn


@contextmanager
def progress_bar(what: str, total: int | None) -> Iterator[Callable[[int], None]]:
    """A progress bar towards `total` (None: unknown); yields the function that advances it."""
    console = Console(stderr=True)
    columns = (TextColumn(what), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True, disable=not console.is_terminal) as bar:
        task = bar.add_task(what, total=total)
        yield lambda done: bar.advance(task, done)
