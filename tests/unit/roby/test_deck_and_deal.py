"""Roby's pack, players, card values, the cut, the deal and its rotation."""

from __future__ import annotations

import pytest

from bots import SeededChance
from domain.errors import SetupError
from domain.record.game import Game
from domain.roby.rules import card_value, deck_of
from tests.unit.roby.table import Table


def test_one_pack_of_52_cards_without_wild_cards_for_four_players() -> None:
    table = Table()
    deck = deck_of(table.state.options)
    assert sum(deck.values()) == 52 and "JK" not in deck
    table.cut_for("ann")
    hands = {p: table.unseen()[i * 10 : i * 10 + 10] for i, p in enumerate(["bob", "cy", "dee", "ann"])}
    hands["bob"][0] = "JK"
    table.refuse("card-conflict", "deal", "ann", hands=hands, upcard="QD")


def test_two_packs_for_five_to_eight_players() -> None:
    for count in (5, 8):
        table = Table(tuple(f"p{i}" for i in range(count)))
        assert table.state.options["packs"] == 2
        assert sum(deck_of(table.state.options).values()) == 104


def test_two_to_eight_players_may_play() -> None:
    Table(("ann", "bob"))
    with pytest.raises(SetupError):
        Game.set_up("roby", ["ann"], {}, "recorded", "", SeededChance(1))
    with pytest.raises(SetupError):
        Game.set_up("roby", [f"p{i}" for i in range(9)], {}, "recorded", "", SeededChance(1))


def test_one_pack_for_five_or_more_players_is_refused_when_the_game_is_created() -> None:
    with pytest.raises(SetupError) as caught:
        Game.set_up("roby", [f"p{i}" for i in range(5)], {"packs": 1}, "recorded", "", SeededChance(1))
    assert caught.value.field == "options.packs"


def test_face_cards_count_ten_the_ace_eleven_and_the_others_their_pips() -> None:
    assert [card_value(c) for c in ("2H", "9S", "10D", "JC", "QH", "KS", "AD")] == [2, 9, 10, 10, 10, 10, 11]


def test_the_player_who_cuts_the_highest_card_deals_with_the_ace_highest() -> None:
    table = Table()
    for player, card in zip(["ann", "bob", "cy", "dee"], ["KH", "AS", "2C", "QD"], strict=True):
        table.act("cut", player, card=card)
    assert table.state.dealer == "bob"


def test_players_tied_for_the_highest_cut_cut_again() -> None:
    table = Table()
    for player, card in zip(["ann", "bob", "cy", "dee"], ["KH", "KS", "2C", "QD"], strict=True):
        table.act("cut", player, card=card)
    assert table.state.dealer is None and table.state.cutters == ["ann", "bob"]
    table.refuse("roby.cut.not-due", "cut", "cy", card="AS")
    table.act("cut", "ann", card="3H")
    table.act("cut", "bob", card="4H")
    assert table.state.dealer == "bob"


def test_each_player_is_dealt_ten_cards_and_the_next_card_starts_the_discard_pile() -> None:
    table = Table()
    table.cut_for("dee")
    table.deal(upcard="9H")
    assert all(len(table.hand(p)) == 10 for p in table.state.players)
    assert table.state.discard == ["9H"]
    assert table.state.stock.size == 52 - 40 - 1


def test_a_recorded_deal_with_a_hand_of_nine_cards_is_refused() -> None:
    table = Table()
    table.cut_for("ann")
    cards = table.unseen()
    hands = {p: cards[i * 10 : i * 10 + 10] for i, p in enumerate(["bob", "cy", "dee", "ann"])}
    hands["cy"] = hands["cy"][:9]
    table.refuse("roby.deal.ten-cards", "deal", "ann", hands=hands, upcard=cards[45])


def test_a_card_dealt_twice_from_one_pack_is_refused() -> None:
    table = Table()
    table.cut_for("ann")
    cards = table.unseen()
    hands = {p: cards[i * 10 : i * 10 + 10] for i, p in enumerate(["bob", "cy", "dee", "ann"])}
    table.refuse("card-conflict", "deal", "ann", hands=hands, upcard=hands["bob"][0])


def test_a_shuffled_deal_gives_two_cards_at_a_time_from_the_dealers_left_and_stores_its_seed() -> None:
    game = Game.set_up("roby", ["ann", "bob", "cy"], {}, "shuffled", "", SeededChance(3))
    chance = SeededChance(4)
    for player in ["ann", "bob", "cy"]:
        game.record({"type": "cut", "player": player}, chance)
    while game.state.dealer is None:
        for player in game.state.cutters:
            game.record({"type": "cut", "player": player}, chance)
    game.record({"type": "deal", "player": game.state.dealer}, chance)
    dealt = game.pending_events[-1]
    from domain.cards.zones import seeded_order

    order = seeded_order(deck_of(game.state.options).elements(), dealt.seed)
    seats = list(dealt.hands)
    assert seats[0] == game.state.turn
    assert dealt.hands[seats[0]][:2] == order[:2] and dealt.hands[seats[1]][:2] == order[2:4]
    assert dealt.upcard == order[30] and dealt.stock == order[31:]


def test_the_player_to_the_dealers_left_plays_first() -> None:
    table = Table()
    table.cut_for("dee")
    table.deal()
    assert table.state.turn == "ann"
