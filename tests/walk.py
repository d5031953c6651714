"""The one walk over every version of stored games through the HTTP API, as a spectator and as the recorder.

`walk` reads each version's state both ways (and the game's events both ways, once) and hands every version
to each check in CHECKS. A property that must hold at every version of every game joins by adding a check
here, rather than by walking games again. The views that HTTP cannot ask for yet (each seat, the arbiter, the
recorder of a game recorded by seats) are read from the service beside it, with the same game and events.

By default the walk reads every move's last version (the states a table sees), the first version inside a move of
each kind (an event followed, in its move, by an event of a given type: the discard before the stock it rebuilt,
the going out before its scores, the cut before the deal it chose) and a seeded sample of the other versions inside
moves (tests/sampling.py: the run's seed replays it); `versions="every"` reads every version, as the `slow` twin of
each walking test does (the `walk_versions` fixture, tests/conftest.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from flask import Flask
from flask.testing import FlaskClient

from domain.access.visibility import Viewer, view_doc
from domain.cards.card import InvalidCardError, canonical
from domain.record.game import Game
from domain.record.hands import HandSpans
from domain.record.moves import secret_fields
from domain.variants import variant_named
from service.application import Meldbook
from service.presenting import StoredEvent, present_event, present_state
from service.tokens import token_hash
from tests.e2e.helpers import all_events, streamed
from tests.oracle import Oracle, card_places
from tests.sampling import sample

TOKEN = "walk-token"
ACTIONS = ("legal_actions", "table_actions")
INSIDE_SHARE = 0.1
"""The share of the other versions inside moves that the default walk reads."""


@dataclass(frozen=True)
class Walked:
    """A game stored for the walk: its id, its variant and its last version (its recorder token is TOKEN)."""

    id: str
    variant: str
    last: int


@dataclass(frozen=True)
class AtVersion:
    """One version of a walked game, as both readers got it, beside the game's events as both got them."""

    game: Walked
    version: int
    spectator: dict[str, Any]
    recorder: dict[str, Any]
    events_spectator: list[dict[str, Any]]
    events_recorder: list[dict[str, Any]]
    frames_spectator: dict[int, dict[str, Any]]
    """The replay's frames of every hand, as a spectator gets them, by the last version of their move."""
    frames_recorder: dict[int, dict[str, Any]]
    """The same frames in the recorder's (full) view."""
    meldbook: Meldbook
    stored: list[StoredEvent]
    """The game's events as the service describes them, for the views read from the service."""
    hands: HandSpans
    """Where the game's hands start and end, for the views that see ended hands in full."""
    oracle: Oracle

    @property
    def event_spectator(self) -> dict[str, Any]:
        """The event of this version, as a spectator gets it."""
        return self.events_spectator[self.version - 1]

    @property
    def event_recorder(self) -> dict[str, Any]:
        """The event of this version, as the recorder gets it."""
        return self.events_recorder[self.version - 1]


Check = Callable[[AtVersion], None]


def store(app: Flask, make: Callable[[str], Game]) -> Walked:
    """Store a game made with the walk's token hash (for instance a bot game recorded again) in the app's store."""
    game = make(token_hash(TOKEN))
    app.extensions["meldbook"].save(game)
    return Walked(str(game.id), game.variant, game.version)


def versions_to_walk(game: Walked, events: list[dict[str, Any]], versions: str = "sampled") -> list[int]:
    """The versions the walk reads of a game with these events (in the full view): `every` version, or the
    `sampled` ones (every move's last, the first inside a move of each kind, and a sample of the rest)."""
    every = list(range(1, game.last + 1))
    if versions == "every":
        return every
    if versions != "sampled":
        raise ValueError(f"versions is every or sampled, not {versions!r}")
    move = [event["move"] for event in events]
    inside = [v for v in every if v < game.last and move[v] == move[v - 1]]
    kinds: dict[tuple[str, str], int] = {}
    for version in inside:
        kinds.setdefault((events[version - 1]["type"], events[version]["type"]), version)
    rest = sorted(set(inside) - set(kinds.values()))
    drawn = sample(rest, round(len(rest) * INSIDE_SHARE), f"walk {game.variant} {game.last} {len(inside)}")
    return sorted({*(set(every) - set(inside)), *kinds.values(), *drawn})


