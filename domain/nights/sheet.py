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
from domain.nights.lines import BANKER, Money, NightLine
from domain.nights.transfers import Transfer, fewest_transfers, greedy_transfers
from domain.rules.registry import variant_named
from domain.text import name_key


@dataclass(frozen=True, slots=True)
class NightGame:
    """One game of the night as its settlement gives it."""

    id: str
    variant: str
    title: str
    players: tuple[str, ...]
    over: bool
    settlement: Settlement


def line_doc(game: NightGame, party: str, line: NightLine) -> dict[str, Any]:
    """A party's line for one game (under the name that game gives it), as the sheet shows it."""
    return {
        "game": game.id,
        "player": party,
        "variant": game.variant,
        "figure": line.figure,
        "unit": line.unit,
        "rate": line.rate,
        "money": line.money,
        "how": line.how,
        "entries": list(line.entries),
    }


def in_play_doc(line: NightLine) -> dict[str, Any]:
    """Money still on the table in a game being played, as the sheet shows it beside the game."""
    return {
        "figure": line.figure,
        "unit": line.unit,
        "money": line.money,
        "how": line.how,
        "entries": list(line.entries),
    }


def night_sheet(games: Sequence[NightGame], money: Money) -> dict[str, Any]:
    """The night's sheet: per game its nets (and the money still in play in it), per party its net and its lines,
    the zero-sum check and the fewest transfers (with how many the usual greedy matching would take). A party is
    matched across games as a game matches its players' names: case and spacing never split one; it is shown by the
    name its first game gives it."""
    parties: dict[str, dict[str, Any]] = {}
    shown_games = []
    for game in games:
        lines: dict[str, NightLine] = variant_named(game.variant).night_lines(game.settlement, game.players, money)
        in_play = [line for line in lines.values() if line.in_play]
        settled = {party: line for party, line in lines.items() if not line.in_play}
        shown_games.append(
            {
                "id": game.id,
                "variant": game.variant,
                "title": game.title,
                "over": game.over,
                "unit": next(iter(lines.values())).unit if lines else None,
                "nets": {party: line.money for party, line in settled.items()},
                "in_play": in_play_doc(in_play[0]) if in_play else None,
                "checks_held": all(check.held for check in game.settlement.checks),
            }
        )
        for party, line in settled.items():
            shown = parties.setdefault(name_key(party), {"name": party, "net": 0, "lines": []})
            shown["net"] += line.money
            shown["lines"].append(line_doc(game, party, line))
    nets = {shown["name"]: shown["net"] for shown in parties.values()}
    total = sum(nets.values())
    return {
        "games": shown_games,
        "parties": sorted(parties.values(), key=lambda shown: (shown["name"] == BANKER, name_key(shown["name"]))),
        "check": {
            "total": total,
            "holds": total == 0,
            "detail": " + ".join(str(net) for net in nets.values()) + f" = {total}" if nets else "no games: 0 = 0",
        },
        "transfers": [transfer_doc(t) for t in fewest_transfers(nets)] if total == 0 else [],
        "greedy_transfers": len(greedy_transfers(nets)) if total == 0 else None,
    }


def money_by_game(party: Mapping[str, Any], games: Sequence[Mapping[str, Any]]) -> list[int]:
    """A party's money in each game of a sheet, in the sheet's order (0 in a game it did not play)."""
    money = {line["game"]: line["money"] for line in party["lines"]}
    return [money.get(game["id"], 0) for game in games]


def transfer_doc(transfer: Transfer) -> dict[str, Any]:
    """One payment as the sheet shows it."""
    return {"from": transfer.payer, "to": transfer.payee, "amount": transfer.amount}


def parties_of(games: Sequence[Mapping[str, Any]]) -> set[str]:
    """Every party a night's games bring, by the key that matches names across games: players, and those their
    variant brings beside them (Royal Rummy's banker)."""
    found: set[str] = set()
    for game in games:
        found |= {name_key(party) for party in (*game["players"], *variant_named(game["variant"]).night_parties)}
    return found
