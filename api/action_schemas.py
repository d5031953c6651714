"""The contract's move body: one schema per action type, generated from the action kinds the domain parser uses.

A type that several variants share (cut, deal, draw, meld, ...) gets one schema whose fields are the union of
theirs: a field is required when every variant that has the type requires it, and each field's description
says which variants use it. What one variant accepts is then decided by the domain parser, which refuses a
field the game's variant does not know with its own message (and `GET /variants` lists each variant's fields).
The body is a `oneOf` of these schemas with `type` as the discriminator.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from api.fields import NAME_PATTERN
from domain.cards.card import CARD_PATTERN
from domain.rules.actions import MAX_SEED, ActionKind, Param
from domain.rules.variant import Variant

MAX_VERSION = 10**9
MAX_WHOLE = 10**12
CARD: dict[str, Any] = {
    "type": "string",
    "minLength": 1,
    "maxLength": 10,
    "pattern": CARD_PATTERN,
    "description": "a card code, e.g. 10H or QS (rank then suit, either case; T for 10; JK a joker)",
}
CARDS: dict[str, Any] = {"type": "array", "items": CARD, "description": "card codes"}

PARAM_SCHEMAS: dict[str, dict[str, Any]] = {
    "card": CARD,
    "cards": CARDS,
    "int": {"type": "integer", "minimum": -MAX_WHOLE, "maximum": MAX_WHOLE, "description": "a whole number"},
    "text": {"type": "string", "minLength": 1, "maxLength": 100, "description": "a text"},
    "card_map": {"type": "object", "additionalProperties": CARDS, "description": "each player's cards"},
    "count_map": {
        "type": "object",
        "additionalProperties": {"type": "integer", "minimum": -MAX_WHOLE, "maximum": MAX_WHOLE},
        "description": "a whole number for each player",
    },
    "melds": {"type": "array", "items": CARDS, "description": "melds, each a list of card codes"},
    "lay_offs": {
        "type": "array",
        "items": {
            "type": "object",
            "properties": {"card": CARD, "meld": {"type": "integer", "minimum": -MAX_WHOLE, "maximum": MAX_WHOLE}},
            "required": ["card", "meld"],
            "additionalProperties": False,
        },
        "description": "lay-offs, each a card and the id of the meld it goes on",
    },
    "confirm": {"type": "boolean", "enum": [True], "description": "true, to confirm"},
    "seeds": {
        "type": "array",
        "items": {"type": "integer", "minimum": 0, "maximum": MAX_SEED},
        "minItems": 1,
        "maxItems": 16,
        "description": "shuffle seeds",
    },
}
"""The JSON Schema of each kind of field the domain parser reads (domain/rules/actions.py PARSERS)."""

EXPECTED_VERSION: dict[str, Any] = {
    "type": "integer",
    "minimum": 0,
    "maximum": MAX_VERSION,
    "description": "the version the client last saw (or send If-Match)",
}
PLAYER: dict[str, Any] = {
    "type": "string", "minLength": 1, "maxLength": 40, "pattern": NAME_PATTERN, "description": "the acting player",
}


def schema_name(action_type: str) -> str:
    """The component name of an action type's schema: `lay_off` is LayOffAction."""
    return "".join(part.capitalize() for part in action_type.split("_")) + "Action"


def action_schemas(variants: Iterable[Variant]) -> dict[str, dict[str, Any]]:
    """Every action type's schema by component name, and `MoveBody`, their `oneOf`."""
    by_type: dict[str, list[tuple[Variant, ActionKind]]] = {}
    for variant in variants:
        for kind in variant.action_kinds.values():
            by_type.setdefault(kind.type, []).append((variant, kind))
    schemas = {schema_name(name): _type_schema(name, kinds) for name, kinds in sorted(by_type.items())}
    refs = {name: f"#/components/schemas/{schema_name(name)}" for name in sorted(by_type)}
    schemas["MoveBody"] = {
        "description": "one action by one player (or by the table); the fields depend on its type",
        "oneOf": [{"$ref": ref} for ref in refs.values()],
        "discriminator": {"propertyName": "type", "mapping": refs},
    }
    return schemas


def _type_schema(name: str, kinds: list[tuple[Variant, ActionKind]]) -> dict[str, Any]:
    tables = {kind.table for _, kind in kinds}
    if len(tables) != 1:
        raise ValueError(f"the action type {name} is a table action in one variant and a player's in another")
    properties: dict[str, Any] = {"type": {"type": "string", "enum": [name]}}
    required = ["type"]
    if not tables.pop():
        properties["player"] = PLAYER
        required.append("player")
    params: dict[str, list[tuple[Variant, Param]]] = {}
    for variant, kind in kinds:
        for param in kind.params:
            params.setdefault(param.name, []).append((variant, param))
    for field, uses in params.items():
        properties[field] = _field_schema(name, field, uses, len(kinds))
        if len(uses) == len(kinds) and all(param.required for _, param in uses):
            required.append(field)
    properties["expected_version"] = EXPECTED_VERSION
    summaries = "; ".join(f"{variant.title}: {kind.summary}" for variant, kind in kinds)
    whose = "an action of a player" if "player" in properties else "an action of the table, with no player"
    return {
        "type": "object",
        "description": f"{name}, {whose}. {summaries}",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }


def _field_schema(action: str, field: str, uses: list[tuple[Variant, Param]], variants: int) -> dict[str, Any]:
    kinds = {param.kind for _, param in uses}
    if len(kinds) != 1:
        raise ValueError(f"the field {field} of {action} is of different kinds in different variants: {kinds}")
    schema = dict(PARAM_SCHEMAS[kinds.pop()])
    choices = sorted({choice for _, param in uses for choice in param.choices})
    if choices:
        schema["enum"] = choices
    said = [f"{variant.title}: {'required' if param.required else 'optional'}" for variant, param in uses]
    if len(uses) < variants:
        said.append("other variants: not a field")
    descriptions = sorted({param.description for _, param in uses if param.description})
    secret = " Hidden from spectators." if any(param.secret for _, param in uses) else ""
    meaning = " / ".join(descriptions) or schema.get("description", field)
    schema["description"] = f"{meaning} ({'; '.join(said)}).{secret}"
    return schema
