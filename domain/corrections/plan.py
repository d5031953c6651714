"""Deciding a correction: the moves it voids or amends, the record re-executed with them, the payouts posted again.

The rules are not written twice: the moves that would count are recorded again through `Game.record`
(domain/record/reexecution.py); the first one they refuse is the move that no longer fits.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from domain.corrections.counting import (
    REPLACEMENT_RULE,
    REVERSAL_RULE,
    counting_events,
    is_entry,
    standing_entries,
)
from domain.corrections.events import corrected_moves
from domain.corrections.kinds import AMEND, AMENDABLE, CORRECTION_KINDS, VOID, VOID_REST
from domain.corrections.listing import current_hand_start
from domain.errors import IllegalMoveError, MeldbookError, Problem
from domain.record.moves import MoveRecorded
from domain.record.replay import Step, counted_steps, replay
from domain.rules.actions import Action, ActionKind, parse_action

Entry = tuple[type, dict[str, Any]]


class CorrectionError(IllegalMoveError):
    """A correction the record does not allow: the code names what is wrong with it."""

    problem = Problem(
        "correction.refused",
        "Correction refused",
        "a correction of the record (POST /games/{id}/corrections); most refusals have a code of their own",
        "this correction cannot be made",
    )


@dataclass
class Rerun:
    """The moves that would count, recorded again: the game they leave, the payouts each derived, and the first
    move refused (its number and error), if one was."""

    game: Any
    entries: dict[int, list[Any]] = field(default_factory=dict)
    broken: tuple[int, MeldbookError] | None = None


@dataclass(frozen=True, slots=True)
class Plan:
    """What a correction stores: the reversal and replacement entries, then the RecordCorrected event's data."""

    action: dict[str, Any]
    """The correction as accepted, canonical: what its envelope stores."""
    entries: list[Entry]
    corrected: dict[str, Any]


def plan_correction(game: Any, events: Sequence[Any], body: Mapping[str, Any], requested_by: str) -> Plan:
    """Decide a correction of `game` (the aggregate, whose `counted` lists its moves that count) given its stored
    `events`; refused with a CorrectionError, or with the error of the move that no longer fits."""
    action = parse_action(CORRECTION_KINDS, body)
    if game.counted is None:
        raise CorrectionError(
            "this record was stored before moves carried their actions: it cannot be re-executed, so not corrected",
            code="correction.unavailable",
        )
    voided, amended = EDITS[action.type](game, events, action)
    rerun = rerun_moves(game, corrected_moves(game.counted, voided, amended))
    if rerun.broken is not None:
        move, error = rerun.broken
        if any(entry["move"] == move for entry in amended):
            error.message = f"the amended move {move} would be refused: {error.message}"
            error.field = "replacement"
            raise error
        if action.get("then") != VOID_REST:
            raise broken_move(events, move, error)
        voided = [*voided, *(e["move"] for e in game.counted if e["move"] >= move)]
    posted = reposted_entries(events, rerun.entries, set(voided))
    corrected = {
        "kind": action.type,
        "reason": action.get("reason"),
        "requested_by": requested_by,
        "voided": sorted(set(voided)),
        "amended": amended,
    }
    return Plan(CORRECTION_KINDS[action.type].canonical("", action.args), posted, corrected)


def rerun_moves(setup: Any, counted: Sequence[Mapping[str, Any]]) -> Rerun:
    """The moves recorded again in order into a game set up like `setup`, up to the first the rules refuse."""
    rerun = Rerun(setup.set_up_again(setup))

    def kept(step: Step, events: Sequence[Any]) -> None:
        rerun.entries[step.move or 0] = [e for e in events if is_entry(e)]

    refused = replay(rerun.game, counted_steps(counted), stop_at_refusal=True, recorded=kept)
    if refused is not None:
        rerun.broken = (refused.step.move or 0, refused.error)
    return rerun


def reposted_entries(events: Sequence[Any], rerun: Mapping[int, list[Any]], voided: set[int]) -> list[Entry]:
    """For each move still counted whose payouts the correction changes, the entries that changed reversed, then
    the entries derived again as replacements."""
    standing = standing_entries(counting_events(events))
    envelopes = {e.move: e.originator_version for e in events if isinstance(e, MoveRecorded)}
    posted: list[Entry] = []
    for move in sorted((set(standing) | set(rerun)) - voided - {0}):
        gone, come = changed_entries(standing.get(move, []), rerun.get(move, []))
        posted += [(type(e), _reversal(e)) for e in gone]
        posted += [(type(e), {**e.payload, "rule": REPLACEMENT_RULE, "cause": envelopes[move]}) for e in come]
    return posted


def changed_entries(old: Sequence[Any], new: Sequence[Any]) -> tuple[list[Any], list[Any]]:
    """The entries of a move that no longer stand and those that replace them: each old entry is paired with the
    first new one between the same accounts; a pair that says the same thing is left alone."""
    unpaired = list(new)
    gone: list[Any] = []
    standing: list[int] = []
    for entry in old:
        twin = next((n for n in unpaired if _accounts(n) == _accounts(entry)), None)
        if twin is not None:
            unpaired = [n for n in unpaired if n is not twin]
            if _terms(twin) == _terms(entry):
                standing.append(id(twin))
                continue
        gone.append(entry)
    return gone, [n for n in new if id(n) not in standing]


