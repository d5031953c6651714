"""What the table sees of a Robins Rummy hand: both hands are shown at its end, when the cards left count."""

from __future__ import annotations

from typing import Any

from domain.access.visibility import Viewer, view_doc
from tests.unit.robins.scenario import Table
from tests.unit.robins.test_scoring import BOB, _ann_goes_out


def seen(table: Table, viewer: Viewer) -> dict[str, Any]:
    doc: dict[str, Any] = view_doc(table.game.rules.to_doc(table.state), viewer)
    return doc


def test_at_the_end_of_a_hand_the_cards_left_in_each_hand_are_shown() -> None:
    """"Any cards left in your hand at the end of that hand is counted as negative points": the table sees them."""
    table = Table("KH QH JH 10H 9H 8H 7H", BOB, "KC")
    assert seen(table, Viewer.SPECTATOR)["hands"]["bob"] == {"count": 7, "secret": True}
    assert seen(table, Viewer.seat("bob"))["hands"]["bob"]["cards"] == BOB.split()
    assert seen(table, Viewer.seat("bob"))["hands"]["ann"] == {"count": 7, "secret": True}
    _ann_goes_out(table)
    hands = seen(table, Viewer.SPECTATOR)["hands"]
    assert (hands["bob"]["cards"], hands["bob"]["secret"]) == (BOB.split(), False)
    assert seen(table, Viewer.SPECTATOR)["stock"]["secret"] is True
