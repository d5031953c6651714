"""Robins Rummy's legal-actions list: concrete bodies where the choices are few, templates with examples elsewhere."""

from __future__ import annotations

from collections import Counter

from domain.cards.card import Card
from domain.record.unknown import entry_template, stated_template, unknown_players
from domain.robins import results
from domain.robins.candidates import meld_examples
from domain.robins.entering import LEAST_A_CARD, MOST_A_CARD
from domain.robins.melds import lay_off_choices
from domain.robins.rules import HAND_SIZE, cut_rank, deck, hand_total, is_wild
from domain.robins.state import COUNT, CUT, DEAL, PLAY, RobinsState, TableMeld
from domain.robins.turn import named_cards
from domain.rules.cutting import cut_example
from domain.rules.listing import Body, Candidate, card_list, list_actions, list_actions_of
from domain.rules.variant import Variant

TEMPLATES: dict[str, Body] = {
    "meld": {"body": {"cards": ["<card>"], "declare": ["<card>"], "kind": "<kind>"},
             "constraints": "cards: a meld from your hand; declare: the natural card each deuce stands for, in "
             "order; kind (optional): set, straight_flush, flush or nat"},
    "lay_off": {"body": {"card": "<card>", "meld": 0, "declare": ["<card>"]},
                "constraints": "card: a card in hand that fits the meld (not a Nat); declare: only for a deuce"},
    "pick_up": {"body": {"card": "<card>", "cards": ["<card>"], "meld": 0, "declare": ["<card>"]},
                "constraints": "card: the deepest card taken; below the top it must be used at once, in a new "
                "meld ('cards', 'declare', 'kind') or a lay-off ('meld', 'declare')"},
}


BARE = ("deal", "cut", "draw", "enter_hand", "state_count")
"""The kinds whose template is listed even without a legal example."""
BARE_UNKNOWN = (*BARE, "discard", "meld", "lay_off", "exchange")
"""With a hand nobody entered yet, its table plays and discards too: their cards may be unknown ones."""
UNNAMED = "a card of the hand (one the record does not name yet is checked against every place)"


def actions(variant: Variant, state: RobinsState, version: int) -> list[Body]:
    """Every kind of action open to the player(s) to act, and the entries of hands nobody entered yet (open during
    play to their players whatever the turn)."""
    unknown = state.phase == PLAY and state.turn is not None and state.hands[state.turn].hidden
    listed = list_actions(variant, state, version, _full_candidates, bare_templates=BARE_UNKNOWN if unknown else BARE)
    if state.phase == PLAY:
        waiting = [p for p in unknown_players(state.hands, state.hands) if p != state.turn]
        listed += list_actions_of(variant, state, version, waiting, _entry, bare_templates=BARE)
    return listed


def _entry(state: RobinsState, player: str) -> list[Candidate]:
    """The entry of a hand nobody entered: its example names cards no public place holds (the discard pile, the
    melds), so that it tells nothing of the other hand."""
    zone = state.hands[player]
    public = Counter([*state.discard, *(c for m in state.melds for c in m.cards), *zone.known])
    example = sorted((deck() - public).elements(), key=Card.parse)[: zone.hidden]
    return [("enter_hand", [{"type": "enter_hand", "player": player, "cards": example}], entry_template(player, zone))]


def _count(state: RobinsState, player: str) -> list[Candidate]:
    zone = state.hands[player]
    named = hand_total(zone.known, state.options)
    least, most = named + LEAST_A_CARD * zone.hidden, named + MOST_A_CARD * zone.hidden
    template = {**stated_template(player, zone, MOST_A_CARD), "bounds": {"points": [least, most]}}
    template["constraints"] = (f"points: what {player}'s {zone.size} cards count, as stated at the table, "
                               f"{least} to {most} ({LEAST_A_CARD} to {MOST_A_CARD} a card the record does not name)")
    stated = {"type": "state_count", "player": player, "points": least}
    return [*_entry(state, player), ("state_count", [stated], template)]


