"""What a game keeps of its moves that count, in a snapshot and in a copy: the moves the corrections list (those a
void may start from, those an amendment may name), never the moves themselves, which grow with the game; a
snapshot of the earlier shape, which held them, is read as the new one."""

from __future__ import annotations

import copy
import pickle

from eventsourcing.domain import Snapshot

from bots.twins import recorded_twin
from domain.corrections.listing import amendable_moves, correction_actions, voidable_moves
from domain.record.game import Game
from tests.bot_games import play_roby


def recorded_game() -> Game:
    """A recorded Roby bot game of three players, folded from its creation (so it knows its moves that count)."""
    return recorded_twin(play_roby(0, 3).collect_events())


def test_a_game_lists_the_moves_a_correction_may_name_as_its_moves_that_count_say() -> None:
    game = recorded_game()
    counted = list(game.counted or [])
    assert counted and game.deal_mode == "recorded"
    assert game.hand_moves == voidable_moves(counted)
    assert game.amendable == amendable_moves(counted, "recorded") and game.amendable
    assert game.hand_moves[0] != 1, "the game has dealt a hand: its moves before that deal are not voidable"
    listed = {entry["type"]: entry["moves"] for entry in correction_actions(game)}
    assert listed == {"void": game.hand_moves, "amend": game.amendable}


def test_a_snapshot_and_a_copy_keep_the_listed_moves_but_not_the_moves_that_count() -> None:
    game = recorded_game()
    snapshot = Game.Snapshot.take(game)
    assert snapshot.state["counted"] is None and snapshot.state["class_version"] == 8
    for other in (snapshot.mutate(None), copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        assert isinstance(other, Game) and other.counted is None
        assert (other.hand_moves, other.amendable) == (game.hand_moves, game.amendable)
        assert correction_actions(other) == correction_actions(game)
    assert game.counted, "taking a snapshot or a copy leaves the game's own list alone"


def test_a_snapshot_that_held_the_moves_that_count_lists_the_same_moves() -> None:
    game = recorded_game()
    old = Snapshot.take(game)  # the earlier shape: the whole state, moves that count included, at class version 4
    old.state.update(class_version=4, counted=game.counted)
    del old.state["hand_moves"], old.state["amendable"], old.state["discarded"]
    loaded = old.mutate(None)
    assert isinstance(loaded, Game) and loaded.counted is None
    assert (loaded.hand_moves, loaded.amendable) == (game.hand_moves, game.amendable)
    before_corrections = Snapshot.take(game)
    before_corrections.state.update(class_version=3)
    del before_corrections.state["counted"], before_corrections.state["voided"]
    del before_corrections.state["hand_moves"], before_corrections.state["amendable"]
    del before_corrections.state["discarded"]
    unknown = before_corrections.mutate(None)
    assert (unknown.hand_moves, unknown.amendable, correction_actions(unknown)) == (None, None, [])
