"""A night's sheet: each party's net across the night's games in the night's money, every figure traced to the
games' settlements (domain/money/settlement.py), the check that the nets add up to zero, and the fewest transfers.

Each variant says how a game of it is counted (`Variant.night_lines`, domain/<variant>/night.py): Roby's money as
it is, Royal Rummy's chips at the night's chip value with the banker as a party, Robins Rummy's points pairwise at
the night's stake. This module only gathers the lines, adds them up and settles.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.money.settlement import Settlement
from domain.nights.lines import BANKER, POT, Money, NightLine
from domain.nights.transfers import Transfer, fewest_transfers, greedy_transfers
from domain.rules.registry import variant_named


@dataclass(frozen=True, slots=True)
class NightGame:
    """One game of the night as its settlement gives it."""

    id: str
    variant: str
    title: str
    players: tuple[str, ...]
    over: bool
    settlement: Settlement


def line_doc(game: NightGame, line: NightLine) -> dict[str, Any]:
    """A party's line for one game, as the sheet shows it."""
    return {
        "game": game.id,
        "variant": game.variant,
        "figure": line.figure,
        "unit": line.unit,
        "rate": line.rate,
        "money": line.money,
        "how": line.how,
        "entries": list(line.entries),
    }


def night_sheet(games: Sequence[NightGame], money: Money) -> dict[str, Any]:
    """The night's sheet: per game its nets, per party its net and its lines, the zero-sum check and the fewest
    transfers (with how many the usual greedy matching would take)."""
    parties: dict[str, dict[str, Any]] = {}
    shown_games = []
    for game in games:
        lines: dict[str, NightLine] = variant_named(game.variant).night_lines(game.settlement, game.players, money)
        shown_games.append(
            {
                "id": game.id,
                "variant": game.variant,
                "title": game.title,
                "over": game.over,
                "unit": next(iter(lines.values())).unit if lines else None,
                "nets": {party: line.money for party, line in lines.items()},
                "checks_held": all(check.held for check in game.settlement.checks),
            }
        )
        for party, line in lines.items():
            shown = parties.setdefault(party, {"name": party, "net": 0, "lines": []})
            shown["net"] += line.money
            shown["lines"].append(line_doc(game, line))
    nets = {party: shown["net"] for party, shown in parties.items()}
    total = sum(nets.values())
    return {
        "games": shown_games,
        "parties": sorted(parties.values(), key=lambda shown: (shown["name"] in (BANKER, POT), shown["name"])),
        "check": {
            "total": total,
            "holds": total == 0,
            "detail": " + ".join(str(net) for net in nets.values()) + f" = {total}" if nets else "no games: 0 = 0",
        },
        "transfers": [transfer_doc(t) for t in fewest_transfers(nets)] if total == 0 else [],
        "greedy_transfers": len(greedy_transfers(nets)) if total == 0 else None,
    }


def transfer_doc(transfer: Transfer) -> dict[str, Any]:
    """One payment as the sheet shows it."""
    return {"from": transfer.payer, "to": transfer.payee, "amount": transfer.amount}


def parties_of(games: Sequence[Mapping[str, Any]]) -> set[str]:
    """Every party a night's games bring: players by name, and those their variant brings beside them (Royal Rummy's
    banker)."""
    found: set[str] = set()
    for game in games:
        found |= set(game["players"]) | set(variant_named(game["variant"]).night_parties)
    return found
