"""A night at the table, as tests/e2e/test_table_night.py plays it through the pages: for each variant, the first hands
(one or two) of a seeded bot game, entered as a real table enters them. Each seat records his own moves on his
phone; a deal names no hand and each player enters his own cards right after it, except Roby's second deal, which
the recorder types whole for a dealer whose phone the setup page switched off for it. `twin_by_seats` records the
same steps through the API, each with the token of whoever recorded it, so that the two records can be compared.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from bots.twins import moves_of, recorded_action
from domain.variants import VARIANTS
from tests.e2e.record_driver import DEVICE, bot_events, call

NAMES = ("Ann", "Bob", "Cy")
RECORDER = "recorder"


@dataclass(frozen=True)
class Step:
    """One thing done at the table: an action recorded on a device (a seat's phone, or the recorder's), typed whole
    (a deal), or a seat's phone switched off or on by the recorder on the setup page (`device`)."""

    device: str
    body: dict[str, Any] = field(default_factory=dict)
    typed: bool = False
    switch: tuple[str, bool] | None = None
    hand: int = 1
    """The hand (from 1) the step belongs to: its deal to the move that ends it."""


@dataclass(frozen=True)
class Night:
    """A variant's game as the table sets it up, and its steps."""

    variant: str
    setup: dict[str, Any]
    steps: tuple[Step, ...]


def renamed(value: Any, names: dict[str, str]) -> Any:
    """A body with the bot's player names (p1, ann, ...) turned into the table's."""
    if isinstance(value, dict):
        return {names.get(k, k): renamed(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [renamed(v, names) for v in value]
    return names.get(value, value) if isinstance(value, str) else value


def first_hands(events: list[Any], variant: str, hands: int) -> list[dict[str, Any]]:
    """The recorded actions of a bot game's first hands, to the move that ends the last of them."""
    return [action for _, action in first_hands_numbered(events, variant, hands)]


def first_hands_numbered(events: list[Any], variant: str, hands: int) -> list[tuple[int, dict[str, Any]]]:
    """The recorded actions of a bot game's first hands, each with the number (from 1) of its hand."""
    enders = VARIANTS[variant].hand_enders
    actions: list[tuple[int, dict[str, Any]]] = []
    ended = 0
    for move in moves_of(events):
        actions.append((ended + 1, recorded_action(move)))
        if any(getattr(type(e), "TOPIC", None) in enders for e in move.events):
            ended += 1
            if ended == hands:
                return actions
    raise AssertionError(f"the bot game ended before its hand {hands} did")


@cache
def night(variant: str, hands: int = 2) -> Night:
    """The table's first hands of a variant (Roby seed 10 and Royal Rummy seed 44 for three players, Robins Rummy seed 3
    for two: short hands that still meld, lay off, go out, pick up, bet on an ace, bid and play a poker hand)."""
    seeds = {"roby": 10, "robins": 3, "royal": 44}
    events = bot_events(variant, seeds[variant], 3, deals=2)
    created = events[0]
    names = dict(zip(created.players, NAMES, strict=False))
    options = {k: v for k, v in created.options.items() if v is not None}
    setup = {"variant": variant, "players": [names[p] for p in created.players], "options": options,
             "deal_mode": "recorded", "recording": "seats", "title": f"Friday: {VARIANTS[variant].title}"}
    steps: list[Step] = []
    deals = 0
    for hand, action in first_hands_numbered(events, variant, hands):
        action = renamed(action, names)
        player = action.get("player", "")
        if action["type"] != "deal":
            steps.append(Step(player or RECORDER, action, hand=hand))
            continue
        deals += 1
        if variant == "roby" and deals == 2:  # the dealer's phone is off: the recorder types the whole deal
            steps += [Step(RECORDER, switch=(player, False), hand=hand), Step(RECORDER, action, typed=True, hand=hand),
                      Step(RECORDER, switch=(player, True), hand=hand)]
            continue
        dealt = action.pop("hands")
        steps.append(Step(player, action, hand=hand))
        steps += [Step(p, {"type": "enter_hand", "player": p, "cards": cards}, hand=hand) for p, cards in dealt.items()]
    return Night(variant, setup, tuple(steps))


def twin_by_seats(server: str, setup: dict[str, Any], steps: list[Step]) -> tuple[str, str]:
    """The same steps through the API into a new game set up the same way, each action with the token of whoever
    recorded it (a seat's, or the recorder's) and the pages' device label: its id and recorder token."""
    created = call(f"{server}/games", setup)
    game, token = created["id"], created["token"]
    seats = {p: call(f"{server}/games/{game}/tokens/seats/{p}", {}, token)["token"] for p in setup["players"]}
    sent_through_the_api(server, game, {RECORDER: token, **seats}, steps)
    return game, token


def sent_through_the_api(server: str, game: str, tokens: dict[str, str], steps: list[Step]) -> None:
    """Each step through the API, with the token of the device that records it (`tokens` by device; the recorder's
    switches seats' phones) and the pages' device label, at the game's version of the moment."""
    version = int(call(f"{server}/games/{game}", token=tokens[RECORDER])["version"])
    for step in steps:
        if step.switch:
            player, device = step.switch
            put(f"{server}/games/{game}/seats/{player}", {"device": device}, tokens[RECORDER])
            continue
        route = "moves" if "type" in step.body else "corrections"
        version = call(f"{server}/games/{game}/{route}", {**step.body, "expected_version": version},
                       tokens[step.device], {"X-Device-Label": DEVICE})["version"]


def put(url: str, body: dict[str, Any], token: str) -> Any:
    """One JSON PUT to the live server."""
    import json
    import urllib.request

    request = urllib.request.Request(url, json.dumps(body).encode(), method="PUT",
                                     headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)
