"""A night at a real table, through the pages alone, in Debian's headless Chromium: for each variant a recorder and the
players' phones (three, two in Robins Rummy) record the first hands of a seeded bot game (tests/e2e/table_night.py):
Roby's first two in the default run, one test a hand (the second hand's test sends the first through the API, then
records the second on the pages through its deal and the move after it, the whole hand behind `slow`: the two run
side by side); Robins Rummy's and Royal Rummy's first, and their first
two, behind `slow` (the default run records a hand of one variant drawn at random on the record page,
tests/e2e/test_record_page.py). The
recorder starts at the home page, creates the game on /play and shows a pairing code for each seat on the setup page;
each player types his code into the home page of his own phone. Each seat records his own moves; each enters his own
cards after a deal that names none; in Roby's second hand the recorder switches the dealer's phone off on the setup
page, taps the whole deal on the card grid, declares a misdeal from the Table menu (a labelled button) and types the
deal again, two characters a card and one Enter.

Every tap (a click the test dispatches) and keystroke is counted by kind of action, printed, and kept in
test-artifacts/table-night/taps-<variant>[-hand-<n>].txt; the limits a table needs are asserted in Roby, on a
375 × 812 phone: a turn that draws from the stock (naming the card) or takes the discard and then discards, at most 3
taps; a deal of 31 cards at most 35 taps or 64 keystrokes; a seat's own 10 cards at most 11 taps; a meld, a lay-off
or going out at most one tap per card plus one. Before each Roby action, the player to act, his hand and his
actions' buttons lie within the first 812 pixels of the acting device's page at scroll position 0. The record equals
the same steps sent through the API with the same tokens. Screenshots at 375 and 1280 pixels go to
test-artifacts/table-night/.
"""

from __future__ import annotations

import itertools
import json
import threading
import time
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.chromium import opened_chromium
from tests.e2e.record_driver import Recorder, call, record_of
from tests.e2e.table_night import NAMES, RECORDER, Night, Step, night, sent_through_the_api, twin_by_seats
from tests.e2e.test_view_page import ARTIFACTS
from tests.e2e.threaded_app import served_app

pytestmark = pytest.mark.browser
SHOTS = ARTIFACTS / "table-night"
PHONE, DESKTOP = {"width": 375, "height": 812}, {"width": 1280, "height": 800}
FIRST_SCREEN = """() => {
  const boxes = [];
  const add = (what, node) => { if (node && node.offsetParent !== null) {
    const r = node.getBoundingClientRect(); boxes.push([what, Math.round(r.bottom)]); } };
  add('turn', document.getElementById('turn'));
  add('hand', document.getElementById('hand-box'));
  for (const b of document.querySelectorAll('#offers button')) add('button ' + b.textContent, b);
  add('grid', document.getElementById('grid'));
  for (const b of document.querySelectorAll('#forms > .entry form.template button.primary')) add('record', b);
  return {scrolled: window.scrollY, boxes: boxes};
}"""
"""Where the bottom of each thing the first screen must hold lies, at the page's scroll position."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real app on a SQLite file, served on a free port, whose streams stay open 10 seconds at a time (the
    suite's default closes them at once), so that each phone hears the others' moves as a table's would."""
    path = tmp_path_factory.mktemp("night") / "night.sqlite"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MELDBOOK_STREAM_SECONDS", "10")
        with served_app({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(path)}) as url:
            patch.delenv("MELDBOOK_STREAM_SECONDS")
            yield url
            streams_ended()


def streams_ended() -> None:
    """Wait (at most a stream's lifetime) for the streams the closed pages left open to end, before the store
    closes under them."""
    deadline = time.monotonic() + 12
    while time.monotonic() < deadline and any("process_request" in t.name for t in threading.enumerate()):
        time.sleep(0.2)


@dataclass
class Counted:
    """What one action cost: its kind, taps, keystrokes and the cards of the hand it names."""

    variant: str
    kind: str
    player: str
    taps: int
    keys: int
    cards: int


@dataclass
class Table:
    """The game, the recorder's page (and his setup tab) and each player's phone."""

    server: str
    game: str
    token: str
    recorder: Recorder
    seats: dict[str, Recorder]
    counted: list[Counted] = field(default_factory=list)

    def device(self, name: str) -> Recorder:
        return self.recorder if name == RECORDER else self.seats[name]

    def version(self) -> int:
        return int(call(f"{self.server}/games/{self.game}", token=self.token)["version"])


