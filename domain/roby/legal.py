"""Roby's legal-actions list: concrete bodies where the choices are few, templates where the table knows."""

from __future__ import annotations

from typing import Any

from domain.cards.card import Card
from domain.cards.melds import candidate_melds
from domain.record.unknown import entry_template, stated_template, unknown_players
from domain.roby import play, results
from domain.roby.entering import MOST_A_CARD
from domain.roby.rules import HAND_SIZE, cut_rank, deck_of, from_left_of, named_cards, next_meld_id
from domain.roby.state import COUNT, CUT, DEAL, DECIDE, PLAY, RobyState
from domain.rules.cutting import cut_example
from domain.rules.listing import Candidate, card_list, list_actions, list_actions_of
from domain.rules.variant import Variant


def actions(variant: Variant, state: RobyState, version: int) -> list[dict[str, Any]]:
    """Every kind of action open to the player(s) to act, and the entries of hands nobody entered yet (open during
    play to their players whatever the turn)."""
    listed = list_actions(variant, state, version, _candidates)
    if state.phase == PLAY:
        waiting = [p for p in unknown_players(state.hands, state.hands) if p != state.turn]
        listed += list_actions_of(variant, state, version, waiting, lambda s, p: [_entry(s, p)])
    return listed


def _entry(state: RobyState, player: str) -> Candidate:
    zone = state.hands[player]
    unseen = sorted((deck_of(state.options) - named_cards(state)).elements(), key=Card.parse)
    example = {"type": "enter_hand", "player": player, "cards": unseen[: zone.hidden]}
    return ("enter_hand", [example], entry_template(player, zone))


def _count(state: RobyState, player: str) -> list[Candidate]:
    zone = state.hands[player]
    stated = {"type": "state_count", "player": player, "points": 0}
    return [_entry(state, player), ("state_count", [stated], stated_template(player, zone, MOST_A_CARD))]


def _candidates(state: RobyState, player: str) -> list[Candidate]:
    if state.phase == CUT:
        return [_cut(state, player)]
    if state.phase == DEAL:
        return [_deal(state, player), *([_result(state, player)] if state.deal_mode == "recorded" else [])]
    if state.phase == DECIDE:
        bodies = [{"type": "reenlist", "player": player}, {"type": "leave", "player": player}]
        return [(b["type"], [b], None) for b in bodies]
    if state.phase == PLAY:
        entry = [_entry(state, player)] if state.hands[player].hidden else []
        return [*(_turn(state, player) if state.drawn else _draws(state, player)), *entry]
    if state.phase == COUNT:
        return _count(state, player)
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
        "constraints": f"hands: the {HAND_SIZE} cards dealt to each of {', '.join(seats)}, or no hands at all "
        "(each player then enters his own: enter_hand); upcard: the card turned up; no card more often than the "
        "packs hold",
        "allowed_cards": card_list(deck_of(state.options).elements()),  # every card is gathered for a deal
        "unseen": True,
    }
    unnamed = {**body, "upcard": example["upcard"]}
    return ("deal", [example, unnamed], template)


def _result(state: RobyState, dealer: str) -> Candidate:
    """The hand recorded by its result: a count or the cards left for every player still in but the one who went out;
    nothing for a hand called off."""
    body = {"type": "hand_result", "player": dealer}
    seats = from_left_of(state, dealer, state.still_in())
    low, high = results.least_card(state), results.most_left(state, 1)
    template = {
        "body": {
            **body,
            "went_out": "<" + "|".join(seats) + ">",
            "points": dict.fromkeys(seats, "<int>"),
            "cards": {p: ["<card>"] for p in seats},
        },
        "constraints": f"went_out: the player who went out (made Roby), or none when the hand was called off; points: "
        f"what each other player's cards left count, as stated at the table ({low} to {high}), or cards: the cards "
        "he shows (1 to 10), from which the count follows; nothing for the player who went out, nor in a hand called "
        "off",
        "bounds": {"points": [low, high]},
        "instead_of": "deal",
    }
    return ("hand_result", [{**body, **results.example(state, dealer)}, body], template)


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
    if state.hands[player].hidden:
        return _turn_unknown(state, player)
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
            "bounds": _meld_ids(state, player),
        }
        bodies.append(("go_out", [{"type": "go_out", "player": player, **plan}], template))
    return bodies


def _meld_ids(state: RobyState, player: str) -> dict[str, list[int]]:
    """The meld ids a lay-off of a going out may name: the table's, and those of the melds the move itself lays (at
    most one for every three cards in hand)."""
    return {"meld": [1, next_meld_id(state.melds) - 1 + state.hands[player].size // 3]}


def _turn_unknown(state: RobyState, player: str) -> list[Candidate]:
    """A turn from a hand with cards the record does not name: templates, with the named cards' bodies as examples."""
    hand = sorted(set(state.hands[player].known))
    base = {"player": player}
    unnamed = "a card of the hand (one the record does not name yet is checked against every place)"
    bodies: list[Candidate] = [
        (
            "discard",
            [{"type": "discard", **base, "card": c} for c in hand],
            {"body": {"type": "discard", **base, "card": "<card>"}, "constraints": f"card: {unnamed}"},
        )
    ]
    if state.turns_taken[player] > 0:
        melds = [list(map(str, m)) for m in candidate_melds(Card.parse(c) for c in hand)]
        bodies.append(
            (
                "meld",
                [{"type": "meld", **base, "cards": m} for m in melds],
                {
                    "body": {"type": "meld", **base, "cards": ["<card>"] * 3},
                    "constraints": f"cards: 3 or more, each {unnamed}",
                },
            )
        )
        if state.melds:
            lay_off = {"type": "lay_off", **base, "card": "<card>", "meld": state.melds[0].id}
            bodies.append(
                (
                    "lay_off",
                    [{"type": "lay_off", **base, "card": c, "meld": m.id} for c in hand for m in state.melds],
                    {"body": lay_off, "constraints": f"card: {unnamed}; meld: the id of a meld on the table"},
                )
            )
    go_out = {
        "type": "go_out",
        **base,
        "melds": [["<card>"]],
        "lay_offs": [{"card": "<card>", "meld": 0}],
        "discard": "<card>",
    }
    bodies.append(
        (
            "go_out",
            [],
            {
                "body": go_out,
                "constraints": "melds, then lay-offs (meld ids as listed, new melds numbered on), then at most one "
                f"discard, using every card in hand ({state.hands[player].size}), named or not",
                "bounds": _meld_ids(state, player),
            },
        )
    )
    return bodies
