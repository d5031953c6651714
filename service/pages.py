"""A page of a list, as every list use case returns it: its items, how many there are in all, whether more follow."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

Item = TypeVar("Item")


@dataclass(frozen=True, slots=True)
class Page(Generic[Item]):
    """One bounded page of a list."""

    items: list[Item]
    total: int
    more: bool
