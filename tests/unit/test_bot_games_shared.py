"""tests/bot_games.py: a shared bot game is the game bots/ plays, and each caller's copy is its own."""

from __future__ import annotations

import os
from typing import Any

from bots import robins, roby
from domain.record.game import Game
from tests.bot_games import play_robins, play_roby, shared


def facts(events: list[Any]) -> list[tuple[str, dict[str, Any]]]:
    """The events less what a game played again has otherwise: its id and the times."""
    return [(type(e).__qualname__, {k: v for k, v in vars(e).items() if k not in ("originator_id", "timestamp")})
            for e in events]


def test_a_shared_game_is_the_game_the_bot_plays_and_each_copy_is_the_callers_own() -> None:
    played = roby.play_roby(4, 2)
    first, second = play_roby(4, 2), play_roby(4, players=2)  # the same arguments, however given
    assert first is not second and first.state is not second.state
    assert len({first.id, second.id, played.id}) == 3, "each copy is a game of its own, as a game played again"
    assert {e.originator_id for e in second.pending_events} == {second.id}
    assert first.version == second.version == played.version
    assert facts(first.collect_events()) == facts(played.collect_events())
    assert first.pending_events == [] and len(second.pending_events) == played.version, "collected from one copy only"
    second.state.hands.clear()
    assert play_roby(4, 2).state.hands, "a change to a copy reaches no later copy"


def test_robins_events_come_with_the_game_they_were_collected_from() -> None:
    game, events = play_robins(2)
    original_game, original_events = robins.play_robins(2)
    assert facts(events) == facts(original_events)
    assert game.version == original_game.version == len(events)
    assert {e.originator_id for e in events} == {game.id} != {e.originator_id for e in play_robins(2)[1]}


def test_a_game_with_a_callback_after_each_move_is_played_again() -> None:
    seen: list[int] = []

    def count(game: Game) -> None:
        seen.append(game.version)

    play_roby(4, 2)
    game = play_roby(4, 2, after_each=count)
    assert seen and seen[-1] == game.version
    seen.clear()
    play_roby(4, 2, None, count)
    assert seen, "a callback given by position is called too"


def test_a_forked_process_plays_its_own_games_rather_than_reuse_its_parents() -> None:
    played: list[int] = []

    def play(seed: int) -> list[int]:
        played.append(seed)
        return [seed]

    assert shared(play, 1) == [1] and shared(play, 1) == [1] and played == [1]
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # as mutmut runs a mutant's tests: a fork of a process that ran them unmutated
        shared(play, 1)
        os.write(write, str(len(played)).encode())
        os._exit(0)
    os.waitpid(child, 0)
    assert os.read(read, 16) == b"2", "the forked process played the game again"
    assert shared(play, 1) == [1] and played == [1], "the parent still serves the game it played"
