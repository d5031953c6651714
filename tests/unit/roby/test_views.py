"""What the table sees of a Roby hand: every hand left is shown for scoring once a player goes out; a void hand
shows nothing."""

from __future__ import annotations

from typing import Any

from domain.access.visibility import Viewer, view_doc
from tests.unit.roby.table import Table
from tests.unit.roby.test_empty_stock import run_out_the_stock
from tests.unit.roby.test_going_out import dealt


def seen(table: Table, viewer: Viewer) -> dict[str, Any]:
    doc: dict[str, Any] = view_doc(table.game.rules.to_doc(table.state), viewer)
    return doc


def test_when_a_player_goes_out_every_hand_left_is_shown_for_scoring() -> None:
    """"The opponents will score the points of the cards remaining in their hands": the table sees them."""
    table = dealt("4H 5H 6H 7H KC KD KS QS QH QC")
    table.act("draw", "ann", source="stock", card="2D")
    assert seen(table, Viewer.SPECTATOR)["hands"]["bob"] == {"count": 10, "secret": True}
    assert sorted(seen(table, Viewer.seat("bob"))["hands"]["bob"]["cards"]) == table.hand("bob")
    assert seen(table, Viewer.seat("bob"))["hands"]["ann"] == {"count": 11, "secret": True}
    table.act("go_out", "ann", melds=[["4H", "5H", "6H", "7H"], ["KC", "KD", "KS"], ["QS", "QH", "QC"]], discard="2D")
    hands = seen(table, Viewer.SPECTATOR)["hands"]
    assert {p: (sorted(h["cards"]), h["secret"]) for p, h in hands.items()} == {
        p: (table.hand(p), False) for p in ("ann", "bob", "cy", "dee")}
    assert seen(table, Viewer.SPECTATOR)["stock"] == {"count": table.state.stock.size, "secret": True}


def test_a_void_hand_shows_no_hand() -> None:
    """Nobody scores a void hand, so nobody lays his cards down: the hands stay hidden."""
    table = Table(max_reshuffles=1)
    table.cut_for("dee")
    table.deal()
    run_out_the_stock(table)
    run_out_the_stock(table)
    assert table.events("HandVoided")
    hands = seen(table, Viewer.SPECTATOR)["hands"]
    assert all(set(hand) == {"count", "secret"} for hand in hands.values()), hands
