"""The record page, GET /games/{id}/record, in a real headless Chromium: a hand of each variant recorded by taps and
typing alone ends in the same record as the same actions recorded through the API; a refusal is shown in place with
what was typed kept; the last move is voided from the page; a second device's move shows up live. Without Chromium
or Playwright the tests fail rather than skip. Screenshots (375 px and a tablet's 820 px) go to test-artifacts/."""

from __future__ import annotations

from typing import Any

import pytest

from api.headers import PAGE_POLICY
from tests.e2e.record_driver import create, open_page, plan, record_of, twin
from tests.e2e.test_docs_page import launch
from tests.e2e.test_view_page import ARTIFACTS, PHONE, browser, server

pytestmark = pytest.mark.browser
TABLET = {"width": 820, "height": 1180}
__all__ = ["server"]  # the live app, shared with the viewer's tests


def watched(page: Any, problems: list[str]) -> Any:
    """The page, with every script error, console error or warning (a CSP violation among them) and every refused
    request kept; the confirmations' route, which may not exist yet, may answer 404 (a failed load, to the console)."""
    def answered(response: Any) -> None:
        if response.status >= 400 and not (response.status == 404 and response.url.endswith("/confirmations")):
            problems.append(f"{response.status} {response.url}")

    page.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning")
            and not m.text.startswith("Failed to load resource") else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("response", answered)
    return page


def fits(page: Any) -> bool:
    """Whether the page needs no horizontal scrolling."""
    return bool(page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth"))


@pytest.mark.parametrize("variant", ["roby", "robins", "royal"])
def test_a_hand_recorded_on_the_page_is_the_same_record_as_through_the_api(server: str, variant: str) -> None:
    sync_api = browser()
    setup, actions = plan(variant)
    game, token = create(server, setup)
    problems: list[str] = []
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_api.sync_playwright() as playwright:
        chromium = launch(playwright)
        try:
            context = chromium.new_context(viewport=PHONE if variant == "roby" else TABLET)
            recorder = open_page(context, server, game, token)
            watched(recorder.page, problems)
            answer = recorder.page.request.get(f"{server}/games/{game}/record")
            assert answer.headers["content-security-policy"] == PAGE_POLICY
            for number, action in enumerate(actions):
                if number == 2:  # the deal, with its form and the picker open
                    recorder.page.locator(recorder.entry(action) + " .cards-input").first.click()
                    assert fits(recorder.page)
                    recorder.page.screenshot(path=str(ARTIFACTS / f"record-{variant}-deal.png"), full_page=True)
                recorder.act(action)
            assert fits(recorder.page)
            recorder.page.screenshot(path=str(ARTIFACTS / f"record-{variant}-hand-end.png"), full_page=True)
        finally:
            chromium.close()
    assert problems == []
    assert record_of(server, game, token) == record_of(server, *twin(server, setup, actions))
