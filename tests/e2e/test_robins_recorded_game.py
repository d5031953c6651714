"""A whole Robins Rummy game to 505, recorded as played at a real table, through HTTP alone, on both stores.

Recorded mode: the recorder enters the hands as dealt and names every card drawn from the stock. The first
two hands are scripted so that every feature of the acceptance scenario happens (jokers and deuces, a wild
exchange, a multi-card pickup, a refused pickup, a Rummy claimed by each player, a wild first upcard); the
rest of the game is played from the listed legal actions, with the deals and stock draws taken from a
shuffle the test does itself.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from flask.testing import FlaskClient

from api.app import create_app
from bots.robins import choose
from tests.e2e.helpers import Created, all_events, assert_problem, create, own_events
from tests.e2e.live import running_server

PLAYERS = ("ann", "bob")
DECK = [f"{rank}{suit}" for suit in "CDHS" for rank in ("A", *map(str, range(2, 11)), "J", "Q", "K")] + ["JK"] * 2
MAX_MOVES = 4000


class Recorder:
    """The person recording the game: posts each move with the game's token at the version last seen."""

    def __init__(self, client: Any, game: Created) -> None:
        self.client, self.game = client, game

    def shown(self) -> dict[str, Any]:
        """GET /games/{id} as the recorder (with the hidden cards and the legal actions)."""
        response = self.client.get(self.game.url, headers=self.game.auth)
        assert response.status_code == 200, response.get_json()
        return response.get_json()

    def events(self) -> list[dict[str, Any]]:
        """Every stored event of the game, as the recorder sees it."""
        return all_events(self.client, self.game.url, self.game.auth)

    def move(self, body: dict[str, Any]) -> list[dict[str, Any]]:
        """Record one move at the current version; return the events it stored."""
        version = self.shown()["version"]
        response = self.client.post(
            f"{self.game.url}/moves", json={**body, "expected_version": version}, headers=self.game.auth
        )
        assert response.status_code == 201, (body, response.get_json())
        return own_events(response.get_json()["events"], body)

    def refused(self, body: dict[str, Any], code: str, names: str | None = None) -> dict[str, Any]:
        """Post a move that must be refused with 422 and the rule's code, storing nothing."""
        version, count = self.shown()["version"], len(self.events())
        response = self.client.post(
            f"{self.game.url}/moves", json={**body, "expected_version": version}, headers=self.game.auth
        )
        problem = assert_problem(response, 422, code, names)
        assert (self.shown()["version"], len(self.events())) == (version, count)
        return problem


def kinds(events: list[dict[str, Any]]) -> list[str]:
    """The event class names, in order."""
    return [e["type"].rsplit(".", 1)[-1] for e in events]


