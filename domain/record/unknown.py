"""Hands the record does not know yet: a deal that names no hand, each player entering his own, cards revealed by
play checked against everything known, checks that wait for a hand's contents, and counts stated at the end.

One piece of code for every variant: a variant's state has `hands` (player -> Zone), `hand_number`, `pending`
(the checks waiting for a hand), `findings` (the rules a reveal showed broken) and `stated` (the counts stated
instead of cards), and the variant names its places (hands, piles, melds) with `place_words`' ids.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar

from domain.cards.zones import Zone
from domain.errors import CardConflictError, IllegalMoveError
from domain.events import GameEvent
from domain.record.moves import MoveRecorded
from domain.rules.actions import ActionKind, Param
from domain.rules.variant import Decision

Places = Mapping[str, Sequence[str]]
"""The named cards of every place of a state, by place id: `hand:<player>`, `stock`, `discard`, `meld:<id>`, ..."""


ENTER_HAND = ActionKind(
    "enter_hand",
    "name the cards of your hand that the record does not name yet (a deal that named no hand; at the end of the "
    "hand the recorder may enter it too)",
    (Param("cards", "cards", description="the cards of the hand the record does not name yet", secret=True),),
)
STATE_COUNT = ActionKind(
    "state_count",
    "at the end of a hand, score a hand nobody entered at the count stated at the table (marked as stated)",
    (Param("points", "int", description="what the hand's cards count, as stated"),),
)

COUNT_KINDS = frozenset({ENTER_HAND.type, STATE_COUNT.type})
"""The actions that may follow the end of a hand, before its scores: they belong to that hand."""


def place_words(place: str) -> str:
    """A place id in words: `hand:Ann` is Ann's hand, `meld:2` meld 2, `discard` the discard pile."""
    kind, _, name = place.partition(":")
    if kind == "hand":
        return f"{name}'s hand"
    if kind == "meld":
        return f"meld {name}"
    return {"discard": "the discard pile", "stock": "the stock"}.get(kind, f"the {kind.replace('_', ' ')}")


def hand_place(player: str) -> str:
    """The place id of a player's hand."""
    return f"hand:{player}"


def check_reveal(code: str, deck: Counter[str], places: Places, place: str, also: Counter[str] | None = None) -> None:
    """Refuse to name `code` in `place` out of its unknown cards when every copy the packs hold is already placed.

    `also` counts the cards this same action has already named there. The refusal names both places, in its
    sentence and in its `place` and `conflicts_with` fields.
    """
    if code not in deck:
        raise CardConflictError(f"{code} is not in this game's deck", details={"card": code, "place": place})
    holders = [where for where, cards in places.items() for card in cards if card == code]
    holders += [place] * (also or Counter())[code]
    if len(holders) < deck[code]:
        return
    copies = "the only copy" if deck[code] == 1 else f"all {deck[code]} copies"
    raise CardConflictError(
        f"{code} cannot be in {place_words(place)}: {copies} the packs hold "
        f"{'is' if deck[code] == 1 else 'are'} already in {' and '.join(place_words(h) for h in holders)}",
        details={"card": code, "place": place, "conflicts_with": holders},
    )


def take(
    zone: Zone, cards: Sequence[str], deck: Counter[str], places: Places, place: str, not_held: Callable[[], Exception]
) -> tuple[list[str], int]:
    """What stays in a hand once `cards` leave it: its named cards left and how many unknown ones.

    A card the hand names leaves from those; any other from its unknown cards, checked by `check_reveal`; with no
    unknown card left, `not_held()` is raised.
    """
    rest, hidden, named = list(zone.known), zone.hidden, Counter[str]()
    for card in cards:
        if card in rest:
            rest.remove(card)
            continue
        if hidden <= 0:
            raise not_held()
        check_reveal(card, deck, places, place, named)
        named[card] += 1
        hidden -= 1
    return rest, hidden


class HandEntered(GameEvent):
    """A player (or, once the hand is over, the recorder) named the cards of his hand that the record did not."""

    TOPIC = "meldbook.HandEntered"
    SECRET_FIELDS: ClassVar[tuple[str, ...]] = ("cards",)
    player: str
    cards: list[str]

    def evolve(self, state: Any) -> None:
        zone: Zone = state.hands[self.player]
        zone.known.extend(self.cards)
        zone.unveiled.extend(self.cards)
        zone.hidden = 0


class CountStated(GameEvent):
    """At the end of a hand, a hand nobody showed was scored at the count its player stated."""

    TOPIC = "meldbook.CountStated"
    player: str
    points: int

    def evolve(self, state: Any) -> None:
        state.stated[self.player] = self.points


class CheckDeferred(GameEvent):
    """A rule that needs a hand's contents could not be checked while cards of it were unknown: it waits for them.

    `hand` holds the cards the hand named then (secret: the player's own), `mark` how many cards had been named
    out of its unknown ones by then, `context` what else the check needs (the table, the card discarded, ...)."""

    TOPIC = "meldbook.CheckDeferred"
    SECRET_FIELDS: ClassVar[tuple[str, ...]] = ("hand",)
    player: str
    check: str
    move: int | None
    hand: list[str]
    mark: int
    context: dict[str, Any]

    def evolve(self, state: Any) -> None:
        state.pending.append(
            {
                "player": self.player,
                "check": self.check,
                "move": self.move,
                "hand": list(self.hand),
                "mark": self.mark,
                "context": dict(self.context),
            }
        )