def watched(page: Any, problems: list[str]) -> Any:
    """The page, with its script errors and console errors kept (a refused request's console line aside)."""
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("console", lambda m: problems.append(m.text) if m.type == "error"
            and not m.text.startswith("Failed to load resource") else None)
    return page


def shoot(page: Any, name: str, wide: bool = False) -> None:
    """A screenshot of the page's first screen at 375 pixels, or of the whole page at 1280."""
    if wide:
        page.set_viewport_size(DESKTOP)
        page.screenshot(path=str(SHOTS / f"{name}-1280.png"), full_page=True)
        page.set_viewport_size(PHONE)
    else:
        page.evaluate("() => window.scrollTo(0, 0)")
        page.screenshot(path=str(SHOTS / f"{name}-375.png"))


def catch_up(page: Any, version: int) -> None:
    page.wait_for_function("(v) => Number(document.getElementById('record').dataset.version) >= v"
                           " && !document.getElementById('record').hasAttribute('aria-busy')", arg=version,
                           timeout=20_000)


def seat_the_table(chromium: Any, server: str, plan: Night, problems: list[str]) -> Table:
    """The recorder starts at home, creates the game on /play (trusting his device) and shows each seat's pairing code
    on the setup page; each player types his code into the home page of his own phone."""
    context = chromium.new_context(viewport=PHONE)
    host = watched(context.new_page(), problems)
    host.goto(f"{server}/", wait_until="networkidle")
    if plan.variant == "roby":
        shoot(host, "home")
        shoot(host, "home", wide=True)
    host.get_by_role("link", name="Start a game").click()
    host.wait_for_url(f"{server}/play#new-title")
    host.locator("#variant option").first.wait_for(state="attached")
    host.select_option("#variant", plan.variant)
    names = host.locator("#players .player-name")
    while names.count() < len(plan.setup["players"]):
        host.get_by_role("button", name="Add a player").click()
    for index, name in enumerate(plan.setup["players"]):
        names.nth(index).fill(name)
    for name, value in plan.setup["options"].items():
        field_ = host.locator(f"#option-{name}")
        if field_.count() and field_.evaluate("e => e.tagName") == "SELECT":
            if host.locator(f"#option-{name} option[value='{json.dumps(value)}']").count():
                field_.select_option(json.dumps(value))
        elif field_.count():
            field_.fill(str(value))
    host.select_option("#deal_mode", "recorded")
    host.select_option("#recording", "seats")
    host.fill("#title", plan.setup["title"])
    host.check("#trust")
    host.get_by_role("button", name="Create the game").click()
    host.locator("#created").wait_for(state="visible", timeout=15_000)
    game = str(host.get_by_role("link", name="Go to the game").get_attribute("href")).split("/")[2]
    token = host.evaluate("(g) => localStorage.getItem('meldbook-token:' + g)", game)
    assert token, "a trusted device keeps the recorder token"
    setup = watched(context.new_page(), problems)  # a second tab: the token is the device's, not the tab's
    setup.goto(f"{server}/games/{game}/setup", wait_until="networkidle")
    codes = {}
    for player in plan.setup["players"]:
        row = setup.locator(f'.seat-row[data-player="{player}"]')
        row.locator(".pair-button").click()
        row.locator(".pairing").wait_for(state="visible", timeout=15_000)
        codes[player] = row.locator(".pair-code").text_content()
    if plan.variant == "roby":
        shoot(setup, "setup", wide=True)
    setup.close()
    seats = {}
    for player in plan.setup["players"]:
        phone = watched(chromium.new_context(viewport=PHONE).new_page(), problems)
        phone.goto(f"{server}/", wait_until="networkidle")
        phone.fill("#join-code", codes[player])
        phone.get_by_role("button", name="Take my seat").click()
        phone.wait_for_url(f"{server}/games/{game}/record", timeout=15_000)
        phone.wait_for_selector("#record[data-version]", timeout=15_000)
        seats[player] = Recorder(phone)
    host.bring_to_front()
    host.goto(f"{server}/games/{game}/record")
    host.wait_for_selector("#record[data-version]", timeout=15_000)
    return Table(server, game, token, Recorder(host), seats)


def tokens_held(table: Table) -> dict[str, str]:
    """The token each device holds for the game: the recorder's, and each seat's phone's from its pairing."""
    held = "(g) => sessionStorage.getItem('meldbook-token:' + g) || localStorage.getItem('meldbook-token:' + g)"
    return {RECORDER: table.token, **{p: seat.page.evaluate(held, table.game) for p, seat in table.seats.items()}}


