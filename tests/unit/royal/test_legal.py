"""Royal Rummy's legal-actions list, phase by phase: concrete bodies and templates with their examples."""

from __future__ import annotations

from typing import Any

from domain.cards.card import Card
from domain.record.game import Game
from tests.unit.listed import plain
from tests.unit.royal.helpers import SPADES_TO_P3, FixedChance, cards, cut_to, new_game, pick_hands, record, setup


def _body(kind: str, player: str, version: int, **fields: Any) -> dict[str, Any]:
    return {"type": kind, "player": player, **fields, "expected_version": version}


def _choices(kind: str, player: str, version: int) -> dict[str, Any]:
    """An entry with the one concrete body of a kind that needs no more fields."""
    return {"type": kind, "player": player, "choices": [_body(kind, player, version)]}


def _template(kind: str, player: str, version: int, fields: dict[str, Any], constraints: str,
              examples: list[dict[str, Any]]) -> dict[str, Any]:
    return {"type": kind, "player": player, "template": _body(kind, player, version, **fields),
            "constraints": constraints, "examples": [_body(kind, player, version, **e) for e in examples]}


def _by_kind(game: Game) -> dict[str, dict[str, Any]]:
    listed = plain(game.legal_actions())
    return {e["type"]: e for e in listed}


def test_a_recorded_cut_lists_a_template_for_every_player_and_the_table_may_end_the_game() -> None:
    """Every player cuts (the examples name different cards of ranks nobody has cut); ending the game is the table's
    action, listed apart and confirmed."""
    game = new_game(3)
    version = game.version
    assert plain(game.legal_actions()) == [
        _template("cut", p, version, {"card": "<card>"}, "card: the card the player cut, not one already cut",
                  [{"card": card}]) for p, card in (("p1", "AC"), ("p2", "KC"), ("p3", "QC"))
    ]
    listed = game.table_actions()
    assert [e["choices"] for e in listed[:2]] == [
        [{"type": kind, "confirm": True, "expected_version": version}] for kind in ("end_game", "abandon")
    ]
    assert listed[2]["type"] == "bring_forward" and "template" in listed[2]  # test_brought_forward.py
    record(game, "cut", "p1", card="10C")
    assert [e["examples"] for e in plain(game.legal_actions()) if e["type"] == "cut"] == [
        [_body("cut", p, game.version, card=card)] for p, card in (("p2", "AC"), ("p3", "KC"))]


def test_a_shuffled_cut_and_deal_are_bodies_the_service_completes() -> None:
    """Shuffled mode: the service cuts and deals, so each is one concrete body naming no card."""
    game = new_game(3, mode="shuffled")
    assert plain(game.legal_actions())[0] == _choices("cut", "p1", game.version)
    while game.state.phase == "cut":
        record(game, "cut", game.rules.to_move(game.state)[0])
    dealer = game.state.dealer
    assert dealer is not None
    assert plain(game.legal_actions()) == [_choices("deal", dealer, game.version)]


def test_the_dealer_is_offered_ace_bets_on_every_ace_without_a_standing_bet() -> None:
    """With ace betting the dealer bets (examples of 1 to 3 chips on each free corner ace) or declines; the others
    then cover or decline."""
    game = new_game(3, ace_betting=True)
    cut_to(game, "p3")
    version = game.version
    examples = [{"ace": a, "amount": n} for a in "CDHS" for n in (1, 2, 3)]
    assert plain(game.legal_actions()) == [
        _choices("no_ace_bet", "p3", version),
        _template("ace_bet", "p3", version, {"ace": "<C|D|H|S>", "amount": "<int>"},
                  "ace: a corner ace with no standing bet; amount: 1 to 91", examples),
    ]
    record(game, "ace_bet", "p3", ace="S", amount=2)
    version = game.version
    assert plain(game.legal_actions()) == [_choices("cover", "p1", version), _choices("decline", "p1", version)]