def walk(client: FlaskClient, game: Walked, checks: Sequence[Check], versions: str = "sampled") -> int:
    """Read the game's versions both ways (`versions`: see versions_to_walk) and run every check on each; return the
    number of versions the game has."""
    auth = {"Authorization": f"Bearer {TOKEN}"}
    listed = [all_events(client, f"/games/{game.id}", headers) for headers in ({}, auth)]
    check_the_stream_sends_what_the_events_show_in_each_view(client, game, listed)
    frames = [replay_frames(client, game, headers) for headers in ({}, auth)]
    meldbook: Meldbook = client.application.extensions["meldbook"]
    stored = meldbook.stored_events(UUID(game.id))
    hands = meldbook.hand_spans(UUID(game.id), ARBITER)
    assert hands is not None
    oracle = Oracle(game.variant, listed[1])
    for version in versions_to_walk(game, listed[1], versions):
        url = f"/games/{game.id}/state?at={version}"
        spectator, recorder = client.get(url), client.get(url, headers=auth)
        assert (spectator.status_code, recorder.status_code) == (200, 200), (
            game.variant, version, spectator.get_data(as_text=True)[:300], recorder.get_data(as_text=True)[:300]
        )
        at = AtVersion(
            game,
            version,
            spectator.get_json(),
            recorder.get_json(),
            *listed,
            *frames,
            meldbook,
            stored,
            hands,
            oracle,
        )
        for check in checks:
            check(at)
    return game.last


def check_the_stream_sends_what_the_events_show_in_each_view(
    client: FlaskClient, game: Walked, listed: list[list[dict[str, Any]]]
) -> None:
    """The stream in a view sends, event by event, what GET /events shows in that view: the spectator's (no
    token), the full view (the recorder's token), and a seat's, both with its seat token and with a seat ticket
    the recorder asked for."""
    url, auth = f"/games/{game.id}", {"Authorization": f"Bearer {TOKEN}"}
    assert streamed(client, url) == listed[0], "the spectator's stream differs from the spectator's events"
    assert streamed(client, url, auth) == listed[1], "the full stream differs from the recorder's events"
    player = client.get(url).get_json()["players"][0]
    issued = client.post(f"{url}/tokens/seats/{player}", headers=auth)
    assert issued.status_code == 201, issued.get_data(as_text=True)[:300]
    seat = {"Authorization": f"Bearer {issued.get_json()['token']}"}
    seat_events = all_events(client, url, seat)
    assert seat_events != listed[0] or game.last < 10, "a seat's events show nothing more than a spectator's"
    assert streamed(client, url, seat) == seat_events, "a seat's stream differs from its events"
    ticket = client.post(f"{url}/stream-tickets", json={"view": "seat", "player": player}, headers=auth)
    assert ticket.status_code == 201, ticket.get_data(as_text=True)[:300]
    assert streamed(client, url, query=f"?ticket={ticket.get_json()['ticket']}") == seat_events


def replay_frames(client: FlaskClient, game: Walked, headers: dict[str, str]) -> dict[int, dict[str, Any]]:
    """Every frame of every hand of the game's replay, by the last version of its move (one request a hand)."""
    url = f"/games/{game.id}/replay"
    hands = client.get(url, headers=headers).get_json()["hands"]
    frames: dict[int, dict[str, Any]] = {}
    for hand in hands:
        response = client.get(url, headers=headers, query_string={"hand": hand["hand"]})
        assert response.status_code == 200, response.get_data(as_text=True)[:300]
        shown = response.get_json()
        assert [f["move"] for f in shown["frames"]] == list(range(hand["first_move"], hand["last_move"] + 1))
        frames.update({frame["versions"]["last"]: frame for frame in shown["frames"]})
    return frames


