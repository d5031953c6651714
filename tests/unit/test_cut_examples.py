"""Recorded games: the listed cut examples are distinct cards of distinct ranks that the record does not place, and
a recorder who follows them reaches the deal in one round of cuts, in every variant."""

from __future__ import annotations

import pytest

from domain.record.game import Game
from domain.rules.decision import Chance

TABLES = [("roby", 4), ("roby", 8), ("robins", 2), ("royal", 3), ("royal", 8)]


def cut_examples(game: Game) -> dict[str, str]:
    """Each listed cutter's example card; nothing but cuts is listed while the cut is on."""
    legal = game.legal_actions()
    assert {entry["type"] for entry in legal} == {"cut"}
    return {entry["player"]: entry["examples"][0]["card"] for entry in legal}


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_following_the_listed_cut_examples_reaches_the_deal_in_one_round_of_cuts(variant: str, players: int) -> None:
    names = [f"p{i + 1}" for i in range(players)]
    game = Game.set_up(variant, names, {}, "recorded", "", Chance())
    cut: list[str] = []
    while game.state.phase == "cut":
        assert len(cut) < players, f"the cut did not choose a dealer after {len(cut)} cuts: {cut}"
        examples = cut_examples(game)
        cards = list(examples.values())
        assert len(set(cards)) == len(cards), f"two players are offered the same card: {examples}"
        ranks = [card[:-1] for card in cards]
        assert len(set(ranks)) == len(ranks), f"two players are offered the same rank: {examples}"
        assert not set(cards) & set(game.state.cuts.values()), "an example names a card already cut"
        player = next(iter(examples))
        game.record({"type": "cut", "player": player, "card": examples[player]}, Chance())
        cut.append(examples[player])
    assert len(cut) == players
    assert game.state.phase in ("deal", "ace_bet")


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_after_a_tie_the_examples_still_choose_a_dealer(variant: str, players: int) -> None:
    names = [f"p{i + 1}" for i in range(players)]
    game = Game.set_up(variant, names, {}, "recorded", "", Chance())
    for player, card in zip(names, ["AS", "AH", "3C", "4C", "5C", "6C", "7C", "8C"], strict=False):
        game.record({"type": "cut", "player": player, "card": card}, Chance())
    assert game.state.phase == "cut", "the two aces tie"
    for _ in range(2):
        examples = cut_examples(game)
        player = next(iter(examples))
        game.record({"type": "cut", "player": player, "card": examples[player]}, Chance())
    assert game.state.phase in ("deal", "ace_bet")
