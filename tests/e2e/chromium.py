"""Debian's headless Chromium for the browser tests, driven by Playwright: one browser per test process.

Starting Playwright's driver and launching Chromium cost about a second of CPU, which every browser test paid
again. A test now takes the process's one browser through `opened_chromium()`: it opens contexts and pages as on
a browser of its own, and when the test is done every context it opened is closed (with its pages, cookies and
storage), so no test meets another's. The browser is launched when a test first asks for it, launched again if it
went away, and closed when the test session ends (tests/e2e/conftest.py's `pytest_sessionfinish`) or before a test
not marked `browser` (tests/conftest.py: Playwright's running event loop would stop such a test's asyncio.run).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
_PROCESS: dict[str, Any] = {}
"""This process's Playwright and browser, once started."""


def browser() -> ModuleType:
    """Playwright's sync API with Debian's chromium; the test fails (never skips) when either is missing."""
    try:
        sync_api = importlib.import_module("playwright.sync_api")
    except ImportError:
        pytest.fail("the playwright package is missing: pip install -e '.[dev]'", pytrace=False)
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium (never `playwright install`)", pytrace=False)
    return sync_api


def launch(playwright: Any) -> Any:
    """Debian's chromium, headless."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)


class BorrowedBrowser:
    """The process's browser as one test uses it: `new_context` and `new_page` as on a Browser; `close` closes the
    contexts this test opened, and leaves the browser to the tests after it."""

    def __init__(self, shared: Any) -> None:
        self._shared = shared
        self._before = set(shared.contexts)

    def new_context(self, **options: Any) -> Any:
        return self._shared.new_context(**options)

    def new_page(self, **options: Any) -> Any:
        return self._shared.new_page(**options)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._shared, name)  # what else a Browser has (its version, its contexts)

    def close(self) -> None:
        for context in self._shared.contexts:
            if context not in self._before:
                context.close()


def process_browser() -> Any:
    """This process's browser: launched at the first call, and again if it went away."""
    shared = _PROCESS.get("browser")
    if shared is not None and shared.is_connected():
        return shared
    close_process_browser()
    playwright = browser().sync_playwright().start()
    _PROCESS["playwright"] = playwright
    _PROCESS["browser"] = launch(playwright)
    return _PROCESS["browser"]


@contextmanager
def opened_chromium() -> Iterator[BorrowedBrowser]:
    """Chromium for one test: the process's browser; every context the test opened is closed when it ends."""
    used = BorrowedBrowser(process_browser())
    try:
        yield used
    finally:
        used.close()


def close_process_browser() -> None:
    """Close this process's browser and stop its Playwright, if they were started."""
    shared, playwright = _PROCESS.pop("browser", None), _PROCESS.pop("playwright", None)
    try:
        if shared is not None and shared.is_connected():
            shared.close()
    finally:
        if playwright is not None:
            playwright.stop()
