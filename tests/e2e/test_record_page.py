"""The record page, GET /games/{id}/record, in a real headless Chromium: a hand of each variant recorded by taps and
typing alone ends in the same record as the same actions recorded through the API (one variant drawn for the default
run, tests/sampling.py; the other two behind `slow`); a refusal is shown in place with
what was typed kept; the last move is voided from the page; a second device's move shows up live; a stale version
reads the game again keeping what was typed. Without Chromium or Playwright the tests fail rather than skip.
Screenshots (375 px and a tablet's 820 px) go to test-artifacts/."""

from __future__ import annotations

import json
from typing import Any

import pytest

from api.headers import PAGE_POLICY
from tests.e2e.chromium import opened_chromium
from tests.e2e.record_driver import call, create, open_page, plan, record_of, twin
from tests.e2e.test_view_page import ARTIFACTS, PHONE, server
from tests.sampling import drawn_params

pytestmark = pytest.mark.browser
TABLET = {"width": 820, "height": 1180}
__all__ = ["server"]  # the live app, shared with the viewer's tests


def watched(page: Any, problems: list[str]) -> Any:
    """The page, with every script error, console error or warning (a CSP violation among them) and every refused
    request kept; the confirmations' route, which may not exist yet, may answer 404 (a failed load, to the console),
    and a stream's reconnect may answer 401 once its ticket (valid a minute) has expired: the page then asks for a
    new one, as a page left open at a table does."""
    def answered(response: Any) -> None:
        expected = (response.status == 404 and response.url.endswith("/confirmations")) or (
            response.status == 401 and "/stream?" in response.url and "ticket=" in response.url)
        if response.status >= 400 and not expected:
            problems.append(f"{response.status} {response.url}")

    page.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning")
            and not m.text.startswith("Failed to load resource") else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("response", answered)
    return page


