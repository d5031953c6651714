"""Property: every version of bot games of every variant, shuffled and recorded, reads through the HTTP API as a
spectator and as the recorder, and passes every check of the one walk (tests/walk.py): among them, every view
(spectator, each seat, the arbiter, the recorder of a seats game, full) shows in each place as many cards as an
independent oracle allows (tests/oracle.py), and a leak planted in the filter fails that check.

Versions inside a move are walked too: the discard whose move also rebuilt the stock, a going out before its
scores, a cut before the deal it chose (the default run walks the first of each kind, and a sample of the others;
each walking test's `slow` twin walks every version: tests/walk.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from bots.royal_twin import entered_royal_twin
from bots.twins import entered_twin, moves_of, record_game, recorded_twin, shuffled_again
from domain.access.visibility import Viewer
from domain.record.game import Game
from service import presenting
from tests.bot_games import play_robins, play_roby, play_royal
from tests.e2e.helpers import all_events
from tests.walk import CHECKS, TOKEN, check_every_view_sees_the_cards_the_oracle_allows, store, walk

Events = Callable[[], list[Any]]
TOKEN_HEADER = {"Authorization": f"Bearer {TOKEN}"}


def roby(seed: int, players: int) -> Events:
    return lambda: play_roby(seed, players).collect_events()


def robins(seed: int) -> Events:
    return lambda: play_robins(seed)[1]


def royal(seed: int, players: int, deals: int) -> Events:
    return lambda: play_royal(seed, players, deals=deals).collect_events()


# Short games, chosen for what they hold: Roby seed 9 rebuilds its stock in a discard's move.
GAMES: dict[str, tuple[Events, Events]] = {
    "roby": (roby(9, 3), roby(4, 2)),
    "robins": (robins(2), robins(1)),
    "royal": (royal(2, 3, 1), royal(0, 3, 1)),
}
SLOW_GAMES: dict[str, tuple[Events, ...]] = {
    "roby": (roby(2, 4), roby(6, 3), roby(0, 2)),
    "robins": (robins(5), robins(9)),
    "royal": (royal(4, 5, 2), royal(7, 8, 2)),
}


def stopped_in_its_first_hand(events: list[Any], token: str, after_the_deal: int = 4) -> Game:
    """The shuffled game of these events recorded again up to a few moves after its first deal: a hand in play,
    which no view but the full one sees in full."""
    moves = [m.envelope.action for m in moves_of(events)]
    dealt = next(index for index, action in enumerate(moves) if action["type"] == "deal")
    return record_game(events[0], "shuffled", token, moves[: dealt + 1 + after_the_deal])


def _walk(app: Flask, make: Callable[[str], Game], versions: str = "sampled") -> int:
    return walk(app.test_client(), store(app, make), CHECKS, versions)


@pytest.mark.parametrize("variant", sorted(GAMES))
def test_every_version_of_bot_games_reads_both_ways_and_passes_every_check(
    shared_sqlite_app: Flask, variant: str, walk_versions: str
) -> None:
    shuffled, recorded = GAMES[variant]
    walked = _walk(shared_sqlite_app, lambda token: shuffled_again(shuffled(), token), walk_versions)
    walked += _walk(shared_sqlite_app, lambda token: recorded_twin(recorded(), token), walk_versions)
    walked += _walk(shared_sqlite_app, lambda t: stopped_in_its_first_hand(shuffled(), t), walk_versions)
    assert walked > 300


def test_every_version_of_a_roby_game_dealt_without_hands_reads_both_ways_and_passes_every_check(
    shared_sqlite_app: Flask, walk_versions: str
) -> None:
    """Dealt without naming the hands, entered by the players (during the hand, or once it is over) or stated: no
    view shows a hand's entry, or a check waiting for it, to any seat but its own before the hand ends."""
    walked = _walk(shared_sqlite_app, lambda token: entered_twin(GAMES["roby"][1](), token), walk_versions)
    assert walked > 100


def test_every_version_of_a_robins_game_dealt_without_hands_reads_both_ways_and_passes_every_check(
    shared_sqlite_app: Flask, walk_versions: str
) -> None:
    """Robins Rummy dealt without naming the hands, entered by the players (during the hand, or once it is over)
    or stated: no view shows a hand's entry to any seat but its own before the hand ends."""
    walked = _walk(shared_sqlite_app, lambda token: entered_twin(GAMES["robins"][1](), token), walk_versions)
    assert walked > 100


