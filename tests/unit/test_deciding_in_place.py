"""Deciding a move on the game's own state (Game.record, in place), as the service records moves: an accepted move
stores the events and leaves the state a decision on a copy would, and a refused one spoils the game it was decided
on, which then records nothing more."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bots import SeededChance, concrete_bodies, without_version
from bots.samples import SAMPLE_GAMES
from domain.errors import MeldbookError
from domain.record.game import Game
from domain.record.moves import MoveRecorded
from domain.rules.decision import NoChance

SEED = 11


def _stored(events: list[Any]) -> list[tuple[str, int, dict[str, Any]]]:
    return [(type(e).__name__, e.originator_version, e.payload) for e in events]


def _fields(game: Game) -> tuple[Any, ...]:
    return game.version, game.moves, game.hand_moves, game.amendable, game.rules.to_doc(game.state)


@pytest.mark.parametrize("variant", list(SAMPLE_GAMES))
def test_a_whole_game_decided_in_place_stores_every_event_and_state_its_record_holds(variant: str) -> None:
    record = SAMPLE_GAMES[variant](SEED)
    in_place, on_copies = Game.set_up_again(record[0]), Game.set_up_again(record[0])
    stored = _stored(in_place.collect_events()[1:])
    on_copies.collect_events()
    for envelope in (e for e in record if isinstance(e, MoveRecorded)):
        in_place.record(envelope.action, NoChance(), envelope.recorded_by, envelope.device, in_place=True)
        on_copies.record(envelope.action, NoChance(), envelope.recorded_by, envelope.device)
        decided = _stored(in_place.collect_events())
        assert decided == _stored(on_copies.collect_events())
        assert _fields(in_place) == _fields(on_copies), f"after move {envelope.move}"
        stored += decided
    assert stored == _stored(record[1:]), "the same events as the game's record, in the same order"
    assert not in_place.spoiled


def _at_the_deal() -> tuple[Game, dict[str, Any]]:
    """A shuffled Roby game whose dealer is cut for, and the deal's body."""
    game = Game.set_up("roby", ["p1", "p2"], {}, "shuffled", "", SeededChance(3))
    while (entries := game.legal_actions())[0]["type"] != "deal":
        game.record(without_version(concrete_bodies(entries[0])[0]), SeededChance(3))
    game.collect_events()  # as saved
    return game, without_version(concrete_bodies(entries[0])[0])


def test_a_move_refused_after_its_events_evolved_the_state_leaves_a_copy_decision_untouched() -> None:
    game, deal = _at_the_deal()
    before = _fields(game)
    with pytest.raises(MeldbookError, match="seeds holds 9 seed"):  # the deal draws one: refused once it has dealt
        game.record({**deal, "seeds": [5] * 9}, NoChance())
    assert _fields(game) == before and not game.spoiled and not game.collect_events()
    game.record(deal, SeededChance(3))
    assert game.state.phase == "play"


def test_a_move_refused_in_place_spoils_the_game_and_it_records_nothing_more() -> None:
    game, deal = _at_the_deal()
    before, untouched = _fields(game), copy.deepcopy(game)
    with pytest.raises(MeldbookError, match="seeds holds 9 seed"):
        game.record({**deal, "seeds": [5] * 9}, NoChance(), in_place=True)
    assert game.spoiled and _fields(game) != before, "the deal evolved the state itself before it was refused"
    assert game.version == before[0] and not game.collect_events(), "nothing to save"
    with pytest.raises(RuntimeError, match="read the game again"):
        game.record(deal, SeededChance(3), in_place=True)
    untouched.record(deal, SeededChance(3), in_place=True)  # the game as it was records the deal
    assert untouched.state.phase == "play" and not untouched.spoiled
