"""The docs page renders the API's operations in a real headless Chromium, loading nothing from other hosts."""

from __future__ import annotations

import importlib
import json
import os
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from urllib.parse import urlsplit

import pytest

from tests.e2e.chromium import CHROMIUM, opened_chromium
from tests.e2e.threaded_app import served_app

SCREENSHOT = Path("/tmp/docs.png")
LOCAL_HOSTS = {"127.0.0.1", "localhost"}

pytestmark = pytest.mark.browser


def require_browser() -> ModuleType:
    """Playwright's sync API, if it and Debian's chromium are here; else skip, or fail in CI (CI=true)."""
    try:
        sync_api = importlib.import_module("playwright.sync_api")
    except ImportError:
        missing = "the playwright package is missing: pip install -e '.[dev]'"
    else:
        if CHROMIUM.exists():
            return sync_api
        missing = f"{CHROMIUM} is missing: apt-get install -y chromium (never `playwright install`)"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(missing, pytrace=False)
    pytest.skip(missing)


@pytest.fixture
def server(sqlite_env: dict[str, str]) -> Iterator[str]:
    """The real app served by werkzeug on a free localhost port, in a thread; yields its base URL."""
    with served_app(sqlite_env) as url:
        yield url


def test_the_docs_page_renders_every_operation_in_chromium_from_this_server_alone(server: str) -> None:
    require_browser()
    requested: list[str] = []
    with opened_chromium() as browser:
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 2000})
            page.on("request", lambda request: requested.append(request.url))
            response = page.goto(f"{server}/docs", wait_until="networkidle")
            assert response is not None and response.status == 200
            page.get_by_text("/games/{game_id}/moves").first.wait_for(timeout=20_000)
            text = page.inner_text("body")
            page.screenshot(path=str(SCREENSHOT), full_page=True)
        finally:
            browser.close()
    for path in ("/health", "/variants", "/games", "/games/{game_id}", "/games/{game_id}/events"):
        assert path in text, path
    assert "/games/{game_id}/state" in text and "Meldbook" in text
    assert any(url.endswith("/openapi.json") for url in requested), requested
    foreign = [url for url in requested if urlsplit(url).scheme != "data" and urlsplit(url).hostname not in LOCAL_HOSTS]
    assert not foreign, f"the docs page fetched from other hosts: {foreign}"


def test_the_docs_page_sends_the_token_given_to_authorize_and_breaks_none_of_its_strict_csp(server: str) -> None:
    require_browser()
    body = json.dumps({"variant": "roby", "players": ["ann", "bob"]}).encode()
    request = urllib.request.Request(f"{server}/games", body, {"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as answer:
        created = json.load(answer)
    console: list[str] = []
    sent: dict[str, str | None] = {}
    with opened_chromium() as browser:
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 2000})
            page.on("console", lambda message: console.append(message.text))
            page.on("request", lambda request: sent.update({request.url: request.headers.get("authorization")}))
            response = page.goto(f"{server}/docs", wait_until="networkidle")
            assert response is not None and "frame-ancestors 'none'" in response.headers["content-security-policy"]
            page.locator("button.authorize").first.click()
            page.locator(".auth-container input").first.fill(created["token"])
            page.locator(".auth-btn-wrapper button.authorize").first.click()
            page.locator("button.btn-done").first.click()
            read = page.locator('.opblock-get:has([data-path="/games/{game_id}"])').first
            read.locator(".opblock-summary").first.click()
            read.locator("button.try-out__btn").click()
            read.locator('input[placeholder="game_id"]').fill(created["id"])
            read.locator("button.execute").click()
            read.locator(".live-responses-table").wait_for(timeout=20_000)
        finally:
            browser.close()
    assert sent[f"{server}/games/{created['id']}"] == f"Bearer {created['token']}"
    assert not [text for text in console if "Content Security Policy" in text], console