def fits(page: Any) -> bool:
    """Whether the page needs no horizontal scrolling."""
    return bool(page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth"))


@pytest.mark.parametrize("variant", drawn_params(["roby", "robins", "royal"], 1, "record-page-hand"))
def test_a_hand_recorded_on_the_page_is_the_same_record_as_through_the_api(server: str, variant: str) -> None:
    setup, actions = plan(variant)
    game, token = create(server, setup)
    problems: list[str] = []
    ARTIFACTS.mkdir(exist_ok=True)
    with opened_chromium() as chromium:
        try:
            context = chromium.new_context(viewport=PHONE if variant == "roby" else TABLET)
            recorder = open_page(context, server, game, token)
            watched(recorder.page, problems)
            answer = recorder.page.request.get(f"{server}/games/{game}/record")
            assert answer.headers["content-security-policy"] == PAGE_POLICY
            for action in actions:
                if action["type"] == "deal":  # the deal, with its form and the card grid open
                    assert recorder.page.locator("#grid:not([hidden]) .grid-card").count() >= 52
                    assert fits(recorder.page)
                    recorder.page.screenshot(path=str(ARTIFACTS / f"record-{variant}-deal.png"), full_page=True)
                recorder.act(action)
            assert fits(recorder.page)
            recorder.page.screenshot(path=str(ARTIFACTS / f"record-{variant}-hand-end.png"), full_page=True)
        finally:
            chromium.close()
    assert problems == []
    assert record_of(server, game, token) == record_of(server, *twin(server, setup, recorder.sent))


def test_a_refusal_shows_in_place_keeping_the_form_and_undo_and_a_second_device_work(server: str) -> None:
    setup, actions = plan("roby")
    cut, other_cut, deal, draw = actions[:4]
    game, token = create(server, setup)
    errors: list[str] = []
    sent: list[Any] = []
    with opened_chromium() as chromium:
        try:
            phone = open_page(chromium.new_context(viewport=PHONE), server, game, token)
            tablet = open_page(chromium.new_context(viewport=TABLET), server, game, token)
            for page in (phone.page, tablet.page):
                page.on("pageerror", lambda error: errors.append(str(error)))
            phone.page.on("request", lambda request: sent.append(request))
            phone.act(cut)
            tablet.wait_for_version(phone.version() - 1)
            tablet.act(other_cut)  # the second device records: the first shows it without a touch
            phone.wait_for_version(tablet.version() - 1)
            assert phone.version() == tablet.version()

            hands = deal["hands"]
            first, second = list(hands)
            wrong = {**deal, "hands": {first: [*hands[first][:-1], hands[second][0]], second: hands[second]}}
            before = phone.version()
            phone.submit(wrong)  # a card named twice: refused, nothing stored, the form as it was
            form = "#forms form.template" + phone.entry(deal)
            refusal = phone.page.locator(form + " .refusal")
            refusal.wait_for(state="visible")
            messages = json.loads(phone.page.get_attribute("body", "data-messages") or "{}")
            sentence, _, detail = refusal.inner_text().partition(" — ")  # the code's sentence, then the detail
            assert sentence in {text for key, text in messages.items() if key.startswith("problem:")}
            assert hands[second][0] in detail
            typed = phone.page.locator(f'{form} [data-field="hands.{first}"]').input_value()
            assert typed.split()[-1].upper().replace("T", "10") == hands[second][0]
            assert phone.page.locator(f'{form} [data-field="upcard"]').input_value() == deal["upcard"]
            assert phone.version() == before
            phone.page.locator(f'{form} [data-field="hands.{first}"]').fill("")
            phone.type_cards(f'{form} [data-field="hands.{first}"]', hands[first])  # only the wrong hand again
            assert phone.page.locator(f'{form} [data-field="hands.{second}"]').input_value() == " ".join(hands[second])
            phone.page.locator(form + " button.primary").click()
            phone.wait_for_version(before)
            phone.act(draw)
            tablet.wait_for_version(phone.version() - 1)

            phone.page.locator("#undo").click()
            phone.page.locator("#undo-reason").fill("drew the wrong card")
            assert phone.page.locator("#undo-confirm").inner_text() == "Void move 4"
            before = phone.version()
            phone.page.locator("#undo-confirm").click()
            phone.wait_for_version(before)
            tablet.wait_for_version(before)
            phone.page.screenshot(path=str(ARTIFACTS / "record-roby-after-undo.png"), full_page=True)
            tablet.page.screenshot(path=str(ARTIFACTS / "record-roby-tablet.png"), full_page=True)
        finally:
            chromium.close()
    assert errors == []
    void = {"kind": "void", "from_move": 4, "reason": "drew the wrong card"}
    assert record_of(server, game, token) == record_of(server, *twin(server, setup, [cut, other_cut, deal, draw, void]))
    moved = [r for r in sent if r.method == "POST" and "/moves" in r.url]
    assert [json.loads(r.post_data or "{}")["expected_version"] for r in moved] == [
        int(r.headers["if-match"].strip('"')) for r in moved]
    posts = [r for r in sent if r.method == "POST" and ("/moves" in r.url or "/corrections" in r.url)]
    assert posts and all(
        r.headers.get("authorization") == f"Bearer {token}" and r.headers.get("idempotency-key")
        and r.headers.get("if-match") and r.headers.get("x-device-label") == "record page" for r in posts
    )
    assert len({r.headers["idempotency-key"] for r in posts}) == len(posts)
    assert not any(token in r.url for r in sent)


def test_an_action_the_table_confirms_takes_a_second_tap(server: str) -> None:
    setup = {"variant": "royal", "players": ["Ann", "Bob", "Cy"], "deal_mode": "recorded"}
    game, token = create(server, setup)
    end = {"type": "end_game", "confirm": True}
    with opened_chromium() as chromium:
        try:
            recorder = open_page(chromium.new_context(viewport=PHONE), server, game, token)
            recorder.page.locator("#table-menu summary").click()  # the table's actions wait behind its menu
            button = recorder.page.locator('#table-actions .entry[data-action="end_game"] button.choice')
            before = recorder.version()
            button.click()
            assert button.inner_text().startswith("Tap again to confirm")
            assert recorder.version() == before
            assert call(f"{server}/games/{game}", token=token)["version"] == before
            button.click()
            recorder.wait_for_version(before)
            assert recorder.page.locator("#turn").inner_text() == "The game is over."
        finally:
            chromium.close()
    assert record_of(server, game, token) == record_of(server, *twin(server, setup, [end]))


def test_a_stale_version_reads_the_game_again_and_keeps_what_was_typed(server: str) -> None:
    setup = {"variant": "roby", "players": ["Ann", "Bob"], "deal_mode": "recorded"}
    game, token = create(server, setup)
    opening = [{"type": "cut", "player": "Ann", "card": "KD"}, {"type": "cut", "player": "Bob", "card": "5H"},
               {"type": "deal", "player": "Ann", "upcard": "9C"}]
    ann_cards = ["AH", "2H", "3H", "4H", "5S", "6S", "7S", "8S", "9S", "10S"]
    ann = {"type": "enter_hand", "player": "Ann", "cards": ann_cards}
    bob_cards = ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9D", "10D"]
    bob = {"type": "enter_hand", "player": "Bob", "cards": bob_cards}
    version = call(f"{server}/games/{game}", token=token)["version"]
    for action in opening:
        version = call(f"{server}/games/{game}/moves", {**action, "expected_version": version}, token,
                       {"X-Device-Label": "record page"})["version"]
    with opened_chromium() as chromium:
        try:
            context = chromium.new_context(viewport=PHONE)
            context.route("**/stream?**", lambda route: route.abort())  # this device hears nothing of the other
            recorder = open_page(context, server, game, token)
            recorder.page.locator('#actors .actor[data-player="Ann"]').click()
            form = "#forms form.template" + recorder.entry(ann)
            field = f'{form} [data-field="cards"]'
            recorder.type_cards(field, ann_cards)
            before = recorder.version()
            call(f"{server}/games/{game}/moves", {**bob, "expected_version": version}, token,
                 {"X-Device-Label": "record page"})
            recorder.page.locator(form + " button.primary").click()
            recorder.wait_for_version(before)  # refused as stale, the page has read the game again
            assert recorder.page.locator(".refusal:not([hidden])").count() == 1
            assert recorder.page.locator(field).input_value() == " ".join(ann_cards)
            assert recorder.page.locator("#forms form.template" + recorder.entry(bob)).count() == 0
            before = recorder.version()
            recorder.page.locator(form + " button.primary").click()
            recorder.wait_for_version(before)
        finally:
            chromium.close()
    assert record_of(server, game, token) == record_of(server, *twin(server, setup, [*opening, bob, ann]))


def test_in_norwegian_a_refusal_says_its_sentence_and_keeps_the_services_english_behind_details(server: str) -> None:
    setup, actions = plan("roby")
    cut, other_cut, deal = actions[:3]
    game, token = create(server, setup)
    with opened_chromium() as chromium:
        try:
            phone = open_page(chromium.new_context(viewport=PHONE, locale="nb-NO"), server, game, token)
            assert phone.page.get_attribute("html", "lang") == "nb"
            phone.act(cut)
            phone.act(other_cut)
            hands = deal["hands"]
            first, second = list(hands)
            phone.submit({**deal, "hands": {first: [*hands[first][:-1], hands[second][0]], second: hands[second]}})
            refusal = phone.page.locator("#forms form.template" + phone.entry(deal) + " .refusal")
            refusal.wait_for(state="visible")
            messages = json.loads(phone.page.get_attribute("body", "data-messages") or "{}")
            detail = refusal.locator("details.detail")
            assert detail.locator("summary").text_content() == messages["details"] == "Detaljer"
            assert detail.get_attribute("open") is None  # the English is there for who asks
            assert hands[second][0] in detail.locator("span[lang=en]").text_content()
            sentence = refusal.evaluate("(node) => node.firstChild.textContent").strip()
            assert sentence in {text for key, text in messages.items() if key.startswith("problem:")}
        finally:
            chromium.close()
