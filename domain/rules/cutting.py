"""The cut for the first dealer: each player cuts a card, the highest deals, and tied players cut again."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from domain.cards.zones import Zone, check_can_name, named_counts, seeded_order
from domain.errors import IllegalMoveError, InvalidActionError
from domain.events import GameEvent
from domain.rules.actions import Action
from domain.rules.variant import Decision


def check_due(player: str, cutters: list[str], cuts: dict[str, str], code: str) -> None:
    """Refuse a cut from a player who is not among those still to cut."""
    if player not in cutters or player in cuts:
        waiting = ", ".join(p for p in cutters if p not in cuts)
        raise IllegalMoveError(f"{player} is not due to cut: waiting for {waiting}", code=code)


def cut(
    decision: Decision,
    action: Action,
    *,
    cutters: list[str],
    deck: Counter[str],
    rank: Callable[[str], int],
    card_cut: type[GameEvent],
    tied: Callable[[list[str]], object],
    chosen: Callable[[str], object],
) -> None:
    """Record the player's cut; after the last cut `chosen` gets the highest by `rank`, or `tied` the tied players."""
    state = decision.state
    decision.record(card_cut, player=action.player, card=_cut_card(decision, action, deck))
    if len(state.cuts) < len(cutters):
        return
    best = max(rank(c) for c in state.cuts.values())
    highest = [p for p in cutters if rank(state.cuts[p]) == best]
    if len(highest) > 1:
        tied(highest)
    else:
        chosen(highest[0])


def _cut_card(decision: Decision, action: Action, deck: Counter[str]) -> str:
    """The card cut: named by the recorder and checked against the pack, or drawn with a stored seed."""
    state = decision.state
    named = named_counts([Zone(list(state.cuts.values()))])
    card: str | None = action.get("card")
    if state.deal_mode == "shuffled":
        if card is not None:
            raise InvalidActionError("in a shuffled game the service cuts the card: leave out 'card'", field="card")
        return seeded_order((deck - named).elements(), decision.chance.seed())[0]
    if card is None:
        raise InvalidActionError("a recorded cut needs the 'card' the player cut", field="card")
    check_can_name(card, deck, named, Zone(hidden=sum(deck.values())), "pack")
    return card


def cut_example(
    deck: Counter[str], rank: Callable[[str], int], cutters: list[str], cuts: dict[str, str], player: str
) -> str:
    """A card for the player's cut example: still in the pack, of a rank nobody has cut.

    The players still to cut get the highest ranks nobody has cut, in seat order, so the examples are distinct
    cards of distinct ranks: followed, they choose a dealer at once (after a tie, the tied cut afresh).
    """
    nth = [p for p in cutters if p not in cuts].index(player)
    cut_ranks = {rank(card) for card in cuts.values()}
    unseen = sorted((deck - Counter(cuts.values())).elements(), key=lambda card: (-rank(card), card))
    by_rank = list({rank(card): card for card in reversed(unseen)}.items())  # the first card of each rank
    fresh = [card for value, card in by_rank if value not in cut_ranks]
    ordered = sorted(fresh, key=lambda card: -rank(card)) or unseen
    return ordered[min(nth, len(ordered) - 1)]
