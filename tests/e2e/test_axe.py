"""Every page checked with axe-core (the axe-playwright-python package's copy) in a real headless Chromium, against WCAG
2.0 A and AA, WCAG 2.1 AA and axe's best practices (its tags wcag2a, wcag2aa, wcag21aa, best-practice: headings in
order among them): home, /play, a game's setup page (the recorder token in the tab, a seat's pairing code shown),
/pair, the record page as the recorder (a Roby game in its first hand, the Table menu open) and as a seat (a game
recorded by its seats), the viewer on a finished game (its settlement panel with one balance explained), the night's
page (its token entered, a party's lines open) and the problem codes' reference. Each is read at a phone's 375 px and
a desktop's 1280 px, in English and in Norwegian: one browser context for each language and width, on the games
recorded once for the module. Each page is checked once its script has drawn it (a selector it sets then), and the
test fails listing every violation (rule, impact, page, the elements' selectors) unless there are none; it also fails
on a page that is wider than the screen (reflow, which axe does not measure). The API's /docs page is Swagger UI's, a
library's page, and is left out."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.e2e import test_view_page as viewer_page
from tests.e2e.chromium import opened_chromium
from tests.e2e.test_night_page import CHIP, STAKE, record, send
from tests.e2e.test_view_page import DESKTOP, PHONE, call

pytestmark = pytest.mark.browser
server = viewer_page.server  # the real app on a localhost port, one for this module
TAGS = ["wcag2a", "wcag2aa", "wcag21aa", "best-practice"]
AXE_OPTIONS = {"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}
LOCALES = {"en": "en-GB", "nb": "nb-NO"}
SEATS = ["Ann", "Bob", "Cy"]
SEAT = "Bob"
"""The seat whose record page is read; Cy's pairing code is shown on the setup page."""
TOKEN_KEPT = "([game, token]) => sessionStorage.setItem('meldbook-token:' + game, token)"
"""Keep a game's token in the tab, as the pages keep it (api/static/device.js)."""


@dataclass(frozen=True)
class Games:
    """What the pages show: a finished Roby game and one in its first hand (recorder tokens), a fresh game recorded
    by its seats (its recorder token and Bob's seat token), and a night of the two Roby games (its token)."""

    finished: str
    playing: tuple[str, str]
    seated: tuple[str, str]
    seat_token: str
    night: tuple[str, str]


@pytest.fixture(scope="module")
def games(server: str) -> Games:
    finished, playing = record(server, "roby"), record(server, "roby", 30)
    seated = call(f"{server}/games", {"variant": "roby", "players": SEATS, "deal_mode": "recorded",
                                      "recording": "seats", "title": "Seats at the table"})
    seat = call(f"{server}/games/{seated['id']}/tokens/seats/{SEAT}", {}, seated["token"])
    night = call(f"{server}/nights", {"title": "Friday at the club", "chip_value": {"amount": CHIP, "currency": "NOK"},
                                      "robins_stake": {"amount": STAKE, "currency": "NOK"}})
    for game, token in (finished, playing):
        send(f"{server}/nights/{night['id']}/games", {"game": game},
             {"X-Night-Token": night["token"], "Authorization": f"Bearer {token}"})
    return Games(finished[0], playing, (seated["id"], seated["token"]), seat["token"], (night["id"], night["token"]))


def loaded(page: Any) -> None:
    """A page without anything its script draws: read once loaded (goto waits for the load event)."""


def drawn(*selectors: str) -> Callable[[Any], None]:
    """Wait until the page shows what its script draws: an element each selector finds."""

    def wait(page: Any) -> None:
        for selector in selectors:
            page.wait_for_selector(selector, state="attached", timeout=15_000)

    return wait


def setup_drawn(page: Any) -> None:
    """The setup page once it has drawn the options and each seat's switch, with Cy's pairing code shown."""
    drawn("#options .option", ".device-input:not([disabled])")(page)
    page.locator('.seat-row[data-player="Cy"] .pair-button').click()
    page.wait_for_selector('.seat-row[data-player="Cy"] .pairing:not([hidden]) .pair-code:not(:empty)',
                           timeout=15_000)


def record_drawn_with_its_menu_open(page: Any) -> None:
    """The recorder's record page once drawn, with the Table menu (irregularities and corrections) open."""
    drawn("#record[data-version]")(page)
    page.locator("#table-menu summary").click()
    page.wait_for_selector("#table-actions > *", timeout=15_000)


