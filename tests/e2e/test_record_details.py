"""The smaller things a table meets on its pages, each checked in a real headless Chromium: typed cards that run
together, junk refused in the field and not counted; the grid as one tab stop, moved through with the arrow keys,
offering a joker only where the pack holds one; a deal's summary that names its upcard apart from the last hand; a
going out's suggestion in words; options labelled by what they mean and the Royal board chosen from its known
layouts; the home page, a trusted device that opens a game in a new tab without its token, and forgetting the
device; a dispute's claim, evidence and ruling on the record page, ruled (with a correction) by whoever the game
says rules."""

from __future__ import annotations

import json
from typing import Any

import pytest

from domain.royal.board import HEARTS_SEQUENCE
from tests.e2e.chromium import opened_chromium
from tests.e2e.record_driver import Recorder, call, create
from tests.e2e.test_table_night import PHONE, server, watched

pytestmark = pytest.mark.browser
__all__ = ["server"]
DEAL = {"type": "deal", "player": "Ann", "upcard": "9H", "hands": {
    "Ann": ["AH", "KD", "10S", "JS", "2C", "3C", "4C", "5C", "6C", "7C"],
    "Bob": ["8C", "9C", "10C", "JC", "QC", "KC", "AC", "2D", "3D", "4D"],
    "Cy": ["5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "AD", "2H"]}}
CUTS = [{"type": "cut", "player": "Ann", "card": "KS"}, {"type": "cut", "player": "Bob", "card": "3S"},
        {"type": "cut", "player": "Cy", "card": "QS"}]


def opened(context: Any, server: str, game: str, token: str, problems: list[str]) -> Recorder:
    page = watched(context.new_page(), problems)
    page.goto(f"{server}/games/{game}/record")
    page.locator("#token").fill(token)
    page.locator("#use-token").click()
    page.wait_for_selector("#record[data-version]")
    return Recorder(page)


def recorded(server: str, setup: dict[str, Any], actions: list[dict[str, Any]]) -> tuple[str, str]:
    """A game set up and recorded through the API: its id and recorder token."""
    game, token = create(server, setup)
    version = call(f"{server}/games/{game}", token=token)["version"]
    for action in actions:
        version = call(f"{server}/games/{game}/moves", {**action, "expected_version": version}, token)["version"]
    return game, token


def test_typed_cards_run_together_junk_is_refused_and_the_grid_is_one_tab_stop(server: str) -> None:
    game, token = recorded(server, {"variant": "roby", "players": ["Ann", "Bob", "Cy"], "deal_mode": "recorded"}, CUTS)
    robins, robins_token = recorded(server, {"variant": "robins", "players": ["Ann", "Bob"], "deal_mode": "recorded"},
                                    [])
    problems: list[str] = []
    with opened_chromium() as chromium:
        try:
            context = chromium.new_context(viewport=PHONE)
            page = opened(context, server, game, token, problems).page
            form = '#forms form.template[data-action="deal"]'
            ann = page.locator(f'{form} [data-field="hands.Ann"]')
            ann.click()
            page.keyboard.type("1h zz 11s")
            assert ann.input_value() == "1h zz 11s"  # left for the person to mend, said beside, not counted
            assert page.locator(f'{form} [data-count-for="hands.Ann"]').text_content() == "0/10"
            note = page.locator("#" + str(ann.get_attribute("aria-describedby"))).text_content()
            assert note == "Not a card, not counted: 1H, ZZ, 11S", note
            ann.fill("")
            page.keyboard.type("ahkd10sjs")
            assert ann.input_value() == "AH KD 10S JS"
            assert page.locator(f'{form} [data-count-for="hands.Ann"]').text_content() == "4/10"
            assert page.locator("#grid .grid-card").count() == 52  # no joker in Roby's pack
            assert page.locator('#grid .grid-card[tabindex="0"]').count() == 1  # one tab stop for 52 cards
            page.locator(f"{form} .cards-input").first.focus()
            presses = 0
            while not page.evaluate("() => document.activeElement.matches('form.template button.primary')"):
                page.keyboard.press("Tab")
                presses += 1
                assert presses < 10, "the Record button is out of reach"
            assert presses == 4  # the two other hands, the upcard, Record: the grid's 52 cards are not in the way
            stop = page.locator('#grid .grid-card[tabindex="0"]')
            first = stop.get_attribute("data-card")
            stop.focus()
            page.keyboard.press("ArrowRight")
            moved = page.evaluate("() => document.activeElement.dataset.card")
            assert moved and moved != first and page.locator('#grid .grid-card[tabindex="0"]').count() == 1
            page.keyboard.press("ArrowDown")
            assert page.evaluate("() => document.activeElement.dataset.card").endswith("D")

            for field in page.locator(f"{form} .cards-input").all():
                field.fill("")
            before = int(page.get_attribute("#record", "data-version") or 0)
            page.locator(f"{form} .cards-input").first.click()
            order = [str(f.get_attribute("data-field")) for f in page.locator(f"{form} .cards-input").all()]
            cards = [c for path in order[:-1] for c in DEAL["hands"][path.split(".")[1]]] + [DEAL["upcard"]]
            page.keyboard.type("".join(c.lower().replace("10", "t") for c in cards))  # the fields advance by themselves
            page.keyboard.press("Enter")
            page.wait_for_function("(v) => Number(document.getElementById('record').dataset.version) > v", arg=before)
            said = page.locator("#last-sent").text_content()
            assert said.endswith("· upcard 9H") and "2H · upcard" not in said.replace("2H; ", ""), said
            assert said.index("Cy: 5D") < said.index("upcard")
            hand = call(f"{server}/games/{game}", token=token)["state"]["hands"]["Cy"]["cards"]
            assert sorted(hand) == sorted(DEAL["hands"]["Cy"])  # the upcard is no one's

            words = page.evaluate("(b) => window.meldbookForms.describe(b)", {
                "type": "go_out", "player": "Cy", "melds": [["2C", "2D", "2H"]],
                "lay_offs": [{"card": "10S", "meld": 3}], "discard": "5D"})
            assert words == "go out 2C 2D 2H · 10S on meld 3 then discard 5D", words

            other = opened(context, server, robins, robins_token, problems).page
            joker = other.locator('#grid .grid-card[data-card="JK"]')
            joker.wait_for(state="attached")  # the grid is drawn after the record: wait for it, as for one card
            assert joker.count() == 1  # Robins Rummy's pack has jokers
        finally:
            chromium.close()
    assert problems == []


def test_options_read_by_what_they_mean_and_the_board_is_chosen_from_its_layouts(server: str) -> None:
    variants = {v["name"]: v for v in call(f"{server}/variants")["variants"]}
    board = next(o for o in variants["royal"]["options"] if o["name"] == "board")
    problems: list[str] = []
    with opened_chromium() as chromium:
        try:
            page = watched(chromium.new_context(viewport=PHONE).new_page(), problems)
            page.goto(f"{server}/play", wait_until="networkidle")
            page.select_option("#variant", "royal")
            labels = [page.locator(f'label[for="option-{o["name"]}"]').text_content()
                      for o in variants["royal"]["options"]]
            assert labels == [o["description"] for o in variants["royal"]["options"]]
            assert page.locator("#options textarea").count() == 0
            layouts = page.locator("#option-board option").all_text_contents()
            assert layouts == [k["description"] for k in board["known"]]
            page.select_option("#option-board", json.dumps(HEARTS_SEQUENCE, separators=(",", ":")))
            for index, name in enumerate(["Ann", "Bob", "Cy"]):
                page.locator("#players .player-name").nth(index).fill(name)
            page.get_by_role("button", name="Create the game").click()
            page.locator("#created").wait_for(state="visible", timeout=15_000)
            game = str(page.get_by_role("link", name="Go to the game").get_attribute("href")).split("/")[2]
            token = page.evaluate("(g) => sessionStorage.getItem('meldbook-token:' + g)", game)
            assert call(f"{server}/games/{game}", token=token)["options"]["board"] == HEARTS_SEQUENCE
            page.goto(f"{server}/games/{game}/setup", wait_until="networkidle")
            page.locator("#option-board").wait_for()
            assert json.loads(page.locator("#option-board").input_value()) == HEARTS_SEQUENCE
            assert page.locator("#option-board option:checked").text_content() == board["known"][1]["description"]
        finally:
            chromium.close()
    assert problems == []


def test_home_a_trusted_device_opens_its_game_without_the_token_until_it_is_forgotten(server: str) -> None:
    problems: list[str] = []
    urls: list[str] = []
    with opened_chromium() as chromium:
        try:
            context = chromium.new_context(viewport=PHONE)
            context.on("request", lambda r: urls.append(r.url))
            page = watched(context.new_page(), problems)
            answer = page.goto(f"{server}/", wait_until="networkidle")
            assert answer is not None and answer.status == 200 and "text/html" in answer.headers["content-type"]
            assert page.locator("header a.home-link").get_attribute("href") == "/"
            assert page.get_by_role("link", name="Start a game").get_attribute("href").startswith("/play")
            assert page.get_by_role("link", name="The API, operation by operation").get_attribute("href") == "/docs"
            assert page.locator("#join-code").count() == 1 and page.locator("#night-form").count() == 1
            page.get_by_role("link", name="Start a game").click()
            page.locator("#variant option").first.wait_for(state="attached")
            for index, name in enumerate(["Ann", "Bob"]):
                page.locator("#players .player-name").nth(index).fill(name)
            page.fill("#title", "Kept here")
            page.check("#trust")
            page.get_by_role("button", name="Create the game").click()
            page.locator("#created").wait_for(state="visible", timeout=15_000)
            game = str(page.get_by_role("link", name="Go to the game").get_attribute("href")).split("/")[2]
            token = page.evaluate("(g) => localStorage.getItem('meldbook-token:' + g)", game)
            assert token

            tab = watched(context.new_page(), problems)  # a new tab: no sessionStorage, the device's token
            tab.goto(f"{server}/games/{game}/record")
            tab.wait_for_selector("#record[data-version]")
            assert tab.locator("#token-form").is_hidden()
            tab.goto(f"{server}/", wait_until="networkidle")
            item = tab.locator(f'#my-games li[data-game="{game}"]')
            assert "Kept here" in item.text_content() and "kept on this device" in item.text_content()
            assert item.locator(".setup-link").count() == 1  # the recorder's game: its setup is a tap away
            tab.once("dialog", lambda dialog: dialog.accept())
            tab.get_by_role("button", name="Forget this device").click()
            tab.locator("#no-games").wait_for(state="visible")
            assert tab.evaluate("() => Object.keys(localStorage).filter((k) => k.startsWith('meldbook-'))") == []
            again = watched(context.new_page(), problems)
            again.goto(f"{server}/games/{game}/record")
            again.locator("#token-form").wait_for(state="visible")  # forgotten: the token is asked for again
        finally:
            chromium.close()
    assert not [url for url in urls if token in url]
    assert [p for p in problems if "status of 4" not in p] == []


def test_a_dispute_shows_its_claim_and_evidence_and_whoever_rules_rules_from_the_page(server: str) -> None:
    setup = {"variant": "roby", "players": ["Ann", "Bob", "Cy"], "deal_mode": "recorded"}
    draw = {"type": "draw", "player": "Bob", "source": "stock", "card": "QH"}
    game, token = recorded(server, setup, [*CUTS, DEAL, draw])
    ann = call(f"{server}/games/{game}/tokens/seats/Ann", {}, token)["token"]
    drawn_at = call(f"{server}/games/{game}", token=token)["version"]
    call(f"{server}/games/{game}/disputes", {"target": "event", "at": drawn_at, "claim": "Bob drew the QS, not the QH"},
         ann)
    problems: list[str] = []
    with opened_chromium() as chromium:
        try:
            page = opened(chromium.new_context(viewport=PHONE), server, game, token, problems).page
            shown = page.locator('#disputes .dispute[data-dispute="1"]')
            shown.wait_for()
            assert shown.locator(".claim").text_content() == "Ann: Bob drew the QS, not the QH"
            shown.locator(".add-evidence summary").click()
            shown.locator(".evidence-move").fill("1")
            shown.locator(".evidence-note").fill("the draw as recorded")
            shown.locator(".evidence-form button").click()
            page.locator('#disputes .dispute[data-dispute="1"] .evidence').wait_for()
            shown = page.locator('#disputes .dispute[data-dispute="1"]')
            assert "the draw as recorded" in shown.locator(".evidence").text_content()
            before = call(f"{server}/games/{game}", token=token)["version"]
            shown.locator(".ruling-text").fill("The QS it was: the draw is voided")
            shown.locator(".with-correction summary").click()
            void = shown.locator('.with-correction form.template[data-action="void"]')
            void.locator('[data-field="reason"]').fill("the wrong card was drawn")
            void.locator("button.primary").click()
            page.locator('#disputes .dispute[data-dispute="1"][data-status="closed"]').wait_for(timeout=30_000)
            ruled = page.locator('#disputes .dispute[data-dispute="1"] .ruling-text-shown').text_content()
            assert "The QS it was" in ruled and "corrected" in ruled
            after = call(f"{server}/games/{game}", token=token)
            assert after["version"] > before and after["to_move"] == ["Bob"]  # the draw is voided: Bob draws again
            (dispute,) = call(f"{server}/games/{game}/disputes", token=token)["items"]
            assert dispute["ruling"]["correction_applied"] and dispute["ruling"]["correction"]["kind"] == "void"

            arbiter = call(f"{server}/games/{game}/tokens/arbiter", {}, token)["token"]
            call(f"{server}/games/{game}/disputes", {"target": "hand", "claim": "The deal was short"}, ann)
            page.reload()
            page.locator('#disputes .dispute[data-dispute="2"]').wait_for()
            assert page.locator('#disputes .dispute[data-dispute="2"] .ruling-form').count() == 0  # the arbiter rules
            judge = opened(chromium.new_context(viewport=PHONE), server, game, arbiter, problems).page
            second = judge.locator('#disputes .dispute[data-dispute="2"]')
            second.locator(".ruling-text").fill("Counted again: ten each")
            second.locator(".ruling-form button.primary").click()
            judge.locator('#disputes .dispute[data-dispute="2"][data-status="closed"]').wait_for(timeout=30_000)
        finally:
            chromium.close()
    assert [p for p in problems if "status of 4" not in p] == []
