"""The legal-actions contract for Roby: listed bodies are accepted, sampled bodies outside the list refused."""

from __future__ import annotations

import random
from typing import Any

from bots import SeededChance, concrete_bodies, pick, without_version
from bots.roby import PREFERRED
from domain.errors import MeldbookError
from domain.record.game import Game
from domain.roby.rules import deck_of
from domain.roby.variant import Roby
from domain.rules.actions import parse_action
from domain.rules.variant import Decision
from tests.unit.listed import plain
from tests.unit.roby.table import Table

KINDS = tuple(Roby.action_kinds)
TEMPLATE_KINDS = {"go_out"}


def normal(body: dict[str, Any]) -> str:
    """A body in a canonical form: meld cards sorted, version dropped."""
    shown = without_version(body)
    if shown.get("type") == "meld":
        shown["cards"] = sorted(shown["cards"])
    return repr(sorted(shown.items()))


def accepted(game: Game, body: dict[str, Any]) -> bool:
    try:
        game.rules.decide(
            Decision(game.state, game.version, SeededChance(0)), parse_action(game.rules.action_kinds, body)
        )
    except MeldbookError:
        return False
    return True


def uses_whole_hand(game: Game, body: dict[str, Any]) -> bool:
    """The go_out template's constraint: every card in hand is used exactly once."""
    used = [c for meld in body.get("melds", []) for c in meld] + [x["card"] for x in body.get("lay_offs", [])]
    used += [body["discard"]] if body.get("discard") else []
    return sorted(used) == sorted(game.state.hands[body["player"]].known)


def sampled_bodies(game: Game, rng: random.Random) -> list[dict[str, Any]]:
    """Random bodies of every kind: any player, cards from the hand or the deck, meld ids near the table's."""
    state = game.state
    deck = sorted(deck_of(state.options))
    bodies = []
    for kind in KINDS:
        for _ in range(4):
            player = rng.choice(state.players)
            hand = state.hands[player].known if state.hands else []
            cards = (
                rng.sample(hand, min(len(hand), rng.randint(1, 4)))
                if hand and rng.random() < 0.7
                else rng.sample(deck, 3)
            )
            body: dict[str, Any] = {"type": kind, "player": player}
            if kind in ("meld",):
                body["cards"] = cards
            elif kind in ("discard", "lay_off"):
                body["card"] = cards[0]
            if kind == "lay_off":
                body["meld"] = rng.randint(0, len(state.melds) + 1)
            if kind == "draw":
                body["source"] = rng.choice(["stock", "discard"])
            if kind == "go_out":
                body["melds"] = [cards]
            bodies.append(body)
    return bodies


def test_every_listed_body_is_accepted_and_sampled_bodies_outside_the_list_are_refused() -> None:
    rng = random.Random(11)
    covered: set[str] = set()
    for seed in range(3):
        chance = SeededChance(seed)
        game = Game.set_up("roby", ["ann", "bob", "cy", "dee"], {}, "shuffled", "", chance)
        for step in range(400):
            if game.rules.is_over(game.state):
                break
            legal = plain(game.legal_actions())
            listed = {normal(b) for entry in legal for b in concrete_bodies(entry)}
            if step % 5 == 0:
                for body in [b for entry in legal for b in concrete_bodies(entry)]:
                    assert accepted(game, without_version(body)), body
                for body in sampled_bodies(game, rng):
                    if normal(body) in listed:
                        continue
                    covered.add(body["type"])
                    if body["type"] in TEMPLATE_KINDS and accepted(game, body):
                        assert uses_whole_hand(game, body), body
                    else:
                        assert not accepted(game, body), body
            game.record(pick(legal, rng, PREFERRED), chance)
    assert covered == set(KINDS)


def test_the_listed_kinds_are_the_only_open_kinds() -> None:
    chance = SeededChance(5)
    game = Game.set_up("roby", ["ann", "bob"], {}, "shuffled", "", chance)
    rng = random.Random(5)
    for _ in range(300):
        legal = plain(game.legal_actions())
        open_kinds = {entry["type"] for entry in legal}
        for kind in set(KINDS) - open_kinds - TEMPLATE_KINDS:
            for player in game.state.players:
                body = {"type": kind, "player": player}
                assert not accepted(game, body)
        game.record(pick(legal, rng, PREFERRED), chance)


def test_a_recorded_game_lists_templates_with_a_concrete_example_for_draws_from_the_stock() -> None:
    game = Game.set_up("roby", ["ann", "bob"], {}, "recorded", "", SeededChance(1))
    chance = SeededChance(1)
    game.record({"type": "cut", "player": "ann", "card": "KS"}, chance)
    game.record({"type": "cut", "player": "bob", "card": "2S"}, chance)
    deal = next(e for e in plain(game.legal_actions()) if e["type"] == "deal")
    assert "<card>" in repr(deal["template"]) and deal["examples"]
    game.record(without_version(deal["examples"][0]), chance)
    draw = next(e for e in plain(game.legal_actions()) if e.get("template"))
    assert draw["template"]["card"] == "<card>" and draw["template"]["expected_version"] == game.version
    example = draw["examples"][0]
    game.record(without_version(example), chance)
    assert example["card"] in game.state.hands["bob"].known


