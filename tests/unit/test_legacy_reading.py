"""Records stored before moves carried an envelope are read as moves by each variant's rule. Stripping the
envelopes from bot games of every variant, the reading never splits a move, and merges two only where the
record cannot tell them apart, as the rules say: a Roby turn's table plays that end in going out are read as
the going out, a Robins table play right after a pickup by the same player as that pickup's use."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bots.twins import moves_of
from domain.record.game import Game
from domain.record.grouping import group_moves
from domain.record.moves import MoveRecorded
from domain.variants import variant_named
from tests.bot_games import play_robins, play_roby, play_royal
from tests.unit.roby.table import Table
from tests.unit.royal.helpers import end_game, new_game

TABLE_PLAYS = ("meld", "lay_off")
MERGED_INTO_THE_MOVE_BEFORE: dict[str, Callable[[dict[str, Any], dict[str, Any]], bool]] = {
    "roby": lambda before, move: before["type"] in TABLE_PLAYS and before["player"] == move["player"]
    and move["type"] in ("go_out", "discard", *TABLE_PLAYS),
    "robins": lambda before, move: before["type"] == "pick_up" and before["player"] == move["player"]
    and move["type"] in TABLE_PLAYS,
    "royal": lambda before, move: False,
}
BOTS: dict[str, Callable[[int], list[Any]]] = {
    "roby": lambda seed: play_roby(seed, 2 + seed % 3).collect_events(),
    "robins": lambda seed: play_robins(seed, idleness=0.5)[1],
    "royal": lambda seed: play_royal(seed, deals=2).collect_events(),
}


def check_reading(variant: str, events: list[Any]) -> int:
    """Compare the reading of the record without envelopes with its moves; return how many moves it merged."""
    rules = variant_named(variant)
    moves = moves_of(events)
    starts = {m.events[0].originator_version: index for index, m in enumerate(moves)}
    old_shape = [e for e in events if not isinstance(e, MoveRecorded)]
    read = {g.first_version for g in group_moves(rules, old_shape)[1:]}
    assert read <= set(starts), f"the reading split a move at versions {sorted(read - set(starts))}"
    for version in sorted(set(starts) - read):
        index = starts[version]
        before, move = moves[index - 1].envelope.action, moves[index].envelope.action
        assert MERGED_INTO_THE_MOVE_BEFORE[variant](before, move), (version, before, move)
    return len(starts) - len(read)


@pytest.mark.parametrize("variant", sorted(BOTS))
@pytest.mark.parametrize("seed", range(2))
def test_reading_a_bot_game_without_its_envelopes_finds_its_moves(variant: str, seed: int) -> None:
    check_reading(variant, BOTS[variant](seed))


def test_a_royal_game_ended_by_the_table_is_read_with_that_end_as_a_move_of_its_own() -> None:
    game: Game = new_game(3)
    end_game(game)
    events = game.collect_events()
    assert check_reading("royal", events) == 0
    assert type(moves_of(events)[-1].events[0]).__name__ == "GameEnded"


def test_a_roby_turns_table_plays_that_end_in_going_out_are_read_as_the_going_out() -> None:
    table = Table()
    table.cut_for("dee")
    table.deal(upcard="AH", keep="8H", ann="4H 5H 6H 7H KC KD KS QS QH QC")
    table.pass_round()
    table.act("draw", "ann", source="stock", card="8H")
    table.act("meld", "ann", cards=["4H", "5H", "6H", "7H"])
    table.act("meld", "ann", cards=["KC", "KD", "KS"])
    table.act("meld", "ann", cards=["QS", "QH", "QC"])
    table.act("lay_off", "ann", card="8H", meld=1)
    assert check_reading("roby", list(table.game.collect_events())) == 3, "four table plays read as one going out"
