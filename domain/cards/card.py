"""Cards as small frozen values with a parse/format pair, and packs counted by card code."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from domain.errors import MeldbookError, Problem

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("C", "D", "H", "S")
JOKER = "JK"
_JOKERS = (JOKER, "JOKER", "*")
_RANK_ALIASES = {"T": "10"}
_SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
_EMOJI_STYLE = "\ufe0f"  # phones add it after a suit symbol: ♥️
_BLACK = frozenset("CS")
SPELLINGS = (
    "a card is its rank then its suit: ranks A 2 3 4 5 6 7 8 9 10 J Q K (T also means 10), suits C D H S "
    "(clubs, diamonds, hearts, spades) or ♣ ♦ ♥ ♠, in upper or lower case, e.g. 10H, th, qs, A♠; "
    "a joker is JK (also JOKER or *)"
)


class InvalidCardError(MeldbookError):
    """A card code that names no card."""

    problem = Problem(
        "unknown-card",
        "Not a card",
        f"a card code, named by `field`: {SPELLINGS}",
        "'1C' is not a card: ...",
    )


def _either_case(text: str) -> str:
    return "".join(f"[{c.upper()}{c.lower()}]" if c.isalpha() else re.escape(c) for c in text)


# The spellings above as one regular expression, for the contract (a client, or a fuzzer, learns from it what a
# card looks like); the parser below accepts exactly these, and also surrounding spaces.
CARD_PATTERN = (
    "^(?:(?:"
    + "|".join(_either_case(r) for r in sorted({*RANKS, *_RANK_ALIASES}, key=lambda r: (-len(r), r)))
    + ")["
    + "".join(f"{s}{s.lower()}" for s in SUITS)
    + "".join(_SUIT_SYMBOLS)
    + "]"
    + "\\ufe0f?|"
    + "|".join(_either_case(j) for j in _JOKERS)
    + ")$"
)


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card: rank 1 (ace) to 13 (king) and a suit, or a joker (rank 0, no suit)."""

    rank: int
    suit: str

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a card code such as '10H', 'th', 'qs', 'A♠' or 'JK' (case-insensitive); see SPELLINGS."""
        return _parse(text) if isinstance(text, str) else cls._parse_uncached(text)

    @classmethod
    def _parse_uncached(cls, text: str) -> Card:
        if not isinstance(text, str):
            raise InvalidCardError(f"{text!r} is not a card code")
        code = text.strip().removesuffix(_EMOJI_STYLE).upper()
        if code in _JOKERS:
            return cls(0, "")
        rank_text, suit = code[:-1], _SUIT_SYMBOLS.get(code[-1:], code[-1:])
        rank_text = _RANK_ALIASES.get(rank_text, rank_text)
        if suit not in SUITS or rank_text not in RANKS:
            raise InvalidCardError(f"{text!r} is not a card: {SPELLINGS}")
        return cls(RANKS.index(rank_text) + 1, suit)

    @property
    def is_joker(self) -> bool:
        """True for a joker."""
        return self.rank == 0

    @property
    def is_black(self) -> bool:
        """True for clubs and spades."""
        return self.suit in _BLACK

    @property
    def rank_text(self) -> str:
        """The rank as written in card codes ('A', '10', 'K')."""
        return RANKS[self.rank - 1]

    def __str__(self) -> str:
        return JOKER if self.is_joker else f"{self.rank_text}{self.suit}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


@lru_cache(maxsize=1024)
def _parse(text: str) -> Card:
    return Card._parse_uncached(text)


def canonical(text: str) -> str:
    """The canonical code of a card code ('th' -> '10H')."""
    return str(Card.parse(text))


def canonical_list(texts: object, field: str = "cards") -> list[str]:
    """Canonical codes of a list of card codes; the field names the list in errors."""
    if not isinstance(texts, list):
        raise InvalidCardError(f"{field} must be a list of card codes", field=field)
    try:
        return [canonical(t) for t in texts]
    except InvalidCardError as error:
        raise InvalidCardError(error.message, field=field) from None


def standard_pack(jokers: int = 0) -> Counter[str]:
    """One pack: 52 cards plus the given number of jokers, counted by code."""
    return packs(1, jokers)


def packs(count: int, jokers_per_pack: int = 0) -> Counter[str]:
    """`count` packs shuffled together, counted by code: a fresh count the caller may change."""
    return Counter(_packs(count, jokers_per_pack))


@lru_cache(maxsize=16)
def _packs(count: int, jokers_per_pack: int) -> dict[str, int]:
    """The count of `count` packs, built once per kind of deck (a rules check asks for it on every move)."""
    if count < 1:
        return {}
    total = dict.fromkeys((f"{rank}{suit}" for suit in SUITS for rank in RANKS), count)
    if jokers_per_pack:
        total[JOKER] = count * jokers_per_pack
    return total


def pack_order(deck: Counter[str]) -> list[str]:
    """Every card of a deck in one fixed order, the starting point of a seeded shuffle."""
    order = [f"{rank}{suit}" for suit in SUITS for rank in RANKS] + [JOKER]
    return [code for code in order for _ in range(deck[code])]
