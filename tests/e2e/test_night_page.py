"""The night's page in a real headless Chromium: a night of three games of different variants, the Roby game still
being played, settles up on its page. "Ann" (Roby) and "ann" (Robins Rummy) are one party; the Roby pot is shown as
money in play, never as a party to pay; every amount is formatted as Babel formats it for the browser's language and
region; the CSV downloaded from the page (its token in a header, never in a URL) adds up to zero; a game is added and
one taken out from the page; the print layout fits one A4 page. Screenshots at 375 and 1280 px, in English and
Norwegian, go to test-artifacts/."""

from __future__ import annotations

import csv
import io
import json
import re
import urllib.request
from typing import Any

import pytest
from babel.numbers import format_currency

from bots.twins import moves_of, recorded_action
from tests.e2e import test_view_page as viewer_page
from tests.e2e.chromium import opened_chromium
from tests.e2e.table_night import renamed
from tests.e2e.test_view_page import ARTIFACTS, DESKTOP, PHONE, RECORDED, call, watched

pytestmark = pytest.mark.browser
server = viewer_page.server  # the real app on a localhost port, one for this module
CHIP, STAKE = 50, 10
ROBY_MOVES = 30
"""The Roby game's first moves: its pot holds the buy-ins, and nobody has won it yet."""
NAMES = {
    "roby": {"p1": "Ann", "p2": "Bob"},
    "robins": {"ann": "ann", "bob": "Dan"},
    "royal": {"p1": "Bob", "p2": "Cy", "p3": "Dan"},
}
SHOWN = """() => ({
  transfers: [...document.querySelectorAll('#transfers .transfer')].map((t) => ({
    from: t.querySelector('.payer').textContent, to: t.querySelector('.payee').textContent,
    minor: Number(t.querySelector('.amount').dataset.minor), text: t.querySelector('.amount').textContent})),
  parties: [...document.querySelectorAll('#sheet tbody tr[data-party]')].map((r) => ({name: r.dataset.party,
    shown: r.querySelector('th').textContent, net: Number(r.querySelector('.net').dataset.minor),
    text: r.querySelector('.net').textContent})),
  inPlay: [...document.querySelectorAll('#in-play-list li')].map((li) => li.textContent),
  check: document.getElementById('check').textContent,
  body: document.body.innerText,
})"""


def record(base: str, variant: str, moves: int | None = None) -> tuple[str, str]:
    """A bot game of the variant entered through the API under the table's names (its first `moves` moves, or all):
    its id and recorder token."""
    events = RECORDED[variant]()
    names = NAMES[variant]
    created = call(f"{base}/games", {
        "variant": variant, "players": [names[p] for p in events[0].players], "options": dict(events[0].options),
        "deal_mode": "recorded", "title": f"{variant} at the club",
    })
    version = created["version"]
    for move in list(moves_of(events))[:moves]:
        body = {**renamed(recorded_action(move), names), "expected_version": version}
        version = call(f"{base}/games/{created['id']}/moves", body, created["token"])["version"]
    return created["id"], created["token"]


def send(url: str, body: dict[str, Any], headers: dict[str, str]) -> dict[str, Any]:
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json", **headers})
    with urllib.request.urlopen(request, timeout=30) as answer:
        result: dict[str, Any] = json.load(answer)
        return result


def money(minor: int, locale: str) -> str:
    """Babel's own formatting of an amount of NOK øre."""
    return format_currency(minor / 100, "NOK", locale=locale)


def shown(page: Any) -> dict[str, Any]:
    page.wait_for_selector("#sheet tbody tr[data-party]")
    result: dict[str, Any] = page.evaluate(SHOWN)
    return result


