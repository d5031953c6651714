"""A recorded deal, found by search, whose stops hand ends blocked: with the plays that get there."""

from __future__ import annotations

BLOCKING = {
    "p1": ["4C", "4H", "8D", "AS", "KH", "KS", "10C", "2D", "8C", "QD", "AC", "KC", "JD"],
    "p2": ["9S", "JC", "4D", "3D", "10H", "8S", "QC", "3H", "7S", "6D", "AH", "JS", "6H"],
    "p3": ["8H", "2H", "QS", "AD", "2C", "10S", "3C", "7D", "6C", "9C", "5C", "QH", "7C"],
}
BLOCKING_PLAYS = [
    ("p1", ["4C"]), ("p2", None), ("p3", ["5C", "6C", "7C"]), ("p1", ["8C"]), ("p2", None), ("p3", ["9C"]),
    ("p1", ["10C"]), ("p2", ["JC", "QC"]), ("p3", None), ("p1", ["KC", "AC"]), ("p2", None), ("p3", None),
    ("p1", ["2D"]), ("p2", ["3D", "4D"]), ("p3", None), ("p1", None), ("p2", ["7S", "8S", "9S"]),
    ("p3", ["10S"]), ("p1", None), ("p2", ["JS"]), ("p3", ["QS"]), ("p1", ["KS", "AS"]), ("p2", None),
    ("p3", None), ("p1", ["4H"]), ("p2", None), ("p3", None), ("p3", ["2C", "3C"]), ("p1", None), ("p2", None),
    ("p3", ["2H"]), ("p1", None), ("p2", ["3H"]), ("p3", None), ("p1", None),
]
"""Play (cards) or pass (None), in order; the last pass blocks the hand."""