def _full_candidates(state: RobinsState, player: str) -> list[Candidate]:
    if state.phase == COUNT:
        return _count(state, player)
    entry = _entry(state, player) if state.phase == PLAY and state.hands[player].hidden else []
    return [*_own_candidates(state, player), *entry]


def _own_candidates(state: RobinsState, player: str) -> list[Candidate]:
    return [
        (kind, [{"type": kind, "player": player, **b} for b in bodies],
         None if template is None else {**template, "body": {"type": kind, "player": player, **template["body"]}})
        for kind, bodies, template in _candidates(state, player)
    ]


def _candidates(state: RobinsState, player: str) -> list[Candidate]:
    if state.phase == CUT:
        if state.deal_mode == "shuffled":
            return [("cut", [{}], None)]
        return [("cut", [{"card": cut_example(deck(), cut_rank, state.players, state.cuts, player)}],
                 {"body": {"card": "<card>"}, "constraints": "card: the card the player cut",
                  "allowed_cards": card_list(deck()), "unseen": True})]
    if state.phase == DEAL:
        return [_deal(state, player), *([_result(state, player)] if state.deal_mode == "recorded" else [])]
    if state.phase != PLAY:
        return []
    if not state.drawn:
        return [_claims(state, player), _draw(state)]
    if state.hands[player].hidden:
        return _turn_unknown(state, player)
    hand = state.hands[player].known
    discards = ("discard", [{"card": c} for c in sorted(set(hand))], None)
    if state.discarded:
        return [discards]
    lay_offs = [b for c in sorted(set(hand)) for m in state.melds for b in _lay_offs(m, c)]
    exchanges = [{"meld": m.id, "card": s} for m in state.melds for c, s in zip(m.cards, m.stands_for, strict=True)
                 if is_wild(c) and s in hand and not is_wild(s)]
    in_hand = {"allowed_cards": card_list(hand)}
    reachable = {"allowed_cards": card_list([*hand, *state.discard])}
    return [
        ("exchange", exchanges, None),
        ("pick_up", _pickups(state, hand), {**TEMPLATES["pick_up"], **reachable}),
        ("meld", meld_examples(hand), {**TEMPLATES["meld"], **in_hand}),
        ("lay_off", lay_offs, {**TEMPLATES["lay_off"], **in_hand}),
        discards,
    ]


def _turn_unknown(state: RobinsState, player: str) -> list[Candidate]:
    """A turn from a hand with cards the record does not name: templates, with the named cards' bodies as examples
    (the table plays and the pickup's use are checked when their cards are named)."""
    hand = state.hands[player].known
    unseen = (deck() - Counter(named_cards(state).known)).elements()
    cards = {"allowed_cards": card_list([*hand, *unseen]), "unseen": True}
    discard: Body = {"body": {"card": "<card>"}, "constraints": f"card: {UNNAMED}", **cards}
    discards = ("discard", [{"card": c} for c in sorted(set(hand))], discard)
    if state.discarded:
        return [discards]
    lay_offs = [b for c in sorted(set(hand)) for m in state.melds for b in _lay_offs(m, c)]
    exchange: Body = {"body": {"meld": 0, "card": "<card>"},
                      "constraints": f"meld: a meld holding a wild; card: the natural card the wild stands for, "
                      f"{UNNAMED}", **cards}
    exchanges = [{"meld": m.id, "card": s} for m in state.melds for c, s in zip(m.cards, m.stands_for, strict=True)
                 if is_wild(c) and s in hand and not is_wild(s)]
    table_wild = any(is_wild(c) for m in state.melds for c in m.cards)
    return [
        *([("exchange", exchanges, exchange)] if table_wild else []),
        ("pick_up", _pickups(state, hand), {**TEMPLATES["pick_up"], **cards}),
        ("meld", meld_examples(hand), {**TEMPLATES["meld"], "constraints": f"cards: a meld, each {UNNAMED}; "
                                       + TEMPLATES["meld"]["constraints"].split("; ", 1)[1], **cards}),
        *([("lay_off", lay_offs, {**TEMPLATES["lay_off"], **cards})] if state.melds else []),
        discards,
    ]