def json_paths(doc: Any, path: str = "") -> Iterator[tuple[str, str, Any]]:
    """Every (path, key, value) in a JSON document."""
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield f"{path}.{key}", key, value
            yield from json_paths(value, f"{path}.{key}")
    elif isinstance(doc, list):
        for index, value in enumerate(doc):
            yield from json_paths(value, f"{path}[{index}]")


def check_the_version_and_whether_it_is_the_latest(at: AtVersion) -> None:
    """Both readers get the version asked for, the game's latest version, and whether they are the same."""
    for doc in (at.spectator, at.recorder):
        assert doc["version"] == at.version and doc["id"] == at.game.id and doc["variant"] == at.game.variant
        assert doc["latest_version"] == at.game.last and doc["latest"] is (at.version == at.game.last)
        assert set(doc["to_move"]) <= set(doc["players"]), doc["to_move"]


def check_actions_are_listed_only_at_the_latest_version_and_only_to_the_recorder(at: AtVersion) -> None:
    """A past state lists nothing to do; the latest lists the players' actions unless the game is over."""
    assert not set(ACTIONS) & set(at.spectator)
    if not at.recorder["latest"]:
        assert [at.recorder[key] for key in ACTIONS] == [[], []]
    elif at.recorder["over"]:
        assert at.recorder["legal_actions"] == [] and at.recorder["to_move"] == []
    else:
        assert at.recorder["legal_actions"], "an unfinished game lists the actions of those to act"
        assert {entry["player"] for entry in at.recorder["legal_actions"]} <= set(at.recorder["to_move"])


def check_the_spectator_sees_the_recorders_state_with_its_secrets_masked(at: AtVersion) -> None:
    """The spectator's state is the recorder's through the visibility filter: secret zones are counts, no seed."""
    recorder = {k: v for k, v in at.recorder.items() if k not in ACTIONS}
    assert at.spectator == {**recorder, "state": view_doc(recorder["state"], Viewer.SPECTATOR)}
    for path, key, value in json_paths(at.spectator):
        assert key != "token_hash", path
        assert key != "seed" or value is None, path
        if isinstance(value, dict) and value.get("secret") is True:
            assert set(value) == {"count", "secret"}, (path, value)


def check_the_event_shows_its_secret_fields_to_the_recorder_alone(at: AtVersion) -> None:
    """The event of this version: its secret fields (an envelope's: its action kind's) blank for a spectator."""
    shown, full = at.event_spectator, at.event_recorder
    assert shown["version"] == full["version"] == at.version and shown["move"] == full["move"]
    secret = _secret_paths(at.game.variant, full)
    for path in secret:
        assert _get(shown["data"], path) is None, (full["type"], path)
        assert _get(full["data"], path) is not None, (full["type"], path)
    for path, key, value in json_paths(shown["data"]):
        assert key != "token_hash", path
        if isinstance(value, dict) and value.get("secret") is True:
            assert set(value) == {"count", "secret"}, (path, value)


def check_an_envelope_shows_a_spectator_no_card_its_moves_events_do_not(at: AtVersion) -> None:
    """The envelope never leaks a hidden card: every card in the action a spectator sees is shown by the move's
    own events to the spectator too (a meld's cards by MeldLaid, a discard by CardDiscarded, ...)."""
    envelope = at.event_spectator
    if envelope["type"] != "MoveRecorded":
        return
    own = [e for e in at.events_spectator if e["move"] == envelope["move"] and e["type"] != "MoveRecorded"]
    shown = set(_cards(e["data"] for e in own))
    leaked = set(_cards(envelope["data"]["action"])) - shown
    assert not leaked, (at.game.variant, at.version, envelope["data"]["action"], leaked)


ARBITER = Viewer("spectator", ended_hands_in_full=True)


def service_views(players: Sequence[str]) -> list[Viewer]:
    """The views read from the service: each player's seat, the arbiter, and the recorder of a game recorded by
    seats where the first player has no device."""
    return [*(Viewer.seat(p) for p in players), ARBITER, Viewer("seat", frozenset(players[:1]), True)]


