"""Answers held back in the browser: Playwright's routing lets each picked request reach the server at once and
keeps its answer from the page until the test lets it through, so that a test can make answers arrive out of order."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest


class Held:
    """The server's answers to the browser's requests whose URL the test picks, held until released: each request
    reaches the server at once, its answer reaches the page only when the test lets it through."""

    def __init__(self, page: Any, picked: Callable[[str], bool]) -> None:
        self.page = page
        self.holding = True
        self.routes: list[tuple[Any, Any]] = []
        page.route(picked, self.hold)

    def hold(self, route: Any) -> None:
        if self.holding:
            self.routes.append((route, route.fetch()))
        else:
            route.continue_()

    def stop(self) -> None:
        """Hold no more requests (those held stay held until released)."""
        self.holding = False

    def one(self) -> tuple[Any, Any]:
        """Wait (pumping the browser's events) until an answer is held; its route and the answer."""
        for _ in range(400):
            if self.routes:
                return self.routes.pop(0)
            self.page.wait_for_timeout(25)
        pytest.fail("the page never sent the request the test holds back")

    def release(self, held: tuple[Any, Any]) -> None:
        """Let the held answer through; return once the page has had all of it and time to act on it."""
        route, response = held
        with self.page.expect_response(lambda r: r.url == route.request.url) as answer:
            route.fulfill(response=response)
        answer.value.finished()
        self.page.evaluate("() => new Promise((done) => setTimeout(done, 300))")
