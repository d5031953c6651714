"""Each process keeps the games it saved (eventsourcing's aggregate cache, and the copy a next move decides on):
another process's moves are still seen at once, a stale version is still refused, and nothing is stored then."""

from __future__ import annotations

import pytest

from bots import concrete_bodies, without_version
from domain.errors import MeldbookError
from domain.record.game import GameDiscardedError
from service.application import LOOKBACK, Meldbook
from service.moving import StaleVersionError, record_move
from service.setup import discard_game
from tests.integration.conftest import OpenMeldbook
from tests.integration.service_play import doc_of, play_through_service

SEED = 45


def _bodies(app: Meldbook, game_id: object) -> list[dict]:
    game = app.game(game_id)  # type: ignore[arg-type]
    return [without_version(b) for entry in game.legal_actions() for b in concrete_bodies(entry)]


def test_a_move_recorded_by_one_application_is_seen_at_once_by_another_that_holds_the_game(
    open_meldbook: OpenMeldbook,
) -> None:
    first, second = open_meldbook(), open_meldbook()
    played = play_through_service(first, SEED, max_moves=12)
    held = second.game(played.game_id)  # now in the second application's cache
    returned = record_move(first, played.game_id, _bodies(first, played.game_id)[0], held.version, played.token)
    seen = second.game(played.game_id)
    assert seen.version == returned[-1].version == held.version + len(returned)
    assert doc_of(seen) == doc_of(first.game(played.game_id))
    # the second records the next move; the first, which kept the game one move earlier, sees and follows it
    record_move(second, played.game_id, _bodies(second, played.game_id)[0], seen.version, played.token)
    after = first.game(played.game_id)
    assert after.version > seen.version and doc_of(after) == doc_of(second.game(played.game_id))
    record_move(first, played.game_id, _bodies(first, played.game_id)[0], after.version, played.token)
    assert second.game(played.game_id).version > after.version


@pytest.mark.parametrize("behind", [0, 1], ids=["kept-at-that-version", "kept-before-it"])
def test_a_move_at_a_version_another_application_moved_past_is_stale_and_stores_nothing(
    open_meldbook: OpenMeldbook, behind: int
) -> None:
    """The first application kept the game at its last version; the second records a move at the version the first's
    move names: that very version, or one a move later (the first's kept game is then brought up to date first)."""
    first, second = open_meldbook(), open_meldbook()
    played = play_through_service(first, SEED, max_moves=20)  # the first keeps the game at its last version
    for _ in range(behind):
        at = second.game(played.game_id).version
        record_move(second, played.game_id, _bodies(second, played.game_id)[0], at, played.token)
    named = second.game(played.game_id).version
    body = _bodies(second, played.game_id)[-1]
    theirs = record_move(second, played.game_id, body, named, played.token)
    with pytest.raises(StaleVersionError):
        record_move(first, played.game_id, body, named, played.token)
    assert open_meldbook().stored_events(played.game_id, after=named) == theirs


@pytest.mark.parametrize("legal", [True, False], ids=["legal", "illegal"])
def test_a_move_at_a_version_this_application_kept_but_another_discarded_is_refused_as_discarded(
    open_meldbook: OpenMeldbook, legal: bool
) -> None:
    first, second = open_meldbook(), open_meldbook()
    played = play_through_service(first, SEED, max_moves=20)  # the first keeps the game at its last version
    version = first.game(played.game_id).version
    body = _bodies(first, played.game_id)[0]
    if not legal:
        body = {**body, "player": "p2" if body["player"] == "p1" else "p1"}  # the player not to act
    discard_game(second, played.game_id, "created twice")
    with pytest.raises(GameDiscardedError):  # as the access check's read answered before a move's own check
        record_move(first, played.game_id, body, version, played.token)
    assert open_meldbook().game(played.game_id).version == version + 1, "only the discarding is stored"


def test_an_illegal_move_decided_on_a_kept_copy_is_answered_stale_once_another_moved_past(
    open_meldbook: OpenMeldbook,
) -> None:
    first, second = open_meldbook(), open_meldbook()
    played = play_through_service(first, SEED, max_moves=20)
    version = first.game(played.game_id).version
    legal = _bodies(first, played.game_id)[0]
    illegal = {**legal, "player": "p2" if legal["player"] == "p1" else "p1"}  # the player not to act
    with pytest.raises(MeldbookError) as refused:  # at the current version: the rule's own refusal
        record_move(first, played.game_id, illegal, version, played.token)
    assert not isinstance(refused.value, StaleVersionError)
    assert first.game(played.game_id).version == version, "a refused move stores nothing"
    record_move(second, played.game_id, _bodies(second, played.game_id)[0], version, played.token)
    with pytest.raises(StaleVersionError):  # as a fresh read of the store would answer: the version is stale
        record_move(first, played.game_id, illegal, version, played.token)


def test_every_page_of_events_is_numbered_as_the_whole_record_numbers_it(open_meldbook: OpenMeldbook) -> None:
    app = open_meldbook()
    played = play_through_service(app, SEED, max_moves=60)
    every = app.stored_events(played.game_id)
    assert every[-1].version > 2 * LOOKBACK
    for after in range(0, len(every) + 1, 3):
        assert app.stored_events(played.game_id, after=after, limit=7) == every[after : after + 7], after
        assert app.stored_events(played.game_id, after=after, upto=after + 4) == every[after : after + 4], after


