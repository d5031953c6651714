"""Royal Rummy's legal-actions list: concrete bodies where the choices are few, templates with examples elsewhere."""

from __future__ import annotations

from collections import Counter
from typing import Any

from domain.cards.card import SUITS, Card
from domain.record.unknown import entry_template, unknown_players
from domain.royal.ledger import stack
from domain.royal.rules import DECK, chain, cut_rank, hand_sizes, lowest_of, may_hold, unnamed
from domain.royal.state import (
    ACE_BET,
    ACE_COVER,
    AUCTION,
    COUNT,
    CUT,
    DEAL,
    DUMMY,
    POKER_BET,
    POKER_PICK,
    RUMMY,
    RoyalState,
)
from domain.rules.cutting import cut_example
from domain.rules.listing import Body, Candidate, card_list, list_actions, list_actions_of
from domain.rules.variant import Variant

ENTERING = (DUMMY, AUCTION, POKER_PICK, POKER_BET, RUMMY)
"""The phases of a dealt deal in which a player enters his hand whatever the turn."""
OF_THE_HAND = "a card of the hand (one the record does not name yet is checked against every place)"


def actions(variant: Variant, state: RoyalState, version: int) -> list[dict[str, Any]]:
    """Every kind of action open to the player(s) to act (the table's own, ending the game, are listed apart), and
    the entries of hands nobody entered yet (open during the deal to their players whatever the turn)."""
    listed = list_actions(variant, state, version, _candidates)
    if state.phase in ENTERING:
        moving = variant.to_move(state)
        waiting = [p for p in unknown_players(state.hands, state.hands) if p not in moving]
        listed += list_actions_of(variant, state, version, waiting, lambda s, p: [_entry(s, p)])
    return listed


def _entry(state: RoyalState, player: str) -> Candidate:
    zone = state.hands[player]
    unseen = sorted(unnamed(state), key=Card.parse)
    example = {"type": "enter_hand", "player": player, "cards": unseen[: zone.hidden]}
    return ("enter_hand", [example], {**entry_template(player, zone), "allowed_cards": card_list(unseen),
                                      "unseen": True})


def _count(state: RoyalState, player: str) -> list[Candidate]:
    size = state.hands[player].size
    stated = {"type": "state_count", "player": player, "points": size}
    template = {
        "body": {**stated, "points": "<int>"},
        "constraints": f"points: the number of cards {player}'s hand holds by the record (dealt less played), {size}",
        "bounds": {"points": [size, size]},
    }
    return [_entry(state, player), ("state_count", [stated], template)]


def _candidates(state: RoyalState, player: str) -> list[Candidate]:
    """The player's actions, and his hand's entry while the record does not name it."""
    if state.phase == COUNT:
        return _count(state, player)
    entry = [_entry(state, player)] if state.phase in ENTERING and state.hands[player].hidden else []
    if state.phase == DUMMY and state.aces_due:
        return entry
    return [*_own(state, player), *entry]


def _simple(player: str, *kinds: str) -> list[Candidate]:
    return [(kind, [{"type": kind, "player": player}], None) for kind in kinds]


