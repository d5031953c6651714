"""Irregularities of a real Roby table: a misdeal, an exposed card, a card drawn out of turn, a hand called off and
an abandoned game, each recorded by the table as it happened (domain/roby/irregular.py)."""

from __future__ import annotations

from typing import Any

import pytest

from bots import SeededChance
from domain.access.visibility import Viewer, view_doc
from domain.errors import MeldbookError
from domain.record.game import Game
from domain.roby.state import RobyState
from tests.unit.roby.table import Table


def table_act(table: Table, kind: str, **fields: Any) -> list[str]:
    """Record an action of the table; return the names of the events it stored after its envelope."""
    count = table.game.record({"type": kind, **fields}, table.chance)
    envelope, *own = [type(event).__name__ for event in table.game.pending_events[-count:]]
    assert envelope == "MoveRecorded"
    return own


def table_refused(table: Table, code: str, kind: str, **fields: Any) -> MeldbookError:
    """An action of the table refused with this code, leaving the version and the state as they were."""
    version, doc = table.game.version, table.game.rules.to_doc(table.state)
    with pytest.raises(MeldbookError) as caught:
        table.game.record({"type": kind, **fields}, table.chance)
    assert caught.value.code == code, caught.value.message
    assert (table.game.version, table.game.rules.to_doc(table.state)) == (version, doc)
    return caught.value


def dealt_table(**options: Any) -> Table:
    table = Table(("ann", "bob", "cy"), **options)
    table.cut_for("cy")
    table.deal()
    return table


def listed(game: Game, kind: str) -> dict[str, Any] | None:
    return next((entry for entry in game.table_actions() if entry["type"] == kind), None)


def test_a_misdeal_voids_the_deal_and_the_same_dealer_deals_again() -> None:
    table = dealt_table()
    choice = listed(table.game, "misdeal")
    assert choice is not None and {c["reason"] for c in choice["choices"]} == {"wrong_count", "card_exposed", "other"}
    assert table_act(table, "misdeal", reason="wrong_count", confirm=True) == ["MisdealDeclared"]
    state: RobyState = table.state
    assert state.phase == "deal" and state.dealer == "cy"
    assert state.hands == {} and state.discard == [] and state.stock.size == 0
    assert state.scores == {"ann": 0, "bob": 0, "cy": 0} and state.ledger.balance("pot") == 1500
    table.deal(upcard="KD")
    assert state.phase == "play" and table.state.turn == "ann" and table.state.discard == ["KD"]


def test_a_misdeal_is_refused_once_the_first_draw_is_made_and_without_its_confirmation() -> None:
    table = dealt_table()
    problem = table_refused(table, "invalid-action", "misdeal", reason="wrong_count")
    assert problem.field == "confirm"
    assert table_refused(table, "invalid-action", "misdeal", reason="late", confirm=True).field == "reason"
    table.act("draw", "ann", source="stock", card=table.unseen()[0])
    assert listed(table.game, "misdeal") is None
    table_refused(table, "irregularity.misdeal-too-late", "misdeal", reason="other", confirm=True)


def test_in_a_shuffled_game_a_misdeal_is_dealt_again_from_a_fresh_shuffle() -> None:
    game = Game.set_up("roby", ["ann", "bob"], {}, "shuffled", "", SeededChance(3))
    for player in ("ann", "bob"):
        game.record({"type": "cut", "player": player}, SeededChance(3))
    while game.state.phase == "cut":
        game.record({"type": "cut", "player": game.rules.to_move(game.state)[0]}, SeededChance(5))
    dealer = game.state.dealer
    game.record({"type": "deal", "player": dealer}, SeededChance(11))
    first = {p: list(z.known) for p, z in game.state.hands.items()}
    game.record({"type": "misdeal", "reason": "card_exposed", "confirm": True}, SeededChance(0))
    game.record({"type": "deal", "player": dealer}, SeededChance(12))
    assert game.state.dealer == dealer and {p: list(z.known) for p, z in game.state.hands.items()} != first


def test_an_exposed_card_stays_in_its_holders_hand_and_every_view_shows_it() -> None:
    table = dealt_table()
    card = table.hand("bob")[0]
    assert table_act(table, "expose_card", holder="bob", card=card) == ["CardExposed"]
    assert card in table.hand("bob") and table.state.turn == "ann"
    spectator = view_doc(table.game.rules.to_doc(table.state), Viewer.SPECTATOR)
    assert spectator["exposed"] == [{"player": "bob", "card": card}]
    assert spectator["hands"]["bob"] == {"count": 10, "secret": True}


def test_an_exposed_card_must_be_in_the_holders_hand_and_the_holder_a_player() -> None:
    table = dealt_table()
    other = table.hand("ann")[0]
    table_refused(table, "irregularity.not-in-hand", "expose_card", holder="bob", card=other)
    assert table_refused(table, "invalid-action", "expose_card", holder="zed", card=other).field == "holder"
    assert table_refused(table, "unknown-card", "expose_card", holder="bob", card="1X").field == "card"


