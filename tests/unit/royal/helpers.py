"""Test helpers for Royal Rummy: game set-up, scripted deals, invariants and an independent poker settlement."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from pokerkit import StandardHighHand

from domain.cards.card import Card, standard_pack
from domain.record.game import Game
from domain.royal.ranking import pokerkit_code
from domain.royal.state import OVER, RoyalState
from domain.rules.variant import Chance

PREFIXES = ("player:", "space:", "ace:", "bet:", "side-pot:")


class FixedChance(Chance):
    """Seeds from a list, then from a counter: shuffled tests are repeatable."""

    def __init__(self, *seeds: int) -> None:
        self.seeds = list(seeds)
        self.counter = 0

    def seed(self) -> int:
        """The next listed seed, else the next number."""
        if self.seeds:
            return self.seeds.pop(0)
        self.counter += 1
        return self.counter


def new_game(players: int = 4, mode: str = "recorded", rules: int | None = None, **options: Any) -> Game:
    """A Royal Rummy game with players p1..pN, under the newest rules or the version given."""
    return Game.set_up(
        "royal", [f"p{i + 1}" for i in range(players)], options, mode, "", FixedChance(), rules_version=rules
    )


def record(game: Game, kind: str, player: str, **fields: Any) -> int:
    """Record one action body."""
    return game.record({"type": kind, "player": player, **fields}, FixedChance())


def end_game(game: Game) -> int:
    """The table ends the game, confirming it."""
    return game.record({"type": "end_game", "confirm": True}, FixedChance())


def cut_to(game: Game, dealer: str) -> None:
    """Cut so that `dealer` deals first (he cuts the ace of spades, the others low cards)."""
    low = iter(["2C", "3C", "4C", "5C", "6C", "7C", "8C"])
    for player in game.state.players:
        record(game, "cut", player, card="AS" if player == dealer else next(low))


def chips(game: Game, account: str) -> int:
    """The balance of an account ('p1' means player:p1)."""
    name = account if ":" in account or account in ("pot", "kitty", "bank") else f"player:{account}"
    return game.state.ledger.balance(name)


def transfers(game: Game, rule: str) -> list[tuple[str, str, int, str]]:
    """Every chip movement under one rule: from, to, amount, and the type of the event that caused it."""
    caused_by = {e.originator_version: type(e).__name__ for e in game.pending_events}
    return [
        (e.source, e.destination, e.amount, caused_by.get(e.cause, f"version {e.cause}"))
        for e in game.pending_events
        if type(e).__name__ == "AmountTransferred" and e.rule == rule
    ]


def check_invariants(state: RoyalState) -> None:
    """Chips in stacks, on spaces, on aces and in bets add up to what the banker handed out; all 52 cards placed."""
    balances = state.ledger.balances
    assert sum(balances.values()) == 0
    handed_out = int(state.options["stack"]) * len(state.players)
    for account, amount in balances.items():
        assert account in ("bank", "pot", "kitty") or account.startswith(PREFIXES), account
        assert account == "bank" or amount >= 0, (account, amount)
    handing_out = state.deal_number == 0 and state.phase == "cut" and balances.get("bank", 0) > -handed_out
    if state.phase != OVER and not handing_out:
        assert sum(v for a, v in balances.items() if a != "bank") == handed_out
    if state.hands:
        zones = [*state.hands.values(), state.dummy, state.dead]
        played = [c for cards in state.rummy.played.values() for c in cards]
        assert sum(z.size for z in zones) + len(played) == 52
        named = Counter(played)
        for zone in zones:
            named.update(zone.known)
        assert all(n == 1 for n in named.values()), named
        assert not named - standard_pack()


def strict_key(cards: Sequence[str]) -> tuple[int, list[int]]:
    """An independent five-card evaluator with aces strictly high (no wheel): (category, tie-break ranks)."""
    parsed = [Card.parse(c) for c in cards]
    ranks = sorted((14 if c.rank == 1 else c.rank for c in parsed), reverse=True)
    counts = Counter(ranks)
    shape = sorted(counts.values(), reverse=True)
    by_count = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    flush = len({c.suit for c in parsed}) == 1
    straight = len(counts) == 5 and ranks[0] - ranks[4] == 4
    if straight and flush:
        return (8, ranks)
    table = {(4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}
    if tuple(shape) in ((4, 1), (3, 2)):
        return (table[tuple(shape)], by_count)
    if flush:
        return (5, ranks)
    if straight:
        return (4, ranks)
    return (table.get(tuple(shape), 0), by_count)


def pokerkit_hand(cards: Sequence[str]) -> StandardHighHand:
    """The hand as pokerkit ranks it."""
    return StandardHighHand("".join(pokerkit_code(c) for c in cards))


def best_players(hands: dict[str, list[str]], among: list[str], wheel: bool) -> list[str]:
    """Winners by pokerkit (wheel counts), or by the independent strict evaluator."""
    rank = pokerkit_hand if wheel else strict_key
    keyed = {p: rank(hands[p]) for p in among}
    top = max(keyed.values())
    return [p for p in among if keyed[p] == top]


def expected_settlement(
    bets: dict[str, int], order: list[str], folded: list[str], pot_space: int, hands: dict[str, list[str]], wheel: bool
) -> tuple[dict[str, int], int]:
    """What each player wins and what stays on the Pot, peeling pots off by the smallest live contribution."""
    live = [p for p in order if p not in folded]
    won = {p: 0 for p in order}
    left = {p: bets.get(p, 0) for p in order}
    if len(live) == 1:
        won[live[0]] = sum(left.values()) + pot_space
        return won, 0
    stays, first, extra = 0, True, pot_space
    while first or any(left.values()):
        positive = [left[p] for p in live if left[p] > 0]
        level = 0 if first and any(left[p] == 0 for p in live) else min(positive)
        eligible = [p for p in live if left[p] >= level and (level > 0 or first)]
        amount = extra + sum(min(v, level) for v in left.values())
        left = {p: v - min(v, level) for p, v in left.items()}
        if not any(left[p] for p in live):
            amount += sum(left.values())
            left = dict.fromkeys(left, 0)
        winners = best_players(hands, eligible, wheel)
        share, odd = divmod(amount, len(winners))
        for winner in winners:
            won[winner] += share
        stays += odd
        first, extra = False, 0
    return won, stays


def all_five_card_hands(hand: Sequence[str]) -> list[tuple[str, ...]]:
    """Every five-card choice from a hand."""
    return list(combinations(sorted(hand), 5))


ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def cards(*specs: str) -> list[str]:
    """Card codes from specs such as '2-7C' (a range in one suit, ace high) or 'KH'."""
    found: list[str] = []
    for spec in specs:
        if "-" not in spec:
            found.append(spec)
            continue
        low, rest = spec.split("-")
        high, suit = rest[:-1], rest[-1]
        found += [f"{r}{suit}" for r in ORDER[ORDER.index(low) : ORDER.index(high) + 1]]
    return found


SPADES_TO_P3 = {
    "p1": cards("2-7C", "2-8H"),
    "p2": cards("8-AC", "9-AH"),
    "p3": cards("2-AS"),
}
"""Three hands (the dummy is every diamond): clubs split between p1 and p2, hearts likewise, p3 the spades."""


def setup(hands: dict[str, list[str]] | None = None, dealer: str = "p3", dummy: str = "dead", rules: int | None = None,
          **options: Any) -> Game:
    """A recorded game cut to `dealer`, dealt `hands`, the dummy settled: 'dead' (nobody bids) or 'swap'; under the
    newest rules or the version given."""
    dealt = hands or SPADES_TO_P3
    game = new_game(len(dealt), rules=rules, **options)
    cut_to(game, dealer)
    if game.state.phase == "ace_bet":
        record(game, "no_ace_bet", dealer)
    record(game, "deal", dealer, hands=dealt)
    if dummy == "swap":
        record(game, "swap", dealer)
    elif dummy == "dead":
        record(game, "keep", dealer)
        for player in list(game.state.bidders):
            record(game, "pass", player)
    return game


def play_out(game: Game, plays: Sequence[tuple[str, list[str] | None]]) -> None:
    """Record stops-hand moves in order: a play of the cards, or a pass (None)."""
    for player, played in plays:
        if played is None:
            record(game, "pass", player)
        else:
            record(game, "play", player, cards=played)


def pick_hands(game: Game, chosen: dict[str, list[str]]) -> None:
    """Every live player chooses the given five poker cards."""
    for player, five in chosen.items():
        record(game, "poker_hand", player, cards=five)
