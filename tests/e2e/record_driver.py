"""Driving the record page (GET /games/{id}/record) in Chromium by its own controls, and the games to compare.

`Recorder.act(body)` records one action through the page as a person would, the quickest way it offers: it taps the
cards of the hand the body names and then its button, or taps its card on the grid where one tap records it, or
fills the action's form (cards tapped on the grid, or typed in the project's spellings) and taps Record; then it
waits until the page has read the game's next version. It counts the taps and keystrokes of each kind of action.
The plans are the first hand of a bot game, as its recorded twin names the cards (bots/twins.py); `twin` records the
same actions through the API into a game set up the same way, and `record_of` reads a game's events less what
differs between two games (ids, timestamps, hash links), so that the two records can be compared.
"""

from __future__ import annotations

import json
import urllib.request
from collections import Counter
from collections.abc import Callable
from functools import cache
from typing import Any

from bots.twins import moves_of, recorded_action
from domain.variants import VARIANTS
from tests.bot_games import play_robins, play_roby, play_royal

DEVICE = "record page"
"""The device label the English page sends when none was typed."""

# The same body test in the page: a choice button's body equals the wanted one, less its expected version.
CHOICE_INDEX = """([selector, wanted]) => {
  const canon = (v) => Array.isArray(v) ? v.map(canon) : (v && typeof v === 'object')
    ? Object.keys(v).sort().filter((k) => k !== 'expected_version').reduce((o, k) => (o[k] = canon(v[k]), o), {}) : v;
  const want = JSON.stringify(canon(wanted));
  const body = (b) => JSON.stringify(canon(JSON.parse(b.dataset.body)));
  const buttons = [...document.querySelectorAll(selector)];
  const exact = buttons.findIndex((b) => body(b) === want);
  if (exact >= 0) return exact;
  // Taking the discard is offered naming the card taken: the same move, with the card said.
  return buttons.findIndex((b) => {
    const offered = JSON.parse(b.dataset.body);
    const named = JSON.stringify(canon({...wanted, card: offered.card}));
    return 'card' in offered && !('card' in wanted) && named === body(b);
  });
}"""
SPELLINGS: list[Callable[[str], str]] = [str, str.lower, lambda c: c.lower().replace("10", "t")]
UNDER_THE_FINGER = """(node, [x, y]) => { const hit = document.elementFromPoint(x, y);
  return !hit || node.contains(hit) ? '' : hit.outerHTML.slice(0, 120); }"""
"""What lies over an element at the point a finger would tap, if anything but the element does."""
HAND_KEY = """(body) => [...window.meldbookOffers.keyOf(body,
  [...document.querySelectorAll('#hand .hand-card')].map((b) => b.dataset.card))]"""
"""The cards of the hand shown that a body names: the ones to tap before its button."""
SELECTED = """() => [...document.querySelectorAll('#hand .hand-card[aria-pressed="true"]')]
  .map((b) => b.dataset.index)"""
GRID_CARD = """(body) => {
  const sends = document.getElementById('grid').dataset.sends;
  if (!sends || document.getElementById('grid').hidden) return null;
  const template = JSON.parse(sends);
  const key = Object.keys(template).find((k) => template[k] === '<card>');
  const canon = (v) => JSON.stringify(Object.keys(v).sort().filter((k) => k !== 'expected_version')
    .reduce((o, k) => (o[k] = v[k], o), {}));
  return key && body[key] && canon({...template, [key]: body[key]}) === canon(body) ? body[key] : null;
}"""
"""The card to tap on the grid when a tap there records the body at once, else null."""
GRID_SWITCH = """(body) => [...document.querySelectorAll('#grid .grid-targets button')].findIndex((b) => {
  const template = JSON.parse(b.dataset.sends);
  const key = Object.keys(template).find((k) => template[k] === '<card>');
  const canon = (v) => JSON.stringify(Object.keys(v).sort().filter((k) => k !== 'expected_version')
    .reduce((o, k) => (o[k] = v[k], o), {}));
  return key && body[key] && canon({...template, [key]: body[key]}) === canon(body);
})"""
"""The button that points the grid at the one-card action the body is, when the grid serves something else."""


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


def bot_events(variant: str, seed: int, players: int, deals: int = 1) -> list[Any]:
    """The events of a seeded bot game of the variant (Robins Rummy is for two; Royal Rummy stops after `deals`)."""
    if variant == "roby":
        return list(play_roby(seed, players).collect_events())
    if variant == "robins":
        return list(play_robins(seed)[1])
    return list(play_royal(seed, players, deals=deals).collect_events())


