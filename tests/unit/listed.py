"""Legal-actions entries as the rules list them, less what the list adds for a page to offer them: the cards a template
may name (`allowed_cards`, `unseen`) and the bounds of its amounts (`bounds`), which tests/unit/test_allowed_cards.py
checks on their own."""

from __future__ import annotations

from typing import Any

PAGE_HINTS = frozenset({"allowed_cards", "unseen", "bounds"})


def plain(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The entries without the page's hints."""
    return [{key: value for key, value in entry.items() if key not in PAGE_HINTS} for entry in entries]