def switch(table: Table, player: str, device: bool) -> None:
    """The recorder opens the setup page from his Table menu, switches a seat's own phone off or on, and goes back
    to the record page, which reads the game again."""
    page = table.recorder.page
    page.locator("#table-menu summary").click()
    page.locator("#setup-link").click()
    page.wait_for_url(f"{table.server}/games/{table.game}/setup")
    box = page.locator(f'.device-input[data-player="{player}"]')
    box.wait_for(state="attached")
    page.wait_for_function("(p) => !document.querySelector(`.device-input[data-player='${p}']`).disabled", arg=player)
    box.set_checked(device)
    page.wait_for_function(
        "([url, token, p, d]) => fetch(url, {headers: {Authorization: 'Bearer ' + token}}).then((r) => r.json())"
        ".then((g) => g.no_device.includes(p) === !d)",
        arg=[f"{table.server}/games/{table.game}", table.token, player, device], timeout=15_000)
    if not device:
        shoot(page, "setup-phone-off", wide=True)
    page.go_back()
    page.wait_for_url(f"{table.server}/games/{table.game}/record")
    page.wait_for_function("(p) => [...document.querySelectorAll('#forms form.template, #offers button')]"
                           ".some((n) => n.dataset.player === p || (n.dataset.body || '').includes(p))"
                           " || !document.getElementById('forms').childElementCount", arg=player)


def first_screen(page: Any) -> None:
    """The player to act, his hand and his actions' buttons within the first 812 pixels, at scroll position 0."""
    page.evaluate("() => window.scrollTo(0, 0)")
    shown = page.evaluate(FIRST_SCREEN)
    assert shown["scrolled"] == 0
    beyond = [(what, bottom) for what, bottom in shown["boxes"] if bottom > PHONE["height"]]
    assert beyond == [], f"below the first screen: {beyond}"


def record(table: Table, plan: Night, steps: list[Step]) -> list[Step]:
    """Each step on the device that records it; the steps as the pages sent them."""
    sent: list[Step] = []
    misdealt = False
    for step in steps:
        if step.switch:
            switch(table, *step.switch)
            sent.append(step)
            continue
        device = table.device(step.device)
        catch_up(device.page, table.version())
        if plan.variant == "roby":
            first_screen(device.page)
        taps, keys = sum(device.taps.values()), sum(device.keys.values())
        if step.typed and not misdealt:
            tapped_deal(table, device, step, sent)
            misdealt = True
            taps, keys = sum(device.taps.values()), sum(device.keys.values())
        before = device.version()
        moment = snapshot_name(plan, step)
        if moment:
            device.before_last_tap = lambda page=device.page, name=moment: shoot(page, name)
        if step.typed:
            device.type_deal(step.body)
            shoot(device.page, f"{plan.variant}-deal-typed")
            device.wait_for_version(before)
            kind = "deal typed by the recorder"
        else:
            device.act(step.body)
            kind = kind_of(step.body)
        sent.append(Step(step.device, device.sent[-1]))
        table.counted.append(Counted(plan.variant, kind, step.body.get("player", ""),
                                     sum(device.taps.values()) - taps, sum(device.keys.values()) - keys,
                                     len(device.page.evaluate(HAND_CARDS, device.sent[-1]))))
        if kind == "go_out" or (kind in ("play", "pick_up", "meld") and not wide_taken(plan)):
            shoot(table.recorder.page, f"{plan.variant}-recorder", wide=True)
            SHOT.add(f"{plan.variant}-recorder")
    return sent


HAND_CARDS = "(body) => window.meldbookOffers.named(body)"


def tapped_deal(table: Table, device: Recorder, step: Step, sent: list[Step]) -> None:
    """The recorder taps the whole deal on the card grid, then the table calls a misdeal (a wrong count) from the
    Table menu: the same dealer deals again."""
    taps = sum(device.taps.values())
    device.act(dict(step.body), kind="deal tapped by the recorder")
    sent.append(Step(RECORDER, device.sent[-1]))
    table.counted.append(Counted("roby", "deal tapped by the recorder", step.body["player"],
                                 sum(device.taps.values()) - taps, 0, 0))
    catch_up(device.page, table.version())
    device.page.locator("#table-menu summary").click()
    misdeals = device.page.locator('#table-actions .entry[data-action="misdeal"] button.choice')
    labels = misdeals.all_text_contents()
    assert len(labels) == len(set(labels)) == 3, labels  # look-alike buttons say what differs
    shoot(device.page, "roby-table-menu")
    misdeal = {"type": "misdeal", "confirm": True, "reason": "wrong_count"}
    before = device.version()
    device.submit(misdeal)
    device.page.locator('#table-actions button.choice[data-armed="true"]').click()  # the second tap confirms
    device.wait_for_version(before)
    sent.append(Step(RECORDER, device.sent[-1]))