def test_every_version_of_a_royal_game_dealt_without_hands_reads_both_ways_and_passes_every_check(
    shared_sqlite_app: Flask, walk_versions: str
) -> None:
    """Royal Rummy dealt without naming the hands, entered by the players (after the deal, for an ace bet, or once
    the rummy hand is over) or their counts stated: no view shows a hand's entry, or a check waiting for it, to any
    seat but its own."""
    walked = _walk(shared_sqlite_app, lambda token: entered_royal_twin(GAMES["royal"][1](), token), walk_versions)
    assert walked > 100


def test_every_version_of_a_recorded_game_reads_both_ways_on_each_store(
    shared_app: Flask, walk_versions: str
) -> None:
    walked = _walk(shared_app, lambda token: recorded_twin(GAMES["royal"][1](), token), walk_versions)
    assert walked > 100


@pytest.mark.slow
@pytest.mark.parametrize("variant", sorted(SLOW_GAMES))
def test_every_version_of_longer_bot_games_reads_both_ways(
    shared_sqlite_app: Flask, variant: str
) -> None:
    for events in SLOW_GAMES[variant]:
        _walk(shared_sqlite_app, lambda token, events=events: shuffled_again(events(), token), "every")
        _walk(shared_sqlite_app, lambda token, events=events: recorded_twin(events(), token), "every")


def test_the_recorder_reads_the_state_between_a_discard_and_the_stock_it_rebuilt(
    shared_sqlite_app: Flask, shared_sqlite_client: FlaskClient
) -> None:
    walked = store(shared_sqlite_app, lambda token: shuffled_again(GAMES["roby"][0](), token))
    events = all_events(shared_sqlite_client, f"/games/{walked.id}")
    rebuilt = next(e for e in events if e["type"] == "StockReshuffled")
    discard = events[rebuilt["version"] - 2]
    assert discard["type"] == "CardDiscarded" and discard["move"] == rebuilt["move"]
    response = shared_sqlite_client.get(f"/games/{walked.id}/state?at={discard['version']}", headers=TOKEN_HEADER)
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    shown = response.get_json()
    assert shown["state"]["stock"]["count"] == 0 and shown["to_move"] == [discard["data"]["next_player"]]
    assert shown["latest"] is False and shown["legal_actions"] == [] and shown["table_actions"] == []


def _seat_sees_everything(real: Callable[..., Any]) -> Callable[..., Any]:
    return lambda doc, viewer, ended=False: real(doc, Viewer.FULL if viewer.view == "seat" else viewer, ended)


def _arbiter_sees_the_hand_in_play(real: Callable[..., Any]) -> Callable[..., Any]:
    def shown(payload: dict[str, Any], secret: tuple[str, ...], viewer: Viewer, ended: bool = False) -> Any:
        return real(payload, secret, viewer, ended or viewer.ended_hands_in_full)

    return shown


def _spectator_misses_the_upcard(real: Callable[..., Any]) -> Callable[..., Any]:
    def hidden(payload: dict[str, Any], secret: tuple[str, ...], viewer: Viewer, ended: bool = False) -> Any:
        return real(payload, (*secret, "upcard"), viewer, ended)

    return hidden


def _royal_in_play(token: str) -> Game:
    return stopped_in_its_first_hand(GAMES["royal"][0](), token)


def _roby_in_play(token: str) -> Game:
    return stopped_in_its_first_hand(GAMES["roby"][0](), token)


Plant = Callable[[Callable[..., Any]], Callable[..., Any]]
LEAKS: dict[str, tuple[str, Plant, Callable[[str], Game]]] = {
    "a seat's state shows every hand": (
        "view_doc", _seat_sees_everything, lambda token: shuffled_again(GAMES["royal"][0](), token)
    ),
    "the arbiter's events show the hand still in play": (
        "view_event", _arbiter_sees_the_hand_in_play, _royal_in_play
    ),
    "a public card is hidden": (
        "view_event", _spectator_misses_the_upcard, _roby_in_play
    ),
}


@pytest.mark.parametrize("leak", sorted(LEAKS))
def test_a_leak_planted_in_the_filter_fails_the_check_of_every_view(
    shared_sqlite_app: Flask, shared_sqlite_client: FlaskClient, monkeypatch: pytest.MonkeyPatch, leak: str
) -> None:
    """The oracle check notices a filter that shows a view more than it may see, or less: the leak is planted in
    the test, by wrapping the filter where the service calls it."""
    name, plant, make = LEAKS[leak]
    monkeypatch.setattr(presenting, name, plant(getattr(presenting, name)))
    walked = store(shared_sqlite_app, make)
    with pytest.raises(AssertionError, match="the view leaks or hides cards"):
        walk(shared_sqlite_client, walked, [check_every_view_sees_the_cards_the_oracle_allows])
