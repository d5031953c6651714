"""A night's sheet: each party's net across the night's games in the night's money, every figure traced to the
games' settlements (domain/settlement.py), the check that the nets add up to zero, and the fewest transfers.

How each variant's settlement becomes money (all amounts in minor units of the night's currency):

- **Roby** is played for money: a player's figure is his money balance in the game's settlement. While a game is
  still being played, the money in its pot belongs to nobody yet and is shown as the party POT.
- **Royal Rummy** is played for chips: a player's figure is his chip balance less the stack the banker handed him
  (chips bought from the banker at the start, cashed in at the end), times the night's chip value. Everything else
  (chips left on the board and the aces, which go to the banker) is the banker's: the party BANKER, whose figure is
  minus the players' together.
- **Robins Rummy** is played for points: with a stake per point, each pair of players settles its difference,
  the one with fewer points paying the other (his points less the other's) x the stake. Pairwise over the final
  scores, a player's net is stake x (n x his points - everybody's points together), n the number of players. A
  night without a stake counts no money for it (its points are shown).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.ledger import player_account
from domain.nights.transfers import Transfer, fewest_transfers, greedy_transfers
from domain.settlement import Entry, Settlement

BANKER, POT = "[banker]", "[pot]"
"""The parties of a night that are not players: Royal Rummy's banker, and the money in a Roby pot not won yet."""
BASIS = {"roby": "money", "royal": "chips", "robins": "points"}
"""The unit of each variant's settlement that the night turns into money."""
STACK_SOURCE = "bank"


@dataclass(frozen=True, slots=True)
class NightGame:
    """One game of the night as its settlement gives it."""

    id: str
    variant: str
    title: str
    players: tuple[str, ...]
    over: bool
    settlement: Settlement


@dataclass(frozen=True, slots=True)
class Money:
    """The night's money: the value of a chip and the stake per Robins Rummy point, in minor units (None: not
    declared), and its currency."""

    currency: str | None
    chip_value: int | None
    robins_stake: int | None


def entry_doc(entry: Entry) -> dict[str, Any]:
    """A settlement entry behind a night's figure, as the sheet shows it."""
    m = entry.movement
    return {
        "version": entry.version,
        "move": entry.move,
        "hand": entry.hand,
        "source": m.source,
        "destination": m.destination,
        "amount": m.amount,
        "unit": m.unit,
        "rule": m.rule,
        "status": entry.status,
    }


def _touching(settlement: Settlement, account: str, unit: str) -> list[dict[str, Any]]:
    return [
        entry_doc(e)
        for e in settlement.entries
        if e.movement.unit == unit and account in (e.movement.source, e.movement.destination)
    ]


def game_lines(game: NightGame, money: Money) -> dict[str, dict[str, Any]]:
    """Each party's line for one game: the figure in the game's unit, the rate that turns it into money, the money,
    and the settlement entries behind it."""
    unit, s = BASIS[game.variant], game.settlement
    lines: dict[str, dict[str, Any]] = {}

    def line(party: str, figure: int, rate: int | None, entries: list[dict[str, Any]], how: str) -> None:
        lines[party] = {
            "game": game.id,
            "variant": game.variant,
            "figure": figure,
            "unit": unit,
            "rate": rate,
            "money": figure * (rate or 0),
            "how": how,
            "entries": entries,
        }

    if game.variant == "roby":
        for player in game.players:
            account = player_account(player)
            line(player, s.balance(account, unit), 1, _touching(s, account, unit), "his money balance")
        pot = -sum(s.balance(player_account(p), unit) for p in game.players)
        if pot:
            line(POT, pot, 1, [], "money on the table, not won yet: the game is still being played")
    elif game.variant == "royal":
        rate = money.chip_value
        for player in game.players:
            account = player_account(player)
            stack = sum(
                e.movement.amount
                for e in s.entries
                if e.movement.unit == unit and (e.movement.source, e.movement.destination) == (STACK_SOURCE, account)
            )
            how = f"his chips ({s.balance(account, unit)}) less the stack the banker handed him ({stack})"
            line(player, s.balance(account, unit) - stack, rate, _touching(s, account, unit), how)
        figure = -sum(lines[p]["figure"] for p in game.players)
        banker = [doc for e in s.entries if (doc := entry_doc(e))["unit"] == unit and STACK_SOURCE in
                  (doc["source"], doc["destination"])]
        line(BANKER, figure, rate, banker, "the chips the players lost to the board and the aces, which go to him")
    else:
        points = {p: s.balance(player_account(p), unit) for p in game.players}
        everyone = sum(points.values())
        for player in game.players:
            account = player_account(player)
            figure = len(points) * points[player] - everyone
            how = (
                f"pairwise: his {points[player]} points against each other player's; n x points - all points = "
                f"{len(points)} x {points[player]} - {everyone}"
            )
            line(player, figure, money.robins_stake, _touching(s, account, unit), how)
    return lines


def night_sheet(games: Sequence[NightGame], money: Money) -> dict[str, Any]:
    """The night's sheet: per game its nets, per party its net and its lines, the zero-sum check and the fewest
    transfers (with how many the usual greedy matching would take)."""
    parties: dict[str, dict[str, Any]] = {}
    shown_games = []
    for game in games:
        lines = game_lines(game, money)
        shown_games.append(
            {
                "id": game.id,
                "variant": game.variant,
                "title": game.title,
                "over": game.over,
                "unit": BASIS[game.variant],
                "nets": {party: line["money"] for party, line in lines.items()},
                "checks_held": all(check.held for check in game.settlement.checks),
            }
        )
        for party, line in lines.items():
            parties.setdefault(party, {"name": party, "net": 0, "lines": []})
            parties[party]["net"] += line["money"]
            parties[party]["lines"].append(line)
    nets = {party: shown["net"] for party, shown in parties.items()}
    total = sum(nets.values())
    transfers = fewest_transfers(nets) if total == 0 else []
    return {
        "games": shown_games,
        "parties": sorted(parties.values(), key=lambda shown: (shown["name"] in (BANKER, POT), shown["name"])),
        "check": {
            "total": total,
            "holds": total == 0,
            "detail": " + ".join(f"{net}" for net in nets.values()) + f" = {total}" if nets else "no games: 0 = 0",
        },
        "transfers": [transfer_doc(t) for t in transfers],
        "greedy_transfers": len(greedy_transfers(nets)) if total == 0 else None,
    }


def transfer_doc(transfer: Transfer) -> dict[str, Any]:
    """One payment as the sheet shows it."""
    return {"from": transfer.payer, "to": transfer.payee, "amount": transfer.amount}


def parties_of(games: Sequence[Mapping[str, Any]]) -> set[str]:
    """Every party a night's games bring (players by name, the banker for Royal Rummy)."""
    found: set[str] = set()
    for game in games:
        found |= set(game["players"])
        if game["variant"] == "royal":
            found.add(BANKER)
    return found