def kind_of(body: dict[str, Any]) -> str:
    kind = str(body.get("type") or body.get("kind"))
    if kind == "draw":
        return "draw from the stock" if body.get("source", "stock") == "stock" else "take the discard"
    if kind == "deal" and "hands" not in body:
        return "deal naming no hand"
    return kind


SNAPSHOTS = {"enter_hand": "enter-hand", "meld": "meld", "poker_hand": "poker-hand", "pick_up": "pick-up",
             "lay_off": "lay-off", "go_out": "go-out", "take the discard": "take-discard",
             "draw from the stock": "draw-stock", "bid": "bid", "play": "play"}
"""The first action of these kinds is shot just before its last tap, the cards tapped and its button showing."""


def snapshot_name(plan: Night, step: Step) -> str | None:
    """The name of the screenshot to take before this step's last tap, once for each variant and kind."""
    kind = SNAPSHOTS.get(kind_of(step.body))
    name = f"{plan.variant}-{kind}"
    if not kind or name in SHOT:
        return None
    SHOT.add(name)
    return name


def wide_taken(plan: Night) -> bool:
    return f"{plan.variant}-recorder" in SHOT


SHOT: set[str] = set()
"""The screenshots taken so far in this run."""

def turns(counted: list[Counted]) -> dict[str, list[int]]:
    """The taps of each turn that draws and then discards at once, by how it draws."""
    found: dict[str, list[int]] = defaultdict(list)
    for draw, discard in itertools.pairwise(counted):
        if draw.player == discard.player and discard.kind == "discard" and draw.kind in (
                "draw from the stock", "take the discard"):
            found[f"turn: {draw.kind} + discard"].append(draw.taps + discard.taps)
    return found


def turns_planned(steps: list[Step]) -> set[str]:
    """The kinds of turn (a draw, then a discard by the same player) among the steps."""
    planned = [Counted("", kind_of(s.body), s.body.get("player", ""), 0, 0, 0) for s in steps if not s.switch]
    return set(turns(planned))


def report(counted: list[Counted]) -> str:
    """Taps and keystrokes by variant and kind of action: how many actions, the most and the mean."""
    lines = [f"{'variant':8} {'kind of action':40} {'n':>4} {'taps max':>8} {'mean':>6} {'keys max':>8}"]
    groups: dict[tuple[str, str], list[Counted]] = defaultdict(list)
    for item in counted:
        groups[(item.variant, item.kind)].append(item)
    for variant in ("roby", "robins", "royal"):
        rows = [(k, v) for (var, k), v in groups.items() if var == variant]
        rows += [(k, [Counted(variant, k, "", t, 0, 0) for t in v])
                 for k, v in turns([c for c in counted if c.variant == variant]).items()]
        for kind, items in sorted(rows):
            taps = [i.taps for i in items]
            lines.append(f"{variant:8} {kind:40} {len(items):4} {max(taps):8} {sum(taps) / len(taps):6.1f} "
                         f"{max(i.keys for i in items):8}")
    return "\n".join(lines)


def assert_limits(counted: list[Counted], steps: list[Step]) -> None:
    """The limits a table needs, on the Roby actions counted for these steps (each hand of the plan melds, lays off
    and goes out; the first has its three hands entered, the second its deal tapped and typed; between them both
    kinds of turn: test_the_two_roby_hands_hold_every_kind_of_action_the_limits_speak_of)."""
    roby = [c for c in counted if c.variant == "roby"]
    found = turns(roby)
    assert set(found) == turns_planned(steps)
    assert all(max(taps) <= 3 for taps in found.values()), found
    if any(step.typed for step in steps):
        (tapped,) = [c for c in roby if c.kind == "deal tapped by the recorder"]
        (typed,) = [c for c in roby if c.kind == "deal typed by the recorder"]
        assert tapped.taps <= 35, tapped
        assert typed.keys <= 64 and typed.taps <= 1, typed
    entered = [c for c in roby if c.kind == "enter_hand"]
    assert len(entered) == sum(step.body.get("type") == "enter_hand" for step in steps)
    assert all(c.taps <= 11 for c in entered), entered
    planned = {kind_of(step.body) for step in steps if not step.switch and not step.typed}
    for kind in ("meld", "lay_off", "go_out"):
        done = [c for c in roby if c.kind == kind]
        assert bool(done) == (kind in planned) and all(c.taps <= c.cards + 1 for c in done), (kind, done)
    for c in counted:  # in every variant: a card named costs one tap at most, and the action one more
        if c.kind in ("enter_hand", "meld", "lay_off", "go_out", "poker_hand", "play", "discard"):
            assert c.taps <= max(c.cards, 1) + 1, c