def broken_move(events: Sequence[Any], move: int, error: MeldbookError) -> CorrectionError:
    """The refusal naming the first move that no longer fits: its number, its version, its code and sentence."""
    version = next(e.originator_version for e in events if isinstance(e, MoveRecorded) and e.move == move)
    return CorrectionError(
        f"move {move} (version {version}) would no longer fit: {error.message} ({error.code}); "
        "send then: void-rest to void it and every move after it",
        code="correction.later-move-breaks",
        field="then",
        details={"move": move, "version": version, "move_code": error.code, "move_detail": error.message},
    )


def _void(game: Any, events: Sequence[Any], action: Action) -> tuple[list[int], list[dict[str, Any]]]:
    first = _counted(game, action.get("from_move"), "from_move")["move"]
    start = current_hand_start(game.counted)
    if first < start:
        raise CorrectionError(
            f"move {first} belongs to a past hand: only the current hand's moves (from move {start}) are voided; "
            "amend a past hand's card instead",
            code="correction.void-past-hand",
            field="from_move",
        )
    return [e["move"] for e in game.counted if e["move"] >= first], []


def _amend(game: Any, events: Sequence[Any], action: Action) -> tuple[list[int], list[dict[str, Any]]]:
    entry = _counted(game, action.get("move"), "move")
    body = entry["action"]
    if game.deal_mode != "recorded" or body["type"] not in AMENDABLE:
        raise CorrectionError(
            f"move {entry['move']} is a {body['type']} in a {game.deal_mode} game: only the cards a recorder "
            f"named in a recorded {' or '.join(AMENDABLE)} are amended",
            code="correction.not-amendable",
            field="move",
        )
    kind = game.rules.action_kinds[body["type"]]
    amended = amended_action(kind, body, action.get("card"), action.get("replacement"), action.get("holder"))
    return [], [{"move": entry["move"], "action": amended}]


EDITS: dict[str, Callable[[Any, Sequence[Any], Action], tuple[list[int], list[dict[str, Any]]]]] = {
    VOID: _void,
    AMEND: _amend,
}
"""Each correction kind's edit of the moves that count: the moves it voids and those it amends."""


def amended_action(
    kind: ActionKind, body: Mapping[str, Any], card: str, replacement: str, holder: str | None
) -> dict[str, Any]:
    """The action with `card` (in `holder`'s dealt hand, if named) replaced; refused when the action does not
    name the card, or names it in two hands and no holder says which."""
    if card == replacement:
        raise CorrectionError("replacement must differ from card", code="correction.same-card", field="replacement")
    places = [
        (p.name, key)
        for p in kind.params
        if p.kind in ("card", "cards", "card_map") and p.name in body
        for key in _keys(body[p.name], card, holder)
    ]
    if not places:
        where = f" in {holder}'s hand" if holder else ""
        raise CorrectionError(
            f"the {kind.type} does not name {card}{where}", code="correction.card-not-in-move", field="card"
        )
    if len(places) > 1:
        raise CorrectionError(
            f"the {kind.type} names {card} in more than one place: holder must say whose hand holds it",
            code="correction.card-ambiguous",
            field="holder",
        )
    name, key = places[0]
    amended: dict[str, Any] = copy.deepcopy(dict(body))
    if key is None:
        amended[name] = replacement
    elif isinstance(key, str):
        amended[name][key] = _swapped(amended[name][key], card, replacement)
    else:
        amended[name] = _swapped(amended[name], card, replacement)
    return amended


def _counted(game: Any, move: int, name: str) -> dict[str, Any]:
    entry: dict[str, Any] | None = next((e for e in game.counted if e["move"] == move), None)
    if entry is None:
        raise CorrectionError(
            f"move {move} is not a move that counts: it is a correction, voided, or not recorded yet",
            code="correction.move-not-counted",
            field=name,
        )
    return entry


def _keys(value: Any, card: str, holder: str | None) -> list[str | int | None]:
    """Where a field's value names the card: None for a lone card, the index for a list, the player for a map."""
    if isinstance(value, str):
        return [None] if value == card and holder is None else []
    if isinstance(value, list):
        return [0] if card in value and holder is None else []
    return [p for p, cards in value.items() if card in cards and (holder is None or p == holder)]


def _swapped(cards: list[str], card: str, replacement: str) -> list[str]:
    index = cards.index(card)
    return [*cards[:index], replacement, *cards[index + 1 :]]


def _accounts(event: Any) -> tuple[str, Any, Any]:
    """Which accounts a payout moves between: its kind, and its player or its source and destination."""
    data = event.payload
    return type(event).TOPIC, data.get("player"), (data.get("source"), data.get("destination"))


def _terms(event: Any) -> tuple[str, tuple[tuple[str, Any], ...]]:
    """What a payout says, less its rule and cause (versions differ between the record and a re-execution)."""
    return type(event).TOPIC, tuple(sorted((k, v) for k, v in event.payload.items() if k not in ("rule", "cause")))


def _reversal(event: Any) -> dict[str, Any]:
    """The entry that undoes a payout: the same accounts the other way, or the points taken back."""
    data = dict(event.payload)
    if "source" in data:
        data["source"], data["destination"] = data["destination"], data["source"]
    else:
        data["points"] = -data["points"]
    return {**data, "rule": REVERSAL_RULE, "cause": event.originator_version}
