"""What changed between two frames, read from the two state documents as the viewer got them (never leaks)."""

from __future__ import annotations

from collections import Counter
from typing import Any


def changes(before: Any, after: Any) -> dict[str, list[dict[str, Any]]]:
    """Zones whose count or cards changed, amounts (scores, money, chips) that moved, and other values that changed.

    A zone is a document with a `count` (a hand, the stock, a meld's cards are lists); its cards moved in and out
    are those the view shows. Paths are dotted ("hands.ann", "ledger.balances.pot", "melds.2.cards"); items of a
list that all carry an `id` (melds) are named by it, and an item that appears or goes is one value.
    """
    found: dict[str, list[dict[str, Any]]] = {"zones": [], "amounts": [], "values": []}
    _diff(before, after, "", found)
    return found


def _diff(before: Any, after: Any, path: str, found: dict[str, list[dict[str, Any]]]) -> None:
    if before == after:
        return
    if _is_zone(before) or _is_zone(after):
        old, new = _zone(before), _zone(after)
        found["zones"].append({
            "path": path,
            "count": [old[0], new[0]],
            "added": sorted((Counter(new[1]) - Counter(old[1])).elements()),
            "removed": sorted((Counter(old[1]) - Counter(new[1])).elements()),
        })
    elif (before is None and isinstance(after, dict)) or (after is None and isinstance(before, dict)):
        found["values"].append({"path": path, "before": before, "after": after})
        _diff(_as_dict(before).get("cards"), _as_dict(after).get("cards"), f"{path}.cards", found)
    elif isinstance(before, dict) or isinstance(after, dict):
        old_doc, new_doc = _as_dict(before), _as_dict(after)
        for key in list(old_doc) + [k for k in new_doc if k not in old_doc]:
            _diff(old_doc.get(key), new_doc.get(key), f"{path}.{key}" if path else str(key), found)
    elif _is_amount(before) or _is_amount(after):
        old_n, new_n = before or 0, after or 0
        found["amounts"].append({"path": path, "before": before, "after": after, "delta": new_n - old_n})
    elif _is_card_list(before) and _is_card_list(after):
        found["zones"].append({
            "path": path,
            "count": [len(before or []), len(after or [])],
            "added": sorted((Counter(after or []) - Counter(before or [])).elements()),
            "removed": sorted((Counter(before or []) - Counter(after or [])).elements()),
        })
    elif isinstance(before, list) and isinstance(after, list) and any(isinstance(i, dict) for i in before + after):
        old_items, new_items = _keyed(before), _keyed(after)
        for key in list(old_items) + [k for k in new_items if k not in old_items]:
            _diff(old_items.get(key), new_items.get(key), f"{path}.{key}", found)
    else:
        found["values"].append({"path": path, "before": before, "after": after})


def _keyed(items: list[Any]) -> dict[Any, Any]:
    """A list's items by their `id` when every item has one (melds), else by their index."""
    if all(isinstance(item, dict) and "id" in item for item in items):
        return {item["id"]: item for item in items}
    return dict(enumerate(items))


def _is_zone(doc: Any) -> bool:
    return isinstance(doc, dict) and "count" in doc and ("cards" in doc or doc.get("secret") is True)


def _zone(doc: Any) -> tuple[int, list[str]]:
    if not isinstance(doc, dict):
        return 0, []
    shown = doc.get("cards") or []
    return int(doc.get("count") or 0), [c for c in shown if isinstance(c, str)]


def _as_dict(doc: Any) -> dict[Any, Any]:
    return doc if isinstance(doc, dict) else {}


def _is_amount(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_card_list(value: Any) -> bool:
    return value is None or (isinstance(value, list) and all(isinstance(item, str) for item in value))
