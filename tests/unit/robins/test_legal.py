"""Robins Rummy's recorded mode and its legal-actions list."""

from __future__ import annotations

from domain.record.game import Game
from domain.rules.variant import Chance
from tests.unit.listed import plain
from tests.unit.robins.scenario import Table

BOB = "3S 4S 6C 8D 10S QC AD"


def _bodies(table: Table, kind: str) -> list[dict[str, object]]:
    entries = [e for e in plain(table.game.legal_actions()) if e["type"] == kind]
    return [b for e in entries for b in e.get("choices") or e.get("examples") or []]


def test_a_recorded_stock_draw_names_the_card_and_a_card_already_placed_is_refused() -> None:
    """Recorded mode: each stock card is named as drawn; a card the record places elsewhere is refused."""
    table = Table("KH QH JH 9H 5C 6D 3D", BOB, "KC")
    table.refused("invalid-action", "draw", "ann")
    table.refused("card-conflict", "draw", "ann", card="3S")
    table.do("draw", "ann", card="7C")
    assert "7C" in table.hand("ann")


def test_legal_actions_list_claims_exchanges_and_pickups_as_concrete_bodies() -> None:
    """Rummy claims, wild exchanges and pickups that use their card are listed as concrete bodies."""
    table = Table("KH QH JK 5C 6D 3D 4D", "JH 10H 9H 6C 8D 10S QC", "KC")
    table.turn("ann", "9S")
    table.do("meld", "ann", cards=["KH", "QH", "JK"])
    table.do("discard", "ann", card="9S")
    table.do("draw", "bob", card="3S")
    assert {"type": "exchange", "player": "bob", "meld": 1, "card": "JH", "expected_version": table.game.version} in (
        _bodies(table, "exchange"))
    table.do("exchange", "bob", meld=1, card="JH")
    table.do("discard", "bob", card="10H")
    assert [b["card"] for b in _bodies(table, "claim")] == ["10H"]
    table.do("draw", "ann", card="4C")
    assert any(b["card"] == "10H" and b.get("meld") == 1 for b in _bodies(table, "pick_up"))


def test_a_shuffled_game_lists_only_concrete_bodies_for_the_player_to_act() -> None:
    """Shuffled mode: cut, deal and draw are listed as concrete bodies that the service completes."""
    game = Game.set_up("robins", ["ann", "bob"], {}, "shuffled", "", Chance())
    assert {e["type"] for e in plain(game.legal_actions())} == {"cut"}
    assert all("choices" in e for e in plain(game.legal_actions()))


def _listing(game: Game) -> dict[str, dict[str, object]]:
    """The legal-actions list by kind (one player acts at a time in these scenes)."""
    listed = plain(game.legal_actions())
    assert len({e["type"] for e in listed}) == len(listed)
    return {e["type"]: e for e in listed}


def test_a_recorded_cut_lists_a_template_with_an_uncut_card_as_its_example() -> None:
    """Recorded mode: each player names the card he cut; the examples are different cards of ranks nobody has cut."""
    game = Game.set_up("robins", ["ann", "bob"], {}, "recorded", "", Chance())
    version = game.version
    expected = [
        {"type": "cut", "player": player, "template": {"type": "cut", "player": player, "card": "<card>",
                                                       "expected_version": version},
         "constraints": "card: the card the player cut",
         "examples": [{"type": "cut", "player": player, "card": card, "expected_version": version}]}
        for player, card in (("ann", "AC"), ("bob", "KC"))
    ]
    assert plain(game.legal_actions()) == expected
    game.record({"type": "cut", "player": "ann", "card": "10C"}, Chance())
    assert _listing(game)["cut"]["examples"] == [
        {"type": "cut", "player": "bob", "card": "AC", "expected_version": game.version}]


def test_a_recorded_deal_lists_seven_cards_for_each_player_and_the_upcard() -> None:
    """The dealer enters both hands as dealt, the non-dealer's first, and the 15th card turned up; or the upcard
    alone, each player then entering his own hand."""
    game = Game.set_up("robins", ["ann", "bob"], {"first_dealer": "bob"}, "recorded", "", Chance())
    version = game.version
    listed = plain(game.legal_actions())
    assert [e["type"] for e in listed] == ["deal", "hand_result"]  # or the hand by its result: test_result_hands.py
    assert listed[:1] == [{
        "type": "deal", "player": "bob",
        "template": {"type": "deal", "player": "bob", "hands": {"ann": ["<card>"] * 7, "bob": ["<card>"] * 7},
                     "upcard": "<card>", "expected_version": version},
        "constraints": "hands: the 7 cards dealt to each of ann, bob, or no hands at all (each player then enters "
                       "his own: enter_hand); upcard: the 15th card, turned up; no card more often than the deck "
                       "holds",
        "examples": [{"type": "deal", "player": "bob",
                      "hands": {"ann": ["JK", "JK", "AC", "AD", "AH", "AS", "2C"],
                                "bob": ["2D", "2H", "2S", "3C", "3D", "3H", "3S"]},
                      "upcard": "4C", "expected_version": version},
                     {"type": "deal", "player": "bob", "upcard": "4C", "expected_version": version}],
    }]


