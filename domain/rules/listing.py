"""The legal-actions list built from a variant's candidates: each kind's bodies filtered by the rules."""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable
from itertools import product
from typing import Any

from domain.cards.card import Card
from domain.rules.actions import Param
from domain.rules.decision import Scratch
from domain.rules.variant import Variant, legal_bodies, with_version

Body = dict[str, Any]
Candidate = tuple[str, list[Body], Body | None]
"""One kind of action: its kind, concrete candidate bodies, and a template ({"body", "constraints"}) or None.

A template may also say which cards it may name (`allowed_cards`, sorted; `unseen: True` when they are the cards
the record places nowhere yet, which only the full view is shown) and the `bounds` of its numbers
({"amount": [low, high]}): a client offers these without knowing the rules. `instead_of` names the kind of action
the entry stands in for (a hand recorded by its result instead of its deal): a client offers it apart, behind that
one."""
TEMPLATE_EXTRAS = ("allowed_cards", "unseen", "bounds", "instead_of")


def list_actions(
    variant: Variant,
    state: Any,
    version: int,
    candidates: Callable[[Any, str], list[Candidate]],
    bare_templates: Container[str] | None = None,
) -> list[Body]:
    """Every kind of action open to the player(s) to act: choices, or a template with legal examples.

    A template with no legal example is listed only for the kinds in `bare_templates` (every kind when None).
    """
    return list_actions_of(variant, state, version, variant.to_move(state), candidates, bare_templates)


def list_actions_of(
    variant: Variant,
    state: Any,
    version: int,
    players: list[str],
    candidates: Callable[[Any, str], list[Candidate]],
    bare_templates: Container[str] | None = None,
) -> list[Body]:
    """The actions open to these players, as `list_actions` lists them (players who may act out of turn: entering
    a hand)."""
    listed: list[Body] = []
    scratch = Scratch(state)
    for player in players:
        for kind, bodies, template in candidates(state, player):
            entry: Body = {"type": kind, "player": player}
            choices = legal_bodies(variant, state, version, bodies, scratch)
            if template is not None and (choices or bare_templates is None or kind in bare_templates):
                entry["template"] = with_version(template["body"], version)
                entry["constraints"] = template["constraints"]
                entry["examples"] = choices
                entry.update({key: template[key] for key in TEMPLATE_EXTRAS if key in template})
            elif not choices:
                continue
            else:
                entry["choices"] = choices
            listed.append(entry)
    return listed


def list_table_actions(variant: Variant, state: Any, version: int) -> list[Body]:
    """The actions of the table open now, each named as one, with the field that confirms it set.

    A kind whose other required fields all have choices (or that has none) is listed as concrete choices, each
    decided by the rules; one that needs facts only the table knows (a player, a card) as a template, with the
    variant's examples (`Variant.table_examples`) that the rules accept. A kind nothing legal fits is not listed.
    """
    listed: list[Body] = []
    scratch = Scratch(state)
    for kind in variant.action_kinds.values():
        if not kind.table:
            continue
        confirm = [p.name for p in kind.params if p.kind == "confirm"]
        body: Body = {"type": kind.type, **dict.fromkeys(confirm, True)}
        needs = [p for p in kind.params if p.required and p.kind != "confirm"]
        entry: Body = {"type": kind.type, "table_action": True, "summary": kind.summary, "confirm": confirm}
        if all(p.choices for p in needs):
            names = [p.name for p in needs]
            bodies = [
                {**body, **dict(zip(names, values, strict=True))} for values in product(*(p.choices for p in needs))
            ]
            choices = legal_bodies(variant, state, version, bodies, scratch)
            if not choices:
                continue
            entry["choices"] = choices
        else:
            examples = [{**body, **example} for example in variant.table_examples(state, kind.type)]
            accepted = legal_bodies(variant, state, version, examples, scratch)
            if not accepted:
                continue
            fields = [p for p in kind.params if p.kind not in ("confirm", "seeds")]
            shapes = {p.name: _shape(p, state, accepted[0]) for p in fields}
            entry["template"] = with_version({**body, **shapes}, version)
            entry["constraints"] = "; ".join(f"{p.name}: {p.description}" for p in fields)
            entry["examples"] = accepted
        listed.append(entry)
    return listed


def _shape(param: Param, state: Any, example: Body) -> Any:
    """A field of a table action's template: for a map of numbers, a number for each key the variant's example names
    (the board's spaces) or else for each player; else its kind."""
    if param.kind == "count_map":
        named = example.get(param.name)
        return dict.fromkeys(named if isinstance(named, dict) else state.players, "<int>")
    return f"<{param.kind}>"


def card_list(cards: Iterable[str]) -> list[str]:
    """Cards a template may name: each once, in the order of the pack."""
    return sorted(set(cards), key=Card.parse)
