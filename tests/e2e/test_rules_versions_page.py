"""The record page carries a game on under the newest rules: a game kept under Roby's rules version 1 (imported from
a record without a rules tag) offers, in the Table menu, to adopt version 2 from the next deal; two taps adopt it;
the page then offers it no more. In a real headless Chromium, on a phone's screen."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from tests.e2e.chromium import opened_chromium
from tests.e2e.record_driver import call, open_page
from tests.e2e.test_view_page import ARTIFACTS, PHONE, server  # noqa: F401  (the served app)

pytestmark = pytest.mark.browser
CUT_ONLY = """[Variant "roby"]
[Seat1 "Ann"]
[Seat2 "Bob"]
[Seat3 "Cy"]

Hand 1
1. Ann cut KD
2. Bob cut 5H
3. Cy cut 2C
"""
"""A Roby record kept before rules versions (no Rules tag): the cut, the deal still to come."""


def imported(base: str, text: str) -> dict[str, Any]:
    """A record imported on the live server: the new game's id, version and token."""
    request = urllib.request.Request(f"{base}/games/import", text.encode(),
                                     {"Content-Type": "application/vnd.meldbook.notation"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        created: dict[str, Any] = json.load(answer)
        return created


def test_the_table_menu_adopts_the_newest_rules_from_the_next_deal_with_a_second_tap(server: str) -> None:  # noqa: F811
    game = imported(server, CUT_ONLY)
    shown = call(f"{server}/games/{game['id']}", token=game["token"])
    assert (shown["rules_version"], shown["state"]["next_rules_version"]) == (1, None)
    with opened_chromium() as chromium:
        try:
            recorder = open_page(chromium.new_context(viewport=PHONE), server, game["id"], game["token"])
            recorder.page.locator("#table-menu summary").click()
            button = recorder.page.locator('#table-actions .entry[data-action="adopt_rules"] button.choice')
            assert button.count() == 1 and "version 2, from the next deal" in button.inner_text()
            ARTIFACTS.mkdir(exist_ok=True)
            recorder.page.screenshot(path=str(ARTIFACTS / "adopt-rules-375.png"))
            before = recorder.version()
            button.click()
            assert button.inner_text().startswith("Tap again to confirm") and recorder.version() == before
            button.click()
            recorder.wait_for_version(before)
            recorder.page.locator("#table-menu summary").click()
            assert recorder.page.locator('#table-actions .entry[data-action="adopt_rules"]').count() == 0
        finally:
            chromium.close()
    after = call(f"{server}/games/{game['id']}", token=game["token"])
    assert (after["rules_version"], after["state"]["next_rules_version"]) == (1, 2)