def test_the_recorded_deal_lists_the_non_dealers_hand_first_whoever_deals() -> None:
    """With ann dealing, bob is dealt to and plays first: his hand comes first in the template and the example."""
    game = Game.set_up("robins", ["ann", "bob"], {"first_dealer": "ann"}, "recorded", "", Chance())
    deal, _ = plain(game.legal_actions())
    assert list(deal["template"]["hands"]) == ["bob", "ann"]
    assert deal["examples"][0]["hands"] == {"bob": ["JK", "JK", "AC", "AD", "AH", "AS", "2C"],
                                            "ann": ["2D", "2H", "2S", "3C", "3D", "3H", "3S"]}


def test_a_shuffled_deal_is_listed_as_a_body_the_service_completes() -> None:
    """Shuffled mode: the service deals, so the deal is one concrete body naming no card."""
    game = Game.set_up("robins", ["ann", "bob"], {"first_dealer": "ann"}, "shuffled", "", Chance())
    assert plain(game.legal_actions()) == [
        {"type": "deal", "player": "ann", "choices": [{"type": "deal", "player": "ann",
                                                        "expected_version": game.version}]}]


def test_a_recorded_stock_draw_lists_a_template_with_a_card_the_record_places_nowhere() -> None:
    """The example draw names a card no hand, pile or meld holds (10C is in bob's hand, so 10D)."""
    table = Table("KH QH JH 9H 5C 6D 3D", "10C 4S 6C 8D 10S QC AD", "KC")
    version = table.game.version
    assert plain(table.game.legal_actions()) == [{
        "type": "draw", "player": "ann",
        "template": {"type": "draw", "player": "ann", "card": "<card>", "expected_version": version},
        "constraints": "card: the card drawn, which the record does not already place elsewhere",
        "examples": [{"type": "draw", "player": "ann", "card": "10D", "expected_version": version}],
    }]
    table.state.stock.hidden = 1  # arrange: one card left in the stock
    assert _listing(table.game)["draw"]["examples"] == [
        {"type": "draw", "player": "ann", "card": "10D", "expected_version": version}]
    table.state.stock.hidden = 0  # arrange: the stock is empty, so the draw ends the hand and names no card
    assert plain(table.game.legal_actions()) == [
        {"type": "draw", "player": "ann", "choices": [{"type": "draw", "player": "ann", "expected_version": version}]}]


def test_a_shuffled_stock_draw_is_listed_as_a_body_the_service_completes() -> None:
    """Shuffled mode: the service draws the top card, so the draw is a concrete body without a card."""
    game = Game.set_up("robins", ["ann", "bob"], {"first_dealer": "bob"}, "shuffled", "", Chance())
    game.record({"type": "deal", "player": "bob"}, Chance())
    assert plain(game.legal_actions()) == [
        {"type": "draw", "player": "ann", "choices": [{"type": "draw", "player": "ann",
                                                        "expected_version": game.version}]}]


def _flush_laid(ann: str, bob: str, upcard: str, discard: str) -> Table:
    """Ann draws 9C, lays the flush 3H 7H 9H JH KH from her hand and discards."""
    table = Table(ann, bob, upcard)
    table.turn("ann", "9C")
    table.game.record({"type": "meld", "player": "ann", "cards": ["3H", "7H", "9H", "JH", "KH"], "kind": "flush"},
                      Chance())
    table.do("discard", "ann", card=discard)
    return table


def _flush_on_the_table() -> Table:
    """Ann lays the flush and discards 2D, a Rummy bob may claim; the upcard 8H lies below it."""
    return _flush_laid("3H 7H 9H JH KH 2D 8C", "JK 5S 6S 7S 4C QC 10S", "8H", "2D")