def test_a_page_of_events_deep_in_a_game_is_read_in_one_query_and_its_voided_markers_from_the_cached_game(
    open_meldbook: OpenMeldbook,
) -> None:
    app = open_meldbook()
    played = play_through_service(app, SEED, max_moves=100)
    assert app.game(played.game_id).version > 2 * LOOKBACK + 16
    queries: list[int | None] = []
    select = app.recorder.select_events

    def counted(*args: object, **kwargs: object) -> object:
        queries.append(kwargs.get("gt"))  # type: ignore[arg-type]
        return select(*args, **kwargs)  # type: ignore[arg-type]

    app.recorder.select_events = counted  # type: ignore[method-assign]
    try:
        page = app.stored_events(played.game_id, after=2 * LOOKBACK + 5, limit=10)
    finally:
        app.recorder.select_events = select  # type: ignore[method-assign]
    assert [e.version for e in page] == list(range(2 * LOOKBACK + 6, 2 * LOOKBACK + 16))
    version = app.game(played.game_id).version
    assert queries == [LOOKBACK + 5 - 2, version - 2], (
        "one query for the page, starting a few events before it, never at the first event; and the voided markers "
        "from the game as cached, fast-forwarded past its version (which reads nothing new); each read also reads "
        "the event it starts after and the one before that, whose link it is checked against (service/store/chain.py)"
    )


def test_the_kept_games_can_be_turned_off_and_moves_still_record(open_meldbook: OpenMeldbook) -> None:
    app = open_meldbook()
    app.kept = type(app.kept)(0)
    played = play_through_service(app, SEED, max_moves=8)
    assert app.game(played.game_id).version == played.moves[-1].returned[-1].version


def test_a_kept_game_is_handed_out_once_and_kept_again_after_a_move_it_refused(open_meldbook: OpenMeldbook) -> None:
    app = open_meldbook()
    played = play_through_service(app, SEED, max_moves=20)
    version = app.game(played.game_id).version
    taken = app.kept.take(played.game_id, version)
    assert taken is not None and taken.version == version
    assert app.kept.take(played.game_id, version) is None, "no second request gets the same game"
    app.kept.keep(taken)
    legal = _bodies(app, played.game_id)[0]
    illegal = {**legal, "player": "p2" if legal["player"] == "p1" else "p1"}
    with pytest.raises(MeldbookError):
        record_move(app, played.game_id, illegal, version, played.token)
    again = app.kept.take(played.game_id, version)
    assert again is not None and doc_of(again) == doc_of(open_meldbook().game(played.game_id))
    app.kept.keep(again)
    record_move(app, played.game_id, legal, version, played.token)
    assert app.kept.take(played.game_id, version) is None, "kept at the new version only"


@pytest.mark.parametrize("keeping", [True, False], ids=["kept", "cached"])
def test_a_move_refused_after_it_changed_the_game_in_place_leaves_the_next_move_the_game_as_stored(
    open_meldbook: OpenMeldbook, keeping: bool
) -> None:
    """A move is decided on the game itself (the kept game, else the aggregate cache's copy): a shuffled deal with
    more seeds than it draws deals first and is refused after; the game it spoiled is dropped and the game as stored
    is kept, so the next move is recorded as a fresh read would record it."""
    app, fresh = open_meldbook(), open_meldbook()
    if not keeping:
        app.kept = type(app.kept)(0)
    played = play_through_service(app, SEED, max_moves=4)  # the dealer is cut for (a tie cuts again)
    game = app.game(played.game_id)
    deal = next(body for body in _bodies(app, played.game_id) if body["type"] == "deal")
    with pytest.raises(MeldbookError, match="seeds holds 9 seed"):
        record_move(app, played.game_id, {**deal, "seeds": [5] * 9}, game.version, played.token)
    if keeping:
        kept = app.kept.take(played.game_id, game.version)
        assert kept is not None and not kept.spoiled and doc_of(kept) == doc_of(game), "the game as stored"
        app.kept.keep(kept)
    assert doc_of(app.game(played.game_id)) == doc_of(game), "the cache's game is untouched"
    dealt = record_move(app, played.game_id, {**deal, "seeds": [7]}, game.version, played.token)
    assert [e.version for e in dealt] == list(range(game.version + 1, game.version + 1 + len(dealt)))
    assert doc_of(app.game(played.game_id)) == doc_of(fresh.game(played.game_id))
    assert app.game(played.game_id).state.phase == "play"


def test_a_game_kept_before_another_applications_moves_is_brought_up_to_date_for_the_next_move(
    open_meldbook: OpenMeldbook, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first application kept the game when it saved; the second records two moves; the first's next move is
    decided on its kept game brought up to date from the store (not on the aggregate cache's copy), and stores what a
    fresh process would."""
    first, second = open_meldbook(), open_meldbook()
    played = play_through_service(first, SEED, max_moves=12)
    for _ in range(2):
        version = second.game(played.game_id).version
        record_move(second, played.game_id, _bodies(second, played.game_id)[0], version, played.token)
    latest = second.game(played.game_id).version
    body = _bodies(second, played.game_id)[0]

    def not_from_the_cache(*args: object, **kwargs: object) -> None:
        raise AssertionError("the move read the game through the aggregate cache")

    with monkeypatch.context() as patched:
        patched.setattr(first, "game", not_from_the_cache)
        returned = record_move(first, played.game_id, body, latest, played.token)
    fresh = open_meldbook()
    assert fresh.stored_events(played.game_id, after=latest) == returned
    kept = first.kept.take(played.game_id, returned[-1].version)
    assert kept is not None and doc_of(kept) == doc_of(fresh.game(played.game_id)), "kept at its new version"
