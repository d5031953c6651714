"""Stored events are schema: every event type of every variant, and the move envelope, is pinned by golden data.

tests/golden/<topic>.json holds the first event of that type in fixed seeded bot games of each variant (seeds
0, 1, ... until every type has appeared), as the store holds it: decoded JSON, less its timestamp (the
originator id and version are columns, not state). A renamed, added or dropped topic or field, or a field
stored as another JSON kind, fails here. The values are examples: they change whenever the bots do, so they
are not compared. To refresh them, run with MELDBOOK_WRITE_GOLDEN=1 and review the diff.
"""

from __future__ import annotations

import inspect
import json
import os
from collections.abc import Callable
from dataclasses import fields
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any
from uuid import uuid4

import pytest
from eventsourcing.persistence import StoredEvent as RecordedEvent
from eventsourcing.utils import get_topic

import domain.robins.events
import domain.roby.events
import domain.royal.events
import domain.royal.events_play
from domain.access.game_access import GameAccess
from domain.access.pairing import Pairing
from domain.beside.annotations import GameAnnotations
from domain.beside.claims import GameClaims
from domain.beside.confirmations import GameConfirmations
from domain.beside.disputes import GameDisputes
from domain.events import GameEvent
from domain.money.ledger import AmountTransferred
from domain.nights.night import Night
from domain.record.chain import LINK, SALT
from domain.record.game import Game
from domain.record.moves import MoveRecorded
from service.application import Meldbook
from tests.bot_games import play_robins, play_roby, play_royal
from tests.integration.conftest import OpenMeldbook
from tests.result_hands import RESULT_HAND_GAMES

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
MAX_SEEDS = 60
KNOWN_SEEDS = {"roby": (0, 3, 5), "robins": (0, 25), "royal": (0, 1, 11, 22, 30)}
"""The bot games of each variant found to hold every event type between them (robins needs 26 games' search to
reach its seed 25): tried first; if the bots change and they no longer do, the search runs through MAX_SEEDS."""
STORE_METADATA = ("timestamp", LINK, SALT)
"""Stored beside each event's own fields: the time, and its link in the hash chain (domain/record/chain.py)."""
EVENT_METADATA = {"originator_id", "originator_version", "timestamp"}
SHARED: list[type] = [Game.Created, MoveRecorded]
LEDGER: dict[str, list[type]] = {"roby": [AmountTransferred], "royal": [AmountTransferred], "robins": []}
"""The variants that move money or chips store the shared transfer."""
MODULES: dict[str, tuple[ModuleType, ...]] = {
    "roby": (domain.roby.events,),
    "robins": (domain.robins.events,),
    "royal": (domain.royal.events, domain.royal.events_play),
}
BOTS: dict[str, Callable[[int], list[Any]]] = {
    "roby": lambda seed: play_roby(seed, players=4).collect_events(),
    "robins": lambda seed: play_robins(seed, idleness=0.5)[1],
    "royal": lambda seed: play_royal(seed, deals=3).collect_events(),
}


SCRIPTED: dict[str, tuple[Callable[[], list[Any]], ...]] = {
    variant: (lambda make=make: list(make().collect_events()),) for variant, make in RESULT_HAND_GAMES.items()
}
"""Games of the event types only a table's choice makes, which the bots never play: hands recorded by their result,
standings brought forward from a paper sheet."""


def event_classes(variant: str) -> list[type]:
    """Every event class a game of the variant can store: its own, and the shared ones."""
    own = [
        cls
        for module in MODULES[variant]
        for _, cls in inspect.getmembers(module, inspect.isclass)
        if issubclass(cls, GameEvent) and cls.__module__ == module.__name__
    ]
    return [*SHARED, *LEDGER[variant], *own]


ALL_CLASSES = list({get_topic(cls): cls for variant in MODULES for cls in event_classes(variant)}.values())


def access_events() -> list[Any]:
    """One event of each type a game's access stream stores."""
    access = GameAccess.open(uuid4())
    access.issue("seat:Ann", "a" * 64, "recorder")
    access.mark_device("Bob", device=False)
    access.rename_seat("Bob", "Rob")
    access.revoke("seat:Ann", "recorder")
    return list(access.collect_events())


def pairing_events() -> list[Any]:
    """One event of each type a pairing code's stream stores."""
    pairing = Pairing.offer("b" * 64, uuid4(), 1, datetime(2026, 12, 1, 20, 10, tzinfo=UTC))
    pairing.redeem(datetime(2026, 12, 1, 20, 5, tzinfo=UTC))
    return list(pairing.collect_events())