def only(events: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    """The data of the one event of this kind."""
    found = [e["data"] for e in events if kinds([e]) == [kind]]
    assert len(found) == 1, kinds(events)
    return found[0]


def hand_of(shown: dict[str, Any], player: str) -> list[str]:
    """The cards the record names in a player's hand."""
    return list(shown["state"]["hands"][player]["cards"])


def deal(table: Recorder, dealer: str, hands: dict[str, str], upcard: str) -> list[dict[str, Any]]:
    """The dealer's deal as entered from the table: both hands and the turned-up card."""
    return table.move(
        {"type": "deal", "player": dealer, "hands": {p: c.split() for p, c in hands.items()}, "upcard": upcard}
    )


def scripted_first_hand(table: Recorder) -> None:
    """Hand 1 (ann deals): jokers and deuces, an exchange, a refused and a multi-card pickup, two Rummies."""
    table.move({"type": "cut", "player": "ann", "card": "KD"})
    chosen = only(table.move({"type": "cut", "player": "bob", "card": "5C"}), "DealerChosen")
    assert chosen == {"dealer": "ann", "reason": "robins.dealer.cut"}
    dealt = deal(table, "ann", {"bob": "QS KS JK 7C 7D 2S 9H", "ann": "JS 4H 5H 6H 10C 3H 8S"}, "9D")
    assert only(dealt, "HandDealt")["first_player"] == "bob"
    # bob: a straight flush with a joker, which stands for the jack below the queen.
    table.move({"type": "draw", "player": "bob", "card": "4C"})
    table.move({"type": "meld", "player": "bob", "cards": ["QS", "KS", "JK"]})
    meld = table.shown()["state"]["melds"][0]
    assert (meld["cards"], meld["stands_for"]) == (["JK", "QS", "KS"], ["JS", "QS", "KS"])
    table.move({"type": "discard", "player": "bob", "card": "4C"})
    # ann: exchanges the jack of spades for the joker, melds hearts and discards a Rummy (3H fits them).
    table.move({"type": "draw", "player": "ann", "card": "7H"})
    exchanged = only(table.move({"type": "exchange", "player": "ann", "meld": 1, "card": "JS"}), "WildExchanged")
    assert exchanged == {"player": "ann", "meld": 1, "card": "JS", "wild": "JK"}
    shown = table.shown()
    assert shown["state"]["melds"][0]["cards"] == ["JS", "QS", "KS"] and "JK" in hand_of(shown, "ann")
    table.move({"type": "meld", "player": "ann", "cards": ["4H", "5H", "6H", "7H"]})
    assert only(table.move({"type": "discard", "player": "ann", "card": "3H"}), "CardDiscarded")["rummy"] is True
    # bob claims ann's Rummy before drawing, then sets sevens with a deuce declared as the seven of spades.
    claimed = only(table.move({"type": "claim", "player": "bob", "card": "3H", "meld": 2}), "RummyClaimed")
    assert claimed == {"player": "bob", "card": "3H", "stands_for": "3H", "meld": 2}
    table.move({"type": "draw", "player": "bob", "card": "10D"})
    laid = only(
        table.move({"type": "meld", "player": "bob", "cards": ["7C", "7D", "2S"], "declare": ["7S"]}), "MeldLaid"
    )
    assert (laid["kind"], laid["cards"], laid["stands_for"]) == ("set", ["7C", "7D", "2S"], ["7C", "7D", "7S"])
    table.move({"type": "discard", "player": "bob", "card": "10D"})
    # ann: 4C cannot be used with what she holds, so taking the pile down to it is refused; down to 9D works.
    table.move({"type": "draw", "player": "ann", "card": "8H"})
    assert table.shown()["state"]["discard"] == ["9D", "4C", "10D"]
    table.refused({"type": "pick_up", "player": "ann", "card": "4C"}, "robins.pickup.unused", "4C")
    table.refused(
        {"type": "pick_up", "player": "ann", "card": "4C", "cards": ["4C", "10C", "JK"]},
        "robins.meld.invalid",
        "4C 10C JK",
    )
    picked = table.move({"type": "pick_up", "player": "ann", "card": "9D", "cards": ["9D", "10D", "JK"]})
    assert kinds(picked) == ["DiscardPileTaken", "MeldLaid"]
    assert only(picked, "DiscardPileTaken")["cards"] == ["9D", "4C", "10D"]
    assert only(picked, "MeldLaid")["stands_for"] == ["8D", "9D", "10D"]
    assert table.shown()["state"]["discards_owed"] == 2
    assert only(table.move({"type": "discard", "player": "ann", "card": "8H"}), "CardDiscarded")["rummy"] is True
    table.move({"type": "discard", "player": "ann", "card": "4C"})
    # bob does not claim 8H: he draws, so the Rummy passes to ann, who pulls it from under two discards.
    table.move({"type": "draw", "player": "bob", "card": "5S"})
    table.move({"type": "discard", "player": "bob", "card": "5S"})
    claimed = only(table.move({"type": "claim", "player": "ann", "card": "8H", "meld": 2}), "RummyClaimed")
    assert claimed == {"player": "ann", "card": "8H", "stands_for": "8H", "meld": 2}
    assert table.shown()["state"]["discard"] == ["4C", "5S"]
    table.move({"type": "draw", "player": "ann", "card": "3S"})
    table.move({"type": "discard", "player": "ann", "card": "3S"})
    # bob lays 9H off and goes out with his last discard.
    table.move({"type": "draw", "player": "bob", "card": "6C"})
    table.move({"type": "lay_off", "player": "bob", "card": "9H", "meld": 2})
    ended = table.move({"type": "discard", "player": "bob", "card": "6C"})
    assert only(ended, "HandEnded") == {"reason": "went-out", "player": "bob"}
    points = {
        (e["data"]["player"], e["data"]["rule"]): e["data"]["points"] for e in ended if kinds([e]) == ["PointsScored"]
    }
    assert points == {
        ("ann", "robins.scoring.table"): 105,
        ("ann", "robins.scoring.hand"): -20,
        ("bob", "robins.scoring.table"): 75,
        ("bob", "robins.scoring.hand"): 0,
    }
    assert only(ended, "DealerChosen")["dealer"] == "bob"


def scripted_second_hand(table: Recorder) -> list[str]:
    """Hand 2 (bob deals) turns up a wild: ann takes it and may not go out that turn. Returns the cards named."""
    hands = {"ann": "3C 4C 5C 6C 7C 8C KD", "bob": "AS AH 10S JH QD 4D 6S"}
    assert only(deal(table, "bob", hands, "2H"), "HandDealt")["upcard_wild"] is True
    table.move({"type": "draw", "player": "ann", "card": "9C"})
    taken = only(table.move({"type": "pick_up", "player": "ann", "card": "2H"}), "DiscardPileTaken")
    assert taken == {"player": "ann", "cards": ["2H"], "first_upcard_wild": True}
    # Seven clubs would leave her KD and 2H for her two discards, and so out: refused.
    seven = ["3C", "4C", "5C", "6C", "7C", "8C", "9C"]
    table.refused({"type": "meld", "player": "ann", "cards": seven}, "robins.upcard-wild.no-going-out")
    table.move({"type": "meld", "player": "ann", "cards": seven[:6]})
    table.refused({"type": "lay_off", "player": "ann", "card": "9C", "meld": 1}, "robins.upcard-wild.no-going-out")
    table.move({"type": "discard", "player": "ann", "card": "KD"})
    table.move({"type": "discard", "player": "ann", "card": "9C"})
    shown = table.shown()
    assert hand_of(shown, "ann") == ["2H"] and shown["to_move"] == ["bob"]
    return [*" ".join(hands.values()).split(), "2H", "9C"]


def shuffled(rng: random.Random, named: list[str]) -> list[str]:
    """The cards not yet named, in the order of the test's own shuffle."""
    rest = list((Counter(DECK) - Counter(named)).elements())
    rng.shuffle(rest)
    return rest


def play_on(table: Recorder, rng: random.Random, stock: list[str]) -> dict[str, Any]:
    """Play to the end of the game from the listed bodies; deals and stock draws come from the test's shuffle."""
    for _ in range(MAX_MOVES):
        shown = table.shown()
        state = shown["state"]
        if shown["over"]:
            assert shown["legal_actions"] == []
            return shown
        player = shown["to_move"][0]
        if state["phase"] == "deal":
            order = shuffled(rng, [])
            seats = [p for p in PLAYERS if p != player] + [player]
            hands = {p: " ".join(order[i:14:2]) for i, p in enumerate(seats)}
            deal(table, player, hands, order[14])
            stock = order[15:]
            continue
        body = {k: v for k, v in choose(shown["legal_actions"], rng).items() if k != "expected_version"}
        if body["type"] == "draw":
            assert state["stock"]["count"] == len(stock)
            body = {"type": "draw", "player": player, **({"card": stock.pop(0)} if stock else {})}
        table.move(body)
    raise AssertionError(f"the game did not end within {MAX_MOVES} moves")


def record_the_game(client: Any) -> tuple[Created, dict[str, Any], int]:
    """The whole scenario: create, two scripted hands, then listed plays to the end. Returns the game, its
    final view and the version at the end of the first hand."""
    game = create(client, PLAYERS, "robins", "recorded")
    table = Recorder(client, game)
    scripted_first_hand(table)
    after_first = table.shown()["version"]
    named = scripted_second_hand(table)
    rng = random.Random(505)
    return game, play_on(table, rng, shuffled(rng, named)), after_first


def check_the_record(client: Any, game: Created, final: dict[str, Any], after_first: int) -> None:
    """The winner per RULINGS, scores equal to the sum of the score events, and the state at several events."""
    state, events = final["state"], Recorder(client, game).events()
    scores, winner = state["scores"], state["winner"]
    loser = next(p for p in PLAYERS if p != winner)
    assert final["over"] and scores[winner] >= 505 and scores[winner] > scores[loser]
    assert kinds(events)[-1] == "GameWon" and events[-1]["data"] == {"player": winner}
    scored = [e["data"] for e in events if kinds([e]) == ["PointsScored"]]
    assert {p: sum(s["points"] for s in scored if s["player"] == p) for p in PLAYERS} == scores
    ended = {e["version"] for e in events if kinds([e]) == ["HandEnded"]}
    assert {s["cause"] for s in scored} == ended and len(ended) >= 3

    def at(version: int) -> dict[str, Any]:
        response = client.get(f"{game.url}/state", query_string={"at": version}, headers=game.auth)
        assert response.status_code == 200, response.get_json()
        shown = response.get_json()
        assert shown["version"] == version
        return shown

    assert at(1)["state"]["phase"] == "cut" and at(1)["state"]["scores"] == {"ann": 0, "bob": 0}
    exchange = next(e["version"] for e in events if kinds([e]) == ["WildExchanged"])
    assert at(exchange)["state"]["melds"][0]["cards"] == ["JS", "QS", "KS"]
    assert at(exchange - 1)["state"]["melds"][0]["cards"] == ["JK", "QS", "KS"]
    assert at(after_first)["state"]["scores"] == {"ann": 85, "bob": 75}
    middle = at(len(events) // 2)
    assert middle["over"] is False and middle["latest"] is False and middle["legal_actions"] == []
    assert at(final["version"])["state"] == state
    beyond = client.get(f"{game.url}/state", query_string={"at": final["version"] + 1}, headers=game.auth)
    assert_problem(beyond, 404, "game-not-found")


def after_restart(client: Any, game: Created, final: dict[str, Any]) -> None:
    """A fresh process on the same store shows the same game, and the spectator's events match the recorder's."""
    again = Recorder(client, game).shown()
    assert (again["version"], again["state"], again["over"], again["legal_actions"]) == (
        final["version"],
        final["state"],
        True,
        [],
    )
    public = all_events(client, game.url)
    assert [e["version"] for e in public] == list(range(1, final["version"] + 1))
    assert all(e["data"]["hands"] is None for e in public if kinds([e]) == ["HandDealt"])


@pytest.mark.whole_game
def test_a_complete_recorded_game_to_505_through_http_alone(client: FlaskClient, store_env: dict[str, str]) -> None:
    """Acceptance: a recorded game with every listed feature runs to 505, reads back at any event and survives
    a restart (a fresh app on the same store)."""
    game, final, after_first = record_the_game(client)
    check_the_record(client, game, final, after_first)
    restarted = create_app(env=store_env)
    try:
        after_restart(restarted.test_client(), game, final)
    finally:
        restarted.extensions["meldbook"].close()


@pytest.mark.server
@pytest.mark.whole_game
def test_the_same_game_through_a_running_server_survives_its_restart(store_env: dict[str, str]) -> None:
    """The same scenario over real sockets against `meldbook serve`, then against a second server process."""
    with running_server(store_env) as client:
        game, final, after_first = record_the_game(client)
        check_the_record(client, game, final, after_first)
    with running_server(store_env) as client:
        after_restart(client, game, final)
