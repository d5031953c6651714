"""Royal Rummy's acceptance scenario through HTTP alone: a recorded five-player session of three deals.

On PostgreSQL (and SQLite) the session shows a dummy auction with several bids; a poker hand with a raise, a
fold and an all-in that makes a side pot; an ace bet carried to the next deal, then won; a stop followed by an
opposite-colour lead; a blocked hand; a pay space carried over because its card lay in the dead hand; and chip
conservation at every event, also after a restart.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.app import create_app
from domain.royal.rules import colour
from tests.e2e.helpers import Created, all_events, create
from tests.e2e.royal_session import BIDS, DEAL_1, DEALS, OPTIONS, PLAYERS, run_session

Event = dict[str, Any]
HANDED_OUT = OPTIONS["stack"] * len(PLAYERS)
POKER_ACCOUNTS = ("bet:", "side-pot:")


class HttpTable:
    """The session recorded through the API with the recorder's token, one POST per action."""

    def __init__(self, client: FlaskClient, game: Created) -> None:
        self.client, self.game, self.version = client, game, game.version

    def view(self) -> tuple[str, list[dict[str, Any]]]:
        """The phase and the recorder's legal actions, from GET /games/{id}."""
        shown = self.client.get(self.game.url, headers=self.game.auth).get_json()
        self.version = shown["version"]
        return shown["state"]["phase"], shown["legal_actions"]

    def post(self, body: dict[str, Any]) -> None:
        """POST /games/{id}/moves at the version last seen."""
        body = {**body, "expected_version": self.version}
        response = self.client.post(f"{self.game.url}/moves", json=body, headers=self.game.auth)
        assert response.status_code == 201, (body, response.get_json())
        self.version = response.get_json()["version"]


class Session:
    """A recorded session: the client, the game, its events split by deal, and its states at any event."""

    def __init__(self, client: FlaskClient, game: Created) -> None:
        self.client, self.game = client, game
        self.events: list[Event] = all_events(client, game.url, game.auth)
        self.facts = [e for e in self.events if e["type"] != "MoveRecorded"]
        """The events less the moves' envelopes: what happened at the table, in order."""
        starts = [i for i, e in enumerate(self.events) if e["type"] == "DealStarted"]
        self.deals = [self.events[a:b] for a, b in zip(starts, [*starts[1:], len(self.events)], strict=True)]

    def state(self, version: int) -> dict[str, Any]:
        """The recorder's view of the state after event `version`."""
        response = self.client.get(f"{self.game.url}/state?at={version}", headers=self.game.auth)
        assert response.status_code == 200, response.get_json()
        shown: dict[str, Any] = response.get_json()
        assert shown["version"] == version
        state: dict[str, Any] = shown["state"]
        return state

    def balance(self, version: int, account: str) -> int:
        """One ledger account's balance after event `version`."""
        return int(self.state(version)["ledger"]["balances"].get(account, 0))


def of(events: list[Event], kind: str, **data: Any) -> list[Event]:
    """The events of a type whose data has the given values."""
    return [e for e in events if e["type"] == kind and all(e["data"][k] == v for k, v in data.items())]


def transfers(events: list[Event], rule: str) -> list[tuple[str, str, int]]:
    """(source, destination, amount) of each chip movement under a rule."""
    return [
        (e["data"]["source"], e["data"]["destination"], e["data"]["amount"])
        for e in of(events, "AmountTransferred", rule=rule)
    ]


def check_the_dummy_auction(session: Session) -> None:
    """Deal 1: p1 keeps his hand; three bids and three passes; p5 takes the dummy and pays p1 his bid."""
    deal = session.deals[0]
    auction = [e for e in deal if e["type"] in ("BidMade", "BidPassed")]
    assert [(e["data"]["player"], e["data"].get("amount")) for e in auction] == BIDS
    assert of(deal, "AuctionOpened", dealer="p1", bidders=["p2", "p3", "p4", "p5"])
    taken = of(deal, "DummyTaken", player="p5", how="auction")
    assert len(taken) == 1
    assert transfers(deal, "royal.dummy.auction") == [("player:p5", "player:p1", 36)]
    assert of(deal, "AmountTransferred", rule="royal.dummy.auction")[0]["data"]["cause"] == taken[0]["version"]