def test_a_card_drawn_out_of_turn_is_shown_and_shuffled_back_into_the_stock() -> None:
    table = dealt_table()
    card, size = table.unseen()[0], table.state.stock.size
    assert table_act(table, "draw_out_of_turn", drawer="bob", card=card) == ["CardDrawnOutOfTurn"]
    assert table.state.stock.size == size and table.state.turn == "ann" and not table.state.drawn
    assert card not in table.hand("bob") and table.state.exposed == [{"player": "bob", "card": card}]
    table.act("draw", "ann", source="stock", card=card)
    assert card in table.hand("ann")


def test_a_draw_out_of_turn_names_a_card_the_stock_may_hold_and_a_player_not_to_act() -> None:
    table = dealt_table()
    table_refused(table, "irregularity.not-in-stock", "draw_out_of_turn", drawer="bob", card=table.hand("cy")[0])
    table_refused(table, "irregularity.on-turn", "draw_out_of_turn", drawer="ann", card=table.unseen()[0])
    assert table_refused(table, "invalid-action", "draw_out_of_turn", drawer="bob").field == "card"


def test_in_a_shuffled_game_a_card_drawn_out_of_turn_is_the_top_card_and_the_stock_is_shuffled_again() -> None:
    game = Game.set_up("roby", ["ann", "bob"], {}, "shuffled", "", SeededChance(3))
    while game.state.phase == "cut":
        game.record({"type": "cut", "player": game.rules.to_move(game.state)[0]}, SeededChance(5))
    game.record({"type": "deal", "player": game.state.dealer}, SeededChance(11))
    stock = list(game.state.stock.known)
    drawer = next(p for p in game.state.players if p != game.state.turn)
    game.record({"type": "draw_out_of_turn", "drawer": drawer}, SeededChance(21))
    event = game.pending_events[-1]
    assert event.card == stock[0] and sorted(event.order) == sorted(stock) and event.seed is not None
    assert game.state.stock.known == event.order


def test_the_table_calls_off_a_hand_that_can_no_longer_end_and_the_deal_passes_on() -> None:
    table = dealt_table()
    table.pass_round()
    assert table_act(table, "call_off", confirm=True) == ["HandVoided", "DealerChosen"]
    assert table.events("HandVoided")[-1].reason == "called off by the table"
    assert table.state.phase == "deal" and table.state.dealer == "ann"
    assert table.state.scores == {"ann": 0, "bob": 0, "cy": 0} and not table.events("PointsScored")


def test_max_reshuffles_defaults_to_no_limit_in_recorded_games_and_to_three_in_shuffled_ones() -> None:
    recorded = Game.set_up("roby", ["ann", "bob"], {}, "recorded", "", SeededChance(1))
    shuffled = Game.set_up("roby", ["ann", "bob"], {}, "shuffled", "", SeededChance(1))
    assert recorded.options["max_reshuffles"] == 0 and shuffled.options["max_reshuffles"] == 3
    spec = next(o for o in recorded.rules.describe()["options"] if o["name"] == "max_reshuffles")
    assert spec["default_by_deal_mode"] == {"recorded": 0, "shuffled": 3}
    kept = Game.set_up_again(recorded.collect_events()[0], {"max_reshuffles": 3})
    assert kept.options["max_reshuffles"] == 3


def test_an_abandoned_game_shares_the_pot_equally_among_the_players_still_in() -> None:
    table = dealt_table(buy_in=100)
    table.pass_round()
    assert table_act(table, "abandon", confirm=True)[0] == "GameAbandoned"
    shares = table.transfers("roby.abandon.pot-shared")
    assert shares == [("pot", f"player:{p}", 100, "GameAbandoned") for p in ("ann", "bob", "cy")]
    assert table.state.phase == "over" and table.state.winner is None and table.state.ledger.balance("pot") == 0
    assert not table.events("PointsScored")


def test_odd_units_of_a_shared_pot_go_to_the_players_nearest_the_dealers_left() -> None:
    table = dealt_table(buy_in=101)
    table.state.ledger.move("player:cy", "pot", 1)  # a pot of 304 among three
    table_act(table, "abandon", confirm=True)
    assert [t[1:3] for t in table.transfers("roby.abandon.pot-shared")] == [
        ("player:ann", 102), ("player:bob", 101), ("player:cy", 101)
    ]


def test_under_buy_ins_returned_every_buy_in_goes_back_and_the_rest_is_shared() -> None:
    table = dealt_table(buy_in=100, abandon="buy_ins_returned")
    table.state.ledger.move("player:bob", "pot", 30)  # as a re-enlistment fee would
    table_act(table, "abandon", confirm=True)
    assert [t[1:3] for t in table.transfers("roby.abandon.buy-in-returned")] == [
        ("player:ann", 100), ("player:bob", 100), ("player:cy", 100)
    ]
    assert [t[1:3] for t in table.transfers("roby.abandon.pot-shared")] == [
        ("player:ann", 10), ("player:bob", 10), ("player:cy", 10)
    ]


def test_a_game_created_before_the_abandon_option_is_settled_by_its_default_and_keeps_its_stored_options() -> None:
    table = dealt_table(buy_in=100)
    del table.state.options["abandon"]
    assert table.state.options["max_reshuffles"] == 0
    table_act(table, "abandon", confirm=True)
    assert len(table.transfers("roby.abandon.pot-shared")) == 3
    table_refused(table, "wrong-phase", "abandon", confirm=True)
