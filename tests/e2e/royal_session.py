"""A scripted five-player Royal Rummy session of three recorded deals, playable on any table (HTTP or domain).

The deals were found by tests/e2e/royal_session_search.py; the script says which action comes when, and the
stops hands are played by one fixed policy: the longest listed play, else a pass.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

PLAYERS = ("p1", "p2", "p3", "p4", "p5")
OPTIONS: dict[str, Any] = {"stack": 60, "ace_betting": True}
CUTS = {"p1": "KD", "p2": "2C", "p3": "3C", "p4": "4C", "p5": "5C"}
BIDS: list[tuple[str, int | None]] = [("p2", 3), ("p3", 5), ("p4", None), ("p5", 36), ("p2", None), ("p3", None)]
"""Deal 1's dummy auction: (bidder, amount) or (bidder, None) for a pass."""
POKER_1: list[tuple[str, str, int | None]] = [
    ("p2", "bet", 5),
    ("p3", "raise", 20),
    ("p4", "fold", None),
    ("p5", "all_in", None),
    ("p1", "call", None),
    ("p2", "fold", None),
]
"""Deal 1's betting round: p5 is all in for 15 under p3's raise to 20, so p1's and p3's last 5 make a side pot."""


@dataclass(frozen=True)
class Deal:
    """One deal as recorded: its dealer, the live hands as dealt, and each player's five poker cards."""

    dealer: str
    hands: dict[str, list[str]]
    poker: dict[str, list[str]]


def _cards(text: str) -> list[str]:
    return text.split()


class Table(Protocol):
    """Where the session is recorded: the recorder's view of phase and legal actions, and a way to post bodies."""

    def view(self) -> tuple[str, list[dict[str, Any]]]:
        """The game's phase and the recorder's legal-actions list."""

    def post(self, body: dict[str, Any]) -> None:
        """Record one body (expected_version is filled in when missing)."""


def act(table: Table, kind: str, player: str, **fields: Any) -> None:
    """Record one action."""
    table.post({"type": kind, "player": player, **fields})


def play_stops_hand(table: Table) -> None:
    """Play the rummy hand to its end: each player makes the longest listed play, or passes."""
    while True:
        phase, legal = table.view()
        if phase != "rummy":
            return
        plays = [b for e in legal if e["type"] == "play" for b in e["choices"]]
        if plays:
            table.post(max(plays, key=lambda b: len(b["cards"])))
        else:
            table.post(next(e for e in legal if e["type"] == "pass")["choices"][0])


def choose_poker(table: Table, deal: Deal) -> None:
    """Every live player chooses his five poker cards, from the dealer's left."""
    seats = [*PLAYERS[PLAYERS.index(deal.dealer) + 1 :], *PLAYERS[: PLAYERS.index(deal.dealer) + 1]]
    for player in seats:
        act(table, "poker_hand", player, cards=deal.poker[player])


def deal_one(table: Table, deal: Deal) -> None:
    """Deal 1: an ace bet on the spades ace, covered by two; a dummy auction; a poker hand with a side pot."""
    act(table, "ace_bet", "p1", ace="S", amount=3)
    for player, covers in (("p2", True), ("p3", False), ("p4", True), ("p5", False)):
        act(table, "cover" if covers else "decline", player)
    act(table, "deal", "p1", hands=deal.hands)
    act(table, "keep", "p1")
    for player, amount in BIDS:
        act(table, "pass", player) if amount is None else act(table, "bid", player, amount=amount)
    choose_poker(table, deal)
    for player, kind, amount in POKER_1:
        act(table, kind, player) if amount is None else act(table, kind, player, amount=amount)
    play_stops_hand(table)


