"""Driving the record page (GET /games/{id}/record) in Chromium by its own controls, and the games to compare.

`Recorder.act(body)` records one action through the page as a person would: it taps the button of a concrete choice
that is the body, or fills the action's form (cards tapped on the picker, one rank then one suit, or typed in the
project's spellings) and taps Record; then it waits until the page has read the game's next version. The plans are
the first hand of a bot game, as its recorded twin names the cards (bots/twins.py); `twin` records the same actions
through the API into a game set up the same way, and `record_of` reads a game's events less what differs between
two games (ids, timestamps, hash links), so that the two records can be compared.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Callable
from functools import cache
from typing import Any

from bots.robins import play_robins
from bots.roby import play_roby
from bots.royal import play_royal
from bots.twins import moves_of, recorded_action
from domain.variants import VARIANTS

DEVICE = "record page"
"""The device label the English page sends when none was typed."""

# The same body test in the page: a choice button's body equals the wanted one, less its expected version.
CHOICE_INDEX = """([selector, wanted]) => {
  const canon = (v) => Array.isArray(v) ? v.map(canon) : (v && typeof v === 'object')
    ? Object.keys(v).sort().filter((k) => k !== 'expected_version').reduce((o, k) => (o[k] = canon(v[k]), o), {}) : v;
  const want = JSON.stringify(canon(wanted));
  const body = (b) => JSON.stringify(canon(JSON.parse(b.dataset.body)));
  return [...document.querySelectorAll(selector)].findIndex((b) => body(b) === want);
}"""
SPELLINGS: list[Callable[[str], str]] = [str, str.lower, lambda c: c.lower().replace("10", "t")]


def call(url: str, body: Any = None, token: str | None = None, headers: dict[str, str] | None = None) -> Any:
    """One JSON request to the live server (a POST when there is a body)."""
    sent = {"Content-Type": "application/json", **(headers or {})}
    if token:
        sent["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    with urllib.request.urlopen(urllib.request.Request(url, data, sent), timeout=30) as answer:
        return json.load(answer)


def first_hand(events: list[Any], variant: str) -> list[dict[str, Any]]:
    """The recorded actions of a bot game's first hand, to the move that ends it."""
    enders = VARIANTS[variant].hand_enders
    actions = []
    for move in moves_of(events):
        actions.append(recorded_action(move))
        if any(getattr(type(e), "TOPIC", None) in enders for e in move.events):
            return actions
    raise AssertionError("the bot game's first hand never ended")


