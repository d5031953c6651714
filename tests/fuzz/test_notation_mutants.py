"""Fuzzing the notation's import with one-fault mutants of valid records: lines and tokens deleted, duplicated or
swapped, cards, amounts and names changed. Each mutant imports cleanly, or is refused with a NotationError at a
line and column of the mutant, with a code of the problem table; when the rules refused a move, that code is the
one recording the same move at the same position gives. Never another exception, never a partial game.

In CI: an archive of 50 bot games (each round-trips, and is cut to its first 20 to 60 moves to keep mutants quick)
and 2,000 mutants; behind `slow`: 1,000 games and 10,000 mutants. The figures are printed (`pytest -s`).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.problem_table import PROBLEMS
from domain.access.visibility import Viewer
from domain.cards.card import RANKS, SUITS
from domain.errors import MeldbookError
from domain.notation.archive import join_archive, split_archive
from domain.notation.errors import NotationError
from domain.notation.reader import read_record
from domain.record.moves import MoveRecorded
from domain.variants import VARIANTS
from service.application import Meldbook
from service.moving import record_move
from service.notation_export import export_record
from service.notation_import import import_record, seated
from tests.notation_games import bot_events, without_digest

CARDS = [f"{rank}{suit}" for rank in RANKS for suit in SUITS] + ["JK", "T♠", "qh", "1C"]
NAMES = ["p1", "p2", "p3", "ann", "bob", "Zed", "*", "P1"]
AMOUNTS = ["0", "1", "-3", "7", "120", "99999999999999", "x"]
OPERATIONS = ("delete line", "duplicate line", "swap lines", "delete token", "duplicate token", "swap tokens",
              "change card", "change amount", "change name")
FIGURES: Counter[str] = Counter()


def new_app() -> Meldbook:
    return Meldbook(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})


def short_game(seed: int) -> list[Any]:
    """A bot game of one of the variants, shuffled or recorded, cut after its first 20 to 60 moves."""
    variant = sorted(VARIANTS)[seed % 3]
    events = bot_events(variant, seed // 3, "recorded" if seed % 2 else "shuffled")
    moves, cut = 0, len(events)
    for index, event in enumerate(events):
        if isinstance(event, MoveRecorded):
            moves += 1
            if moves > 20 + seed % 41:
                cut = index
                break
    return events[:cut]


@cache
def archive(games: int) -> tuple[str, ...]:
    """An archive of bot games, exported in full, split again; each record round-trips before it is mutated."""
    app = new_app()
    texts = []
    for seed in range(games):
        events = short_game(seed)
        app.save(*events)
        texts.append(export_record(app, events[0].originator_id, Viewer.FULL))
    records = [r.text for r in split_archive("".join(join_archive(texts)).split("\n"))]
    assert records == texts
    for text in records:
        again = export_record(app, import_record(app, text).game_id, Viewer.FULL)
        assert without_digest(again) == without_digest(text)
    return tuple(records)


def mutate(text: str, operation: str, rng: random.Random) -> str:
    """One fault in a record's moves (its tags are left alone: a broken setup is not what is fuzzed here)."""
    lines = text.split("\n")
    body = [i for i, line in enumerate(lines) if line and not line.startswith("[")]
    at = rng.choice(body)
    if operation == "delete line":
        del lines[at]
    elif operation == "duplicate line":
        lines.insert(at, lines[at])
    elif operation == "swap lines":
        other = min(at + 1, len(lines) - 1)
        lines[at], lines[other] = lines[other], lines[at]
    else:
        tokens = lines[at].split(" ")
        spot = rng.randrange(len(tokens))
        if operation == "delete token":
            del tokens[spot]
        elif operation == "duplicate token":
            tokens.insert(spot, tokens[spot])
        elif operation == "swap tokens" and len(tokens) > 1:
            spot = min(spot, len(tokens) - 2)
            tokens[spot], tokens[spot + 1] = tokens[spot + 1], tokens[spot]
        elif operation == "change card":
            cards = [i for i, t in enumerate(tokens) if t.strip("[]") in CARDS or t.strip("[]").startswith("10")]
            spot = rng.choice(cards) if cards else spot
            tokens[spot] = tokens[spot].replace(tokens[spot].strip("[]"), rng.choice(CARDS))
        elif operation == "change amount":
            numbers = [i for i, t in enumerate(tokens) if t.lstrip("-").isdigit()]
            spot = rng.choice(numbers) if numbers else spot
            tokens[spot] = rng.choice(AMOUNTS)
        elif operation == "change name":
            spot = 1 if len(tokens) > 1 and tokens[0].endswith(".") else 0
            tokens[spot] = rng.choice(NAMES)
        lines[at] = " ".join(tokens)
    return "\n".join(lines)


