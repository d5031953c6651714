"""Roby's legal-actions list: concrete bodies where the choices are few, templates where the table knows."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.cards import Card
from domain.cutting import cut_example
from domain.listing import Candidate, card_list, list_actions
from domain.melds import candidate_melds
from domain.roby import play
from domain.roby.rules import HAND_SIZE, cut_rank, deck_of, from_left_of, named_cards
from domain.roby.state import CUT, DEAL, DECIDE, PLAY, RobyState

if TYPE_CHECKING:
    from domain.roby.variant import Roby


def actions(variant: Roby, state: RobyState, version: int) -> list[dict[str, Any]]:
    """Every kind of action open to the player(s) to act."""
    return list_actions(variant, state, version, _candidates)


def _candidates(state: RobyState, player: str) -> list[Candidate]:
    if state.phase == CUT:
        return [_cut(state, player)]
    if state.phase == DEAL:
        return [_deal(state, player)]
    if state.phase == DECIDE:
        bodies = [{"type": "reenlist", "player": player}, {"type": "leave", "player": player}]
        return [(b["type"], [b], None) for b in bodies]
    if state.phase == PLAY:
        return _turn(state, player) if state.drawn else _draws(state, player)
    return []


def _cut(state: RobyState, player: str) -> Candidate:
    body = {"type": "cut", "player": player}
    if state.deal_mode == "shuffled":
        return ("cut", [body], None)
    template = {
        "body": {**body, "card": "<card>"},
        "constraints": "card: the card the player cut, not one already cut",
        "allowed_cards": card_list((deck_of(state.options) - named_cards(state)).elements()),
        "unseen": True,
    }
    example = cut_example(deck_of(state.options), cut_rank, state.cutters, state.cuts, player)
    return ("cut", [{**body, "card": example}], template)


def _deal(state: RobyState, player: str) -> Candidate:
    body = {"type": "deal", "player": player}
    if state.deal_mode == "shuffled":
        return ("deal", [body], None)
    seats = from_left_of(state, player, state.still_in())
    cards = sorted(deck_of(state.options).elements(), key=lambda c: Card.parse(c))
    example = {
        **body,
        "hands": {p: cards[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i, p in enumerate(seats)},
        "upcard": cards[len(seats) * HAND_SIZE],
    }
    template = {
        "body": {**body, "hands": {p: ["<card>"] * HAND_SIZE for p in seats}, "upcard": "<card>"},
        "constraints": f"hands: the {HAND_SIZE} cards dealt to each of {', '.join(seats)}; upcard: the card "
        "turned up; no card more often than the packs hold",
        "allowed_cards": card_list((deck_of(state.options) - named_cards(state)).elements()),
        "unseen": True,
    }
    return ("deal", [example], template)


def _draws(state: RobyState, player: str) -> list[Candidate]:
    stock = {"type": "draw", "player": player, "source": "stock"}
    pickup = {"type": "draw", "player": player, "source": "discard"}
    taken = ("draw", [pickup, {**pickup, "card": state.discard[-1]}], None)
    if state.stock.ordered:
        return [("draw", [stock], None), taken]
    known = sorted(set(state.stock.known))
    unseen = sorted((deck_of(state.options) - named_cards(state)).elements()) if state.stock.hidden else []
    examples = [{**stock, "card": c} for c in (known or unseen)[:1]]
    template = {
        "body": {**stock, "card": "<card>"},
        "constraints": "card: the card drawn, which the record does not already place elsewhere",
        "allowed_cards": card_list(known or unseen),
        "unseen": not known,
    }
    return [("draw", examples, template), taken]


def _turn(state: RobyState, player: str) -> list[Candidate]:
    hand = state.hands[player].known
    bodies: list[Candidate] = [
        ("discard", [{"type": "discard", "player": player, "card": c} for c in sorted(set(hand))], None),
    ]
    if state.turns_taken[player] > 0:
        melds = [list(map(str, m)) for m in candidate_melds(Card.parse(c) for c in hand)]
        bodies.append(("meld", [{"type": "meld", "player": player, "cards": m} for m in melds], None))
        lay_offs = [
            {"type": "lay_off", "player": player, "card": c, "meld": m.id}
            for c in sorted(set(hand))
            for m in state.melds
        ]
        bodies.append(("lay_off", lay_offs, None))
    plan = play.plan_to_go_out(state, player)
    if plan is not None:
        template = {
            "body": {
                "type": "go_out",
                "player": player,
                "melds": [["<card>"]],
                "lay_offs": [{"card": "<card>", "meld": 0}],
                "discard": "<card>",
            },
            "constraints": "melds, then lay-offs (meld ids as listed, new melds numbered on), then at most one "
            "discard, using every card in hand",
            "allowed_cards": card_list(hand),
        }
        bodies.append(("go_out", [{"type": "go_out", "player": player, **plan}], template))
    return bodies