def test_a_night_of_three_variants_settles_up_on_its_page_with_one_party_per_player_and_the_pot_in_play(
    server: str,
) -> None:
    night = call(f"{server}/nights", {"title": "Friday at the club", "chip_value": {"amount": CHIP, "currency": "NOK"},
                                      "robins_stake": {"amount": STAKE, "currency": "NOK"}})
    night_url, night_token = f"{server}/nights/{night['id']}", night["token"]
    royal, robins, roby = record(server, "royal"), record(server, "robins"), record(server, "roby", ROBY_MOVES)
    for game, token in (royal, robins):
        send(f"{night_url}/games", {"game": game}, {"X-Night-Token": night_token, "Authorization": f"Bearer {token}"})
    problems: list[str] = []
    downloads: list[Any] = []
    ARTIFACTS.mkdir(exist_ok=True)
    with opened_chromium() as chromium:
        try:
            context = chromium.new_context(viewport=PHONE, locale="en-GB", accept_downloads=True)
            page = watched(context.new_page(), problems)
            page.on("request", lambda request: downloads.append(request) if "sheet.csv" in request.url else None)
            page.goto(night_url)
            page.locator("#night-token").fill(night_token)
            page.locator("#use-night-token").click()
            before = shown(page)
            assert {p["name"] for p in before["parties"]} == {"ann", "Bob", "Cy", "Dan", "[banker]"}

            # The Roby game is added from the page, by its id and recorder token.
            page.locator("#other-game summary").click()
            page.locator("#game-id").fill(roby[0])
            page.locator("#game-token").fill(roby[1])
            page.locator("#add-game-button").click()
            page.wait_for_selector(f'#night-games .night-game[data-game="{roby[0]}"]')
            page.wait_for_selector("#in-play:not([hidden])")
            after = shown(page)
            api = json.load(urllib.request.urlopen(urllib.request.Request(night_url, headers={
                "X-Night-Token": night_token, "Accept": "application/json"}), timeout=30))
            assert [p["name"] for p in after["parties"]] == [p["name"] for p in api["parties"]]
            names = [p["name"] for p in api["parties"]]
            assert names.count("ann") == 1 and "Ann" not in names
            assert "[pot]" not in after["body"] and "[banker]" not in after["body"]
            pot = next(g["in_play"]["money"] for g in api["games"] if g["id"] == roby[0])
            in_play = f"Roby · roby at the club: {money(pot, 'en_GB')} in the pot, not won yet; it stays on the table."
            assert pot > 0 and after["inPlay"] == [in_play]
            assert {(p["name"], p["net"], p["text"]) for p in after["parties"]} == {
                (p["name"], p["net"], money(p["net"], "en_GB")) for p in api["parties"]}
            assert [(t["from"], t["to"], t["minor"]) for t in after["transfers"]] == [
                (t["from"].replace("[banker]", "the banker"), t["to"].replace("[banker]", "the banker"), t["amount"])
                for t in api["transfers"]]
            assert all(t["text"] == money(t["minor"], "en_GB") for t in after["transfers"])
            assert after["check"].startswith("The nets add up to zero")
            page.screenshot(path=str(ARTIFACTS / "night-375.png"), full_page=True)

            # The CSV: asked for with the token in a header, saved from the answer, adding up to zero.
            with page.expect_download() as download:
                page.locator("#download-csv").click()
            rows = list(csv.reader(io.StringIO(download.value.path().read_text(encoding="utf-8"))))
            (asked,) = downloads
            assert night_token not in asked.url and asked.headers.get("x-night-token") == night_token
            header, *rest = rows
            parties = rest[: rest.index([]) - 1]
            assert sum(int(row[-1]) for row in parties) == 0 and len(header) == 2 + 3
            assert sorted(row[0] for row in parties) == sorted(p["name"] for p in api["parties"])

            # The print layout: the settle-up and the sheet on one A4 page, without the forms.
            page.emulate_media(media="print")
            assert page.locator("#add-game").is_visible() is False and page.locator("#sheet").is_visible()
            pdf = page.pdf(format="A4", margin={"top": "15mm", "bottom": "15mm", "left": "15mm", "right": "15mm"})
            assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1
            page.emulate_media(media="screen")

            # A game taken out from the page: the device keeps its recorder token, as where it was created.
            page.evaluate("([g, t]) => sessionStorage.setItem('meldbook-token:' + g, t)", list(robins))
            page.once("dialog", lambda dialog: dialog.accept())
            page.locator(f'#night-games .take-out[data-game="{robins[0]}"]').click()
            page.wait_for_selector(f'#night-games .night-game[data-game="{robins[0]}"]', state="detached")
            left = shown(page)
            assert {p["name"] for p in left["parties"]} == {"Ann", "Bob", "Cy", "Dan", "[banker]"}
            assert left["check"].startswith("The nets add up to zero")

            wide = chromium.new_context(viewport=DESKTOP, locale="nb-NO")
            norwegian = watched(wide.new_page(), problems)
            norwegian.goto(night_url)
            norwegian.locator("#night-token").fill(night_token)
            norwegian.locator("#use-night-token").click()
            seen = shown(norwegian)
            assert all(p["text"] == money(p["net"], "nb_NO") for p in seen["parties"])
            assert seen["check"].startswith("Nettobeløpene går i null")
            norwegian.screenshot(path=str(ARTIFACTS / "night-1280-nb.png"), full_page=True)
        finally:
            chromium.close()
    assert problems == []


def test_a_night_opened_on_the_home_page_leads_to_its_page_which_keeps_its_token_and_home_lists_it(server: str) -> None:
    problems: list[str] = []
    with opened_chromium() as chromium:
        try:
            page = watched(chromium.new_context(viewport=PHONE, locale="nb-NO").new_page(), problems)
            page.goto(f"{server}/")
            page.locator("#night-name").fill("Fredag i klubben")
            page.locator("#night-stake").fill("10")
            page.locator("#open-night").click()
            link = page.locator("#night-sheet")
            link.wait_for(state="visible")
            token = page.locator("#night-token").text_content()
            link.click()
            page.wait_for_selector("#night-title:has-text('Fredag i klubben')")
            night = page.url.rsplit("/", 1)[-1]
            assert token and token not in page.url
            assert page.locator("#night-token-form").is_hidden() and page.locator("#token-kept").is_visible()
            assert page.locator("#no-night-games").is_visible()
            assert page.evaluate("(n) => sessionStorage.getItem('meldbook-night:' + n)", night) == token
            assert page.locator("#night-money").text_content().endswith(money(10, "nb_NO"))
            page.goto(f"{server}/")  # the home lists the night, to open it again
            listed = page.locator(f'#my-nights li[data-night="{night}"] a')
            assert listed.text_content() == "Fredag i klubben" and listed.get_attribute("href") == f"/nights/{night}"
        finally:
            chromium.close()
    assert problems == []
