"""The legal-actions list built from a variant's candidates: each kind's bodies filtered by the rules."""

from __future__ import annotations

from collections.abc import Callable, Container
from typing import Any

from domain.variant import Variant, legal_bodies, with_version

Body = dict[str, Any]
Candidate = tuple[str, list[Body], Body | None]
"""One kind of action: its kind, concrete candidate bodies, and a template ({"body", "constraints"}) or None."""


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
    listed: list[Body] = []
    for player in variant.to_move(state):
        for kind, bodies, template in candidates(state, player):
            entry: Body = {"type": kind, "player": player}
            choices = legal_bodies(variant, state, version, bodies)
            if template is not None and (choices or bare_templates is None or kind in bare_templates):
                entry["template"] = with_version(template["body"], version)
                entry["constraints"] = template["constraints"]
                entry["examples"] = choices
            elif not choices:
                continue
            else:
                entry["choices"] = choices
            listed.append(entry)
    return listed