def annotation_events() -> list[Any]:
    """One event of each type a game's annotations stream stores."""
    notes = GameAnnotations.open(uuid4())
    line = [{"type": "draw", "player": "Ann", "source": "stock", "card": "7H"}]
    number = notes.add("event", 12, 14, "draw instead", "?!", "Ann", "seat:Ann", line)
    notes.edit(number, "take the discard", "!?", "Ann", "seat:Ann")
    notes.delete(number, "seat:Ann")
    return list(notes.collect_events())


def dispute_events() -> list[Any]:
    """One event of each type a game's disputes stream stores."""
    disputes = GameDisputes.open_stream(uuid4())
    number = disputes.open_dispute("hand", 30, 41, "I held the 7H: my score is 15, not 25", 15, "seat:Ann")
    disputes.add_evidence(number, "replay", {"replay": {"hand": 2, "at": 12}}, 30, 41, "the frame shows it", "seat:Ann")
    disputes.rule(number, "upheld", {"type": "correct_hand", "hand": 2, "scores": {"Ann": 15}}, 42, "arbiter")
    return list(disputes.collect_events())
def claim_events() -> list[Any]:
    """One event of each type a game's claims stream (an imported record's stated facts) stores."""
    claims = GameClaims.open(uuid4(), "Club night", "The Anchor", "2026.11.12")
    claims.claim(2, "Ann", "points", 35, 30, 48)
    return list(claims.collect_events())


def confirmation_events() -> list[Any]:
    """One event of each type a game's confirmations stream stores."""
    confirmations = GameConfirmations.open_stream(uuid4())
    confirmations.confirm(2, "Ann", "c" * 64, 41, "seat:Ann")
    return list(confirmations.collect_events())


def night_events() -> list[Any]:
    """One event of each type a night's stream stores."""
    night = Night.open("Friday", {"amount": 50, "currency": "NOK"}, {"amount": 10, "currency": "NOK"}, "b" * 64)
    game = uuid4()
    night.add_game(game)
    night.remove_game(game)
    return list(night.collect_events())


STREAMS: dict[str, Callable[[], list[Any]]] = {
    "access": access_events,
    "annotations": annotation_events,
    "disputes": dispute_events,
    "claims": claim_events,
    "confirmations": confirmation_events,
    "nights": night_events,
    "pairing": pairing_events,
}
"""The streams a game has beside its own, each of its own aggregate (a pairing code's is beside it, found by the
code's hash)."""
STREAM_CLASSES = [type(event) for make in STREAMS.values() for event in make()]


def golden_path(topic: str) -> Path:
    """Where the golden data of a topic lives."""
    return GOLDEN / f"{topic}.json"


@cache
def games_holding_every_type() -> tuple[tuple[Any, ...], ...]:
    """For each variant, the seeded bot games (their events) in which each of its event types first appears."""
    games = []
    for variant, play in BOTS.items():
        scripted = [tuple(make()) for make in SCRIPTED.get(variant, ())]  # after the bots' games: their firsts stay
        wanted = {get_topic(cls) for cls in event_classes(variant)} - {
            get_topic(type(e)) for events in scripted for e in events
        }
        known = [tuple(play(seed)) for seed in KNOWN_SEEDS[variant]]
        if {get_topic(type(e)) for events in known for e in events} >= wanted:
            games.extend([*known, *scripted])
            continue
        seen = set[str]()
        for seed in range(MAX_SEEDS):
            events = play(seed)
            found = {get_topic(type(e)) for e in events} & wanted
            if found - seen:
                games.append(tuple(events))
            seen |= found
            if seen >= wanted:
                break
        assert seen >= wanted, f"{MAX_SEEDS} {variant} bot games never produced {sorted(wanted - seen)}"
        games.extend(scripted)
    return tuple(games)


def first_of_each_type(app: Meldbook) -> dict[str, dict[str, Any]]:
    """The first stored event of each topic in those games, as the app's store holds it, decoded."""
    firsts: dict[str, dict[str, Any]] = {}
    for events in games_holding_every_type():
        app.save(*events)
        for stored in app.recorder.select_events(events[0].originator_id):
            if stored.topic not in firsts:
                state = json.loads(stored.state)
                firsts[stored.topic] = {
                    "topic": stored.topic,
                    "state": {k: v for k, v in state.items() if k not in STORE_METADATA},
                }
    return firsts


def kinds(state: dict[str, Any]) -> dict[str, str]:
    """Each field's JSON kind (str, int, bool, list, dict); a null matches any kind, so it is left out."""
    return {name: type(value).__name__ for name, value in state.items() if value is not None}


def read_golden(topic: str) -> dict[str, Any]:
    """The golden data of a topic."""
    loaded: dict[str, Any] = json.loads(golden_path(topic).read_text())
    return loaded