def _amounts(player: str, kind: str, low: int, high: int, extra: Body | None = None) -> list[Body]:
    values = sorted({low, (low + high) // 2, high} if high >= low else {low})
    return [{"type": kind, "player": player, **(extra or {}), "amount": v} for v in values]


def _template(kind: str, player: str, examples: list[Body], fields: Body, constraints: str, **extras: Any) -> Candidate:
    """A kind's template; `extras` are its allowed_cards, unseen and bounds (domain/rules/listing.py)."""
    return (kind, examples, {"body": {"type": kind, "player": player, **fields}, "constraints": constraints, **extras})


def _own(state: RoyalState, player: str) -> list[Candidate]:
    phase, chips = state.phase, stack(state, player)
    if phase == CUT:
        if state.deal_mode == "shuffled":
            return _simple(player, "cut")
        example = cut_example(DECK, cut_rank, state.cutters, state.cuts, player)
        return [_template("cut", player, [{"type": "cut", "player": player, "card": example}],
                          {"card": "<card>"}, "card: the card the player cut, not one already cut",
                          allowed_cards=card_list(DECK - Counter(state.cuts.values())), unseen=True)]
    if phase == ACE_BET:
        bets = [b for suit in SUITS if suit not in state.ace_bets for b in _amounts(player, "ace_bet", 1, min(chips, 3),
                                                                                        {"ace": suit})]
        return [*_simple(player, "no_ace_bet"),
                _template("ace_bet", player, bets, {"ace": "<C|D|H|S>", "amount": "<int>"},
                          f"ace: a corner ace with no standing bet; amount: 1 to {chips}",
                          bounds={"amount": [1, chips]})]
    if phase == ACE_COVER:
        return _simple(player, "cover", "decline")
    if phase == DEAL:
        return _deal(state, player)
    if phase == DUMMY:
        return _simple(player, "swap", "keep")
    if phase == AUCTION:
        bids = _amounts(player, "bid", state.high_bid + 1, chips)
        return [*_simple(player, "pass"), _template("bid", player, bids, {"amount": "<int>"},
                                                    f"amount: {state.high_bid + 1} to {chips}",
                                                    bounds={"amount": [state.high_bid + 1, chips]})]
    if phase == POKER_PICK:
        return [_poker_pick(state, player)]
    if phase == POKER_BET:
        return _betting(state, player, chips)
    if phase == RUMMY:
        return _rummy(state, player)
    return []


def _deal(state: RoyalState, player: str) -> list[Candidate]:
    if state.deal_mode == "shuffled":
        return _simple(player, "deal")
    live = state.left_of(player)
    sizes = hand_sizes(len(live))
    cards = sorted(DECK.elements(), key=Card.parse)
    hands, start = {}, 0
    for p, size in zip(live, sizes, strict=False):
        hands[p], start = cards[start : start + size], start + size
    return [_template("deal", player, [{"type": "deal", "player": player, "hands": hands}],
                      {"hands": {p: ["<card>"] * n for p, n in zip(live, sizes, strict=False)}},
                      f"hands: the cards dealt to each of {', '.join(live)}; the dummy is the rest "
                      f"({sizes[-1]} cards)", allowed_cards=card_list(DECK), unseen=True)]


def _poker_pick(state: RoyalState, player: str) -> Candidate:
    zone = state.hands[player]
    hand = sorted(zone.known, key=Card.parse)
    if zone.hidden:
        pool = [*hand, *sorted(unnamed(state), key=Card.parse)]
        picks = [pool[:5]] if len(pool) >= 5 else []
        return _template("poker_hand", player, [{"type": "poker_hand", "player": player, "cards": c} for c in picks],
                         {"cards": ["<card>"] * 5}, f"cards: five different cards, each {OF_THE_HAND}",
                         allowed_cards=card_list(pool), unseen=True)
    picks = [hand[i : i + 5] for i in range(0, len(hand) - 4, 2)][:4]
    return _template("poker_hand", player, [{"type": "poker_hand", "player": player, "cards": c} for c in picks],
                     {"cards": ["<card>"] * 5}, "cards: five different cards of the player's hand",
                     allowed_cards=card_list(hand))


def _betting(state: RoyalState, player: str, chips: int) -> list[Candidate]:
    poker = state.poker
    own = poker.bets[player]
    listed = _simple(player, "check", "call", "fold", "all_in")
    bets = _amounts(player, "bet", 1, chips)
    raises = _amounts(player, "raise", poker.current + poker.min_raise, own + chips)
    listed.append(_template("bet", player, bets, {"amount": "<int>"}, f"amount: 1 to {chips}",
                            bounds={"amount": [1, chips]}))
    low, high = poker.current + poker.min_raise, own + chips
    listed.append(_template("raise", player, raises, {"amount": "<int>"}, f"amount: the new total, {low} to {high}",
                            bounds={"amount": [low, high]}))
    return listed


def _rummy(state: RoyalState, player: str) -> list[Candidate]:
    """The plays open: concrete when the hand is known; from a hand with unknown cards, a template whose examples
    are the lead or next card it may hold (the lowest check waits for the hand: domain/royal/rummy.py)."""
    rummy, aces = state.rummy, state.options["aces"]
    zone = state.hands[player]
    hand = [*zone.known, *(sorted(unnamed(state), key=Card.parse) if zone.hidden else [])]
    wanted = [c for c in [rummy.wanted] if c is not None and may_hold(state, player, c)]
    starts = lowest_of(hand, rummy.lead, aces) if rummy.lead else wanted
    plays = []
    for first in starts:
        run = chain(hand, first, aces)
        plays += [{"type": "play", "player": player, "cards": run[: n + 1]} for n in range(len(run))]
    if not zone.hidden:
        return [("play", plays, None), *_simple(player, "pass")]
    need = f"the lowest {rummy.lead} card of the hand" if rummy.lead else f"{rummy.wanted}, the next card"
    template = _template("play", player, plays, {"cards": ["<card>"]},
                         f"cards: {need}, then any consecutive cards of its suit, each {OF_THE_HAND}",
                         allowed_cards=card_list(hand), unseen=True)
    return [template, *_simple(player, "pass")]