def check_the_poker_hand(session: Session) -> None:
    """Deal 1: bet, raise, fold, a short all-in and a call, a fold; the main pot to p5, the side pot to p3."""
    deal = session.deals[0]
    acted = [
        (e["data"]["player"], e["data"]["action"], e["data"]["total"], e["data"]["all_in"])
        for e in of(deal, "PokerActed")
    ]
    assert acted == [
        ("p2", "bet", 5, False),
        ("p3", "raise", 20, False),
        ("p4", "fold", 0, False),
        ("p5", "all_in", 15, True),
        ("p1", "call", 20, False),
        ("p2", "fold", 5, False),
    ]
    assert transfers(deal, "royal.poker.pot") == [
        ("bet:p2", "pot", 5),
        ("bet:p3", "pot", 15),
        ("bet:p5", "pot", 15),
        ("bet:p1", "pot", 15),
        ("bet:p3", "side-pot:1", 5),
        ("bet:p1", "side-pot:1", 5),
    ]
    awards = [{k: e["data"][k] for k in ("pot", "amount", "eligible", "winners")} for e in of(deal, "PotAwarded")]
    assert awards == [
        {"pot": "pot", "amount": 15 * 3 + 5 + 5, "eligible": ["p3", "p5", "p1"], "winners": ["p5"]},
        {"pot": "side-pot:1", "amount": 10, "eligible": ["p3", "p1"], "winners": ["p3"]},
    ]
    assert transfers(deal, "royal.poker.won") == [("pot", "player:p5", 55), ("side-pot:1", "player:p3", 10)]
    assert of(deal, "RummyStarted", leader="p5")


def check_the_ace_bet(session: Session) -> None:
    """The AS bet stays on the ace after deal 1 (a non-bettor holds it), is repeated, and is won in deal 2."""
    first, second, third = session.deals[:3]
    assert of(first, "AceBetOpened", player="p1", suit="S", amount=3)
    assert [e["data"]["player"] for e in of(first, "AceBetAnswered", covered=True)] == ["p2", "p4"]
    assert of(first, "AceShown", suit="S", holder="p3", won=False)
    assert transfers(first, "royal.aces.won") == []
    assert session.balance(first[-1]["version"], "ace:S") == 9
    assert transfers(second, "royal.aces.repeat") == [(f"player:{p}", "ace:S", 3) for p in ("p1", "p2", "p4")]
    assert of(second, "AceShown", suit="S", holder="p4", won=True)
    assert transfers(second, "royal.aces.won") == [("ace:S", "player:p4", 18)]
    assert session.balance(second[-1]["version"], "ace:S") == 0
    assert not [e for e in third if e["type"].startswith("AceBet") and e["type"] != "AceBetSkipped"]


def check_a_stop_then_the_opposite_colour(session: Session) -> None:
    """Every stop with a leader is followed by his lead of the other colour; deal 1's first stop is the 6C."""
    for index, event in enumerate(session.facts):
        if event["type"] != "Stopped" or event["data"]["leader"] is None:
            continue
        stopper = event["data"]["player"]
        stop_card = next(e for e in reversed(session.facts[:index]) if e["type"] == "CardsPlayed")["data"]
        lead = session.facts[index + 1]
        assert stop_card["player"] == stopper
        assert lead["type"] == "CardsPlayed" and lead["data"]["player"] == event["data"]["leader"]
        assert colour(lead["data"]["cards"][0]) == event["data"]["colour"] != colour(stop_card["cards"][-1])
    first = of(session.deals[0], "Stopped")[0]
    assert first["data"] == {"player": "p2", "wanted": "6C", "colour": "red", "leader": "p2"}
    assert "6C" in DEAL_1.hands["p5"]
    following = session.facts[session.facts.index(first) + 1]
    assert following["data"] == {"player": "p2", "cards": ["3D"], "next_player": "p3"}