def check_mutant(app: Meldbook, mutant: str) -> None:
    before = app.recorder.max_notification_id()
    try:
        import_record(app, mutant)
    except NotationError as error:
        assert app.recorder.max_notification_id() == before, "a refused record stores nothing"
        lines = mutant.split("\n")
        assert 1 <= error.line <= len(lines), error
        assert 1 <= error.column <= len(lines[error.line - 1]) + 1, error
        assert error.code in PROBLEMS, error.code
        FIGURES[f"refused {error.code}"] += 1
        if not error.code.startswith("notation-") and error.code not in ("unknown-card-not-supported",
                                                                          "stated-result-differs"):
            check_same_code_as_a_live_move(app, mutant, error)
        return
    except MeldbookError as error:
        pytest.fail(f"refused without a place: {error.code}: {error.message}")
    FIGURES["imported"] += 1


def check_same_code_as_a_live_move(app: Meldbook, mutant: str, error: NotationError) -> None:
    """The lines before the refused one import; recording the refused line's move there gives the same code."""
    lines = mutant.split("\n")
    refused = lines[error.line - 1]
    if refused.startswith("Result") or refused.startswith("("):
        return  # a result or a variation: its code is the branching service's or the notation's own
    try:
        record = read_record([*lines[: error.line - 1], refused])
    except NotationError as unread:  # the line's shape is wrong: refused as the action parser refuses a body
        assert (unread.code, unread.line) == (error.code, error.line) and error.code == "invalid-action"
        FIGURES["malformed action"] += 1
        return
    if error.field == "seeds":  # a shuffled record's move without its seeds: the import draws nothing from chance
        FIGURES["seeds left out"] += 1
        return
    prefix = import_record(app, "\n".join(lines[: error.line - 1]) + "\n")
    move = record.hands[-1].moves[-1]
    try:
        body = seated(app.game(prefix.game_id), move.body)
        record_move(app, prefix.game_id, body, prefix.version, prefix.recorder_token)
    except MeldbookError as live:
        assert live.code == error.code, (live.code, error.code, refused)
        FIGURES["same code as a live move"] += 1
        return
    pytest.fail(f"the move refused at line {error.line} is accepted when recorded live: {lines[: error.line]}")


def run(games: int, mutants: int) -> None:
    records = archive(games)
    app = new_app()

    @settings(max_examples=mutants, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(st.integers(0, games - 1), st.sampled_from(OPERATIONS), st.integers(0, 2**32))
    def one_fault(index: int, operation: str, seed: int) -> None:
        FIGURES["mutants"] += 1
        check_mutant(app, mutate(records[index], operation, random.Random(seed)))

    one_fault()
    print(f"\nnotation fuzz: {games} games, {dict(FIGURES)}")


def test_two_thousand_one_fault_mutants_of_fifty_archive_games_import_or_are_refused_in_place() -> None:
    FIGURES.clear()
    run(50, 2000)
    assert FIGURES["mutants"] == 2000
    assert FIGURES["imported"] > 0 and FIGURES["same code as a live move"] > 100


@pytest.mark.slow
def test_ten_thousand_mutants_of_a_thousand_games() -> None:
    FIGURES.clear()
    run(1000, 10000)
    assert FIGURES["mutants"] == 10000
