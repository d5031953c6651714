"""The viewer page in Norwegian in a real headless Chromium: a browser whose language is Norwegian gets the page and
every frame its script draws in Norwegian, and the switch on the page turns it to English and keeps it so."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.e2e.chromium import opened_chromium
from tests.e2e.test_languages import TRANSLATED, in_norwegian
from tests.e2e.test_view_page import ARTIFACTS, PHONE, call, recorded, server, watched

__all__ = ["recorded", "server"]  # the view page's module fixtures, shared
pytestmark = pytest.mark.browser


def test_a_norwegian_browser_steps_through_a_hand_in_norwegian_and_switches_to_english(
    server: str, recorded: Callable[[str], tuple[str, str]]
) -> None:
    game, _ = recorded("roby")
    frames = call(f"{server}/games/{game}/replay?hand=1")["frames"]
    problems: list[str] = []
    ARTIFACTS.mkdir(exist_ok=True)
    with opened_chromium() as chromium:
        try:
            context = chromium.new_context(viewport=PHONE, locale="nb-NO")
            page = watched(context.new_page(), problems)
            page.goto(f"{server}/games/{game}/view?hand=1", wait_until="networkidle")
            assert page.get_attribute("html", "lang") == "nb"
            for frame in frames[1:4]:
                page.get_by_role("button", name=TRANSLATED["Forward to the next move"]).click()
                words = page.locator(f'#table .words[data-move="{frame["move"]}"]')
                words.wait_for(timeout=10_000)
                assert words.text_content() == f"Trekk {frame['move']}: {in_norwegian(frame['phrase'])}"
                assert words.text_content() != f"Trekk {frame['move']}: {frame['words']}"  # not the English
            assert page.locator("#settlement-title").text_content() == TRANSLATED["Settlement"]
            page.screenshot(path=str(ARTIFACTS / "view-norwegian-375.png"), full_page=True)
            page.get_by_role("link", name="English").click()
            page.wait_for_load_state("networkidle")
            assert page.get_attribute("html", "lang") == "en"
            assert page.get_by_role("button", name="Next move").is_visible()
            page.reload(wait_until="networkidle")
            assert page.get_attribute("html", "lang") == "en"  # the choice outlasts the browser's language
            context.close()
        finally:
            chromium.close()
    assert problems == []