def check_the_blocked_hand(session: Session) -> None:
    """Deal 3 ends blocked: nobody holds a black card; each player pays the Kitty 1 per card, from the dealer's left."""
    deal = session.deals[2]
    assert not of(deal, "WentOut")
    blocked = of(deal, "HandBlocked", colour="black")
    assert len(blocked) == 1
    index = session.facts.index(blocked[0])
    assert session.facts[index - 1]["type"] == "Stopped" and session.facts[index - 1]["data"]["leader"] is None
    at_block = session.state(blocked[0]["version"])
    held = {p: at_block["hands"][p]["cards"] for p in PLAYERS}
    assert all(colour(c) == "red" for cards in held.values() for c in cards)
    order = ("p4", "p5", "p1", "p2", "p3")
    assert transfers(deal, "royal.rummy.blocked") == [(f"player:{p}", "kitty", len(held[p])) for p in order]
    kitty = at_block["ledger"]["balances"]["kitty"]
    last = of(deal, "AmountTransferred", rule="royal.rummy.blocked")[-1]["version"]
    assert session.balance(last, "kitty") == kitty + sum(len(cards) for cards in held.values())


def check_the_pay_space_carried_over(session: Session) -> None:
    """The QH lay in deal 1's dead hand: its space keeps deal 1's antes and pays them with deal 2's in deal 2."""
    first, second = session.deals[:2]
    taken = of(first, "DummyTaken", player="p5")
    assert "QH" in DEAL_1.hands["p5"] and taken
    at_taking = session.state(taken[0]["version"])
    assert at_taking["dead"] == {"cards": [], "unknown": 9, "count": 9, "secret": True}
    assert not [p for p in PLAYERS if "QH" in at_taking["hands"][p]["cards"]]
    assert not [e for e in first if e["type"] == "AmountTransferred" and e["data"]["source"] == "space:QH"]
    assert session.balance(first[-1]["version"], "space:QH") == 5
    antes = of(second, "AmountTransferred", rule="royal.ante", destination="space:QH")
    assert session.balance(antes[-1]["version"], "space:QH") == 10
    assert ("space:QH", "player:p4", 10) in transfers(second, "royal.board.pay-card")


def check_conservation_at_every_event(session: Session) -> None:
    """After every event, stacks + spaces + aces + bets add up to the bank's debt: all it handed out.

    A move's envelope changes no chips, so the versions after the other events are the ones read.
    """
    for version in [e["version"] for e in session.facts]:
        state = session.state(version)
        balances = state["ledger"]["balances"]
        bank = balances.get("bank", 0)
        bets = sum(v for k, v in balances.items() if k.startswith(POKER_ACCOUNTS))
        in_play = sum(state["stacks"].values()) + sum(state["board_chips"].values()) + bets
        assert in_play == -bank == sum(v for k, v in balances.items() if k != "bank"), version
        assert all(v >= 0 for k, v in balances.items() if k != "bank"), (version, balances)
        if version > len(PLAYERS):
            assert -bank == HANDED_OUT, version


@pytest.mark.whole_game
def test_a_recorded_five_player_session_over_http_shows_the_whole_acceptance_scenario(
    app: Flask, store_env: dict[str, str]
) -> None:
    client = app.test_client()
    game = create(client, PLAYERS, variant="royal", deal_mode="recorded", options=OPTIONS)
    run_session(HttpTable(client, game), DEALS)
    session = Session(client, game)
    assert [e["data"]["deal_number"] for e in of(session.events, "DealStarted")] == [1, 2, 3, 4]
    assert not of(session.events, "PlayerOut")
    dealt = [e["data"] for e in of(session.events, "HandsDealt")]
    assert [(d["dealer"], d["hands"], d["dummy"]) for d in dealt] == [(x.dealer, x.hands, None) for x in DEALS]
    check_the_dummy_auction(session)
    check_the_poker_hand(session)
    check_the_ace_bet(session)
    check_a_stop_then_the_opposite_colour(session)
    check_the_blocked_hand(session)
    check_the_pay_space_carried_over(session)
    check_conservation_at_every_event(session)
    final = client.get(game.url, headers=game.auth).get_json()
    assert final["deal_mode"] == "recorded" and final["players"] == list(PLAYERS)
    restarted = create_app(env=store_env)
    try:
        again = restarted.test_client()
        assert again.get(game.url, headers=game.auth).get_json() == final
        replayed = Session(again, game)
        assert replayed.events == session.events
        for version in (1, 49, 50, 51, 243, 404, session.events[-1]["version"]):
            assert replayed.state(version) == session.state(version), version
    finally:
        restarted.extensions["meldbook"].close()
