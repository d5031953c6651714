"""While the betting is open, the state shows the pots as the showdown would build them: the main pot with the
Pot space's chips and a side pot above each all-in level; outside the betting it shows none."""

from __future__ import annotations

import pytest

from domain.record.game import Game
from domain.royal.events_play import PokerShown, PotAwarded
from domain.royal.poker import pots_doc
from domain.royal.state import POKER_BET
from tests.bot_games import play_royal


@pytest.mark.parametrize("seed", [1, 4])
def test_the_pots_shown_before_the_showdown_are_the_pots_it_awards(seed: int) -> None:
    game: Game | None = None
    shown: list[dict[str, object]] = []
    awarded: list[dict[str, object]] = []
    for event in play_royal(seed, 3, deals=1).collect_events():
        if isinstance(event, PokerShown) and game is not None:
            shown = pots_doc(game.state)
        if isinstance(event, PotAwarded):
            awarded.append({"pot": event.pot, "chips": event.amount, "eligible": list(event.eligible)})
        game = event.mutate(game)
        assert game is not None
        if game.state.phase != POKER_BET:
            assert pots_doc(game.state) == []
    assert len(awarded) > 1 and shown == awarded
    assert game is not None and game.rules.to_doc(game.state)["poker"]["pots"] == []


def test_a_betting_round_shows_the_main_pot_with_the_pot_space_chips_and_every_contender() -> None:
    game: Game | None = None
    for event in play_royal(1, 3, deals=1).collect_events():
        game = event.mutate(game)
        assert game is not None
        if game.state.phase == POKER_BET:
            break
    assert game is not None
    doc = game.rules.to_doc(game.state)["poker"]["pots"]
    state = game.state
    assert doc == [{"pot": "pot", "chips": state.ledger.balance("pot"), "eligible": state.left_of(state.dealer or "")}]
