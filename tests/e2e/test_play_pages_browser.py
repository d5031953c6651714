"""The table-side pages in a real headless Chromium: a game is created on /play by clicks and typing (a refusal shown
beside its field first, what was typed kept), its setup corrected on /games/{id}/setup before the first deal, and a
second browser context (the phone) takes a seat by opening the QR code's URL and another by typing a short code. The
seat tokens land in that context's sessionStorage and never in any URL the browsers request. Screenshots at a
phone's 375 px and a tablet's 820 px go to test-artifacts/. The record page is another page's: only the navigation
to it is checked."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest
import segno

from tests.e2e import test_view_page as view_page
from tests.e2e.chromium import opened_chromium
from tests.e2e.test_docs_page import server
from tests.e2e.test_languages import NORWEGIAN, TRANSLATED
from tests.e2e.test_view_page import ARTIFACTS, PHONE, watched

pytestmark = pytest.mark.browser
TABLET = {"width": 820, "height": 1180}
__all__ = ["server"]  # the docs page's live app, one per test
REFUSED = "Failed to load resource: the server responded with a status of 4"
SAID_AS = {m.id: m.string for m in NORWEGIAN if m.context == "choice"}
"""Each option value that is a word, as the Norwegian catalogue names it."""
"""The console's line for each refusal the test provokes."""


def call(url: str, token: str | None = None) -> Any:
    """GET a JSON resource, with a token if given."""
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"} if token else {})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


def requested(page: Any, urls: list[str]) -> Any:
    """The page, with the URL of every request it makes kept."""
    page.on("request", lambda request: urls.append(request.url))
    return page


def session_token(page: Any, game: str) -> str | None:
    token: str | None = page.evaluate("(game) => sessionStorage.getItem('meldbook-token:' + game)", game)
    return token


def create_game_by_hand(page: Any, server: str) -> str:
    """On /play: Royal Rummy for Ann, Bob and Cy, after the refusal of a table with two Anns; the game's id."""
    page.goto(f"{server}/play", wait_until="networkidle")
    page.select_option("#variant", "royal")
    names = page.locator("#players .player-name")
    assert names.count() == 3  # Royal Rummy is played by three at least: three seats to fill
    for index, name in enumerate(["Ann", "Bob", "ann"]):
        names.nth(index).fill(name)
    page.get_by_role("button", name="Add a player").click()
    names.nth(3).fill("Dee")
    page.locator("#players .player").nth(3).get_by_role("button", name="Remove this player").click()
    page.locator("#players .player").nth(2).get_by_role("button", name="Move up a seat").click()
    page.fill("#option-stack", "250")
    page.fill("#title", "Friday at the club")
    page.get_by_role("button", name="Create the game").click()
    refusal = page.locator('[data-refusal="players"]')
    refusal.wait_for(timeout=10_000)
    assert "Game cannot be set up as asked" in refusal.text_content()
    assert "(Ann, ann)" in refusal.text_content()
    assert [names.nth(i).input_value() for i in range(3)] == ["Ann", "ann", "Bob"]  # kept, in the order made
    assert page.input_value("#option-stack") == "250" and page.input_value("#title") == "Friday at the club"
    names.nth(1).fill("Cy")
    page.get_by_role("button", name="Create the game").click()
    page.locator("#created").wait_for(state="visible", timeout=10_000)
    link = page.get_by_role("link", name="Go to the game")
    game = link.get_attribute("href").split("/")[2]
    token = page.locator("#recorder-token").text_content()
    assert session_token(page, game) == token and len(token) >= 32
    return game


