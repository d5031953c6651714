"""The docs page renders the API's operations in a real headless Chromium, loading nothing from other hosts."""

from __future__ import annotations

import importlib
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from urllib.parse import urlsplit

import pytest
from werkzeug.serving import make_server

from api.app import create_app

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
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
def server(tmp_path: Path) -> Iterator[str]:
    """The real app served by werkzeug on a free localhost port, in a thread; yields its base URL."""
    env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "docs.sqlite")}
    app = create_app(env=env)
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    thread.join(timeout=10)
    app.extensions["meldbook"].close()


def test_the_docs_page_renders_every_operation_in_chromium_from_this_server_alone(server: str) -> None:
    sync_api = require_browser()
    requested: list[str] = []
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
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