def check_every_view_sees_the_cards_the_oracle_allows(at: AtVersion) -> None:
    """Each view (spectator and full through HTTP, the others from the service) shows, in each place of the
    state and of this version's event, as many cards as the independent oracle says it may see, and no seed."""
    game = at.meldbook.game(UUID(at.game.id), version=at.version)
    event = at.stored[at.version - 1]
    views = [
        (Viewer.SPECTATOR, at.spectator["state"], at.event_spectator),
        (Viewer.FULL, at.recorder["state"], at.event_recorder),
    ]
    for viewer in service_views(game.players):
        state = present_state(game, viewer, at.game.last, at.hands)["state"]
        views.append((viewer, state, present_event(event, viewer, at.hands)))
    full_state, full_event = at.recorder["state"], at.event_recorder
    for viewer, state, shown in views:
        where = ("the view leaks or hides cards", viewer, at.game.variant, at.version, full_event["type"])
        assert card_places(state) == at.oracle.expected_state(viewer, at.version, full_state), where
        assert card_places(shown["data"]) == at.oracle.expected_event(viewer, full_event), (*where, shown["data"])
        if not viewer.sees_everything:
            for path, key, value in json_paths([state, shown["data"]]):
                assert key not in ("seed", "seeds") or value is None, (*where, path)


def _cards(doc: Any) -> Iterator[str]:
    """Every card code in a JSON document."""
    if isinstance(doc, str):
        try:
            yield canonical(doc)
        except InvalidCardError:
            return
    elif isinstance(doc, dict):
        for value in doc.values():
            yield from _cards(value)
    elif isinstance(doc, (list, tuple)) or hasattr(doc, "__next__"):
        for value in doc:
            yield from _cards(value)


def _secret_paths(variant: str, event: dict[str, Any]) -> tuple[str, ...]:
    """The event's secret fields that it fills in, a map of each player's cards (`hands.*`) as a whole."""
    if event["type"] == "MoveRecorded":
        declared = secret_fields(variant_named(variant).action_kinds, event["data"])
    else:
        from eventsourcing.utils import resolve_topic

        declared = getattr(resolve_topic(event["topic"]), "SECRET_FIELDS", ())
    paths = tuple(path.removesuffix(".*") for path in declared)
    return tuple(path for path in paths if _get(event["data"], path) is not None)


def _get(doc: dict[str, Any], path: str) -> Any:
    for key in path.split("."):
        doc = doc.get(key) if isinstance(doc, dict) else None
    return doc


def check_a_moves_replay_frame_shows_the_state_at_its_last_version(at: AtVersion) -> None:
    """A move's frame is taken at its last version, and its state is the state there: the recorder's (less the
    actions listed at the latest version only) in the full view, the spectator's in the spectator's view."""
    move = at.event_recorder["move"]
    ends_move = at.version == at.game.last or at.events_recorder[at.version]["move"] != move
    assert (at.version in at.frames_recorder) is ends_move and (at.version in at.frames_spectator) is ends_move
    if not ends_move:
        return
    full, shown = at.frames_recorder[at.version], at.frames_spectator[at.version]
    assert full["move"] == shown["move"] == move and full["versions"] == shown["versions"]
    assert full["state"] == {k: v for k, v in at.recorder.items() if k not in ACTIONS}
    assert shown["state"] == at.spectator


CHECKS: list[Check] = [
    check_the_version_and_whether_it_is_the_latest,
    check_actions_are_listed_only_at_the_latest_version_and_only_to_the_recorder,
    check_the_spectator_sees_the_recorders_state_with_its_secrets_masked,
    check_the_event_shows_its_secret_fields_to_the_recorder_alone,
    check_an_envelope_shows_a_spectator_no_card_its_moves_events_do_not,
    check_a_moves_replay_frame_shows_the_state_at_its_last_version,
    check_every_view_sees_the_cards_the_oracle_allows,
]
"""The checks every walked version passes; later work appends its own."""