@cache
def plan(variant: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A short first hand of each variant, chosen for what it covers, with the game's setup.

    Roby (seed 34, two players): cuts, the deal, draws, melds, lay-offs and going out, in 20 moves. Robins Rummy
    (seed 10): a meld with a deuce declared and a Rummy claimed. Royal Rummy (seed 71, three players): an ace bet,
    the deal, the auction, the poker round and the stops hand."""
    if variant == "roby":
        events = list(play_roby(34, 2).collect_events())
    elif variant == "robins":
        events = play_robins(10)[1]
    else:
        events = list(play_royal(71, 3, deals=1).collect_events())
    setup = events[0]
    options = {k: v for k, v in setup.options.items() if v is not None}  # a default left unset is not sent
    created = {"variant": setup.variant, "players": list(setup.players), "options": options,
               "deal_mode": "recorded", "title": f"A {variant} hand"}
    return created, first_hand(events, variant)


def create(server: str, setup: dict[str, Any]) -> tuple[str, str]:
    """A new game on the server: its id and recorder token."""
    created = call(f"{server}/games", setup)
    return created["id"], created["token"]


def twin(server: str, setup: dict[str, Any], actions: list[dict[str, Any]]) -> tuple[str, str]:
    """The same actions recorded through the API into a new game set up the same way: its id and token."""
    game, token = create(server, setup)
    version = call(f"{server}/games/{game}", token=token)["version"]
    for action in actions:
        route = "moves" if "type" in action else "corrections"
        version = call(f"{server}/games/{game}/{route}", {**action, "expected_version": version}, token,
                       {"X-Device-Label": DEVICE})["version"]
    return game, token


def record_of(server: str, game: str, token: str | None = None) -> list[dict[str, Any]]:
    """A game's events as /events shows them, less ids, timestamps and hash links."""
    items = call(f"{server}/games/{game}/events?limit=500", token=token)["items"]
    text = json.dumps(items).replace(game, "<game>")
    return [{k: v for k, v in item.items() if k not in ("timestamp", "id")} for item in json.loads(text)]


class Recorder:
    """One page of the record page, recording by its controls."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.spelling = 0

    def version(self) -> int:
        return int(self.page.get_attribute("#record", "data-version") or 0)

    def wait_for_version(self, above: int) -> None:
        try:
            self.page.wait_for_function("(v) => Number(document.getElementById('record').dataset.version) > v",
                                        arg=above, timeout=10_000)
        except Exception as error:
            refused = self.page.locator(".refusal:not([hidden])").all_text_contents()
            raise AssertionError(f"the page stayed at version {above}: {refused}") from error

    def act(self, body: dict[str, Any]) -> None:
        """Record one action by the page's controls, and wait until the page shows the version after it."""
        before = self.version()
        self.submit(body)
        self.wait_for_version(before)

    def entry(self, body: dict[str, Any]) -> str:
        return f'#actions .entry[data-action="{body["type"]}"][data-player="{body.get("player", "")}"]'

    def submit(self, body: dict[str, Any]) -> None:
        """Tap the body's choice, or fill its form and tap Record."""
        buttons = self.entry(body) + " button.choice"
        index = self.page.evaluate(CHOICE_INDEX, [buttons, body])
        if index >= 0:
            self.page.locator(buttons).nth(index).click()
            return
        form = self.entry(body) + " form.template"
        assert self.page.locator(form).count() == 1, f"the page offers no way to record {body}"
        for key, value in body.items():
            if key not in ("type", "player", "expected_version"):
                self.fill(form, key, value)
        self.page.locator(form + " button.primary").click()

    def fill(self, form: str, path: str, value: Any) -> None:
        """Enter one field's value: cards tapped or typed, a group or row per item, a number or a choice."""
        field = f'{form} [data-field="{path}"]'
        if isinstance(value, dict):
            for key, inner in value.items():
                self.fill(form, f"{path}.{key}", inner)
        elif isinstance(value, list) and value and isinstance(value[0], (list, dict)):
            for index, item in enumerate(value):
                if index:
                    self.page.locator(f'{form} [data-more="{path}"]').click()
                self.fill(form, f"{path}.{index}", item)
        elif self.page.locator(field).count() == 0:
            return  # a value the template lists as it is (a pile drawn from, say)
        elif isinstance(value, list):
            self.type_cards(field, value)
        elif isinstance(value, str) and self.page.locator(field).evaluate("e => e.classList.contains('cards-input')"):
            self.tap_card(field, value)
        elif self.page.locator(field).evaluate("e => e.tagName") == "SELECT":
            self.page.locator(field).select_option(str(value))
        else:
            self.page.locator(field).fill(str(value))

    def type_cards(self, field: str, cards: list[str]) -> None:
        """Type the cards into a card field, in the project's spellings by turns (`10H`, `10h`, `th`)."""
        spell = SPELLINGS[self.spelling % len(SPELLINGS)]
        self.spelling += 1
        self.page.locator(field).click()
        self.page.keyboard.type(" ".join(spell(card) for card in cards))

    def tap_card(self, field: str, card: str) -> None:
        """Tap one card on the picker: its rank, then its suit (a joker is one tap)."""
        self.page.locator(field).click()
        if card == "JK":
            self.page.locator('#picker [data-rank="JK"]').click()
            return
        self.page.locator(f'#picker [data-rank="{card[:-1]}"]').click()
        self.page.locator(f'#picker [data-suit="{card[-1]}"]').click()


def open_page(context: Any, server: str, game: str, token: str) -> Recorder:
    """The record page of a game in a new tab, its token pasted into the page's form."""
    page = context.new_page()
    page.goto(f"{server}/games/{game}/record")
    page.locator("#token").fill(token)
    page.locator("#use-token").click()
    page.wait_for_selector("#record[data-version]")
    return Recorder(page)