class DeferredChecksMade(GameEvent):
    """A hand became known in full: the checks that waited for it were made; `findings` are the rules broken, each
    in words with its rule id. The accepted moves stand (history is not rewritten); a dispute may cite this."""

    TOPIC = "meldbook.DeferredChecksMade"
    player: str
    hand_number: int
    checked: int
    findings: list[dict[str, Any]]

    def evolve(self, state: Any) -> None:
        state.pending = [item for item in state.pending if item["player"] != self.player]
        state.findings.extend({"hand": self.hand_number, "player": self.player, **f} for f in self.findings)


Check = Callable[[str, list[str], Mapping[str, Any]], tuple[str, str] | None]
"""A deferred check: given the player, his hand as it was then (in full) and the check's context, the rule broken
and the finding's sentence, else None."""


def current_move(decision: Decision) -> int | None:
    """The number of the move being decided (None outside a recorded move, e.g. while listing legal actions)."""
    if decision.events and decision.events[0][0] is MoveRecorded:
        return int(decision.events[0][1]["move"])
    return None


def defer(decision: Decision, player: str, check: str, hand: Iterable[str], context: Mapping[str, Any]) -> None:
    """Record that `check` waits for the player's hand: `hand` is what the hand names at this point of the move."""
    zone: Zone = decision.state.hands[player]
    decision.record(
        CheckDeferred,
        player=player,
        check=check,
        move=current_move(decision),
        hand=list(hand),
        mark=len(zone.unveiled),
        context=dict(context),
    )


def make_deferred_checks(decision: Decision, checks: Mapping[str, Check]) -> None:
    """For every player whose hand is now known in full and has checks waiting, make them and record the findings."""
    state = decision.state
    waiting = sorted({item["player"] for item in state.pending}, key=state.players.index)
    for player in waiting:
        zone: Zone = state.hands[player]
        if zone.hidden:
            continue
        findings = []
        items = [item for item in state.pending if item["player"] == player]
        for item in items:
            held = [*item["hand"], *zone.unveiled[item["mark"] :]]
            found = checks[item["check"]](player, held, item["context"])
            if found is not None:
                findings.append({"rule": found[0], "move": item["move"], "text": found[1]})
        decision.record(
            DeferredChecksMade, player=player, hand_number=state.hand_number, checked=len(items), findings=findings
        )


def unknown_players(hands: Mapping[str, Zone], among: Iterable[str]) -> list[str]:
    """The players among `among` whose hands hold cards the record does not name."""
    return [p for p in among if hands[p].hidden]


def check_entry(player: str, cards: Sequence[str], zone: Zone, deck: Counter[str], places: Places) -> None:
    """Refuse an entry of a hand that is not the cards the record does not name yet: a hand known in full, the
    wrong number of cards, or a card placed elsewhere as often as the packs hold it."""
    if not zone.hidden:
        raise IllegalMoveError(
            f"the record names every card of {player}'s hand: there is nothing to enter", code="hand.known"
        )
    if len(cards) != zone.hidden:
        besides = f" besides the {len(zone.known)} it names" if zone.known else ""
        raise IllegalMoveError(
            f"{player}'s hand holds {zone.hidden} cards the record does not name{besides}: enter exactly those "
            f"{zone.hidden}, not {len(cards)}",
            code="hand.entry-count",
        )
    named = Counter[str]()
    for card in cards:
        check_reveal(card, deck, places, hand_place(player), named)
        named[card] += 1


def check_stated(player: str, points: int, zone: Zone, most: int) -> None:
    """Refuse a stated count that the hand's cards could not make: below 0 or above `most` a card times its size."""
    if not zone.hidden:
        raise IllegalMoveError(
            f"the record names every card of {player}'s hand: its cards are counted, not stated", code="hand.known"
        )
    if not 0 <= points <= most * zone.size:
        raise IllegalMoveError(
            f"{player}'s {zone.size} cards cannot count {points}: a stated count is 0 to {most * zone.size}",
            code="hand.stated-count-range",
        )


def entry_template(player: str, zone: Zone) -> dict[str, Any]:
    """The legal-actions template of an entry: the body, and its constraints in words. It is marked `unseen`: its
    examples are cards the record places nowhere, which would tell a narrower view what other hands hold by what
    they leave out, so only the full view is given them (service/presenting.py)."""
    named = f" (the record already names {' '.join(zone.known)})" if zone.known else ""
    return {
        "unseen": True,
        "body": {"type": "enter_hand", "player": player, "cards": ["<card>"] * zone.hidden},
        "constraints": f"cards: the {zone.hidden} cards of {player}'s hand that the record does not name yet{named};"
        " none the record places elsewhere as often as the packs hold it",
    }


def stated_template(player: str, zone: Zone, most: int) -> dict[str, Any]:
    """The legal-actions template of a stated count, with the bounds of the count."""
    return {
        "body": {"type": "state_count", "player": player, "points": "<int>"},
        "constraints": f"points: what {player}'s {zone.size} cards count, as stated at the table, "
        f"0 to {most * zone.size}",
        "bounds": {"points": [0, most * zone.size]},
    }
