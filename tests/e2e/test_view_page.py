"""The viewer page, GET /games/{id}/view, in a real headless Chromium: for a game of each variant recorded through
the API, every move of a hand is stepped through with the button and the arrow keys, and at each step the cards,
scores and chips the page shows equal the replay API's frame of that move (one variant drawn for the default run,
tests/sampling.py, the others behind `slow`; likewise the page without script). A finished game opens at its last
move; the chart's names never print over each other; a spectator sees the token box only on asking for it; the step
buttons' names hold their visible words. Without Chromium or Playwright the test fails rather than skips. Screenshots
(a phone's 375 px and a desktop's 1280 px) go to test-artifacts/."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from api.headers import PAGE_POLICY
from bots import concrete_bodies
from bots.twins import moves_of, recorded_action
from tests.bot_games import play_royal
from tests.e2e.chromium import opened_chromium
from tests.e2e.test_every_version import GAMES
from tests.e2e.test_languages import TRANSLATED
from tests.e2e.threaded_app import served_app
from tests.sampling import drawn_params, sample
from tests.stores import sqlite_settings
from tests.unit.corrections.test_roby_past_hand import two_hands

pytestmark = pytest.mark.browser
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
# A recorded game of each variant: Royal's plays the poker hand, with all-ins that make side pots.
RECORDED = {
    "roby": GAMES["roby"][1],
    "robins": GAMES["robins"][1],
    "royal": lambda: play_royal(1, 3, deals=1).collect_events(),
}
PHONE, DESKTOP = {"width": 375, "height": 812}, {"width": 1280, "height": 800}

# What the page shows, read from the elements' data (the same for the server's first frame and the script's).
SHOWN = """() => {
  const zone = (z) => ({cards: [...z.querySelectorAll('.card[data-card]')].map((c) => c.dataset.card),
    hidden: [...z.querySelectorAll('.card.back')].reduce((n, c) => n + Number(c.dataset.count), 0)});
  const all = (selector) => [...document.querySelectorAll('#table ' + selector)];
  const shown = {move: Number(document.querySelector('#table .words').dataset.move),
    words: document.querySelector('#table .words').textContent,
    scrubber: Number(document.getElementById('scrubber').value),
    zones: {}, scores: {}, melds: {}, chips: {}, money: {}, bets: {}, pots: {}};
  for (const z of all('[data-zone]')) shown.zones[z.dataset.zone] = zone(z);
  for (const s of all('.seat')) shown.scores[s.dataset.player] = Number(s.querySelector('[data-score]').dataset.score);
  for (const s of all('.seat [data-bet]')) shown.bets[s.closest('.seat').dataset.player] = Number(s.dataset.bet);
  for (const m of all('.meld')) shown.melds[m.dataset.meld] =
    [...m.querySelectorAll('.card')].map((c) => [c.dataset.card, c.dataset.standsFor || c.dataset.card]);
  for (const s of all('[data-account][data-chips]')) shown.chips[s.dataset.account] = Number(s.dataset.chips);
  for (const s of all('[data-pot]')) shown.pots[s.dataset.pot] = Number(s.dataset.chips);
  for (const s of all('.pile [data-account]')) shown.money[s.dataset.account] = Number(s.dataset.amount);
  return shown;
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real app served by werkzeug on a free localhost port, in a thread; yields its base URL."""
    with served_app(sqlite_settings(tmp_path_factory.mktemp("view") / "view.sqlite")) as url:
        yield url


def call(url: str, body: dict[str, Any] | None = None, token: str | None = None) -> dict[str, Any]:
    """One JSON request to the live server (a POST when there is a body)."""
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    data = json.dumps(body).encode() if body is not None else None
    with urllib.request.urlopen(urllib.request.Request(url, data, headers), timeout=30) as answer:
        result: dict[str, Any] = json.load(answer)
        return result


def record(server: str, variant: str) -> tuple[str, str]:
    """A bot game of the variant entered through the API as a recorded game, move by move: its id and token."""
    events = RECORDED[variant]()
    setup = events[0]
    created = call(f"{server}/games", {
        "variant": setup.variant, "players": list(setup.players), "options": dict(setup.options),
        "deal_mode": "recorded", "title": f"A {variant} game",
    })
    version = created["version"]
    for move in moves_of(events):
        body = {**recorded_action(move), "expected_version": version}
        version = call(f"{server}/games/{created['id']}/moves", body, created["token"])["version"]
    return created["id"], created["token"]


@pytest.fixture(scope="module")
def recorded(server: str) -> Callable[[str], tuple[str, str]]:
    """The game of a variant recorded on the module's server (once), by its id and token."""
    games: dict[str, tuple[str, str]] = {}

    def game(variant: str) -> tuple[str, str]:
        if variant not in games:
            games[variant] = record(server, variant)
        return games[variant]

    return game


def zone(value: Any) -> dict[str, Any]:
    if isinstance(value, list):
        return {"cards": value, "hidden": 0}
    cards = value.get("cards") or []
    return {"cards": cards, "hidden": (value.get("count") or 0) - len(cards)}


def expected(frame: dict[str, Any]) -> dict[str, Any]:
    """What the page must show for a frame of the replay API, read from its state document."""
    table = frame["state"]["state"]
    players = frame["state"]["players"]
    zones = {f"hands.{p}": zone(table["hands"][p]) for p in players if p in (table.get("hands") or {})}
    zones |= {name: zone(table[name]) for name in ("stock", "dummy", "dead") if isinstance(table.get(name), dict)}
    if isinstance(table.get("discard"), list):
        zones["discard"] = zone(table["discard"])
    played = (table.get("rummy") or {}).get("played") or {}
    zones |= {f"rummy.played.{p}": zone(cards) for p, cards in played.items()}
    amounts = table.get("scores") or table.get("stacks") or {}
    poker = table.get("poker") or {}
    return {
        "move": frame["move"],
        "words": f"Move {frame['move']}: {frame['words']}",
        "scrubber": frame["move"],
        "zones": zones,
        "scores": {p: amounts.get(p, 0) for p in players},
        "melds": {
            str(m["id"]): [list(pair) for pair in zip(m["cards"], m.get("stands_for") or m["cards"], strict=True)]
            for m in table.get("melds") or []
        },
        "chips": table.get("board_chips") or {},
        "money": {"pot": table["pot"]} if isinstance(table.get("pot"), int) else {},
        "bets": dict(poker.get("bets") or {}),
        "pots": {pot["pot"]: pot["chips"] for pot in poker.get("pots") or []},
    }


def watched(page: Any, problems: list[str]) -> Any:
    """The page, with every console error or warning (a CSP violation among them) and script error kept."""
    page.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    return page


def open_token_box(page: Any) -> None:
    """Open the token box, which the page keeps shut for a spectator until asked."""
    page.get_by_role("button", name="I have a token").click()
    page.locator("#token").wait_for(state="visible", timeout=10_000)


def step_through(page: Any, frames: list[dict[str, Any]]) -> None:
    """From the first frame shown, step to each next one, by the Forward button and the right arrow in turn."""
    shows(page, frames[0])
    for index, frame in enumerate(frames[1:]):
        if index % 2:
            page.keyboard.press("ArrowRight")
        else:
            page.get_by_role("button", name="Next move").click()
        shows(page, frame)


def shows(page: Any, frame: dict[str, Any]) -> None:
    """Wait until the page shows the frame's move, then check that it shows that frame."""
    page.wait_for_selector(f'#table .words[data-move="{frame["move"]}"]', timeout=10_000)
    assert page.evaluate(SHOWN) == expected(frame), frame["move"]


@pytest.mark.parametrize("variant", drawn_params(sorted(RECORDED), 1, "view-page-hand"))
def test_the_view_page_steps_through_a_hand_showing_each_frame_of_the_replay_api(
    server: str, recorded: Callable[[str], tuple[str, str]], variant: str
) -> None:
    game, token = recorded(variant)
    replay = call(f"{server}/games/{game}/replay?hand=1")
    frames = replay["frames"]
    full = call(f"{server}/games/{game}/replay?hand=1", token=token)["frames"]
    problems: list[str] = []
    sent: list[tuple[str, str | None]] = []
    ARTIFACTS.mkdir(exist_ok=True)
    with opened_chromium() as chromium:
        try:
            page = watched(chromium.new_page(viewport=PHONE), problems)
            page.on("request", lambda r: sent.append((r.url, r.headers.get("authorization"))))
            answer = page.goto(f"{server}/games/{game}/view?hand=1", wait_until="networkidle")
            assert answer is not None and answer.status == 200
            assert answer.headers["content-security-policy"] == PAGE_POLICY
            step_through(page, frames)
            assert page.get_by_role("button", name="Next move").is_enabled() == (len(replay["hands"]) > 1)
            page.keyboard.press("ArrowLeft")
            shows(page, frames[-2])
            page.get_by_role("button", name="Previous move").click()
            shows(page, frames[-3])
            with_side_pots = [f for f in frames if len(f["state"]["state"].get("poker", {}).get("pots") or []) > 1]
            assert with_side_pots or variant != "royal"
            middle = with_side_pots[-1] if with_side_pots else frames[len(frames) // 2]
            page.locator("#scrubber").fill(str(middle["move"]))
            shows(page, middle)
            page.screenshot(path=str(ARTIFACTS / f"view-{variant}-phone.png"), full_page=True)
            page.set_viewport_size(DESKTOP)
            page.screenshot(path=str(ARTIFACTS / f"view-{variant}-desktop.png"), full_page=True)
            assert page.locator("#annotate").is_hidden() and page.locator("#no-annotations").is_visible()
            scores = page.locator('svg[aria-labelledby="chart-title"] circle')
            assert scores.count() == len(replay["hands"]) * len(frames[0]["state"]["players"])
            open_token_box(page)
            page.locator("#token").fill(token)
            page.locator("#view").select_option("full")
            page.get_by_role("button", name="Use").click()
            page.wait_for_selector("#status:has-text('full view')", timeout=10_000)
            shows(page, next(f for f in full if f["move"] == middle["move"]))
            page.screenshot(path=str(ARTIFACTS / f"view-{variant}-full-desktop.png"), full_page=True)
            add_an_annotation(page, server, game, token, middle["move"])
        finally:
            chromium.close()
    assert not problems, problems
    assert not [url for url, _ in sent if token in url]
    replays = [header for url, header in sent if "/replay" in url]
    assert replays[-1] == f"Bearer {token}" and replays[0] is None
    assert [header for url, header in sent if "/annotations" in url][-1] == f"Bearer {token}"


def add_an_annotation(page: Any, server: str, game: str, token: str, move: int) -> None:
    """With the recorder's token entered, add an annotation at the move shown: it is listed at that move only,
    and the API holds it there."""
    note = f'#annotations .annotation[data-move="{move}"]'
    assert page.locator("#annotate").is_visible()
    page.locator("#note-comment").fill("Better:\nkeep the seven")
    page.locator("#note-glyph").select_option("?!")
    page.get_by_role("button", name="Add annotation").click()
    page.wait_for_selector(note, timeout=10_000)
    assert "keep the seven" in page.locator(note).inner_text() and "?!" in page.locator(note).inner_text()
    stored = call(f"{server}/games/{game}/annotations", token=token)["items"]
    assert [(n["move"], n["glyph"], n["comment"], n["role"]) for n in stored] == [
        (move, "?!", "Better:\nkeep the seven", "recorder")
    ]
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f'#table .words[data-move="{move - 1}"]', timeout=10_000)
    assert page.locator("#annotations .annotation").count() == 0 and page.locator("#no-annotations").is_visible()
    page.keyboard.press("ArrowRight")
    page.wait_for_selector(note, timeout=10_000)


def of_each_kind(frames: list[dict[str, Any]], variant: str) -> list[dict[str, Any]]:
    """The frames a no-script walk visits by default: the first of each kind of move (the verb of its words), the
    last two, and a sample of the rest drawn from the run's seed (tests/sampling.py)."""
    firsts: dict[str, int] = {}
    for index, frame in enumerate(frames):
        firsts.setdefault(" ".join(frame["words"].split()[1:2]), index)
    drawn = sample(range(len(frames)), 8, f"no-script-{variant}")
    chosen = {*firsts.values(), len(frames) - 2, len(frames) - 1, *drawn}
    return [frames[index] for index in sorted(chosen)]


@pytest.mark.parametrize(
    ("variant", "every"),
    [*drawn_params([(variant, False) for variant in sorted(RECORDED)], 1, "view-page-without-script"),
     *(pytest.param(variant, True, marks=pytest.mark.slow) for variant in sorted(RECORDED))],
    ids=lambda value: {False: "of-each-kind", True: "every-move"}.get(value, value),
)
def test_without_script_the_page_shows_each_move_of_a_hand_as_the_replay_api_does(
    server: str, recorded: Callable[[str], tuple[str, str]], variant: str, every: bool
) -> None:
    game, _ = recorded(variant)
    frames = call(f"{server}/games/{game}/replay?hand=1")["frames"]
    with opened_chromium() as chromium:
        try:
            page = chromium.new_context(java_script_enabled=False, viewport=PHONE).new_page()
            for frame in frames if every else of_each_kind(frames, variant):
                page.goto(f"{server}/games/{game}/view?at={frame['move']}")
                shows(page, frame)
            assert page.locator("#token-form").is_hidden()
            page.get_by_role("button", name="Previous move").click()
            shows(page, frames[-2])
        finally:
            chromium.close()


def test_the_move_box_and_the_hand_menu_jump_to_any_move_of_any_hand(
    server: str, recorded: Callable[[str], tuple[str, str]]
) -> None:
    game, _ = recorded("robins")
    hands = call(f"{server}/games/{game}/replay")["hands"]
    third = call(f"{server}/games/{game}/replay?hand=3")["frames"]
    second = call(f"{server}/games/{game}/replay?hand=2")["frames"]
    problems: list[str] = []
    with opened_chromium() as chromium:
        try:
            page = watched(chromium.new_page(viewport=DESKTOP), problems)
            page.goto(f"{server}/games/{game}/view", wait_until="networkidle")
            page.wait_for_selector(f'#table .words[data-move="{hands[-1]["last_move"]}"]')  # over: at its end
            page.locator("#move").fill(str(third[2]["move"]))
            page.get_by_role("button", name="Go").click()
            shows(page, third[2])
            assert page.locator("#hand").input_value() == "3"
            page.locator("#hand").select_option("2")
            shows(page, second[0])
            page.keyboard.press("ArrowLeft")
            before = call(f"{server}/games/{game}/replay?at={second[0]['move'] - 1}")["frames"][0]
            shows(page, before)
            assert page.url.endswith(f"?hand=1&at={second[0]['move'] - 1}")
        finally:
            chromium.close()
    assert not problems, problems


@pytest.mark.slow
@pytest.mark.parametrize("variant", sorted(RECORDED))
def test_the_view_page_steps_through_every_hand_of_a_whole_game(
    server: str, recorded: Callable[[str], tuple[str, str]], variant: str
) -> None:
    game, _ = recorded(variant)
    hands = call(f"{server}/games/{game}/replay")["hands"]
    problems: list[str] = []
    with opened_chromium() as chromium:
        try:
            page = watched(chromium.new_page(viewport=PHONE), problems)
            page.goto(f"{server}/games/{game}/view?hand=1", wait_until="networkidle")
            for hand in hands:
                frames = call(f"{server}/games/{game}/replay?hand={hand['hand']}")["frames"]
                step_through(page, frames)
                if hand is not hands[-1]:
                    page.keyboard.press("ArrowRight")
        finally:
            chromium.close()
    assert not problems, problems


def record_listed_move(server: str, game: str, token: str) -> None:
    """Record one move the legal-actions list offers, through the API, as the recorder."""
    shown = call(f"{server}/games/{game}", token=token)
    body = next(b for entry in shown["legal_actions"] for b in concrete_bodies(entry))
    call(f"{server}/games/{game}/moves", {**body, "expected_version": shown["version"]}, token)


@pytest.mark.parametrize("with_token", [False, True], ids=["spectator", "ticket"])
def test_the_view_page_at_the_latest_move_follows_moves_recorded_through_the_api(
    server: str, with_token: bool
) -> None:
    created = call(f"{server}/games", {"variant": "roby", "players": ["ann", "bob"], "deal_mode": "shuffled"})
    game, token = created["id"], created["token"]
    for _ in range(3):
        record_listed_move(server, game, token)
    latest = call(f"{server}/games/{game}/replay", token=token)["hands"][-1]["last_move"]
    problems: list[str] = []
    sent: list[str] = []
    with opened_chromium() as chromium:
        try:
            page = watched(chromium.new_page(viewport=DESKTOP), problems)
            page.on("request", lambda r: sent.append(r.url))
            page.goto(f"{server}/games/{game}/view?at={latest}")
            if with_token:
                open_token_box(page)
                page.locator("#token").fill(token)
                page.locator("#view").select_option("full")
                page.get_by_role("button", name="Use").click()
                page.wait_for_selector("#status:has-text('full view')", timeout=10_000)
            page.wait_for_function("() => [...performance.getEntriesByType('resource')]"
                                   ".some((e) => e.name.includes('/stream'))", timeout=10_000)
            for move in (latest + 1, latest + 2):
                record_listed_move(server, game, token)
                view = "&view=full" if with_token else ""
                frame = call(f"{server}/games/{game}/replay?at={move}{view}", token=token if with_token else None)
                shows(page, frame["frames"][0])
                assert page.get_by_role("button", name="Next move").is_disabled()
        finally:
            chromium.close()
    assert not problems, problems
    streams = [url for url in sent if "/stream?" in url]
    assert streams and ("ticket=" in streams[-1]) == with_token  # the page opened the public stream before the token
    assert with_token or not [url for url in streams if "ticket=" in url]
    assert not [url for url in sent if token in url]


def unfinished_roby(server: str) -> str:
    """Two hands of Roby recorded through the API but for the last move: a game in its second hand, not over."""
    moves = list(two_hands("ann", "bob", "cy").events("MoveRecorded"))[:-1]
    created = call(f"{server}/games", {"variant": "roby", "players": ["ann", "bob", "cy"], "deal_mode": "recorded"})
    version = created["version"]
    for envelope in moves:
        body = {**envelope.action, "expected_version": version}
        version = call(f"{server}/games/{created['id']}/moves", body, created["token"])["version"]
    return str(created["id"])


def test_a_finished_game_opens_at_its_last_move_unless_the_address_names_a_hand_or_a_move(
    server: str, recorded: Callable[[str], tuple[str, str]]
) -> None:
    game, _ = recorded("roby")
    hands = call(f"{server}/games/{game}/replay")["hands"]
    last = call(f"{server}/games/{game}/replay?at={hands[-1]['last_move']}")["frames"][0]
    assert last["state"]["over"] is True and last["move"] > hands[-1]["first_move"]
    unfinished = unfinished_roby(server)
    current = call(f"{server}/games/{unfinished}/replay")
    assert current["frames"][-1]["state"]["over"] is False and current["hand"] == 2
    problems: list[str] = []
    with opened_chromium() as chromium:
        try:
            page = watched(chromium.new_page(viewport=PHONE), problems)
            page.goto(f"{server}/games/{game}/view", wait_until="networkidle")
            shows(page, last)
            assert page.url.endswith(f"?hand={hands[-1]['hand']}&at={last['move']}")
            assert page.get_by_role("button", name="Next move").is_disabled()
            assert page.get_by_role("button", name="Previous move").is_enabled()
            page.keyboard.press("ArrowLeft")
            shows(page, call(f"{server}/games/{game}/replay?at={last['move'] - 1}")["frames"][0])
            # A hand or a move the address names still wins.
            page.goto(f"{server}/games/{game}/view?hand=1", wait_until="networkidle")
            shows(page, call(f"{server}/games/{game}/replay?hand=1")["frames"][0])
            page.goto(f"{server}/games/{game}/view?at=3", wait_until="networkidle")
            shows(page, call(f"{server}/games/{game}/replay?at=3")["frames"][0])
            # An unfinished game opens as it did: at the first move of its current hand (the stream follows it).
            page.goto(f"{server}/games/{unfinished}/view")
            page.wait_for_function("() => location.search.includes('at=')", timeout=10_000)
            shows(page, current["frames"][0])
            assert current["frames"][0]["move"] == current["hands"][1]["first_move"] > 0
            # Without script, the server's page opens the finished game at its last move too.
            still = chromium.new_context(java_script_enabled=False, viewport=PHONE).new_page()
            still.goto(f"{server}/games/{game}/view")
            shows(still, last)
            assert still.locator("#next").is_disabled()
        finally:
            chromium.close()
    assert not problems, problems


# For each player, every element of one chart's box that shows the player's name alone (the drawing's <title>s
# aside): where it is on the screen and the size its letters are drawn at (an SVG's text scaled with the drawing).
CHART_NAMES = """(box, players) => players.map((player) => [...box.querySelectorAll('*')]
  .filter((e) => e.localName !== 'title' && e.children.length === 0 && e.textContent.trim() === player)
  .map((e) => {
    const box = e.getBoundingClientRect();
    const svg = e.ownerSVGElement;
    const scale = svg ? svg.getBoundingClientRect().width / svg.viewBox.baseVal.width : 1;
    return {player, left: box.left, right: box.right, top: box.top, bottom: box.bottom,
      size: parseFloat(getComputedStyle(e).fontSize) * scale};
  }))"""


def apart(one: dict[str, Any], other: dict[str, Any]) -> bool:
    """Whether two boxes on the screen do not intersect."""
    return (one["right"] <= other["left"] or other["right"] <= one["left"]
            or one["bottom"] <= other["top"] or other["bottom"] <= one["top"])


def test_the_charts_names_never_print_over_each_other_with_two_players_level_on_a_phone_or_a_desktop(
    server: str,
) -> None:
    players = ["ann", "cyn"]
    created = call(f"{server}/games", {"variant": "roby", "players": players, "deal_mode": "shuffled"})
    for _ in range(2):
        record_listed_move(server, created["id"], created["token"])
    game = created["id"]
    ends = call(f"{server}/games/{game}/replay")["frames"][-1]["state"]["state"]["scores"]
    assert ends["ann"] == ends["cyn"], "the two players are level at the end of the chart"
    problems: list[str] = []
    ARTIFACTS.mkdir(exist_ok=True)
    with opened_chromium() as chromium:
        try:
            page = watched(chromium.new_page(viewport=PHONE), problems)
            page.goto(f"{server}/games/{game}/view")
            page.wait_for_function("() => location.search.includes('at=')", timeout=10_000)
            # The scores' chart, and the money's (the buy-ins change hands)
            boxes = page.locator(".chart-box")
            assert [box.get_attribute("aria-labelledby") for box in boxes.all()] == ["chart-label", "money-chart-label"]
            for viewport in (PHONE, DESKTOP):
                page.set_viewport_size(viewport)
                for box in boxes.all():
                    names = box.evaluate(CHART_NAMES, players)
                    assert [len(shown) for shown in names] == [1, 1], names  # each line named once
                    ann, cyn = names[0][0], names[1][0]
                    assert apart(ann, cyn), (viewport, ann, cyn)
                    for name in (ann, cyn):
                        assert name["size"] >= 14, (viewport, name)  # readable: not shrunk with the drawing
                        assert name["left"] >= 0 and name["right"] <= viewport["width"], (viewport, name)
                width = viewport["width"]
                boxes.first.screenshot(path=str(ARTIFACTS / f"view-chart-level-{width}.png"))
                boxes.last.screenshot(path=str(ARTIFACTS / f"view-money-chart-{width}.png"))
            # Each name in the legend is drawn in its line's style.
            for index, player in enumerate(players):
                line = page.locator(f'.chart g[data-player="{player}"]').first.get_attribute("class")
                named = page.locator(f'.chart-legend li[data-player="{player}"] line').first.get_attribute("class")
                assert (line, named) == (f"series series-{index}", f"series-{index}")
        finally:
            chromium.close()
    assert not problems, problems


def test_a_spectator_sees_no_token_box_until_asking_for_one(
    server: str, recorded: Callable[[str], tuple[str, str]]
) -> None:
    game, token = recorded("roby")
    problems: list[str] = []
    with opened_chromium() as chromium:
        try:
            page = watched(chromium.new_page(viewport=PHONE), problems)
            page.goto(f"{server}/games/{game}/view", wait_until="networkidle")
            toggle = page.get_by_role("button", name="I have a token")
            assert toggle.is_visible() and toggle.get_attribute("aria-expanded") == "false"
            for hidden in ("#token-form", "#token", "#view", "#use-token", "#forget-token"):
                assert page.locator(hidden).is_hidden(), hidden
            shown = page.locator("body").inner_text()
            assert "the token's widest" not in shown and "Kept in this tab" not in shown
            toggle.click()
            assert page.locator("#token-form").is_visible() and toggle.get_attribute("aria-expanded") == "true"
            assert page.evaluate("() => document.activeElement.id") == "token"
            page.locator("#token").fill(token)
            page.locator("#view").select_option("full")
            page.get_by_role("button", name="Use").click()
            page.wait_for_selector("#status:has-text('full view')", timeout=10_000)
            # The tab keeps the token: the box is open at once when the page is read again.
            page.reload(wait_until="networkidle")
            assert page.locator("#token-form").is_visible() and page.locator("#token").input_value() == token
            assert toggle.get_attribute("aria-expanded") == "true"
            toggle.click()
            assert page.locator("#token-form").is_hidden() and toggle.get_attribute("aria-expanded") == "false"
        finally:
            chromium.close()
    assert not problems, problems


# A button's name as the accessibility tree gives it.
BUTTON_NAME = re.compile(r'button "([^"]*)"')


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_back_and_forward_buttons_names_begin_with_their_visible_words(
    server: str, recorded: Callable[[str], tuple[str, str]], language: str
) -> None:
    """WCAG 2.5.3 (axe's label-content-name-mismatch): what the button shows is in its name, so a person who reads
    "Back" and says "Back" to a voice control reaches it; the arrow is an icon, outside the name."""
    game, _ = recorded("roby")
    words = {"#prev": "Back", "#next": "Forward"}
    with opened_chromium() as chromium:
        try:
            page = chromium.new_context(viewport=PHONE, locale={"en": "en-GB", "nb": "nb-NO"}[language]).new_page()
            page.goto(f"{server}/games/{game}/view?at=1", wait_until="networkidle")
            assert page.get_attribute("html", "lang") == language
            for selector, english in words.items():
                word = english if language == "en" else TRANSLATED[english]
                button = page.locator(selector)
                visible = " ".join(re.findall(r"\w+", button.inner_text()))
                found = BUTTON_NAME.search(button.aria_snapshot())
                assert found is not None and visible == word, (selector, visible)
                assert found.group(1).casefold().startswith(word.casefold()), (selector, found.group(1), word)
                assert page.get_by_role("button", name=word).count() == 1
        finally:
            chromium.close()
