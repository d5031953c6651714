"""What the table sees of a Royal Rummy deal: poker hands at a showdown, a lone survivor's never, no hand left
at the end of the rummy hand, the dummy and the dead hand never."""

from __future__ import annotations

from typing import Any

from domain.access.visibility import Viewer, view_doc
from domain.record.game import Game
from tests.unit.royal.helpers import cards, pick_hands, play_out, record, setup
from tests.unit.royal.test_poker import P1_SF6, P2_SFQ, P3_FLUSH


def seen(game: Game, viewer: Viewer) -> dict[str, Any]:
    doc: dict[str, Any] = view_doc(game.rules.to_doc(game.state), viewer)
    return doc


def _poker() -> Game:
    game = setup()
    pick_hands(game, {"p1": P1_SF6, "p2": P2_SFQ, "p3": P3_FLUSH})
    return game


def test_a_chosen_poker_hand_is_its_players_until_a_showdown_shows_it() -> None:
    """A seat sees its own five cards; at the showdown every hand still in is shown, a folded one is not."""
    game = _poker()
    assert seen(game, Viewer.seat("p1"))["poker"]["chosen"]["p1"]["cards"] == P1_SF6
    assert seen(game, Viewer.seat("p1"))["poker"]["chosen"]["p2"] == {"count": 5, "secret": True}
    assert seen(game, Viewer.SPECTATOR)["poker"]["chosen"]["p1"] == {"count": 5, "secret": True}
    record(game, "bet", "p1", amount=2)
    record(game, "fold", "p2")
    record(game, "call", "p3")
    chosen = seen(game, Viewer.SPECTATOR)["poker"]["chosen"]
    assert (chosen["p1"]["cards"], chosen["p3"]["cards"]) == (P1_SF6, P3_FLUSH)
    assert chosen["p2"] == {"count": 5, "secret": True}
    assert all(set(hand) == {"count", "secret"} for hand in seen(game, Viewer.SPECTATOR)["hands"].values())


def test_a_lone_survivors_poker_hand_is_never_shown() -> None:
    """"A lone survivor wins unshown": his chosen cards stay his, the others' too."""
    game = _poker()
    record(game, "bet", "p1", amount=5)
    record(game, "fold", "p2")
    record(game, "fold", "p3")
    chosen = seen(game, Viewer.SPECTATOR)["poker"]["chosen"]
    assert all(hand == {"count": 5, "secret": True} for hand in chosen.values()), chosen
    assert seen(game, Viewer.seat("p1"))["poker"]["chosen"]["p1"]["cards"] == P1_SF6


def test_the_dummy_and_the_dead_hand_stay_hidden_from_every_seat() -> None:
    """Nobody sees the dead hand, nor the dummy before it is taken; the taker's seat sees it as his hand."""
    game = setup(dummy="dead", poker=False)
    for viewer in (Viewer.SPECTATOR, *(Viewer.seat(p) for p in game.state.players)):
        assert seen(game, viewer)["dead"] == {"count": 13, "secret": True}
    swapped = setup(dummy="swap", poker=False)
    assert seen(swapped, Viewer.seat("p3"))["hands"]["p3"]["cards"] == swapped.state.hands["p3"].known


def test_no_hand_is_shown_when_the_rummy_hand_ends() -> None:
    """Losers pay by the number of cards they hold, which every view sees: at the end of the rummy hand (and in
    the states of the move that ends it, before the next deal) no hand is shown to spectators or other seats."""
    game = setup(poker=False, losers_pay=True)
    plays = [("p1", cards("2-7C")), ("p2", cards("8-AC")), ("p3", None), ("p1", None), ("p2", cards("9-AH"))]
    play_out(game, plays)
    events = list(game.collect_events())
    went_out = next(e for e in events if type(e).__name__ == "WentOut")
    replayed = None
    for event in events[: events.index(went_out) + 1]:
        replayed = event.mutate(replayed)
    assert isinstance(replayed, Game) and replayed.state.hands["p1"].size == 7
    for viewer in (Viewer.SPECTATOR, Viewer.seat("p2")):
        hands = seen(replayed, viewer)["hands"]
        assert hands["p1"] == {"count": 7, "secret": True} and hands["p3"] == {"count": 13, "secret": True}
