"""What the recorder may name when a hand is dealt: nothing in shuffled mode; in recorded mode the upcard, and every
hand or none (then each player enters his own)."""

from __future__ import annotations

from collections import Counter

from domain.cards.zones import Zone, check_counts, named_counts
from domain.errors import IllegalMoveError, InvalidActionError
from domain.rules.actions import Action


def refuse_named_cards(action: Action, names: tuple[str, ...]) -> None:
    """In a shuffled game the service deals: refuse a deal that names cards."""
    for name in names:
        if action.get(name) is not None:
            raise InvalidActionError(f"in a shuffled game the service deals: leave out '{name}'", field=name)


def unnamed_deal(action: Action, seats: list[str], hand_size: int) -> dict[str, int] | None:
    """In a recorded deal that leaves out `hands` (but names the upcard), each hand's size: every player enters
    his own (domain/record/unknown.py); None when the deal names the hands."""
    if action.get("hands") is not None or action.get("upcard") is None:
        return None
    return dict.fromkeys(seats, hand_size)


def recorded_hands_and_upcard(
    action: Action, seats: list[str], hand_size: int, deck: Counter[str], players: str, code: str
) -> tuple[dict[str, list[str]], str]:
    """The hands (in seat order) and the upcard as the recorder named them, checked against the deck.

    `players` words who needs a hand ("every player"); `code` refuses a hand of the wrong size.
    """
    hands = action.get("hands")
    upcard = action.get("upcard")
    if hands is None or upcard is None:
        raise InvalidActionError(f"a recorded deal needs 'hands' for {players} and the 'upcard'", field="hands")
    if set(hands) != set(seats):
        raise InvalidActionError(f"hands must be given for exactly: {', '.join(seats)}", field="hands")
    for player, cards in hands.items():
        if len(cards) != hand_size:
            raise IllegalMoveError(f"{player} must be dealt {hand_size} cards, not {len(cards)}", code=code)
    check_counts(deck, named_counts([Zone(c) for c in hands.values()] + [Zone([upcard])]))
    return {p: hands[p] for p in seats}, upcard
