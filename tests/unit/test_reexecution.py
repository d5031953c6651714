"""The move envelope: every move stores it first, numbered and complete, and re-executing the stored actions in
order through Game.record, into a game set up the same way, stores exactly the same events (every variant,
shuffled and recorded). There is no second rules engine."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bots import SeededChance
from bots.royal_twin import entered_royal_twin
from bots.twins import entered_twin, moves_of, recorded_twin
from domain.errors import CardConflictError, InvalidActionError
from domain.record.game import Game
from domain.record.moves import MoveRecorded
from domain.record.reexecution import reexecute
from domain.rules.decision import NoChance
from tests.bot_games import play_robins, play_roby, play_royal

PLAYERS: dict[str, Callable[[int], list[Any]]] = {
    "roby": lambda seed: play_roby(seed, 2 + seed % 3).collect_events(),
    "robins": lambda seed: play_robins(seed)[1],
    "royal": lambda seed: play_royal(seed, deals=1).collect_events(),
}
SEEDS = range(2)


def facts(events: list[Any]) -> list[tuple[str, dict[str, Any]]]:
    """Each event after the game's creation: its type and its data."""
    return [(type(e).__name__, e.payload) for e in events[1:]]


def check_reexecution(events: list[Any]) -> None:
    envelopes = [e for e in events if isinstance(e, MoveRecorded)]
    again = reexecute(events[0], envelopes).collect_events()
    assert facts(again) == facts(events)


def check_envelopes(events: list[Any]) -> None:
    moves = moves_of(events)
    assert [m.envelope.move for m in moves] == list(range(1, len(moves) + 1))
    setup = next(i for i, e in enumerate(events) if isinstance(e, MoveRecorded))
    assert sum(1 + len(m.events) for m in moves) == len(events) - setup, "after the setup, every event is a move's"
    for move in moves:
        assert move.events, "every move stores events of its own after its envelope"
        assert move.envelope.recorded_by == "recorder"
        assert "expected_version" not in move.envelope.action
        assert move.events[0].originator_version == move.envelope.originator_version + 1


@pytest.mark.parametrize("variant", sorted(PLAYERS))
@pytest.mark.parametrize("seed", SEEDS)
def test_re_executing_the_stored_actions_of_a_shuffled_bot_game_stores_the_same_events(variant: str, seed: int) -> None:
    events = PLAYERS[variant](seed)
    check_envelopes(events)
    check_reexecution(events)


@pytest.mark.parametrize("variant", sorted(PLAYERS))
@pytest.mark.parametrize("seed", SEEDS)
def test_re_executing_the_stored_actions_of_a_recorded_game_stores_the_same_events(variant: str, seed: int) -> None:
    events = recorded_twin(PLAYERS[variant](seed)).collect_events()
    assert events[0].deal_mode == "recorded"
    check_envelopes(events)
    check_reexecution(events)


@pytest.mark.parametrize("seed", SEEDS)
def test_re_executing_a_roby_game_whose_hands_its_players_entered_stores_the_same_events(seed: int) -> None:
    """Entries, stated counts and the checks that waited for a hand are recorded again as they were."""
    events = entered_twin(PLAYERS["roby"](seed)).collect_events()
    assert {"HandEntered", "CheckDeferred", "DeferredChecksMade"} <= {type(e).__name__ for e in events}
    check_envelopes(events)
    check_reexecution(events)


@pytest.mark.parametrize("seed", SEEDS)
def test_re_executing_a_robins_game_whose_hands_its_players_entered_stores_the_same_events(seed: int) -> None:
    """Robins Rummy's entries and stated counts are recorded again as they were."""
    events = entered_twin(PLAYERS["robins"](seed)).collect_events()
    assert {"HandEntered", "CountStated"} <= {type(e).__name__ for e in events}
    check_envelopes(events)
    check_reexecution(events)


@pytest.mark.parametrize("seed", SEEDS)
def test_re_executing_a_royal_game_whose_hands_its_players_entered_stores_the_same_events(seed: int) -> None:
    """Entries, stated counts of cards, ace bets judged on an entry and the checks that waited for a hand are
    recorded again as they were."""
    events = entered_royal_twin(PLAYERS["royal"](seed)).collect_events()
    assert {"HandEntered", "CountStated"} <= {type(e).__name__ for e in events}
    check_envelopes(events)
    check_reexecution(events)


def test_a_shuffled_move_stores_what_the_service_filled_in() -> None:
    game = Game.set_up("roby", ["ann", "bob"], {"buy_in": 0}, "shuffled", "", SeededChance(5))
    game.record({"type": "cut", "player": "ann"}, SeededChance(6))
    game.record({"type": "cut", "player": "bob"}, SeededChance(7))
    dealer = game.state.dealer
    game.record({"type": "deal", "player": dealer}, SeededChance(8))
    first = game.state.turn
    top = game.state.stock.known[0]
    game.record({"type": "draw", "player": first, "source": "stock"}, SeededChance(9))
    envelopes = [e for e in game.collect_events() if isinstance(e, MoveRecorded)]
    assert [e.action["type"] for e in envelopes] == ["cut", "cut", "deal", "draw"]
    assert all(isinstance(e.action["seeds"], list) and len(e.action["seeds"]) == 1 for e in envelopes[:3])
    assert envelopes[3].action == {"type": "draw", "player": first, "source": "stock", "card": top}


def test_seeds_an_action_brings_are_used_and_must_be_all_it_needs() -> None:
    game = Game.set_up("royal", ["a", "b", "c"], {}, "shuffled", "", NoChance())
    game.record({"type": "cut", "player": "a", "seeds": [11]}, NoChance())
    with pytest.raises(InvalidActionError) as too_many:
        game.record({"type": "cut", "player": "b", "seeds": [12, 13]}, NoChance())
    assert too_many.value.field == "seeds"
    with pytest.raises(InvalidActionError) as none:
        game.record({"type": "cut", "player": "b"}, NoChance())
    assert none.value.field == "seeds"
    recorded = Game.set_up("royal", ["a", "b", "c"], {}, "recorded", "", NoChance())
    with pytest.raises(InvalidActionError):
        recorded.record({"type": "cut", "player": "a", "card": "AS", "seeds": [1]}, NoChance())


def test_a_shuffled_draw_may_name_only_the_top_card_of_the_stock() -> None:
    game = Game.set_up("roby", ["ann", "bob"], {}, "shuffled", "", SeededChance(1))
    while game.state.phase == "cut":
        game.record({"type": "cut", "player": game.rules.to_move(game.state)[0]}, SeededChance(3))
    game.record({"type": "deal", "player": game.state.dealer}, SeededChance(4))
    other = game.state.stock.known[1]
    with pytest.raises(CardConflictError):
        game.record({"type": "draw", "player": game.state.turn, "source": "stock", "card": other}, NoChance())
