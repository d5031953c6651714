"""Round trips through the notation, on the real stores: a bot game exported in full and imported again stores the
same events as the original (but for the game id, the times, the token hash and the recorded-by role), and the
import's own export is the same text: export(import(text)) == text.

Each variant, shuffled as the bot played it and as its recorded twin, in eventsourcing's in-memory store (the
notation is what is tested; a store's commits would triple the time): the games chosen for the action kinds they
use and two drawn anew each run (tests/sampling.py), and 3 more of each on SQLite and on PostgreSQL (a Roby game
stops after 250 moves: its bot is slow); the slow tests run the first 20 games of each, and 200 whole games of
each. The bots record no irregularity, so a game of each variant holding every one it may record
(tests/irregular_games.py) round-trips too. The games and the examples together use every action kind of every
variant.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from domain.access.visibility import Viewer
from domain.notation.errors import NotationError
from domain.record.moves import MoveRecorded
from domain.variants import VARIANTS
from service.application import Meldbook
from service.notation_export import export_record
from service.notation_import import import_record
from tests.integration.conftest import OpenMeldbook
from tests.integration.test_notation_examples import example_kinds
from tests.irregular_games import adopting_game, irregular_game
from tests.notation_games import bot_events, stored_facts, without_digest
from tests.result_hands import RESULT_HAND_GAMES
from tests.sampling import sample

CHOSEN = {"roby": [0], "robins": [10], "royal": [0, 16, 3]}
"""The seeds that use, between them, every action kind of the first 20 games that neither the irregular games nor
the examples use (entering hands and stating counts, Rummy claims, the poker's raises, all-ins and folds, and
declining an ace bet); the test below checks that nothing is missing."""
SAMPLED = 2
GAMES = 20
STORED_GAMES = 3
SLOW_GAMES = 60
ENTERED_EVERY = 5
"""Every fifth Roby, Robins Rummy and Royal Rummy seed also round-trips its twin dealt without hands, which its
players enter."""
ENTERED = frozenset({"roby", "robins", "royal"})


def round_trip(app: Meldbook, events: list[Any]) -> str:
    """Store a game, export it in full, import the text; check the stored events and the text; the text."""
    app.save(*events)
    original = events[0].originator_id
    text = export_record(app, original, Viewer.FULL)
    imported = import_record(app, text)
    assert imported.version == events[-1].originator_version
    assert stored_facts(app, imported.game_id) == stored_facts(app, original)
    assert without_digest(export_record(app, imported.game_id, Viewer.FULL)) == without_digest(text)
    return text


def check_round_trips(app: Meldbook, variant: str, seeds: Sequence[int], whole: bool = False) -> set[str]:
    """Round-trip each seed's game, shuffled and as its recorded twin (and, for some seeds of
    each variant, as its twin dealt without hands); the action kinds they used."""
    kinds: set[str] = set()
    for seed in seeds:
        entered = ("entered",) if variant in ENTERED and seed % ENTERED_EVERY == 0 else ()
        for deal_mode in ("shuffled", "recorded", *entered):
            events = bot_events(variant, seed, deal_mode, whole)
            text = round_trip(app, events)
            assert f'[DealMode "{"recorded" if deal_mode == "entered" else deal_mode}"]' in text
            if deal_mode == "shuffled":
                assert "seeds=[" in text, "a full export of a shuffled game keeps the seeds its moves drew"
            kinds.update(e.action["type"] for e in events if isinstance(e, MoveRecorded))
    return kinds


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_full_export_imports_as_the_same_events_and_exports_as_the_same_text(variant: str) -> None:
    check_full_round_trips(variant, [*CHOSEN[variant], *sample(range(GAMES, 100_000), SAMPLED, f"{variant} notation")])


@pytest.mark.slow
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_first_twenty_games_of_each_variant_round_trip(variant: str) -> None:
    check_full_round_trips(variant, range(GAMES))


def check_full_round_trips(variant: str, seeds: Sequence[int], whole: bool = False) -> None:
    """Round-trip the seeds' games (Roby's `whole`, or their first moves), the irregular games of a variant and, where
    its rules have changed, games that adopt the newest version, which with the examples use between them every
    action kind of the variant (no bot abandons a game, corrects one, adopts other rules or records a hand by its
    result)."""
    app = Meldbook(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    kinds = check_round_trips(app, variant, seeds, whole)
    for deal_mode in ("shuffled", "recorded"):
        games = [irregular_game(variant, deal_mode)]
        games += [adopting_game(variant, deal_mode)] if len(VARIANTS[variant].rules_versions) > 1 else []
        games += [RESULT_HAND_GAMES[variant]()] if deal_mode == "recorded" and variant in RESULT_HAND_GAMES else []
        for game in games:
            events = game.collect_events()
            round_trip(app, events)
            kinds.update(e.action["type"] for e in events if isinstance(e, MoveRecorded))
    missing = set(VARIANTS[variant].action_kinds) - kinds - example_kinds(variant)
    assert not missing, f"{variant}: no round-tripped game or example uses {sorted(missing)}"


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_round_trips_store_the_same_events_in_sqlite_and_postgresql(open_meldbook: OpenMeldbook, variant: str) -> None:
    check_round_trips(open_meldbook(), variant, range(GAMES, GAMES + STORED_GAMES))


@pytest.mark.slow
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_sixty_whole_bot_games_of_each_variant_round_trip(variant: str) -> None:
    check_full_round_trips(variant, range(100, 100 + SLOW_GAMES), whole=True)


def test_a_line_refused_after_its_move_dealt_refuses_the_record_and_the_record_as_written_imports_after_it() -> None:
    """Imports decide each line on the game being imported itself: a deal line with a seed more than the deal draws
    deals first and is refused after, which refuses the whole record at that line and stores nothing; the same
    application then imports the record as it was written."""
    app = Meldbook({"PERSISTENCE_MODULE": "eventsourcing.popo"})
    events = bot_events("roby", 1, "shuffled")
    app.save(*events)
    text = export_record(app, events[0].originator_id, Viewer.FULL)
    deal = next(line for line in text.splitlines() if " deal seeds=[" in line)
    number = text.splitlines().index(deal) + 1
    stored_before = app.recorder.max_notification_id()
    with pytest.raises(NotationError, match="seeds holds 2 seed") as refused:
        import_record(app, text.replace(deal, deal.replace("]", " 7]"), 1))
    assert refused.value.line == number
    assert app.recorder.max_notification_id() == stored_before, "nothing stored"
    imported = import_record(app, text)
    assert stored_facts(app, imported.game_id) == stored_facts(app, events[0].originator_id)