def checked_deal(table: Table, deal: Deal, dummy: str) -> None:
    """A later deal: no new ace bet; the dealer swaps, or keeps and nobody bids; everyone checks the poker hand."""
    act(table, "no_ace_bet", deal.dealer)
    act(table, "deal", deal.dealer, hands=deal.hands)
    act(table, dummy, deal.dealer)
    seats = [*PLAYERS[PLAYERS.index(deal.dealer) + 1 :], *PLAYERS[: PLAYERS.index(deal.dealer) + 1]]
    if dummy == "keep":
        for player in seats[:-1]:
            act(table, "pass", player)
    choose_poker(table, deal)
    for player in seats:
        act(table, "check", player)
    play_stops_hand(table)


def run_session(table: Table, deals: list[Deal]) -> None:
    """Cut, then deal 1 (auction, side pot), deal 2 (the dealer swaps), deal 3 (the dummy is dead)."""
    for player, card in CUTS.items():
        act(table, "cut", player, card=card)
    deal_one(table, deals[0])
    if len(deals) > 1:
        checked_deal(table, deals[1], "swap")
    if len(deals) > 2:
        checked_deal(table, deals[2], "keep")


# Found by `python -m tests.e2e.royal_session_search` (seed 1). Deal 1: p5 buys the dummy, so his dealt hand,
# with the QH and the 6C, is the dead hand; p3, who did not cover the ace bet, holds the AS. Deal 2: p4, who
# covered it, holds the AS; p2 swaps his hand for the dummy. Deal 3: nobody bids, and the stops hand ends blocked.
DEAL_1 = Deal(
    "p1",
    {
        "p1": _cards("AC AD 4S 5H 6S 8S JH KH"),
        "p2": _cards("3D 3S 4H 5C 7D 7H 10C JD QS"),
        "p3": _cards("AH AS 3C 7S 8C 8D 8H QC KC"),
        "p4": _cards("2H 2S 3H 7C 9S 10D 10H 10S JC"),
        "p5": _cards("2C 2D 4D 6C 6D QD QH KD KS"),
    },
    {
        "p1": _cards("AC AD 8S JH KH"),
        "p2": _cards("3D 3S 7D 7H QS"),
        "p3": _cards("AH AS 8C 8D 8H"),
        "p4": _cards("2H 2S 10D 10H 10S"),
        "p5": _cards("5D 5S 9C 9D 9H"),
    },
)
DEAL_2 = Deal(
    "p2",
    {
        "p1": _cards("AD 2S 6S 7H 7S 9H 10C JC JD"),
        "p2": _cards("AH 3H 8H 8S QC QD QS KS"),
        "p3": _cards("AC 3C 3D 4C 5H 6H 7C 8C KH"),
        "p4": _cards("AS 5C 5S 7D 9C 9D 9S QH KD"),
        "p5": _cards("2C 2D 4S 5D 6D 10D 10S JS KC"),
    },
    {
        "p1": _cards("AD 7H 7S JC JD"),
        "p2": _cards("4D 4H 8D 10H JH"),
        "p3": _cards("AC 3C 4C 7C 8C"),
        "p4": _cards("5C 5S 9C 9D 9S"),
        "p5": _cards("2C 2D 10D 10S KC"),
    },
)
DEAL_3 = Deal(
    "p3",
    {
        "p1": _cards("AD AS 2D 5C 5S 8H 9C 10S QS"),
        "p2": _cards("3H 4C 7H 9D 9H JS QC KH KS"),
        "p3": _cards("2H 3D 6D 6S 8C 9S JD QD"),
        "p4": _cards("AC 5H 6H 7C 7D 8S JC QH KD"),
        "p5": _cards("AH 4S 6C 7S 8D 10C 10H JH KC"),
    },
    {
        "p1": _cards("AD AS 5C 5S QS"),
        "p2": _cards("9D 9H QC KH KS"),
        "p3": _cards("6D 6S 9S JD QD"),
        "p4": _cards("AC 7C 7D QH KD"),
        "p5": _cards("AH 10C 10H JH KC"),
    },
)
DEALS = [DEAL_1, DEAL_2, DEAL_3]
