"""The pages in Norwegian in a real headless Chromium: a browser whose language is Norwegian gets the viewer and every
frame its script draws in Norwegian, and the switch on the page turns it to English and keeps it so; and every page
in both languages as Chromium draws it (scripts run: move descriptions, charts, option lists, the sheet): a visible
text that reads the same in English and in Norwegian must be a name (a player's, a game's or a night's title), a
card, a number, an amount or a code, or a word that is the same in both languages (ALLOWED). What the service says
in its own English (a refusal's detail, a problem code's example) is marked `lang="en"` and left out, as is code
(`<code>`: an option's name in the notation); the only text so marked on the Norwegian pages read here is the
problem code's example (the rules' sentences, a balance's explained entries and what each code concerns among them,
are Norwegian)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from api.problem_table import PROBLEMS
from tests.e2e.chromium import opened_chromium
from tests.e2e.test_axe import LOCALES, Games, every_page, games, opened
from tests.e2e.test_languages import TRANSLATED, in_norwegian
from tests.e2e.test_view_page import ARTIFACTS, PHONE, call, recorded, server, watched

__all__ = ["games", "recorded", "server"]  # the view page's and the accessibility check's module fixtures, shared
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


VISIBLE_TEXTS = """() => {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const found = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const words = node.textContent.replace(/\\s+/g, " ").trim();
    const parent = node.parentElement;
    if (!words || !parent || parent.closest('body [lang="en"], code, script, style, svg, [hidden], .card')) continue;
    if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    found.push(words);
  }
  for (const field of document.querySelectorAll("input[placeholder], textarea[placeholder]")) {
    if (field.checkVisibility()) found.push(field.placeholder);
  }
  return found;
}"""
ENGLISH_MARKED = """() => [...document.querySelectorAll('body [lang="en"]')]
  .filter((node) => !node.closest("nav.languages") && !node.parentElement.closest('body [lang="en"]'))
  .map((node) => node.textContent.replace(/\\s+/g, " ").trim())"""
"""The texts marked as English on the page, but the language switch's own name of English."""
ALLOWED = {
    "meldbook", "roby", "robins", "royal", "rummy", "kitty", "pot", "csv", "english", "norsk", "bokmål", "nok", "kr",
    "status", "variant", "a", "k", "q", "j", "jk", "s", "h", "d", "c", "p",
}
"""Words that read the same in Norwegian (the product's and the variants' names, Kitty, Pot, CSV, the languages'
own names in the switch, currency codes), and the letters of card codes (`10H`, `QS`) and of the bots' names."""
NAMES = ("Ann", "Bob", "Cy", "Seats at the table", "roby at the club", "Friday at the club", "A roby game",
         "A robins game", "A royal game")
"""The players' names and the titles the games and the night were given (this module's and the viewer test's games,
listed on /play): what the people typed."""


CODE = re.compile(r"\b[A-Z0-9]+(?:-[A-Z0-9]+)+\b")
"""A code such as a pairing code (`HX4K-9QTM`), which reads the same in every language."""


def unexplained(text: str) -> list[str]:
    """The words of a text that are neither names, nor cards, numbers, amounts and codes, nor words alike in both."""
    for name in NAMES:
        text = text.replace(name, " ")
    text = CODE.sub(" ", text)
    return [word for word in re.findall(r"[^\W\d_]+", text) if word.lower() not in ALLOWED]


def test_every_visible_text_that_reads_the_same_in_english_and_norwegian_is_a_name_a_card_a_number_or_alike(
    server: str, games: Games
) -> None:
    seen: dict[str, dict[str, list[str]]] = {}
    marked: dict[str, list[str]] = {}
    with opened_chromium() as chromium:
        try:
            for language, locale in LOCALES.items():
                page = chromium.new_context(viewport=PHONE, locale=locale).new_page()
                for where in every_page(games):
                    opened(page, server, language, where)
                    seen.setdefault(where[0], {})[language] = page.evaluate(VISIBLE_TEXTS)
                    if language == "nb" and (english := page.evaluate(ENGLISH_MARKED)):
                        marked[where[0]] = english
        finally:
            chromium.close()
    assert marked == {"a problem code": [PROBLEMS["invalid-setup"].example]}
    same: list[tuple[str, str]] = []
    for name, shown in seen.items():
        alike = set(shown["en"]) & set(shown["nb"])
        same += [(name, text) for text in sorted(alike) if unexplained(text)]
    assert not same, "\n".join(f"{name}: {text!r}" for name, text in same)
