"""A night matches its parties across games as a game matches its players' names (case and spacing never split a
player), and a Roby pot still in play is money on the table beside its game, never a party of the sheet. The
settlements are built by hand here, so each figure is known."""

from __future__ import annotations

from domain.money.ledger import player_account
from domain.money.movements import Movement
from domain.money.settlement import Entry, Settlement
from domain.nights.lines import Money
from domain.nights.sheet import NightGame, money_by_game, night_sheet, parties_of

MONEY = Money("NOK", chip_value=None, robins_stake=None)


def roby_game(game_id: str, players: tuple[str, ...], *moved: tuple[str, str, int], over: bool = True) -> NightGame:
    """A Roby game whose settlement holds these money movements (source, destination, amount), in order."""
    settlement = Settlement("roby")
    for version, (source, destination, amount) in enumerate(moved, start=1):
        settlement.add(Entry(version, version, 1, "a move", Movement(source, destination, amount, "money", "rule")))
    return NightGame(game_id, "roby", game_id, players, over, settlement)


def test_names_differing_only_in_case_are_one_party_named_as_its_first_game_names_it() -> None:
    first = roby_game("g1", ("Ann", "Bob"), (player_account("Ann"), player_account("Bob"), 100))
    second = roby_game("g2", ("bob", "ann"), (player_account("bob"), player_account("ann"), 30))
    sheet = night_sheet([first, second], MONEY)
    assert [(p["name"], p["net"]) for p in sheet["parties"]] == [("Ann", -70), ("Bob", 70)]
    ann = sheet["parties"][0]
    assert [(line["game"], line["player"], line["money"]) for line in ann["lines"]] == [("g1", "Ann", -100),
                                                                                       ("g2", "ann", 30)]
    assert money_by_game(ann, sheet["games"]) == [-100, 30]
    assert sheet["transfers"] == [{"from": "Ann", "to": "Bob", "amount": 70}]
    assert parties_of([{"variant": "roby", "players": ["Ann", "Bob"]}, {"variant": "roby", "players": ["bob"]}]) == {
        "ann", "bob"}


def test_a_pot_in_play_is_shown_with_its_game_and_each_stake_in_it_is_left_aside() -> None:
    ann, bob, cy = (player_account(p) for p in ("Ann", "Bob", "Cy"))
    playing = roby_game("g1", ("Ann", "Bob", "Cy"), (ann, "pot", 100), (bob, "pot", 100), (cy, "pot", 100),
                        (bob, "pot", 50), ("pot", bob, 50), (cy, ann, 20), over=False)  # a fee paid back; a payment
    sheet = night_sheet([playing], MONEY)
    assert {p["name"]: p["net"] for p in sheet["parties"]} == {"Ann": 20, "Bob": 0, "Cy": -20}
    (game,) = sheet["games"]
    assert game["nets"] == {"Ann": 20, "Bob": 0, "Cy": -20}
    assert game["in_play"]["money"] == 300 and "still being played" in game["in_play"]["how"]
    assert [e["version"] for e in game["in_play"]["entries"]] == [1, 2, 3, 4, 5]
    assert sheet["check"]["holds"] and sheet["transfers"] == [{"from": "Cy", "to": "Ann", "amount": 20}]
    won = roby_game("g1", ("Ann", "Bob"), (ann, "pot", 100), (bob, "pot", 100), ("pot", ann, 200))
    sheet = night_sheet([won], MONEY)
    assert sheet["games"][0]["in_play"] is None
    assert {p["name"]: p["net"] for p in sheet["parties"]} == {"Ann": 100, "Bob": -100}

