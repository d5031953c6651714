"""Rules versions: every game re-executes under the rules it was recorded with.

A variant's rules change only by a new version of them (`RulesVersion`, listed by the variant's own package, each
with what it changed); the rules read the version a game is under from its state (`rules_version`) wherever they
differ between versions. A game is created under the newest version of its variant (its creation event keeps the
number; a game stored before versions existed is under version 1), and every re-execution of its moves (the audit,
corrections, what-if, alternative lines, the notation import) starts from that creation, so it runs under the same
version. A table may carry a game on under a newer version (`adopt_rules`, an action of the table): the game's
own record says so, and the version applies from the next deal on (domain/rules/table_state.py `switch_at_deal`),
never to what was played.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.errors import IllegalMoveError, MeldbookError, Problem, SetupError
from domain.events import GameEvent
from domain.rules.actions import Action, ActionKind, Param
from domain.rules.decision import Decision
from domain.rules.table_events import OVER


@dataclass(frozen=True)
class RulesVersion:
    """One version of a variant's rules: its number and, in a sentence each, what it changed from the one before."""

    number: int
    changes: tuple[str, ...]

    def doc(self) -> dict[str, Any]:
        return {"version": self.number, "changes": list(self.changes)}


FIRST = RulesVersion(
    1, ("the rules as Meldbook first recorded games: every game stored before rules versions existed is under them",)
)
"""Version 1 of every variant."""


class RecordTooNewError(MeldbookError):
    """A stored record that a newer Meldbook wrote: an event of a class version, or a game under a rules version,
    that this one does not know."""

    problem = Problem(
        "record-too-new",
        "Record written by a newer Meldbook",
        "the game's record: it holds an event of a class version, or is kept under a rules version, that this "
        "Meldbook does not know (a newer one wrote it); upgrade this service to read it",
        "game 00000000-0000-4000-8000-000000000000 is kept under Roby rules version 3, and this Meldbook knows "
        "versions 1 to 2: upgrade it to read the game",
    )


def numbers(variant: Any) -> list[int]:
    """The numbers of the variant's rules versions, oldest first."""
    return [version.number for version in variant.rules_versions]


def check_known(variant: Any, number: int) -> None:
    """Refuse a rules version the variant does not have (a game a newer Meldbook created)."""
    known = numbers(variant)
    if number not in known:
        raise RecordTooNewError(
            f"this game is kept under {variant.title} rules version {number}, and this Meldbook knows versions "
            f"{known[0]} to {known[-1]}: upgrade it to read the game"
        )


def chosen_version(variant: Any, number: Any) -> int:
    """A rules version asked for a new game (a record imported under its own), if the variant has it."""
    known = numbers(variant)
    if isinstance(number, bool) or number not in known:
        raise SetupError(
            f"rules_version must be one of {variant.title}'s rules versions: {', '.join(map(str, known))}",
            field="rules_version",
        )
    return int(number)


def adopt_rules_kind(versions: tuple[RulesVersion, ...]) -> ActionKind:
    """The action of the table that carries a game on under another of the variant's `versions`."""
    return ActionKind(
        "adopt_rules",
        "carry the game on under a newer version of the variant's rules (GET /variants lists what each changed): "
        "it applies from the next deal on, never to what was played; it cannot be undone",
        (
            Param(
                "rules",
                "int",
                choices=tuple(version.number for version in versions),
                description="the rules version the game is to follow from the next deal",
            ),
            Param("confirm", "confirm", description="true: the table means to change the rules it plays by"),
        ),
        table=True,
    )


RULES_IN_PLACE = {"adopt_rules": ("rules", "confirm")}
"""The notation's fields in place for adopting rules, in every variant whose rules have versions to adopt:
`61. * adopt_rules 2 confirm`."""


class RulesAdopted(GameEvent):
    """The table chose to carry the game on under another rules version, from the next deal on."""

    TOPIC = "meldbook.RulesAdopted"
    rules: int

    def settle(self, aggregate: Any) -> None:
        """A version adopted that this Meldbook does not know (a newer one recorded it) is refused."""
        super().settle(aggregate)
        check_known(aggregate.rules, self.rules)

    def evolve(self, state: Any) -> None:
        state.next_rules_version = self.rules


def adopt_rules(decision: Decision, action: Action) -> None:
    """The table adopts a newer rules version for the deals still to come (none once the game is over)."""
    state = decision.state
    wanted = int(action.get("rules"))
    if state.phase == OVER:
        raise IllegalMoveError("an adopt_rules action is not open now: the game is over", code="wrong-phase")
    now = state.next_rules_version or state.rules_version
    if wanted <= now:
        raise IllegalMoveError(
            f"the game already follows rules version {now} from the next deal: only a newer one may be adopted",
            code="rules-version-not-newer",
            field="rules",
        )
    decision.record(RulesAdopted, rules=wanted)


RULES_PROBLEMS: tuple[Problem, ...] = (
    RecordTooNewError.problem,
    Problem(
        "rules-version-not-newer",
        "Rules version not newer",
        "`rules` of an adopt_rules action: a version newer than the one the game follows from the next deal",
        "the game already follows rules version 2 from the next deal: only a newer one may be adopted",
    ),
)