def test_the_two_roby_hands_hold_every_kind_of_action_the_limits_speak_of() -> None:
    plan = night("roby", 2)
    turned: set[str] = set()
    for hand in (1, 2):
        steps = [s for s in plan.steps if s.hand == hand and not s.switch]
        kinds = [kind_of(s.body) for s in steps if not s.typed]
        assert {"meld", "lay_off", "go_out"} <= set(kinds)
        assert kinds.count("enter_hand") == (3 if hand == 1 else 0)
        assert sum(s.typed for s in steps) == (0 if hand == 1 else 1)
        assert turns_planned(steps)
        turned |= turns_planned(steps)
    assert turned == {"turn: draw from the stock + discard", "turn: take the discard + discard"}
    assert [s.hand for s in plan.steps] == sorted(s.hand for s in plan.steps)


def through_the_deal(steps: list[Step]) -> list[Step]:
    """A hand's steps to its deal and the step after it: in Roby's second hand the dealer's phone switched off, the
    deal tapped, misdealt and typed by the recorder, the phone switched back on, and the first move after it, made
    on that seat's phone or another's."""
    (deal,) = [index for index, step in enumerate(steps) if step.typed]
    return steps[:deal + 3]


@pytest.mark.parametrize(
    ("variant", "hands", "on_the_pages", "whole"),
    [("roby", 2, 1, True), ("roby", 2, 2, False), pytest.param("roby", 2, 2, True, marks=pytest.mark.slow),
     pytest.param("robins", 1, None, True, marks=pytest.mark.slow),
     pytest.param("royal", 1, None, True, marks=pytest.mark.slow),
     pytest.param("robins", 2, None, True, marks=pytest.mark.slow),
     pytest.param("royal", 2, None, True, marks=pytest.mark.slow)],
    ids=["roby-first-hand", "roby-second-deal", "roby-second-hand", "robins", "royal", "robins-two-hands",
         "royal-two-hands"],
)
def test_a_table_records_the_first_hands_of_each_variant_through_the_pages(
        server: str, variant: str, hands: int, on_the_pages: int | None, whole: bool) -> None:
    """`on_the_pages`: the one hand recorded on the pages, the hands before it sent through the API, each step with
    the token its device holds; None: every hand on the pages. Not `whole`: that hand's steps through its deal alone
    (`through_the_deal`; the default run's second Roby hand, whose other kinds of action the first hand holds too)."""
    plan = night(variant, hands)
    before = [s for s in plan.steps if on_the_pages and s.hand < on_the_pages]
    steps = [s for s in plan.steps if not on_the_pages or s.hand == on_the_pages]
    if not whole:
        steps = through_the_deal(steps)
    problems: list[str] = []
    SHOTS.mkdir(parents=True, exist_ok=True)
    with opened_chromium() as chromium:
        try:
            table = seat_the_table(chromium, server, plan, problems)
            sent_through_the_api(server, table.game, tokens_held(table), before)
            sent = record(table, plan, steps)
            shoot(table.recorder.page, f"{variant}-recorder-end", wide=True)
            for player, seat in table.seats.items():
                catch_up(seat.page, table.version())
                if player == NAMES[0]:
                    shoot(seat.page, f"{variant}-seat-end")
        finally:
            chromium.close()
    assert [p for p in problems if "the server responded with a status of 4" not in p] == []
    twin = twin_by_seats(server, plan.setup, [*before, *sent])
    assert record_of(server, table.game, table.token) == record_of(server, *twin)
    printed = report(table.counted)
    name = f"taps-{variant}{f'-hand-{on_the_pages}' if on_the_pages else ''}{'' if whole else '-deal'}.txt"
    Path(SHOTS / name).write_text(printed + "\n")
    print("\n" + printed)
    if variant == "roby":
        assert_limits(table.counted, steps)