def test_the_recorded_cut_examples_name_a_rank_not_yet_cut_so_following_them_chooses_a_dealer() -> None:
    game = Game.set_up("roby", ["ann", "bob", "cy"], {}, "recorded", "", SeededChance(1))
    chance = SeededChance(1)
    while game.state.dealer is None:
        entry = plain(game.legal_actions())[0]
        game.record(without_version(entry["examples"][0]), chance)
    assert game.state.dealer == "ann"
    assert [type(e).__name__ for e in game.pending_events].count("CardCut") == 3


def test_a_recorded_cut_lists_a_template_whose_example_is_the_highest_rank_not_yet_cut() -> None:
    """Each player names the card he cut; following the examples (aces, then kings...) picks a dealer at once."""
    table = Table(("ann", "bob", "cy"))
    version = table.game.version
    assert plain(table.game.legal_actions()) == [
        {"type": "cut", "player": p,
         "template": {"type": "cut", "player": p, "card": "<card>", "expected_version": version},
         "constraints": "card: the card the player cut, not one already cut",
         "examples": [{"type": "cut", "player": p, "card": card, "expected_version": version}]}
        for p, card in (("ann", "AC"), ("bob", "KC"), ("cy", "QC"))
    ]
    table.act("cut", "ann", card="AS")
    assert [e["examples"][0]["card"] for e in plain(table.game.legal_actions())] == ["KC", "QC"]


def test_a_recorded_deal_lists_ten_cards_for_each_player_from_the_dealers_left_and_the_upcard() -> None:
    """The dealer enters every hand as dealt and the card turned up, or the upcard alone (the players then enter their
    own hands); the first example deals the sorted pack in turn."""
    table = Table(("ann", "bob", "cy"))
    table.cut_for("bob")
    version = table.game.version
    pack = [f"{r}{s}" for r in ("A", "2", "3", "4", "5", "6", "7", "8") for s in "CDHS"]
    listed = table.game.legal_actions()
    assert [e["type"] for e in listed] == ["deal", "hand_result"]  # or the hand by its result: test_result_hands.py
    assert plain(listed[:1]) == [{
        "type": "deal", "player": "bob",
        "template": {"type": "deal", "player": "bob", "hands": {p: ["<card>"] * 10 for p in ("cy", "ann", "bob")},
                     "upcard": "<card>", "expected_version": version},
        "constraints": "hands: the 10 cards dealt to each of cy, ann, bob, or no hands at all (each player then "
                       "enters his own: enter_hand); upcard: the card turned up; no card more often than the packs "
                       "hold",
        "examples": [{"type": "deal", "player": "bob",
                      "hands": {"cy": pack[:10], "ann": pack[10:20], "bob": pack[20:30]}, "upcard": pack[30],
                      "expected_version": version},
                     {"type": "deal", "player": "bob", "upcard": pack[30], "expected_version": version}],
    }]


def test_a_recorded_turn_lists_the_stock_draw_as_a_template_and_the_pickup_with_or_without_its_card() -> None:
    """The stock card is named by the recorder (the example is a card the record places nowhere); the pickup takes
    the top of the discard pile, which the body may name."""
    table = Table()
    table.cut_for("dee")
    table.deal(upcard="AH", ann="4H 5H 6H 7H KC KD KS QS QH QC")
    version = table.game.version
    placed = {c for zone in table.state.hands.values() for c in zone.known} | set(table.state.discard)
    unseen = sorted(c for c in deck_of(table.state.options) if c not in placed)
    body = {"type": "draw", "player": "ann", "source": "stock"}
    pickup = {"type": "draw", "player": "ann", "source": "discard", "expected_version": version}
    assert plain(table.game.legal_actions()) == [
        {"type": "draw", "player": "ann", "template": {**body, "card": "<card>", "expected_version": version},
         "constraints": "card: the card drawn, which the record does not already place elsewhere",
         "examples": [{**body, "card": unseen[0], "expected_version": version}]},
        {"type": "draw", "player": "ann", "choices": [pickup, {**pickup, "card": "AH"}]},
    ]