def test_a_recorded_deal_lists_each_live_hand_from_the_dealers_left_and_the_dummy_gets_the_rest() -> None:
    """Four players: 11, 11, 10 and 10 cards from the dealer's left, a dummy of 10; the example deals the sorted
    pack in that order."""
    game = new_game(4)
    cut_to(game, "p2")
    version = game.version
    pack = [f"{r}{s}" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K") for s in "CDHS"]
    sizes = {"p3": 11, "p4": 11, "p1": 10, "p2": 10}
    hands, start = {}, 0
    for player, size in sizes.items():
        hands[player], start = pack[start:start + size], start + size
    assert plain(game.legal_actions()) == [
        _template("deal", "p2", version, {"hands": {p: ["<card>"] * n for p, n in sizes.items()}},
                  "hands: the cards dealt to each of p3, p4, p1, p2; the dummy is the rest (10 cards)",
                  [{"hands": hands}]),
    ]


def test_the_dealer_swaps_or_keeps_and_the_dummy_is_auctioned_from_his_left() -> None:
    """After the deal the dealer swaps or keeps; each bidder passes or bids one more than the last bid up to his
    stack (examples: the lowest, the middle and the highest)."""
    game = setup(dummy="none")
    version = game.version
    assert plain(game.legal_actions()) == [_choices("swap", "p3", version), _choices("keep", "p3", version)]
    record(game, "keep", "p3")
    version = game.version
    assert plain(game.legal_actions()) == [
        _choices("pass", "p1", version),
        _template("bid", "p1", version, {"amount": "<int>"}, "amount: 1 to 91",
                  [{"amount": 1}, {"amount": 46}, {"amount": 91}]),
    ]
    record(game, "bid", "p1", amount=5)
    assert _by_kind(game)["bid"]["constraints"] == "amount: 6 to 91"
    assert [b["amount"] for b in _by_kind(game)["bid"]["examples"]] == [6, 48, 91]


def test_each_player_picks_five_cards_listed_as_examples_from_his_sorted_hand() -> None:
    """The poker hand: five different cards of the player's hand; the examples are five in a row of his hand sorted
    by rank (the ace first), starting at every other card."""
    game = setup()
    version = game.version
    entries = plain(game.legal_actions())
    assert entries[:3] == [
        _template("poker_hand", p, version, {"cards": ["<card>"] * 5}, "cards: five different cards of the player's "
                  "hand", [{"cards": picks} for picks in examples])
        for p, examples in (
            ("p1", [cards("2C", "2H", "3C", "3H", "4C"), cards("3C", "3H", "4C", "4H", "5C"),
                    cards("4C", "4H", "5C", "5H", "6C"), cards("5C", "5H", "6C", "6H", "7C")]),
            ("p2", [cards("AC", "AH", "8C", "9C", "9H"), cards("8C", "9C", "9H", "10C", "10H"),
                    cards("9H", "10C", "10H", "JC", "JH"), cards("10H", "JC", "JH", "QC", "QH")]),
            ("p3", [cards("AS", "2-5S"), cards("3-7S"), cards("5-9S"), cards("7-JS")]),
        )
    ]
    assert len(entries) == 3


def test_the_betting_round_lists_checks_bets_and_raises_within_the_players_stack() -> None:
    """Before a bet: check, fold, all-in or bet 1 to his stack; after one: call, fold, all-in or raise to a new total
    of at least the bet plus the last raise, at most what he holds."""
    game = setup()
    pick_hands(game, {"p1": cards("2-6C"), "p2": cards("8-QC"), "p3": cards("2-5S", "7S")})
    version = game.version
    assert plain(game.legal_actions()) == [
        _choices("check", "p1", version), _choices("fold", "p1", version), _choices("all_in", "p1", version),
        _template("bet", "p1", version, {"amount": "<int>"}, "amount: 1 to 91",
                  [{"amount": 1}, {"amount": 46}, {"amount": 91}]),
        _template("raise", "p1", version, {"amount": "<int>"}, "amount: the new total, 1 to 91", []),
    ]
    record(game, "bet", "p1", amount=5)
    record(game, "raise", "p2", amount=12)
    version = game.version
    assert plain(game.legal_actions()) == [
        _choices("call", "p3", version), _choices("fold", "p3", version), _choices("all_in", "p3", version),
        _template("bet", "p3", version, {"amount": "<int>"}, "amount: 1 to 91", []),
        _template("raise", "p3", version, {"amount": "<int>"}, "amount: the new total, 19 to 91",
                  [{"amount": 19}, {"amount": 55}, {"amount": 91}]),
    ]


def test_the_rummy_hand_lists_the_lowest_black_card_and_every_run_up_from_it() -> None:
    """The leader plays his lowest black card, alone or with the cards that follow it in his hand; the next player
    must play the wanted card when he holds it, else passes."""
    game = setup(poker=False)
    for player, run in (("p1", cards("2-7C")), ("p2", cards("8-AC"))):
        version = game.version
        assert plain(game.legal_actions()) == [
            {"type": "play", "player": player,
             "choices": [_body("play", player, version, cards=run[:n]) for n in range(1, len(run) + 1)]},
        ]
        record(game, "play", player, cards=run)
    assert plain(game.legal_actions()) == [_choices("pass", "p3", game.version)]


def test_a_leader_with_two_lowest_black_cards_of_one_rank_is_listed_both() -> None:
    """On equal ranks the leader chooses the suit: p1 may lead 2C (and the clubs above it) or 2S."""
    hands = {**SPADES_TO_P3, "p1": [*cards("2-7C", "2-7H"), "2S"], "p3": [*cards("3-AS"), "8H"]}
    game = setup(hands, poker=False)
    plays = [b["cards"] for b in _by_kind(game)["play"]["choices"]]
    assert plays == [cards("2-7C")[:n] for n in range(1, 7)] + [["2S"]]


def test_with_aces_high_a_run_from_the_king_goes_on_to_the_ace() -> None:
    """P1 plays the clubs up to the queen; p2, holding KC and AC, may play the king alone or with the ace above it."""
    hands = {"p1": cards("2-QC", "2H", "3H"), "p2": cards("KC", "AC", "4-AH"), "p3": cards("2-AS")}
    game = setup(hands, poker=False)
    record(game, "play", "p1", cards=cards("2-QC"))
    assert [b["cards"] for b in _by_kind(game)["play"]["choices"]] == [["KC"], ["KC", "AC"]]


def test_with_aces_high_the_leader_leads_a_black_card_below_his_ace() -> None:
    """The ace ranks above the king: holding AC and 5S, p1's lowest black card is the 5S."""
    hands = {"p1": cards("AC", "5S", "2-QH"), "p2": cards("2-KC", "KH"), "p3": cards("2-4S", "6-AS", "AH")}
    game = setup(hands, poker=False)
    assert [b["cards"] for b in _by_kind(game)["play"]["choices"]] == [["5S"]]


def test_a_player_holding_just_five_cards_is_shown_them_as_his_poker_hand() -> None:
    """Eight players: seven hands of six cards (one example each, five in a row) and the dealer's five (his hand)."""
    game = new_game(8)
    cut_to(game, "p8")
    [deal] = [e for e in plain(game.legal_actions()) if e["type"] == "deal"]
    game.record({k: v for k, v in deal["examples"][0].items() if k != "expected_version"}, FixedChance())
    record(game, "keep", "p8")
    for player in game.state.left_of("p8")[:-1]:
        record(game, "pass", player)
    examples = {e["player"]: [b["cards"] for b in e["examples"]] for e in plain(game.legal_actions())
                if e["type"] == "poker_hand"}
    hands = {p: sorted(game.state.hands[p].known, key=Card.parse) for p in game.state.players}
    assert {p: len(hands[p]) for p in hands} == {**{f"p{i}": 6 for i in range(1, 8)}, "p8": 5}
    assert examples == {p: [hands[p][:5]] for p in hands}


def test_a_stack_too_short_for_a_full_raise_is_listed_no_raise_example() -> None:
    """P1 holds 6 chips facing a bet of 4: the least full raise (to 8) is beyond him, so the raise template has no
    example; going all in is listed as its own action."""
    game = setup(dummy="none")
    record(game, "keep", "p3")
    record(game, "bid", "p1", amount=85)
    record(game, "pass", "p2")
    pick_hands(game, {"p1": cards("10-AD"), "p2": cards("8-QC"), "p3": cards("2-5S", "7S")})
    record(game, "check", "p1")
    record(game, "bet", "p2", amount=4)
    record(game, "call", "p3")
    listed = _by_kind(game)
    assert list(listed) == ["call", "fold", "all_in", "bet", "raise"]
    assert listed["raise"]["examples"] == [] and listed["bet"]["examples"] == []
