"""The board as data: the spaces a deal antes on, what makes each pay, and the account each is kept in.

A space is {"id", "pays", ...}: "card" pays whoever plays its one card; "all" pays one player who plays
all its cards (the marriage); "run" pays one player who plays its ranks in one suit (the sequence);
"kitty" is won by the first player out; "pot" is won by the poker hand. The four corner aces are not
spaces: they hold ace bets only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.cards.card import RANKS, SUITS, InvalidCardError, canonical
from domain.errors import SetupError
from domain.text import check_line

TRIPOLEY: list[dict[str, Any]] = [
    {"id": "AH", "pays": "card", "cards": ["AH"]},
    {"id": "KH", "pays": "card", "cards": ["KH"]},
    {"id": "QH", "pays": "card", "cards": ["QH"]},
    {"id": "JH", "pays": "card", "cards": ["JH"]},
    {"id": "10H", "pays": "card", "cards": ["10H"]},
    {"id": "marriage", "pays": "all", "cards": ["KH", "QH"]},
    {"id": "sequence", "pays": "run", "ranks": ["8", "9", "10"]},
    {"id": "kitty", "pays": "kitty"},
    {"id": "pot", "pays": "pot"},
]
HEARTS_SEQUENCE: list[dict[str, Any]] = [
    *(space for space in TRIPOLEY if space["id"] != "sequence"),
    {"id": "sequence", "pays": "all", "cards": ["8H", "9H", "10H"]},
]
"""The Tripoley board whose sequence is the 8, 9 and 10 of hearts alone, as some printed boards have it."""
LAYOUTS: dict[str, tuple[str, list[dict[str, Any]]]] = {
    "tripoley": (
        "Tripoley: the ace, king, queen, jack and ten of hearts, the marriage (king and queen of hearts), the sequence "
        "(8-9-10 of one suit), the Kitty and the Pot",
        TRIPOLEY,
    ),
    "hearts-sequence": ("Tripoley with the sequence in hearts only (8-9-10 of hearts)", HEARTS_SEQUENCE),
}
"""The layouts known by name, each with what it holds in words, for a table to pick rather than write out."""
PAYS = ("card", "all", "run", "kitty", "pot")
POT, KITTY, BANK = "pot", "kitty", "bank"
CORNERS = SUITS


def space_account(space: dict[str, Any]) -> str:
    """The ledger account of a space: 'pot', 'kitty' or 'space:<id>'."""
    if space["pays"] in (POT, KITTY):
        return str(space["pays"])
    return f"space:{space['id']}"


def ace_account(suit: str) -> str:
    """The ledger account of a corner ace ('ace:S')."""
    return f"ace:{suit}"


def bet_account(player: str) -> str:
    """The chips a player has bet in the poker round, in front of him ('bet:ann')."""
    return f"bet:{player}"


def board_accounts(board: Sequence[dict[str, Any]]) -> list[str]:
    """Every space's account and every corner ace's, in board order."""
    return [space_account(s) for s in board] + [ace_account(s) for s in CORNERS]


def pays(space: dict[str, Any], played: Sequence[str], just_played: Sequence[str]) -> bool:
    """Whether a player who has played `played` this deal, the last of them `just_played`, wins the space."""
    kind = space["pays"]
    if kind in ("card", "all"):
        cards = space["cards"]
        return all(c in played for c in cards) and any(c in just_played for c in cards)
    if kind == "run":
        for suit in SUITS:
            cards = [f"{rank}{suit}" for rank in space["ranks"]]
            if all(c in played for c in cards) and any(c in just_played for c in cards):
                return True
    return False


def check_board(value: object) -> list[dict[str, Any]]:
    """A declared layout in canonical form, or a SetupError saying what is wrong with it."""
    where = "options.board"
    if not isinstance(value, list) or not 2 <= len(value) <= 20:
        raise SetupError("board must be a list of 2 to 20 spaces", field=where)
    board = [_space(item, where) for item in value]
    ids = [s["id"] for s in board]
    if len(set(ids)) != len(ids):
        raise SetupError("every board space needs an id of its own", field=where)
    for kind in (POT, KITTY):
        if sum(1 for s in board if s["pays"] == kind) != 1:
            raise SetupError(f"a board has exactly one '{kind}' space", field=where)
    return board


def _space(item: object, where: str) -> dict[str, Any]:
    if not isinstance(item, dict) or not isinstance(item.get("id"), str) or not 0 < len(item["id"]) <= 20:
        raise SetupError("each board space is an object with an 'id' of 1 to 20 characters", field=where)
    check_line(item["id"], f"{where}.id", max_length=20)
    kind = item.get("pays")
    if kind not in PAYS:
        raise SetupError(f"space {item['id']}: 'pays' must be one of {', '.join(PAYS)}", field=where)
    needed = {"card": {"cards"}, "all": {"cards"}, "run": {"ranks"}}.get(kind, set())
    if set(item) != {"id", "pays"} | needed:
        raise SetupError(f"space {item['id']}: a '{kind}' space has exactly {sorted({'id', 'pays'} | needed)}",
                         field=where)
    space: dict[str, Any] = {"id": item["id"], "pays": kind}
    if "cards" in needed:
        space["cards"] = _cards(item["cards"], 1 if kind == "card" else 2, where)
        if kind == "card" and len(space["cards"]) != 1:
            raise SetupError(f"space {item['id']}: a 'card' space names one card", field=where)
    if "ranks" in needed:
        ranks = item["ranks"]
        if not isinstance(ranks, list) or len(ranks) < 2 or any(r not in RANKS for r in ranks):
            raise SetupError(f"space {item['id']}: 'ranks' lists 2 or more ranks of A 2-10 J Q K", field=where)
        space["ranks"] = list(ranks)
    return space


def _cards(value: object, least: int, where: str) -> list[str]:
    if not isinstance(value, list) or len(value) < least or len(set(map(str, value))) != len(value):
        raise SetupError(f"'cards' must list at least {least} distinct card codes", field=where)
    try:
        return [canonical(c) for c in value]
    except InvalidCardError as error:
        raise SetupError(error.message, field=where) from None