def view_drawn(page: Any) -> None:
    """The viewer once its script has drawn the last move, with the first player's balance explained."""
    page.wait_for_function("() => location.search.includes('at=')", timeout=15_000)
    page.locator("#balances .explain").first.click()
    page.wait_for_selector("#explanation:not([aria-busy]) #explanation-entries li", timeout=15_000)


def night_drawn(night_token: str) -> Callable[[Any], None]:
    """The night's page once its token is entered and the sheet drawn, with the first party's lines open."""

    def wait(page: Any) -> None:
        page.locator("#night-token").fill(night_token)
        page.locator("#use-night-token").click()
        drawn("#token-kept:not([hidden])", "#sheet tbody tr[data-party]")(page)
        page.locator("#party-lines details summary").first.click()

    return wait


def violations(page: Any, axe: Axe) -> list[dict[str, Any]]:
    """What axe finds wrong on the page as it is shown; that it checked something is asserted."""
    results = axe.run(page, options=AXE_OPTIONS).response
    assert results["passes"], f"axe checked nothing on {page.url}"
    found: list[dict[str, Any]] = results["violations"]
    return found


def described(where: str, violation: dict[str, Any]) -> str:
    """One violation as the failure lists it: its rule, impact and page, and the selector of each element."""
    targets = "\n".join(f"      {' '.join(map(str, node['target']))}" for node in violation["nodes"])
    return f"  {violation['id']} ({violation['impact']}) on {where}: {violation['help']}\n{targets}"


WIDER_THAN_THE_SCREEN = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
"""How far a page reaches past the screen's edge: nothing on a page may make a reader scroll sideways (WCAG 1.4.10,
reflow; axe does not measure it)."""
Page = tuple[str, str, Callable[[Any], None], tuple[str, str] | None]
"""A page to read: its name, its path, what to wait for (and do) once it is loaded, and the token to keep first."""


def every_page(games: Games) -> list[Page]:
    """Every page of the service, each in the state that shows the most of it."""
    seated, seat_token = games.seated, games.seat_token
    return [
        ("/pair", "/pair", loaded, None),
        ("/play", "/play", drawn("#players .player-name", "#options .option", "#public-games li"), None),
        ("setup", f"/games/{seated[0]}/setup", setup_drawn, seated),
        ("record (recorder)", f"/games/{games.playing[0]}/record", record_drawn_with_its_menu_open, games.playing),
        ("record (seat)", f"/games/{seated[0]}/record", drawn("#record[data-version]"), (seated[0], seat_token)),
        ("view", f"/games/{games.finished}/view", view_drawn, None),
        ("night", f"/nights/{games.night[0]}", night_drawn(games.night[1]), None),
        ("home", "/", drawn("#my-games li"), None),
        ("problem codes", "/problems", loaded, None),
        ("a problem code", "/problems/invalid-setup", loaded, None),
    ]


def opened(page: Any, server: str, language: str, where: Page) -> None:
    """Go to the page, with its token kept first, and wait until it is drawn; in the language asked for."""
    _, path, wait, token = where
    if token is not None:
        page.evaluate(TOKEN_KEPT, list(token))
    answer = page.goto(f"{server}{path}")
    assert answer is not None and answer.status == 200, path
    assert page.get_attribute("html", "lang") == language
    wait(page)


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=lambda v: f"{v['width']}px")
@pytest.mark.parametrize("language", sorted(LOCALES))
def test_every_page_has_no_accessibility_violation_axe_finds_and_none_scrolls_sideways(
    server: str, games: Games, language: str, viewport: dict[str, int]
) -> None:
    axe = Axe()
    found: list[str] = []
    with opened_chromium() as chromium:
        try:
            page = chromium.new_context(viewport=viewport, locale=LOCALES[language]).new_page()
            for where in every_page(games):
                opened(page, server, language, where)
                found += [described(f"{where[0]} ({where[1]})", v) for v in violations(page, axe)]
                wider = page.evaluate(WIDER_THAN_THE_SCREEN)
                found += [f"  reflow on {where[0]} ({where[1]}): {wider} px wider than the screen"] if wider > 0 else []
        finally:
            chromium.close()
    assert not found, f"{len(found)} accessibility violations:\n" + "\n".join(found)
