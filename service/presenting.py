"""Stored events and game states as the API shows them: each event with its move and secret fields, filtered for a
viewer, and a game's state with the actions its caller may take."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from types import MappingProxyType
from typing import Any

from eventsourcing.utils import get_topic

from domain.access.visibility import Viewer, view_doc, view_event
from domain.record.game import Game
from domain.record.hands import HandSpans
from domain.record.moves import MoveRecorded, secret_fields
from domain.rules.actions import ActionKind
from domain.rules.docs import to_doc

NO_VOIDS: Mapping[int, int] = MappingProxyType({})
_METADATA = frozenset({"originator_id", "originator_version", "timestamp", "originator_topic"})


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """One stored event as the API shows it: with the number of the move it belongs to, and its secret fields."""

    version: int
    type: str
    topic: str
    timestamp: datetime
    data: dict[str, Any]
    move: int
    secret: tuple[str, ...]
    voided: int | None = None
    """The version of the correction that voided the event's move; None while it counts."""


def describe(
    event: Any, move: int, kinds: Mapping[str, ActionKind], voided: Mapping[int, int] = NO_VOIDS
) -> StoredEvent:
    """A stored event's version, type, topic, time and own data, the number of its move and its secret fields, and
    the voided marker of its move (`voided`: each voided move's correction).

    An envelope's secret fields are those its action's kind declares secret; any other event's, its class's.
    """
    data = {k: to_doc(v) for k, v in vars(event).items() if k not in _METADATA}
    topic = get_topic(type(event))
    secret = secret_fields(kinds, data) if isinstance(event, MoveRecorded) else getattr(event, "SECRET_FIELDS", ())
    name = topic.rsplit(".", 1)[-1]
    return StoredEvent(event.originator_version, name, topic, event.timestamp, data, move, secret, voided.get(move))


def present_event(event: StoredEvent, viewer: Viewer, hands: HandSpans | None = None) -> dict[str, Any]:
    """An event as the viewer may see it; `hands` (Meldbook.hand_spans) says which hands have ended, for a viewer
    who sees those in full."""
    return {
        "version": event.version,
        "move": event.move,
        "type": event.type,
        "topic": event.topic,
        "timestamp": event.timestamp.isoformat(),
        "data": view_event(event.data, event.secret, viewer, hands is not None and hands.ended(event.version)),
        "voided": event.voided,
    }


def present_state(
    game: Game,
    viewer: Viewer,
    latest_version: int | None = None,
    hands: HandSpans | None = None,
    *,
    acting: Callable[[str], bool] | None = None,
) -> dict[str, Any]:
    """A game's state as the viewer may see it, at its latest version unless `latest_version` says otherwise;
    `hands` (Meldbook.hand_spans) says which hands have ended, for a viewer who sees those in full.

    Whoever records moves also gets the legal actions of the players he may act for (`acting` says which; "" for
    the table's actions), at the latest version only: a past state shows who was to act then, but lists nothing
    to do. Without `acting`, the full view lists every action and any other view none.
    """
    rules = game.rules
    latest = game.version if latest_version is None else latest_version
    shown: dict[str, Any] = {
        "id": str(game.id),
        "variant": game.variant,
        "title": game.title,
        "players": game.players,
        "options": game.options,
        "deal_mode": game.deal_mode,
        "recording": game.recording,
        "access": game.access,
        "currency": game.currency,
        "rules_version": game.state.rules_version,
        "version": game.version,
        "latest_version": latest,
        "latest": game.version == latest,
        "created_at": game.created_on.isoformat(),
        "to_move": rules.to_move(game.state),
        "over": rules.is_over(game.state),
        "discarded": game.discarded,
        "state": view_doc(rules.to_doc(game.state), viewer, hands is not None and hands.ended(game.version)),
    }
    if acting is None and viewer.sees_everything:
        acting = _anyone
    if acting is not None:
        legal = [entry for entry in game.legal_actions() if _may_record(game, acting, entry)] if shown["latest"] else []
        shown["legal_actions"] = legal if viewer.sees_everything else [_unseen_withheld(e) for e in legal]
        table = game.table_actions() if shown["latest"] and acting("") else []
        shown["table_actions"] = table if viewer.sees_everything else [_examples_withheld(e) for e in table]
    return shown


def _unseen_withheld(entry: dict[str, Any]) -> dict[str, Any]:
    """An entry as a narrower view may have it: the cards the record places nowhere yet would tell what it places
    in other hands, by what they leave out, so they are listed to the full view alone, and so are the examples drawn
    from them (the template, its constraints and its bounds stay)."""
    if not entry.get("unseen"):
        return entry
    return {key: ([] if key == "examples" else value) for key, value in entry.items() if key != "allowed_cards"}


def _examples_withheld(entry: dict[str, Any]) -> dict[str, Any]:
    """A table action's entry as a narrower view may have it (the recorder of a game its seats record): a template's
    examples name a card of someone's hand (the card exposed, the card drawn out of turn), which may be a card only
    that seat has entered, so only the template and its constraints are given. Other examples (a void's moves) stay."""
    if "<card>" not in json.dumps(entry.get("template")):
        return entry
    return {key: ([] if key == "examples" else value) for key, value in entry.items() if key != "allowed_cards"}


def _may_record(game: Game, acting: Callable[[str], bool], entry: dict[str, Any]) -> bool:
    """Whether a legal-actions entry is one the caller may record: its player's, or one the table may record too."""
    return acting(entry["player"]) or (acting("") and game.rules.recorder_too(game.state, entry["type"]))


def _anyone(player: str) -> bool:
    return True