def test_a_deuce_rummy_is_listed_with_every_card_it_may_stand_for() -> None:
    """A claimed deuce is laid off at once, declared as any heart the flush lacks: all of them are listed."""
    table = _flush_on_the_table()
    listed = _listing(table.game)
    assert list(listed) == ["claim", "draw"]
    declared = ["AH", "2H", "4H", "5H", "6H", "8H", "10H", "QH"]
    assert listed["claim"]["choices"] == [
        {"type": "claim", "player": "bob", "card": "2D", "meld": 1, "declare": [d],
         "expected_version": table.game.version} for d in declared]


def test_after_the_draw_pickups_lay_offs_and_discards_are_listed() -> None:
    """The top card alone; every card down to the bottom with at most two uses, a lay-off first; a deuce's
    lay-offs declared, two at most per meld; a joker's placed by rule; every card in hand as a discard."""
    table = _flush_on_the_table()
    table.do("draw", "bob", card="10D")
    version = table.game.version
    listed = _listing(table.game)
    assert list(listed) == ["pick_up", "meld", "lay_off", "discard"]
    pickups = listed["pick_up"]["examples"]
    assert [p["card"] for p in pickups] == ["2D", "2D", "2D", "8H", "8H"]
    assert pickups[0] == {"type": "pick_up", "player": "bob", "card": "2D", "expected_version": version}
    assert pickups[1] == {"type": "pick_up", "player": "bob", "card": "2D", "meld": 1, "declare": ["AH"],
                          "expected_version": version}
    assert pickups[3] == {"type": "pick_up", "player": "bob", "card": "8H", "meld": 1, "expected_version": version}
    assert "2D" in pickups[2]["cards"] and "8H" in pickups[4]["cards"]
    assert listed["lay_off"]["examples"] == [
        {"type": "lay_off", "player": "bob", "card": "JK", "meld": 1, "expected_version": version}]
    hand = ["10D", "10S", "4C", "5S", "6S", "7S", "JK", "QC"]
    assert listed["discard"] == {"type": "discard", "player": "bob", "choices": [
        {"type": "discard", "player": "bob", "card": c, "expected_version": version} for c in hand]}


def test_a_deuce_in_hand_is_listed_as_a_lay_off_declared_two_ways_at_most() -> None:
    """On the flush a deuce could stand for eight hearts; the list shows two, each with its declaration."""
    table = _flush_laid("3H 7H 9H JH KH 8C 8D", "2S JK 5S 6S 7S 4C QC", "KC", "9C")
    table.do("draw", "bob", card="10D")
    version = table.game.version
    assert _listing(table.game)["lay_off"]["examples"] == [
        {"type": "lay_off", "player": "bob", "card": "2S", "meld": 1, "declare": ["AH"], "expected_version": version},
        {"type": "lay_off", "player": "bob", "card": "2S", "meld": 1, "declare": ["2H"], "expected_version": version},
        {"type": "lay_off", "player": "bob", "card": "JK", "meld": 1, "expected_version": version},
    ]


def test_no_pickup_is_listed_once_claims_have_emptied_the_discard_pile() -> None:
    """Both discards of ann's turn were Rummies bob claimed: with the pile empty there is nothing to pick up."""
    table = Table("3H 7H 9H JH KH 2D 10H", "JK 5S 6S 7S 4C QC 10S", "8H")
    table.do("draw", "ann", card="9C")
    table.do("pick_up", "ann", card="8H")
    table.game.record({"type": "meld", "player": "ann", "cards": ["3H", "7H", "8H", "9H", "JH", "KH"],
                       "kind": "flush"}, Chance())
    table.do("discard", "ann", card="2D")
    table.do("discard", "ann", card="10H")
    table.do("claim", "bob", card="10H", meld=1)
    table.do("claim", "bob", card="2D", meld=1, declare=["AH"])
    table.do("draw", "bob", card="10D")
    assert table.state.discard == []
    assert list(_listing(table.game)) == ["meld", "lay_off", "discard"]


def test_the_top_card_of_a_longer_pile_is_listed_alone_first() -> None:
    """With three cards in the pile, the first pickup listed takes only the top card, with no duty to use it."""
    table = Table("KH QH JH 9H 5C 6D 3D", "10C 4S 6C 8D 10S QC AD", "KC")
    table.turn("ann", "7S", "7S")
    table.turn("bob", "8S", "8S")
    table.do("draw", "ann", card="9S")
    assert table.state.discard == ["KC", "7S", "8S"]
    pickups = _listing(table.game)["pick_up"]["examples"]
    assert pickups[0] == {"type": "pick_up", "player": "ann", "card": "8S", "expected_version": table.game.version}
