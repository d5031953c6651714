"""Action bodies to and from the notation's fields: a value in place or `name=value`, lists in brackets.

The reader builds the body `POST /moves` would take and checks nothing the rules or the action parser check
(domain/rules/actions.py): a wrong card or a missing field is refused by the same code, with the same `code`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.notation.errors import NotationError
from domain.notation.grammars import Grammar
from domain.notation.record import HIDDEN
from domain.notation.tokens import Token, quoted
from domain.rules.actions import ActionKind, Param

_KEYWORD = re.compile(r"([A-Za-z_][A-Za-z_0-9]*)=(.*)")
_INTEGER = re.compile(r"[+-]?\d{1,30}")
"""A whole number as the reader turns it into one; longer runs of digits go to the action parser as text."""
_LAY_OFF = re.compile(r"(.+)>(.*)")
TRUE_WORDS = ("confirm", "yes", "true")


@dataclass(frozen=True, slots=True)
class Group:
    """A bracketed list of values, with the column of its opening bracket."""

    items: tuple[Value, ...]
    column: int


Value = Token | Group


MAX_DEPTH = 3
"""Lists nest at most this deep (the hands dealt: a list of players' lists of cards)."""


def read_value(tokens: Sequence[Token], at: int, line: int, depth: int = 0) -> tuple[Value, int]:
    """The value starting at tokens[at] (a word, a string or a bracketed group) and the index after it."""
    token = tokens[at]
    if depth > MAX_DEPTH:
        raise NotationError(f"lists nest at most {MAX_DEPTH} deep", line=line, column=token.column)
    if token.kind != "[":
        if token.kind not in ("word", "string"):
            raise NotationError(f"'{token.text}' is not a value here", line=line, column=token.column)
        return token, at + 1
    items: list[Value] = []
    at += 1
    while at < len(tokens) and tokens[at].kind != "]":
        item, at = read_value(tokens, at, line, depth + 1)
        items.append(item)
    if at >= len(tokens):
        raise NotationError("a list opened with [ is not closed with ]", line=line, column=token.column)
    return Group(tuple(items), token.column), at + 1


def read_fields(
    kind: ActionKind, grammar: Grammar, values: Sequence[tuple[str | None, Value]], line: int
) -> tuple[dict[str, Any], dict[str, int]]:
    """The body fields of an action (without type and player) and the column of each, from its values in order
    (each with its `name=` if written so)."""
    in_place = grammar.in_place(kind.type)
    fields: dict[str, Any] = {}
    columns: dict[str, int] = {}
    position = 0
    for name, value in values:
        if name is None:
            if position >= len(in_place):
                raise NotationError(
                    f"a {kind.type} action takes {len(in_place)} value(s) in place; write the others as name=value",
                    line=line, column=value.column, code="invalid-action",
                )
            name = in_place[position]
            position += 1
        if name in fields:
            raise NotationError(f"{name} is given twice", line=line, column=value.column, code="invalid-action")
        param = kind.param(name)
        fields[name] = _read(param, value, line) if param is not None else _plain(value)
        columns[name] = value.column
    return fields, columns


def _read(param: Param, value: Value, line: int) -> Any:
    kind = param.kind
    if kind == "card":
        return _card(value, line)
    if kind in ("cards", "seeds"):
        items = value.items if isinstance(value, Group) else (value,)
        read = _card if kind == "cards" else _int
        return [read(item, line) for item in items]
    if kind == "int":
        return _int(value, line)
    if kind == "text":
        text = _plain(value)
        return next((c for c in param.choices if isinstance(text, str) and c.lower() == text.lower()), text)
    if kind == "confirm":
        return True if isinstance(value, Token) and value.text.lower() in TRUE_WORDS else _plain(value)
    if kind == "melds" and isinstance(value, Group):
        return [_read(Param("m", "cards"), item, line) for item in value.items]
    if kind == "lay_offs" and isinstance(value, Group):
        return [_lay_off(item, line) for item in value.items]
    if kind == "card_map" and isinstance(value, Group):
        return _card_map(value, line)
    if kind == "count_map" and isinstance(value, Group):
        return _count_map(value, line)
    return _plain(value)


def _plain(value: Value) -> Any:
    """A value as JSON-like data, for the action parser to judge."""
    if isinstance(value, Group):
        return [_plain(item) for item in value.items]
    return value.text


def _card(value: Value, line: int) -> Any:
    if isinstance(value, Token) and value.text == HIDDEN:
        raise NotationError(
            "?? stands for a card not known, which Meldbook cannot record yet: name the card",
            line=line, column=value.column, code="unknown-card-not-supported",
        )
    return _plain(value)


def _int(value: Value, line: int) -> Any:
    if isinstance(value, Token) and _INTEGER.fullmatch(value.text):
        return int(value.text)
    return _plain(value)


def _lay_off(value: Value, line: int) -> Any:
    match = _LAY_OFF.fullmatch(value.text) if isinstance(value, Token) else None
    if match is None:
        raise NotationError("a lay-off is written card>meld, e.g. 7H>2", line=line, column=value.column,
                            code="invalid-action")
    card = _card(Token("word", match.group(1), value.column), line)
    return {"card": card, "meld": _int(Token("word", match.group(2), value.column), line)}


def _count_map(group: Group, line: int) -> dict[str, Any]:
    return _player_map(group, line, "counts are written [name count name count ...]", lambda v: _int(v, line))


def _card_map(group: Group, line: int) -> dict[str, Any]:
    return _player_map(
        group, line, "hands are written [name [cards] name [cards] ...]", lambda v: _read(Param("c", "cards"), v, line)
    )


def _player_map(group: Group, line: int, written: str, read: Callable[[Value], Any]) -> dict[str, Any]:
    """A value per player, written `[name value name value ...]`."""
    entries: dict[str, Any] = {}
    items = list(group.items)
    if len(items) % 2:
        raise NotationError(written, line=line, column=group.column, code="invalid-action")
    for name, value in zip(items[::2], items[1::2], strict=True):
        if not isinstance(name, Token):
            raise NotationError("each entry starts with its player's name", line=line, column=name.column,
                                code="invalid-action")
        entries[name.text] = read(value)
    return entries


def split_keyword(token: Token) -> tuple[str, Token] | None:
    """A `name=value` word as its name and the token of its value (empty text when the value follows)."""
    match = _KEYWORD.fullmatch(token.text) if token.kind == "word" else None
    if match is None:
        return None
    offset = len(match.group(1)) + 1
    return match.group(1), Token("word", match.group(2), token.column + offset)


def write_fields(kind: ActionKind, grammar: Grammar, action: Mapping[str, Any]) -> list[str]:
    """An action's fields as the writer writes them: in place while each is present, then the rest as name=value.

    Seeds the reader may not see are left out, not written ??: only a full view has them."""
    action = {k: v for k, v in action.items() if v is not None or _param(kind, k).kind != "seeds"}
    placed: list[str] = []
    for name in grammar.in_place(kind.type):
        if name not in action:
            break
        placed.append(name)
    written = [write_value(_param(kind, name), action[name]) for name in placed]
    written += [
        f"{param.name}={write_value(param, action[param.name])}"
        for param in kind.params
        if param.name in action and param.name not in placed
    ]
    return written


def _param(kind: ActionKind, name: str) -> Param:
    return kind.param(name) or Param(name, "text")


def write_value(param: Param, value: Any) -> str:
    """One field's value in the canonical form; a hidden value (masked for the reader) as ??."""
    if value is None:
        return HIDDEN
    kind = param.kind
    if kind in ("cards", "seeds"):
        return "[" + " ".join(HIDDEN if v is None else str(v) for v in value) + "]"
    if kind == "melds":
        return "[" + " ".join(write_value(Param("m", "cards"), meld) for meld in value) + "]"
    if kind == "lay_offs":
        return "[" + " ".join(f"{item['card']}>{item['meld']}" for item in value) + "]"
    if kind == "card_map":
        return "[" + " ".join(
            f"{quoted(name)} {write_value(Param('c', 'cards'), cards)}" for name, cards in value.items()
        ) + "]"
    if kind == "count_map":
        return "[" + " ".join(f"{quoted(name)} {count}" for name, count in value.items()) + "]"
    if kind == "confirm":
        return "confirm" if value is True else quoted(str(value))
    if kind == "text":
        return quoted(str(value))
    return str(value)