def test_a_game_is_created_corrected_and_two_phones_take_seats(server: str) -> None:
    problems: list[str] = []
    urls: list[str] = []
    ARTIFACTS.mkdir(exist_ok=True)
    with opened_chromium() as chromium:
        try:
            table = chromium.new_context(viewport=PHONE)
            page = requested(watched(table.new_page(), problems), urls)
            game = create_game_by_hand(page, server)
            recorder = session_token(page, game)
            state = call(f"{server}/games/{game}", recorder)
            assert state["players"] == ["Ann", "Cy", "Bob"] and state["options"]["stack"] == 250
            assert state["title"] == "Friday at the club"
            page.screenshot(path=str(ARTIFACTS / "play-created-375.png"), full_page=True)
            assert page.evaluate("() => JSON.parse(localStorage.getItem('meldbook-games'))") == [
                {"id": game, "title": "Friday at the club", "variant": "royal", "role": "recorder"}
            ]  # the device's list: ids, titles and roles, never a token (this device is not trusted)
            assert page.evaluate("() => Object.keys(localStorage).filter((k) => k.includes('token'))") == []
            page.get_by_role("link", name="Go to the game").click()
            page.wait_for_url(f"{server}/games/{game}/record")

            page.goto(f"{server}/games/{game}/setup", wait_until="networkidle")
            page.locator('.rename-input[data-player="Cy"]').fill("Cyril")
            page.fill("#option-stack", "300")
            page.get_by_role("button", name="Save the corrections").click()
            page.locator('.seat-row[data-player="Cyril"]').wait_for(timeout=10_000)
            state = call(f"{server}/games/{game}", recorder)
            assert state["players"] == ["Ann", "Cyril", "Bob"] and state["options"]["stack"] == 300

            page.set_viewport_size(TABLET)
            page.locator('.seat-row[data-player="Cyril"] .pair-button').click()
            page.locator('.seat-row[data-player="Bob"] .pair-button').click()
            cyril = page.locator('.seat-row[data-player="Cyril"] .pairing')
            bob = page.locator('.seat-row[data-player="Bob"] .pairing')
            bob.wait_for(state="visible", timeout=10_000)
            cyril.wait_for(state="visible", timeout=10_000)
            page.screenshot(path=str(ARTIFACTS / "setup-pairing-820.png"), full_page=True)
            typed_code = bob.locator(".pair-code").text_content()
            qr_code = cyril.locator(".pair-code").text_content().replace("-", "")
            qr_url = f"{server}/pair#{qr_code}"
            assert cyril.locator(".qr").get_attribute("src") == segno.make(qr_url, error="m").svg_data_uri(scale=5)

            phones = chromium.new_context(viewport=PHONE)
            phone = requested(watched(phones.new_page(), problems), urls)
            phone.goto(qr_url)  # the URL the QR code encodes
            phone.wait_for_url(f"{server}/games/{game}/record", timeout=10_000)
            cyril_token = session_token(phone, game)
            assert call(f"{server}/games/{game}", cyril_token)["id"] == game  # a token the game knows

            other = requested(watched(phones.new_page(), problems), urls)
            other.goto(f"{server}/pair", wait_until="networkidle")
            other.fill("#code", typed_code.lower().replace("-", " "))
            other.screenshot(path=str(ARTIFACTS / "pair-typed-375.png"), full_page=True)
            other.get_by_role("button", name="Take my seat").click()
            other.wait_for_url(f"{server}/games/{game}/record", timeout=10_000)
            bob_token = session_token(other, game)
            assert bob_token and bob_token != cyril_token

            again = requested(watched(phones.new_page(), problems), urls)
            again.goto(f"{server}/pair", wait_until="networkidle")
            again.fill("#code", typed_code)
            again.get_by_role("button", name="Take my seat").click()
            refusal = again.locator('[data-refusal="code"]')
            refusal.wait_for(timeout=10_000)
            assert "Pairing code used already" in refusal.text_content()
            table.close()
            phones.close()
        finally:
            chromium.close()
    secrets = [recorder, cyril_token, bob_token]
    assert urls and not [url for url in urls if any(secret in url for secret in secrets)]
    assert not [url for url in urls if typed_code.replace("-", "") in url.replace("-", "").upper()]
    assert [p for p in problems if not p.startswith(REFUSED)] == []


def test_the_play_page_speaks_norwegian_and_shows_a_refusal_in_norwegian(server: str) -> None:
    problems: list[str] = []
    with opened_chromium() as chromium:
        try:
            context = chromium.new_context(viewport=PHONE, locale="nb-NO")
            page = watched(context.new_page(), problems)
            page.goto(f"{server}/play", wait_until="networkidle")
            assert page.get_attribute("html", "lang") == "nb"
            assert page.locator("#new-title").text_content() == TRANSLATED["New game"]
            page.select_option("#variant", "robins")
            english = [o["description"] for v in call(f"{server}/variants")["variants"] if v["name"] == "robins"
                       for o in v["options"]]
            shown = page.locator("#options .description").all_text_contents()
            assert len(shown) == len(english) and not set(shown) & set(english)  # each option described in Norwegian
            assert page.locator("#options .description[lang=en]").count() == 0
            page.select_option("#variant", "roby")  # the values that are words are named in Norwegian too
            fees = page.locator("#option-reenlist_fee option").all_text_contents()
            assert "pot_share" not in fees and SAID_AS["pot share"] in fees and SAID_AS["buy in"] in fees
            page.select_option("#variant", "robins")
            names = page.locator("#players .player-name")
            names.nth(0).fill("Kari")
            names.nth(1).fill("kari")
            page.get_by_role("button", name=TRANSLATED["Create the game"]).click()
            refusal = page.locator('[data-refusal="players"]')
            refusal.wait_for(timeout=10_000)
            sentence = page.evaluate("() => window.meldbookText('problem:invalid-setup')")
            assert sentence != "Game cannot be set up as asked" and refusal.text_content().startswith(sentence)
            detail = refusal.locator("details.detail")  # the service's English, behind "Details"
            assert detail.locator("summary").text_content() == TRANSLATED["Details"]
            assert detail.get_attribute("open") is None and detail.locator("span[lang=en]").text_content()
            page.screenshot(path=str(ARTIFACTS / "play-norwegian-375.png"), full_page=True)
            context.close()
        finally:
            chromium.close()
    assert [p for p in problems if not p.startswith(REFUSED)] == []


@pytest.mark.parametrize(("locale", "day_first"), [("en-GB", "{d:02d}/{m:02d}/{y}"), ("en-US", "{m}/{d}/{y}"),
                                                    ("nb-NO", "{d}.{m}.{y}")])
def test_a_games_date_is_written_as_the_browsers_language_and_region_write_dates(
    server: str, locale: str, day_first: str
) -> None:
    """The region comes from Accept-Language (Britain writes the day first, the United States the month), through the
    locale the page is rendered for (api/money_format.py: page_locale_tag)."""
    created = view_page.call(f"{server}/games", {"variant": "robins", "players": ["Ann", "Bob"],
                                                 "deal_mode": "shuffled", "title": f"Dated {locale}"})
    when = call(f"{server}/games/{created['id']}")["created_at"]
    problems: list[str] = []
    with opened_chromium() as chromium:
        try:
            page = watched(chromium.new_context(viewport=PHONE, locale=locale, timezone_id="UTC").new_page(), problems)
            page.goto(f"{server}/play", wait_until="networkidle")
            assert page.get_attribute("body", "data-locale") == locale
            shown = page.locator(f'#public-games li[data-game="{created["id"]}"] small').text_content()
            y, m, d = (int(part) for part in when[:10].split("-"))
            assert day_first.format(d=d, m=m, y=y) in shown, shown
        finally:
            chromium.close()
    assert problems == []
