"""A record's hands by version: each version belongs to the hand its last deal started, ended or not."""

from __future__ import annotations

from domain.record.hands import HandSpans, hand_spans
from domain.roby.variant import Roby


def test_a_version_belongs_to_the_hand_started_by_the_last_deal_before_it() -> None:
    """Versions from a deal up to the next one belong to its hand, which has ended once an end lies among them."""
    spans = HandSpans(starts=(5, 20), ends=(15,))
    assert [spans.ended(v) for v in (5, 14, 15, 19)] == [True] * 4
    assert [spans.ended(v) for v in (20, 30)] == [False, False]
    assert not spans.ended(3), "the setup and the first cuts belong to no hand"
    assert not HandSpans(starts=(5,)).ended(7)


def test_each_variant_names_the_events_that_start_and_end_its_hands() -> None:
    topics = [(1, "meldbook.GameCreated"), (4, "meldbook.roby.HandDealt"), (9, "meldbook.roby.WentOut"),
              (12, "meldbook.roby.HandDealt"), (20, "meldbook.roby.HandVoided"), (21, "meldbook.roby.HandDealt")]
    assert hand_spans(Roby(), topics) == HandSpans(starts=(4, 12, 21), ends=(9, 20))