@cache
def plan(variant: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A short first hand of each variant, chosen for what it covers, with the game's setup.

    Roby (seed 34, two players): cuts, the deal, draws, melds, lay-offs and going out, in 20 moves. Robins Rummy
    (seed 10): a meld with a deuce declared and a Rummy claimed. Royal Rummy (seed 71, three players): an ace bet,
    the deal, the auction, the poker round and the stops hand."""
    seeds = {"roby": (34, 2), "robins": (10, 2), "royal": (71, 3)}
    events = bot_events(variant, *seeds[variant])
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
    """One record page, recording as a person would by its controls, counting the taps and keystrokes it takes.

    A tap is a pointer click on the page; a keystroke a key typed. Both are counted by the kind of action they
    record (`taps`, `keys`, and `actions`: how many of each kind), from the moment the page shows the turn."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.spelling = 0
        self.before_last_tap: Callable[[], None] | None = None
        """Called once, just before the tap that records the next action (a screenshot of the moment)."""
        self.sent: list[dict[str, Any]] = []
        """Every body recorded, as the page sent it (taking the discard names the card taken)."""
        self.taps: Counter[str] = Counter()
        self.keys: Counter[str] = Counter()
        self.actions: Counter[str] = Counter()
        self.kind = ""

    def version(self) -> int:
        return int(self.page.get_attribute("#record", "data-version") or 0)

    def wait_for_version(self, above: int) -> None:
        try:
            self.page.wait_for_function("(v) => Number(document.getElementById('record').dataset.version) > v"
                                        " && !document.getElementById('record').hasAttribute('aria-busy')",
                                        arg=above, timeout=15_000)
        except Exception as error:
            refused = self.page.locator(".refusal:not([hidden])").all_text_contents()
            raise AssertionError(f"the page stayed at version {above}: {refused}") from error

    def last_tap(self, target: Any) -> None:
        """The tap that records the action."""
        if self.before_last_tap:
            self.before_last_tap()
            self.before_last_tap = None
        self.tap(target)

    def tap(self, target: Any) -> None:
        """One pointer click, counted against the action being recorded."""
        locator = self.page.locator(target) if isinstance(target, str) else target
        locator.scroll_into_view_if_needed()
        box = locator.bounding_box()
        assert box, f"nothing to tap at {target}"
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        covering = locator.evaluate(UNDER_THE_FINGER, [x, y])
        assert not covering, f"{target} is covered by {covering}"
        self.page.mouse.click(x, y)
        self.taps[self.kind] += 1

    def type(self, keys: str) -> None:
        """Keys typed, each counted."""
        self.page.keyboard.type(keys)
        self.keys[self.kind] += len(keys)

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.keys[self.kind] += 1

    def act(self, body: dict[str, Any], kind: str | None = None) -> None:
        """Record one action by the page's controls, and wait until the page shows the version after it."""
        before = self.version()
        self.submit(body, kind)
        self.wait_for_version(before)

    def entry(self, body: dict[str, Any]) -> str:
        return f'[data-action="{body["type"]}"][data-player="{body.get("player", "")}"]'

    def submit(self, body: dict[str, Any], kind: str | None = None) -> None:
        """Tap the cards of the hand the body names and its button, or its card on the grid, or fill its form and
        tap Record: the quickest way the page offers."""
        self.kind = kind or body.get("type") or body.get("kind", "")
        self.actions[self.kind] += 1
        self.page.wait_for_selector("#record:not([aria-busy])")
        player = body.get("player")
        if player and self.page.locator("#actors:not([hidden])").count():
            pressed = self.page.locator(f'#actors .actor[data-player="{player}"]')
            if pressed.get_attribute("aria-pressed") != "true":
                self.tap(pressed)
        key = self.page.evaluate(HAND_KEY, body)
        self.select(key)
        index = self.page.evaluate(CHOICE_INDEX, ["#offers button.offer", body])
        if index >= 0:
            button = self.page.locator("#offers button.offer").nth(index)
            self.sent.append(json.loads(button.get_attribute("data-body") or "{}"))
            self.last_tap(button)
            return
        self.sent.append({k: v for k, v in body.items() if k != "expected_version"})
        if key:
            self.select([])
        card = self.page.evaluate(GRID_CARD, body)
        switch = self.page.evaluate(GRID_SWITCH, body)
        if not card and switch >= 0:  # the grid serves another field: point it at this action first
            self.tap(self.page.locator("#grid .grid-targets button").nth(switch))
            card = self.page.evaluate(GRID_CARD, body)
        if card:
            self.last_tap(f'#grid .grid-card[data-card="{card}"]')
            return
        if self.table_choice(body):
            return
        self.fill_form(body)

    def table_choice(self, body: dict[str, Any]) -> bool:
        """Tap the body's button in the Table menu (an irregularity, ending the game), if it lists one."""
        buttons = "#table-actions button.choice"
        index = self.page.evaluate(CHOICE_INDEX, [buttons, body])
        if index < 0:
            return False
        self.sent[-1] = json.loads(self.page.locator(buttons).nth(index).get_attribute("data-body") or "{}")
        if not self.page.locator("#table-menu[open]").count():
            self.tap("#table-menu summary")
        self.last_tap(self.page.locator(buttons).nth(index))
        return True

    def select(self, cards: list[str]) -> None:
        """Tap the hand's cards until exactly these are selected."""
        chosen = self.page.evaluate(SELECTED)
        for index in chosen:
            self.tap(self.page.locator(f'#hand .hand-card[data-index="{index}"]'))
        taken: Counter[str] = Counter()
        for code in cards:
            self.tap(self.page.locator(f'#hand .hand-card[data-card="{code}"]').nth(taken[code]))
            taken[code] += 1

    def form(self, body: dict[str, Any]) -> str:
        """The form that records the body, opened if it waits behind "another way"."""
        form = f'#forms form.template{self.entry(body)}'
        if self.page.locator(form).count() == 0:
            form = f'#table-actions form.template[data-action="{body.get("type") or body.get("kind")}"]'
            if not self.page.locator("#table-menu[open]").count():
                self.tap("#table-menu summary")
        if self.page.locator(form).count() != 1:
            offered = self.page.locator("#offers, #forms").evaluate_all("(els) => els.map((e) => e.innerText)")
            raise AssertionError(f"the page offers no way to record {body}; it offers: {offered}")
        closed = self.page.locator(f'#forms details.another-way:not([open]):has({form.removeprefix("#forms ")})')
        if closed.count():
            self.tap(closed.locator("summary"))
        return form

    def fill_form(self, body: dict[str, Any], typed: bool = False) -> None:
        form = self.form(body)
        for key, value in body.items():
            if key not in ("type", "player", "expected_version", "kind"):
                self.fill(form, key, value, typed)
        self.last_tap(self.page.locator(form + " button.primary"))

    def fill(self, form: str, path: str, value: Any, typed: bool = False) -> None:
        """Enter one field's value: cards tapped on the grid (or typed), a group or row per item, a number or a
        choice."""
        field = f'{form} [data-field="{path}"]'
        if isinstance(value, dict):
            for key, inner in value.items():
                self.fill(form, f"{path}.{key}", inner, typed)
        elif isinstance(value, list) and value and isinstance(value[0], (list, dict)):
            for index, item in enumerate(value):
                if index:
                    self.tap(f'{form} [data-more="{path}"]')
                self.fill(form, f"{path}.{index}", item, typed)
        elif self.page.locator(field).count() == 0:
            return  # a value the template lists as it is (a pile drawn from, say)
        elif self.page.locator(field).evaluate("e => e.classList.contains('cards-input')"):
            cards = value if isinstance(value, list) else [value]
            if typed:
                self.type_cards(field, cards)
            else:
                self.tap_cards(field, cards)
        elif self.page.locator(field).evaluate("e => e.tagName") == "SELECT":
            self.page.locator(field).select_option(str(value))
            self.taps[self.kind] += 1
        else:
            self.page.locator(field).click()
            self.taps[self.kind] += 1
            self.type(str(value))

    def tap_cards(self, field: str, cards: list[str]) -> None:
        """Point the grid at the card field (one tap on the field's box unless the grid serves it already), then tap
        each card on the grid."""
        box = self.page.locator(field).locator("xpath=..")
        if "serving" not in (box.get_attribute("class") or ""):
            self.tap(box.locator(".label"))
        for card in cards:
            self.tap(f'#grid .grid-card[data-card="{card}"]')

    def type_cards(self, field: str, cards: list[str]) -> None:
        """Type the cards into a card field, in the project's spellings by turns (`10H`, `10h`, `th`)."""
        spell = SPELLINGS[self.spelling % len(SPELLINGS)]
        self.spelling += 1
        self.tap(field)
        self.type(" ".join(spell(card) for card in cards))

    def type_deal(self, body: dict[str, Any]) -> None:
        """A whole deal typed in one go as a person would: the first hand's field tapped, then every card in two
        characters (a ten as `t`), no separators, the fields advancing by themselves, and one Enter."""
        self.kind = "deal typed"
        self.actions[self.kind] += 1
        self.sent.append({k: v for k, v in body.items() if k != "expected_version"})
        form = self.form(body)
        first = next(iter(body["hands"]))
        self.tap(f'{form} [data-field="hands.{first}"]')
        cards = [card for hand in body["hands"].values() for card in hand] + [body["upcard"]]
        self.type("".join(card.lower().replace("10", "t") for card in cards))
        self.press("Enter")


def open_page(context: Any, server: str, game: str, token: str) -> Recorder:
    """The record page of a game in a new tab, its token pasted into the page's form."""
    page = context.new_page()
    page.goto(f"{server}/games/{game}/record")
    page.locator("#token").fill(token)
    page.locator("#use-token").click()
    page.wait_for_selector("#record[data-version]")
    return Recorder(page)
