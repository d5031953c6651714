"""When the stock runs out: the discard pile is rebuilt into a stock, or the hand is void."""

from __future__ import annotations

from bots import SeededChance
from domain.cards.zones import Zone, seeded_order
from domain.roby import settle
from domain.roby.state import RobyState
from domain.rules.variant import Decision
from tests.unit.roby.table import Table


def draw_and_discard_from_stock(table: Table) -> None:
    """The player to act draws a card the stock can hold and discards it at once."""
    player = table.state.turn
    assert player is not None
    card = table.state.stock.known[0] if table.state.stock.known else table.unseen()[0]
    table.act("draw", player, source="stock", card=card)
    table.act("discard", player, card=card)


def run_out_the_stock(table: Table) -> None:
    """Draw and discard until the stock runs out (and is rebuilt, or the hand is void)."""
    outcomes = len(table.events("StockReshuffled")) + len(table.events("HandVoided"))
    while len(table.events("StockReshuffled")) + len(table.events("HandVoided")) == outcomes:
        draw_and_discard_from_stock(table)


def test_an_empty_stock_is_rebuilt_from_the_discard_pile_but_its_top_card() -> None:
    table = Table()
    table.cut_for("dee")
    table.deal()
    pile_before_last_discard = None
    while not table.events("StockReshuffled"):
        pile_before_last_discard = list(table.state.discard)
        draw_and_discard_from_stock(table)
    rebuilt = table.events("StockReshuffled")[0]
    assert pile_before_last_discard is not None
    assert sorted(rebuilt.cards) == sorted(pile_before_last_discard)
    assert len(table.state.discard) == 1 and table.state.stock.size == len(pile_before_last_discard)
    assert rebuilt.order is None and rebuilt.seed is None


def test_after_a_rebuild_a_recorded_draw_must_name_a_card_of_the_rebuilt_stock() -> None:
    table = Table()
    table.cut_for("dee")
    table.deal()
    run_out_the_stock(table)
    assert table.state.stock.size and table.state.stock.hidden == 0
    player = table.state.turn
    assert player is not None
    table.refuse("card-conflict", "draw", player, source="stock", card=table.state.discard[-1])
    [listed] = [e for e in table.game.legal_actions() if e.get("template")]
    assert [b["card"] for b in listed["examples"]] == [min(table.state.stock.known)]
    table.act("draw", player, source="stock", card=table.state.stock.known[-1])


def test_the_hand_is_void_when_the_discard_pile_holds_a_single_card() -> None:
    state = RobyState(players=["ann", "bob"], options={"max_reshuffles": 3}, deal_mode="recorded")
    state.standing = {"ann": "in", "bob": "in"}
    state.dealer, state.stock, state.discard = "ann", Zone(secret=True), ["7H"]
    decision = Decision(state, 40, SeededChance(1))
    settle.after_discard(decision)
    assert [cls.__name__ for cls, _ in decision.events] == ["HandVoided", "DealerChosen"]
    assert decision.events[0][1] == {"reason": "the stock ran out and the discard pile holds a single card"}
    assert decision.state.dealer == "bob" and decision.state.ledger.balances == {}


def test_a_hand_is_void_when_the_stock_runs_out_after_the_allowed_rebuilds() -> None:
    table = Table(max_reshuffles=1)
    table.cut_for("dee")
    table.deal()
    run_out_the_stock(table)
    assert len(table.events("StockReshuffled")) == 1
    run_out_the_stock(table)
    assert table.events("HandVoided")[0].reason == "the stock ran out again after 1 rebuilds"
    assert table.state.phase == "deal" and table.state.dealer == "ann"
    assert not table.events("PointsScored")


def test_between_a_discard_and_the_stock_it_rebuilds_only_the_discard_pile_can_be_drawn_from() -> None:
    """The state inside that move (a shuffled stock just emptied) lists, and refuses, a draw from the stock."""
    from bots.roby import play_roby
    from domain.record.game import Game

    events = play_roby(9, players=3).collect_events()
    rebuilt = next(e for e in events if type(e).__name__ == "StockReshuffled")
    game = None
    for event in events[: rebuilt.originator_version - 1]:
        game = event.mutate(game)
    assert isinstance(game, Game) and game.state.stock.size == 0 and game.state.stock.ordered
    listed = [body for entry in game.legal_actions() for body in entry.get("choices", [])]
    assert {body["source"] for body in listed if body["type"] == "draw"} == {"discard"}
def test_a_stock_with_one_card_left_is_not_rebuilt() -> None:
    """The discard pile is turned into a new stock only when the stock is empty: its last card is still drawn."""
    state = RobyState(players=["ann", "bob"], options={"max_reshuffles": 3}, deal_mode="recorded")
    state.standing = {"ann": "in", "bob": "in"}
    state.dealer, state.stock, state.discard = "ann", Zone(hidden=1, secret=True), ["7H", "8C", "9D"]
    decision = Decision(state, 40, SeededChance(1))
    settle.after_discard(decision)
    assert decision.events == [] and decision.state.stock.size == 1


def test_in_a_shuffled_game_the_rebuilt_stock_is_shuffled_with_a_stored_seed() -> None:
    """The discard pile but its top card becomes the stock in the order its recorded seed gives."""
    state = RobyState(players=["ann", "bob"], options={"max_reshuffles": 0}, deal_mode="shuffled")
    state.standing = {"ann": "in", "bob": "in"}
    state.dealer, state.stock = "ann", Zone(ordered=True, secret=True)
    state.discard = ["9D", "7H", "KS", "8C", "2S"]
    decision = Decision(state, 40, SeededChance(1))
    settle.after_discard(decision)
    [(event, fields)] = decision.events
    assert event.__name__ == "StockReshuffled"
    assert fields["cards"] == ["7H", "8C", "9D", "KS"] and fields["seed"] is not None
    assert fields["order"] == seeded_order(["9D", "7H", "KS", "8C"], fields["seed"])
    assert decision.state.stock.known == fields["order"] and decision.state.discard == ["2S"]
