"""Actions as the API posts them: one parser, driven by each variant's declared action kinds."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from domain.cards.card import InvalidCardError, canonical, canonical_list
from domain.errors import InvalidActionError
from domain.text import check_line, check_name

ENVELOPE = frozenset({"type", "player", "expected_version"})
MAX_SEED = 2**63 - 1


def _card(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise InvalidCardError(f"{name} must be a card code such as '10H'", field=name)
    try:
        return canonical(value)
    except InvalidCardError as error:
        raise InvalidCardError(error.message, field=name) from None


def _whole(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != int(value):
        raise InvalidActionError(f"{name} must be a whole number", field=name)
    if not -(10**12) <= value <= 10**12:
        raise InvalidActionError(f"{name} is out of range", field=name)
    return int(value)


def _text(value: object, name: str) -> str:
    if not isinstance(value, str) or not value:
        raise InvalidActionError(f"{name} must be a non-empty text of at most 100 characters", field=name)
    return check_line(value, name, max_length=100)


def _name(value: object, name: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidActionError(f"{name} must name a player: a non-empty text", field=name)
    return check_name(value, name)


def _card_map(value: object, name: str) -> dict[str, list[str]]:
    if not isinstance(value, dict):
        raise InvalidActionError(f"{name} must map each player to a list of card codes", field=name)
    return {_name(k, name): canonical_list(v, f"{name}.{k}") for k, v in value.items()}


def _count_map(value: object, name: str) -> dict[str, int]:
    if not isinstance(value, dict):
        raise InvalidActionError(f"{name} must map each player to a whole number", field=name)
    return {_name(k, name): _whole(v, f"{name}.{k}") for k, v in value.items()}


def _meld_list(value: object, name: str) -> list[list[str]]:
    if not isinstance(value, list):
        raise InvalidActionError(f"{name} must be a list of melds, each a list of card codes", field=name)
    return [canonical_list(meld, f"{name}[{i}]") for i, meld in enumerate(value)]


def _lay_offs(value: object, name: str) -> list[dict[str, Any]]:
    if not isinstance(value, list):
        raise InvalidActionError(f"{name} must be a list of {{card, meld}} objects", field=name)
    parsed = []
    for i, item in enumerate(value):
        where = f"{name}[{i}]"
        if not isinstance(item, dict) or set(item) != {"card", "meld"}:
            raise InvalidActionError(f"{where} must be an object with exactly 'card' and 'meld'", field=where)
        parsed.append(
            {"card": _card(item["card"], f"{where}.card"), "meld": _whole(item["meld"], f"{where}.meld")}
        )
    return parsed


def _confirm(value: object, name: str) -> bool:
    if value is not True:
        raise InvalidActionError(
            f"{name} must be true: it says the table means it, as this cannot be undone", field=name
        )
    return True


def _seeds(value: object, name: str) -> list[int]:
    if not isinstance(value, list) or not value or len(value) > 16:
        raise InvalidActionError(f"{name} must be a list of 1 to 16 shuffle seeds", field=name)
    if not all(isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= MAX_SEED for seed in value):
        raise InvalidActionError(f"every seed in {name} is a whole number from 0 to {MAX_SEED}", field=name)
    return list(value)


PARSERS: dict[str, Callable[[object, str], Any]] = {
    "card": _card,
    "cards": lambda value, name: canonical_list(value, name),
    "int": _whole,
    "text": _text,
    "card_map": _card_map,
    "count_map": _count_map,
    "melds": _meld_list,
    "lay_offs": _lay_offs,
    "confirm": _confirm,
    "seeds": _seeds,
}


@dataclass(frozen=True, slots=True)
class Param:
    """One field of an action kind: its name, its kind of value, and whether it may be left out.

    A `secret` field names what a spectator at the table does not see (a card drawn from the stock, the
    hands dealt, a shuffle seed): the visibility filter masks it wherever the action is shown.
    """

    name: str
    kind: str
    required: bool = True
    choices: tuple[Any, ...] = ()
    """The values the field may take (texts; whole numbers for an `int` field), if they are fixed."""
    description: str = ""
    secret: bool = False


SEEDS = Param(
    "seeds",
    "seeds",
    required=False,
    description="the shuffle seeds this action used in a shuffled game, in order; the service draws them if left out",
    secret=True,
)
"""The seeds an action drew from chance: stored with every move that drew any, so the move can be re-executed."""
MELD_ID = Param("meld", "int", description="the id of a meld on the table")


@dataclass(frozen=True, slots=True)
class ActionKind:
    """One kind of action a variant accepts, with its fields.

    An action of the table (`table=True`: ending the game, and later voids or amendments) belongs to no
    player: its body has no `player`, and the legal-actions response lists it apart from the players' actions.
    """

    type: str
    summary: str
    params: tuple[Param, ...] = ()
    table: bool = False

    def param(self, name: str) -> Param | None:
        """The field of this name, if the kind has one."""
        return next((p for p in self.params if p.name == name), None)

    def canonical(self, player: str, values: Mapping[str, Any]) -> dict[str, Any]:
        """A body of this kind as the API accepts it: type, player (unless of the table), then its fields in order."""
        head = {"type": self.type} if self.table else {"type": self.type, "player": player}
        return {**head, **{p.name: values[p.name] for p in self.params if p.name in values}}


def by_type(*kinds: ActionKind) -> dict[str, ActionKind]:
    """A variant's action kinds by their type, in the order given (the order `GET /variants` lists them in)."""
    return {kind.type: kind for kind in kinds}


@dataclass(frozen=True, slots=True)
class Action:
    """A parsed action: its kind, the acting player (empty for an action of the table), and its canonical fields."""

    type: str
    player: str
    args: Mapping[str, Any]

    def get(self, name: str, default: Any = None) -> Any:
        """One field of the action, or the default when it was left out."""
        return self.args.get(name, default)


def parse_action(kinds: Mapping[str, ActionKind], body: Mapping[str, Any]) -> Action:
    """Check an action body against the variant's kinds; unknown or missing fields are named."""
    kind_name = body.get("type")
    if not isinstance(kind_name, str) or kind_name not in kinds:
        known = ", ".join(sorted(kinds))
        raise InvalidActionError(f"type must be one of: {known}", field="type")
    kind = kinds[kind_name]
    if kind.table and "player" in body:
        raise InvalidActionError(
            f"'player' is not a field of a {kind_name} action: it is an action of the table, not of a player",
            field="player",
        )
    player = "" if kind.table else _name(body.get("player"), "player")
    allowed = {param.name: param for param in kind.params}
    for name in body:
        if name not in ENVELOPE and name not in allowed:
            raise InvalidActionError(f"'{name}' is not a field of a {kind_name} action", field=name)
    args: dict[str, Any] = {}
    for param in kind.params:
        if param.name not in body or body[param.name] is None:
            if param.required:
                raise InvalidActionError(f"a {kind_name} action needs '{param.name}'", field=param.name)
            continue
        value = PARSERS[param.kind](body[param.name], param.name)
        if param.choices and value not in param.choices:
            raise InvalidActionError(
                f"{param.name} must be one of: {', '.join(str(choice) for choice in param.choices)}", field=param.name
            )
        args[param.name] = value
    return Action(kind_name, player, args)
