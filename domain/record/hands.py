"""A record's hands by version: where each starts and whether it has ended, as each variant's events say."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass

from domain.rules.variant import Variant


@dataclass(frozen=True, slots=True)
class HandSpans:
    """The versions of the events that start and end the hands of a record, read up to some version."""

    starts: tuple[int, ...] = ()
    ends: tuple[int, ...] = ()

    def ended(self, version: int) -> bool:
        """Whether the hand that the state or event at `version` belongs to had ended by the record's last version.

        A version belongs to the hand started by the last start at or before it (the setup and the first cuts
        to none); that hand has ended when an end lies between its start and the next.
        """
        index = bisect_right(self.starts, version)
        start = self.starts[index - 1] if index else 0
        following = self.starts[index] if index < len(self.starts) else None
        return any(start <= end and (following is None or end < following) for end in self.ends)

    def hand_ended(self, version: int) -> bool:
        """Whether the hand holding `version` had ended, the setup and the first cuts counting as the first hand's."""
        return self.ended(max(version, self.starts[0]) if self.starts else version)


def hand_spans(rules: Variant, topics: Iterable[tuple[int, str]]) -> HandSpans:
    """The hands of a record, from each event's version and topic, by the variant's events that start and end one."""
    starts, ends = [], []
    for version, topic in topics:
        if topic in rules.hand_starters:
            starts.append(version)
        elif topic in rules.hand_enders:
            ends.append(version)
    return HandSpans(tuple(starts), tuple(ends))
