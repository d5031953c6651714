"""How a night counts a game of each variant, from the game's settlement (domain/<variant>/night.py): Roby's money as
it stands (while the game is played, the pot is money in play and each player's stake in it is left aside), Royal
Rummy's chips less the stack bought, with the banker as a party, at the chip value, and Robins Rummy's points
pairwise at the stake. Each worked out here independently."""

from __future__ import annotations

from itertools import permutations
from typing import Any

from domain.money.ledger import player_account
from domain.money.settlement import settlement_of
from domain.nights.lines import BANKER, POT, Money
from domain.variants import variant_named
from tests.bot_games import play_robins, play_roby, play_royal

MONEY = Money("NOK", chip_value=50, robins_stake=10)


def lines_of(events: list[Any]) -> tuple[Any, dict[str, Any]]:
    created = events[0]
    settlement = settlement_of(created, events)
    return settlement, variant_named(created.variant).night_lines(settlement, tuple(created.players), MONEY)


def test_roby_counts_each_players_money_balance_and_the_pot_while_the_game_is_played() -> None:
    events = play_roby(39, players=4).collect_events()
    settlement, lines = lines_of(events)
    assert set(lines) == set(events[0].players)  # the game is won: the pot is empty, no party holds it
    for player in events[0].players:
        assert lines[player].money == settlement.balance(player_account(player), "money") == lines[player].figure
        assert all(player_account(player) in (e["source"], e["destination"]) for e in lines[player].entries)
    assert sum(line.money for line in lines.values()) == 0 and any(line.money for line in lines.values())
    halfway = events[: len(events) // 2]
    settlement, lines = lines_of(halfway)
    in_pot = settlement.balance("pot", "money")
    assert in_pot > 0 and lines[POT].money == in_pot and lines[POT].in_play
    assert not any(lines[player].in_play for player in events[0].players)
    for player in events[0].players:  # what he has in the pot in play is left aside: it is on the table, his or not
        account = player_account(player)
        staked = sum(
            e.movement.amount * (1 if e.movement.destination == "pot" else -1)
            for e in settlement.entries
            if e.movement.unit == "money" and {e.movement.source, e.movement.destination} == {account, "pot"}
        )
        assert staked > 0 and lines[player].figure == settlement.balance(account, "money") + staked
    assert sum(lines[player].money for player in events[0].players) == 0


def test_royal_rummy_counts_chips_less_the_stack_at_the_chip_value_and_the_banker_takes_the_rest() -> None:
    events = play_royal(3, players=4, deals=3).collect_events()
    settlement, lines = lines_of(events)
    stack = events[0].options["stack"]
    for player in events[0].players:
        chips = settlement.balance(player_account(player), "chips")
        assert lines[player].figure == chips - stack and lines[player].money == (chips - stack) * 50
    players_lost = -sum(lines[p].money for p in events[0].players)
    assert lines[BANKER].money == players_lost and lines[BANKER].rate == 50
    on_the_table = sum(
        balance
        for (account, unit), balance in settlement.totals.items()
        if unit == "chips" and account != "bank" and not account.startswith("player:")
    )
    handed_out = stack * len(events[0].players)
    assert lines[BANKER].figure == settlement.balance("bank", "chips") + handed_out + on_the_table


def test_robins_rummy_settles_each_pair_of_final_scores_at_the_stake() -> None:
    events = play_robins(10)[1]
    settlement, lines = lines_of(events)
    points = {p: settlement.balance(player_account(p), "points") for p in events[0].players}
    owed = dict.fromkeys(points, 0)
    for winner, loser in permutations(points, 2):
        if points[winner] > points[loser]:
            owed[winner] += (points[winner] - points[loser]) * 10
            owed[loser] -= (points[winner] - points[loser]) * 10
    assert {p: lines[p].money for p in points} == owed and any(owed.values())
    assert all(line.rate == 10 and line.unit == "points" for line in lines.values())


def test_without_a_stake_robins_rummy_counts_no_money_and_shows_the_points() -> None:
    events = play_robins(10)[1]
    created = events[0]
    settlement = settlement_of(created, events)
    lines = variant_named("robins").night_lines(settlement, tuple(created.players), Money(None, None, None))
    assert all(line.money == 0 and line.rate is None for line in lines.values())
    assert any(line.figure for line in lines.values())
