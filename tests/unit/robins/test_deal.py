"""Robins Rummy's players, deck, options, first dealer, deal and turn order."""

from __future__ import annotations

from collections import Counter

import pytest

from domain.errors import SetupError
from domain.record.game import Game
from domain.robins.rules import deck
from domain.rules.variant import Chance
from tests.unit.robins.scenario import RULES, Table

ANN = "KH QH JH JK 9H 5C 6D"
BOB = "3S 4S 7C 8D 10S QC AD"


def _game(players: list[str], options: dict[str, object] | None = None, mode: str = "shuffled") -> Game:
    return Game.set_up("robins", players, options or {}, mode, "", Chance())


def test_two_players_and_a_deck_with_two_jokers() -> None:
    """A full deck with two jokers: 54 cards."""
    assert sum(deck().values()) == 54
    assert deck()["JK"] == 2
    assert len(deck()) == 53


def test_a_third_player_is_refused_at_creation() -> None:
    """Exactly two players: a third is refused with a SetupError, and no game exists."""
    with pytest.raises(SetupError) as caught:
        _game(["ann", "bob", "cy"])
    assert caught.value.code == "invalid-setup"
    assert caught.value.message == "Robins Rummy is played by exactly two players, not 3"
    with pytest.raises(SetupError):
        _game(["ann"])


def test_seven_cards_each_and_the_fifteenth_card_starts_the_discard_pile() -> None:
    """Seven cards each; the 15th card turned up starts the discard pile; 39 remain in the stock."""
    game = _game(["ann", "bob"], {"first_dealer": "bob"})
    game.record({"type": "deal", "player": "bob"}, Chance())
    state = game.state
    assert [len(state.hands[p].known) for p in ("ann", "bob")] == [7, 7]
    assert len(state.discard) == 1
    assert state.stock.size == 39
    cards = Counter([*state.hands["ann"].known, *state.hands["bob"].known, *state.discard, *state.stock.known])
    assert cards == deck()


def test_the_non_dealer_plays_first() -> None:
    """The person having been dealt to plays the first turn."""
    assert Table(ANN, BOB, "4C", dealer="bob").state.turn == "ann"
    assert Table(ANN, BOB, "4C", dealer="ann").state.turn == "bob"


def test_the_deal_alternates_every_hand() -> None:
    """The dealer changes at the end of every hand, whichever player dealt it."""
    for dealer, first in (("bob", "ann"), ("ann", "bob")):
        hands = {first: "KH QH JH 10H 9H 8H 7H", ("bob" if first == "ann" else "ann"): BOB}
        table = Table(hands["ann"], hands["bob"], "4C", dealer=dealer)
        table.do("draw", first, card="5C")
        table.do("meld", first, cards=["KH", "QH", "JH", "10H", "9H", "8H", "7H"])
        table.do("discard", first, card="5C")
        ended = next(e for e in table.events if type(e).__name__ == "HandEnded")
        assert (ended.reason, ended.player) == ("went-out", first)
        chosen = [e for e in table.events if type(e).__name__ == "DealerChosen"][-1]
        assert (chosen.dealer, chosen.reason) == (first, "robins.dealer.alternates")
        assert table.state.dealer == first
        assert table.state.phase == "deal"


def test_a_linked_game_names_the_first_dealer() -> None:
    """The loser of the most recent game between the two deals first, when the record links to it."""
    game = _game(["ann", "bob"], {"first_dealer": "ann"})
    assert game.state.dealer == "ann"
    assert RULES.to_move(game.state) == ["ann"]
    with pytest.raises(SetupError):
        _game(["ann", "bob"], {"first_dealer": "cy"})


def test_the_higher_cut_deals_and_ties_cut_again() -> None:
    """First dealer by cut: the higher card deals (ace high); ties cut again."""
    game = _game(["ann", "bob"], mode="recorded")
    for player, card in (("ann", "7S"), ("bob", "7H")):
        game.record({"type": "cut", "player": player, "card": card}, Chance())
    assert game.state.dealer is None
    assert game.state.cuts == {}
    for player, card in (("ann", "AS"), ("bob", "KH")):
        game.record({"type": "cut", "player": player, "card": card}, Chance())
    assert game.state.dealer == "ann"


def test_a_cut_joker_counts_lowest() -> None:
    """Our ruling: a joker cut for the deal ranks below every other card."""
    game = _game(["ann", "bob"], mode="recorded")
    for player, card in (("ann", "JK"), ("bob", "3C")):
        game.record({"type": "cut", "player": player, "card": card}, Chance())
    assert game.state.dealer == "bob"


def test_options_are_declared_at_creation_and_stored() -> None:
    """Every option is resolved when the game is created and stored in the creation event."""
    game = _game(["ann", "bob"], {"deuce_in_hand": 20})
    created = game.collect_events()[0]
    assert created.options == {"deuce_in_hand": 20, "first_dealer": None, "abandon": "no_winner"}
    assert _game(["ann", "bob"]).options == {"deuce_in_hand": 5, "first_dealer": None, "abandon": "no_winner"}
    with pytest.raises(SetupError):
        _game(["ann", "bob"], {"deuce_in_hand": 10})
    with pytest.raises(SetupError):
        _game(["ann", "bob"], {"target": 300})
