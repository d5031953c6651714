"""Royal Rummy's pure rules as data and small functions: the pack, hand sizes, card order and colours."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from domain.cards.card import Card, standard_pack
from domain.cards.zones import named_counts
from domain.royal.state import RoyalState

DECK: Counter[str] = standard_pack()
DECK_SIZE = 52
POKER_CARDS = 5
COLOURS = {"C": "black", "S": "black", "H": "red", "D": "red"}
OPPOSITE = {"black": "red", "red": "black"}


def hand_sizes(live: int) -> list[int]:
    """Sizes of the N + 1 hands, from the dealer's left round to the dealer, the dummy last."""
    count = live + 1
    share, extra = divmod(DECK_SIZE, count)
    return [share + (1 if i < extra else 0) for i in range(count)]


def deal_order(cards: Sequence[str], live: int) -> list[list[str]]:
    """The pack dealt one card at a time into N + 1 hands, the dummy after the dealer each round."""
    hands: list[list[str]] = [[] for _ in range(live + 1)]
    for index, card in enumerate(cards):
        hands[index % (live + 1)].append(card)
    return hands


def cut_rank(code: str) -> int:
    """A cut card's rank for choosing the dealer: the ace highest."""
    rank = Card.parse(code).rank
    return 14 if rank == 1 else rank


def order(code: str, aces: str) -> int:
    """A card's rank in the rummy hand: the ace is 14 when aces are high, 1 when low."""
    rank = Card.parse(code).rank
    return 14 if rank == 1 and aces == "high" else rank


def next_card(code: str, aces: str) -> str | None:
    """The card that follows in the suit, or None after the top of the suit."""
    card = Card.parse(code)
    rank = order(code, aces) + 1
    top = 14 if aces == "high" else 13
    if rank > top:
        return None
    return str(Card(1 if rank == 14 else rank, card.suit))


def colour(code: str) -> str:
    """'black' for clubs and spades, 'red' for hearts and diamonds."""
    return COLOURS[Card.parse(code).suit]


def lowest_of(hand: Sequence[str], wanted: str, aces: str) -> list[str]:
    """The player's lowest cards of a colour (two when the ranks tie across suits): the cards he may lead."""
    cards = [c for c in hand if colour(c) == wanted]
    if not cards:
        return []
    low = min(order(c, aces) for c in cards)
    return sorted(c for c in cards if order(c, aces) == low)


def chain(hand: Sequence[str], start: str, aces: str) -> list[str]:
    """The start card and the consecutive cards of its suit the hand holds above it."""
    run = [start]
    following = next_card(start, aces)
    while following is not None and following in hand:
        run.append(following)
        following = next_card(following, aces)
    return run


def ante_total(state: RoyalState) -> int:
    """What one player antes in a deal: the ante on every space of the board."""
    return int(state.options["ante"]) * len(state.options["board"])


def named_cards(state: RoyalState) -> Counter[str]:
    """How many copies of each card the record names: live hands, the dummy, the dead hand, played cards."""
    named = named_counts([*state.hands.values(), state.dummy, state.dead])
    for cards in state.rummy.played.values():
        named.update(cards)
    return named


def unnamed(state: RoyalState) -> list[str]:
    """The cards the record places nowhere yet: in a deal, the ones in a hand nobody has entered."""
    return sorted((DECK - named_cards(state)).elements())


def card_places(state: RoyalState) -> dict[str, list[str]]:
    """The named cards of every place of the deal, by place id (domain/record/unknown.py): the live hands, the dummy,
    the dead hand and the cards played in the rummy hand."""
    places: dict[str, list[str]] = {f"hand:{p}": zone.known for p, zone in state.hands.items()}
    places.update({"dummy": state.dummy.known, "dead_hand": state.dead.known})
    places["cards_played"] = [card for cards in state.rummy.played.values() for card in cards]
    return places


def may_hold(state: RoyalState, player: str, card: str | None) -> bool:
    """Whether the player's hand holds the card, or may: it names it, or holds unknown cards and the record places
    the card nowhere."""
    if card is None:
        return False
    zone = state.hands[player]
    return card in zone.known or (zone.hidden > 0 and card in unnamed(state))


def may_hold_colour(state: RoyalState, player: str, wanted: str) -> bool:
    """Whether the player's hand holds a card of the colour, or may (as `may_hold` says of a card)."""
    zone = state.hands[player]
    if any(colour(c) == wanted for c in zone.known):
        return True
    return zone.hidden > 0 and any(colour(c) == wanted for c in unnamed(state))


def holder(state: RoyalState, card: str) -> str | None:
    """The live player whose hand holds the card, if any."""
    return next((p for p, zone in state.hands.items() if card in zone.known), None)