@pytest.mark.parametrize("variant", sorted(MODULES))
def test_every_event_type_of_every_variant_has_golden_data(variant: str) -> None:
    topics = {get_topic(cls) for cls in event_classes(variant)}
    assert len(topics) == len(event_classes(variant))
    on_file = {path.name.removesuffix(".json") for path in GOLDEN.glob("*.json")}
    assert topics <= on_file, f"no golden data for {sorted(topics - on_file)}"


def test_each_event_type_is_stored_with_the_topic_and_fields_of_its_golden_data(open_meldbook: OpenMeldbook) -> None:
    firsts = first_of_each_type(open_meldbook())
    assert set(firsts) == {get_topic(cls) for cls in ALL_CLASSES}
    if os.environ.get("MELDBOOK_WRITE_GOLDEN") == "1":
        GOLDEN.mkdir(exist_ok=True)
        for topic, stored in firsts.items():
            golden_path(topic).write_text(json.dumps(stored, indent=2, sort_keys=True) + "\n")
    for topic, stored in sorted(firsts.items()):
        golden = read_golden(topic)
        assert stored["topic"] == golden["topic"] == topic
        assert sorted(stored["state"]) == sorted(golden["state"]), f"the fields of {topic} changed"
        stored_kinds, golden_kinds = kinds(stored["state"]), kinds(golden["state"])
        shared = stored_kinds.keys() & golden_kinds.keys()
        assert {k: stored_kinds[k] for k in shared} == {k: golden_kinds[k] for k in shared}, (
            f"a field of {topic} is stored as another JSON kind"
        )


def load_golden(golden: dict[str, Any]) -> Any:
    """A golden event decoded by the current classes, as the store would decode it."""
    app = Meldbook({"PERSISTENCE_MODULE": "eventsourcing.popo"})
    timestamp = json.loads(app.mapper.transcoder.encode({"timestamp": Game.Event.create_timestamp()}))
    state = json.dumps({**timestamp, **golden["state"]}).encode()
    event = app.mapper.to_domain_event(RecordedEvent(uuid4(), 2, golden["topic"], state))
    app.close()
    return event


@pytest.mark.parametrize("cls", [*ALL_CLASSES, *STREAM_CLASSES], ids=lambda cls: get_topic(cls))
def test_golden_events_load_as_the_current_event_classes(cls: type) -> None:
    event = load_golden(read_golden(get_topic(cls)))
    assert type(event) is cls
    declared = {f.name for f in fields(cls)} - EVENT_METADATA  # type: ignore[arg-type]
    assert set(vars(event)) - EVENT_METADATA == declared


@pytest.mark.parametrize(
    ("topic", "added"),
    [
        ("meldbook.GameCreated", {"recording": "recorder", "access": "public", "rules_version": 1, "currency": None}),
        ("meldbook.MoveRecorded", {"device": None}),
        ("meldbook.roby.HandDealt", {"unknown": {}}),
        ("meldbook.robins.HandDealt", {"unknown": {}}),
        ("meldbook.royal.HandsDealt", {"unknown": {}}),
    ],
)
def test_golden_events_of_their_first_version_load_with_the_fields_added_since_at_their_defaults(
    topic: str, added: dict[str, Any]
) -> None:
    old: dict[str, Any] = json.loads((GOLDEN / "v1" / f"{topic}.json").read_text())
    assert "class_version" not in old["state"] and not set(added) & set(old["state"])
    event = load_golden(old)
    assert {name: getattr(event, name) for name in added} == added
    assert {k: v for k, v in vars(event).items() if k in old["state"]} == old["state"]


@pytest.mark.parametrize("stream", sorted(STREAMS))
def test_the_events_of_a_games_other_streams_are_stored_with_the_topic_and_fields_of_their_golden_data(
    open_meldbook: OpenMeldbook, stream: str
) -> None:
    app = open_meldbook()
    events = STREAMS[stream]()
    app.save(*events)
    stored = {
        s.topic: {"topic": s.topic, "state": {k: v for k, v in json.loads(s.state).items() if k not in STORE_METADATA}}
        for s in app.recorder.select_events(events[0].originator_id)
    }
    assert len(stored) == len(events)
    if os.environ.get("MELDBOOK_WRITE_GOLDEN") == "1":
        for topic, doc in stored.items():
            golden_path(topic).write_text(json.dumps(doc, indent=2, sort_keys=True) + "\n")
    for topic, doc in stored.items():
        assert sorted(doc["state"]) == sorted(read_golden(topic)["state"]), f"the fields of {topic} changed"