def _lay_offs(meld: TableMeld, card: str, limit: int = 2) -> list[Body]:
    choices = lay_off_choices(meld.kind, meld.cards, meld.stands_for, card)[:limit]
    declare = is_wild(card) and card != "JK"
    return [{"card": card, "meld": meld.id, **({"declare": [s]} if declare else {})} for s in choices]


def _claims(state: RobinsState, player: str) -> Candidate:
    bodies = [
        body
        for claim in state.claims if claim.holder == player
        for meld in state.melds
        for body in _lay_offs(meld, claim.card, limit=13)
    ]
    return ("claim", bodies, None)


def _pickups(state: RobinsState, hand: list[str]) -> list[Body]:
    if state.picked or state.tabled or not state.discard:
        return []
    bodies: list[Body] = [{"card": state.discard[-1]}]
    for index in range(len(state.discard) - 1, -1, -1):
        card = state.discard[index]
        taken = state.discard[index:]
        uses = [{"meld": b["meld"], **({"declare": b["declare"]} if "declare" in b else {})}
                for m in state.melds for b in _lay_offs(m, card, limit=1)]
        uses += meld_examples([*hand, *taken], must=card, limit=2)
        bodies += [{"card": card, **use} for use in uses[:2]]
    return bodies


def _draw(state: RobinsState) -> Candidate:
    if state.stock.ordered or state.stock.size == 0:
        return ("draw", [{}], None)
    known = sorted(set(state.stock.known))
    unseen = sorted((deck() - Counter(named_cards(state).known)).elements()) if state.stock.hidden else []
    template = {"body": {"card": "<card>"},
                "constraints": "card: the card drawn, which the record does not already place elsewhere",
                "allowed_cards": card_list(known or unseen), "unseen": not known}
    return ("draw", [{"card": c} for c in (known or unseen)[:1]], template)


def _result(state: RobinsState, dealer: str) -> Candidate:
    """The hand recorded by its result: table points for both, hand points (or cards) for each who held cards."""
    seats = [state.opponent(dealer), dealer]
    most = results.most_points()
    template = {
        "body": {
            "went_out": "<" + "|".join(seats) + ">",
            "table": dict.fromkeys(seats, "<int>"),
            "points": dict.fromkeys(seats, "<int>"),
            "cards": {p: ["<card>"] for p in seats},
            "rummies": dict.fromkeys(seats, "<int>"),
        },
        "constraints": f"went_out: the player who went out, or none when the stock ran out; table: each player's "
        f"table points (0 to {most}, in fives); points: the hand points of each player who held cards ({results.STEP} "
        f"to {most}, in fives), or cards: the cards he shows, from which they follow; nothing for the player who "
        "went out; rummies: the Rummies each claimed, if any",
        "bounds": {"table": [0, most], "points": [results.STEP, most], "rummies": [0, most // results.STEP]},
        "instead_of": "deal",
    }
    return ("hand_result", [results.example(state, dealer), {"table": dict.fromkeys(seats, 0),
                                                            "points": dict.fromkeys(seats, results.STEP)}], template)


def _deal(state: RobinsState, player: str) -> Candidate:
    if state.deal_mode == "shuffled":
        return ("deal", [{}], None)
    seats = [state.opponent(player), player]
    cards = sorted(deck().elements(), key=lambda c: Card.parse(c))
    example = {"hands": {p: cards[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i, p in enumerate(seats)},
               "upcard": cards[2 * HAND_SIZE]}
    template = {"body": {"hands": {p: ["<card>"] * HAND_SIZE for p in seats}, "upcard": "<card>"},
                "constraints": f"hands: the {HAND_SIZE} cards dealt to each of {', '.join(seats)}, or no hands at "
                "all (each player then enters his own: enter_hand); upcard: the 15th card, turned up; no card more "
                "often than the deck holds",
                "allowed_cards": card_list(deck().elements()), "unseen": True}  # every card is gathered for a deal
    return ("deal", [example, {"upcard": example["upcard"]}], template)