def test_the_go_out_template_and_its_example_use_every_card_in_hand() -> None:
    """In his first turn a player who can table all eleven cards sees go_out; the example, posted, goes out."""
    table = Table()
    table.cut_for("dee")
    table.deal(upcard="AH", keep="2D", ann="4H 5H 6H 7H KC KD KS QS QH QC")
    table.act("draw", "ann", source="stock", card="2D")
    version = table.game.version
    listed = {e["type"]: e for e in plain(table.game.legal_actions())}
    assert list(listed) == ["discard", "go_out"]
    assert listed["discard"]["choices"] == [
        {"type": "discard", "player": "ann", "card": c, "expected_version": version} for c in table.hand("ann")]
    go_out = listed["go_out"]
    assert go_out["template"] == {"type": "go_out", "player": "ann", "melds": [["<card>"]],
                                  "lay_offs": [{"card": "<card>", "meld": 0}], "discard": "<card>",
                                  "expected_version": version}
    assert go_out["constraints"] == ("melds, then lay-offs (meld ids as listed, new melds numbered on), then at most "
                                     "one discard, using every card in hand")
    [example] = go_out["examples"]
    assert uses_whole_hand(table.game, example)
    # The plan found first: the hand's melds in sorted order, then the lay-offs, then the highest legal discard.
    assert without_version(example) == {
        "type": "go_out", "player": "ann", "melds": [["4H", "5H", "6H"], ["QC", "QH", "QS"], ["KC", "KD", "KS"]],
        "lay_offs": [{"card": "7H", "meld": 1}], "discard": "2D"}
    table.game.record(without_version(example), table.chance)
    assert table.events("WentOut")[0].player == "ann"


def test_a_busted_player_is_listed_his_two_choices() -> None:
    """After a hand, each busted player decides in turn: re-enlist or leave."""
    table = Table()
    table.state.scores["bob"] = 95  # arrange: bob is at 95 from earlier hands
    table.cut_for("dee")
    table.deal(keep="2D", ann="4H 5H 6H 7H KC KD KS QS QH QC")
    table.act("draw", "ann", source="stock", card="2D")
    table.act("go_out", "ann", melds=[["4H", "5H", "6H", "7H"], ["KC", "KD", "KS"], ["QS", "QH", "QC"]], discard="2D")
    version = table.game.version
    assert plain(table.game.legal_actions()) == [
        {"type": kind, "player": "bob", "choices": [{"type": kind, "player": "bob", "expected_version": version}]}
        for kind in ("reenlist", "leave")
    ]


def test_after_his_first_turn_a_player_is_listed_his_melds_and_lay_offs() -> None:
    """From his second turn: every meld his hand makes, and the lay-offs the rules accept (on his own meld here);
    a card that fits a meld on the table is no longer a legal discard."""
    table = Table()
    table.cut_for("dee")
    table.deal(upcard="QD", keep="AH", ann="4H 5H 6H 7H 9C 9D 9S KC KD 2S")
    table.pass_round()
    table.act("draw", "ann", source="stock", card="AH")
    version = table.game.version
    listed = {e["type"]: e for e in plain(table.game.legal_actions())}
    assert list(listed) == ["discard", "meld"]
    assert listed["meld"]["choices"] == [
        {"type": "meld", "player": "ann", "cards": cards, "expected_version": version}
        for cards in (["4H", "5H", "6H"], ["4H", "5H", "6H", "7H"], ["5H", "6H", "7H"], ["9C", "9D", "9S"])]
    table.act("meld", "ann", cards=["4H", "5H", "6H"])
    version = table.game.version
    listed = {e["type"]: e for e in plain(table.game.legal_actions())}
    assert list(listed) == ["discard", "meld", "lay_off"]
    assert listed["meld"]["choices"] == [
        {"type": "meld", "player": "ann", "cards": ["9C", "9D", "9S"], "expected_version": version}]
    assert listed["lay_off"]["choices"] == [
        {"type": "lay_off", "player": "ann", "card": "7H", "meld": 1, "expected_version": version}]
    assert [b["card"] for b in listed["discard"]["choices"]] == ["2S", "9C", "9D", "9S", "AH", "KC", "KD"]


def test_a_shuffled_turn_lists_the_stock_draw_as_a_body_the_service_completes() -> None:
    """Shuffled mode: the service draws the stock's top card, so that draw names no card; the pickup may name the
    top of the discard pile."""
    chance = SeededChance(2)
    game = Game.set_up("roby", ["ann", "bob"], {}, "shuffled", "", chance)
    while game.state.phase != "play":
        game.record(without_version(concrete_bodies(game.legal_actions()[0])[0]), chance)
    player, version, top = game.state.turn, game.version, game.state.discard[-1]
    pickup = {"type": "draw", "player": player, "source": "discard", "expected_version": version}
    assert plain(game.legal_actions()) == [
        {"type": "draw", "player": player,
         "choices": [{"type": "draw", "player": player, "source": "stock", "expected_version": version}]},
        {"type": "draw", "player": player, "choices": [pickup, {**pickup, "card": top}]},
    ]
