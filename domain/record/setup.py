"""Mistakes of a game's setup, fixed before its first move: a misspelt player's name, a wrong option, or a game
created by mistake, discarded.

A setup amendment stores, in order: the reversal of the opening's transfers as it stood (so the ledger reads true),
`SetupAmended` with the whole new setup (players in seat order, options) and the names it changed, then the
variant's opening again under the new setup. The events stored before it keep the names they were stored with;
everything after it, and the game's state, uses the new ones. A discarded game keeps its record, marked as such,
and takes no write after `GameDiscarded`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.errors import MeldbookError, Problem, SetupError, problems_of
from domain.events import GameEvent
from domain.money.ledger import AmountTransferred
from domain.record.game import Game, GameDiscardedError, check_not_discarded
from domain.rules.variant import Decision, NoChance
from domain.text import check_line, name_key, seated_names

MAX_REASON_LENGTH = 200


class SetupClosedError(MeldbookError):
    """A setup amendment once a move has been recorded."""

    problem = Problem(
        "setup-closed",
        "Setup no longer open",
        "a setup amendment (renaming a player, changing an option) is accepted only before the first move",
        "the setup can be amended only before the first move (the first cut or deal): this game has 3 moves recorded",
    )


class SetupAmended(GameEvent):
    """The game's setup was amended before its first move: `players` (seat order) and `options` are the whole new
    setup, `renamed` maps each changed name to its new spelling; `by` is the role that asked."""

    TOPIC = "meldbook.SetupAmended"
    players: list[str]
    options: dict[str, Any]
    renamed: dict[str, str]
    by: str

    def apply(self, aggregate: Any) -> None:
        """The new setup, and the rule state of a game just set up with it (its opening follows)."""
        aggregate.players = list(self.players)
        aggregate.options = dict(self.options)
        aggregate.state = aggregate.rules.fresh_state(
            aggregate.players, aggregate.options, aggregate.deal_mode, aggregate.rules_version
        )


class GameDiscarded(GameEvent):
    """The recorder discarded a game created by mistake, with a reason if he gave one: it leaves the listings and
    takes no more writes; its record is kept."""

    TOPIC = "meldbook.GameDiscarded"
    reason: str
    by: str

    def apply(self, aggregate: Any) -> None:
        """Mark the game discarded (the rule state does not change)."""
        aggregate.discarded = {"reason": self.reason, "by": self.by, "version": self.originator_version}


def players_now(events: Sequence[Any]) -> list[str]:
    """The players of a record (its stored events, the creation first), as its last setup amendment named them."""
    players = list(events[0].players)
    for event in events:
        if isinstance(event, SetupAmended):
            players = list(event.players)
    return players


def amend_setup(game: Game, renamed: Mapping[str, str], options: Mapping[str, Any], by: str) -> None:
    """Rename players and change options before the game's first move; every name and value is checked as the
    game's creation checks them."""
    check_not_discarded(game)
    if game.moves != 0:
        raise SetupClosedError(
            "the setup can be amended only before the first move (the first cut or deal): "
            f"this game has {game.moves or 'its'} moves recorded"
        )
    if not isinstance(renamed, Mapping) or not isinstance(options, Mapping):
        raise SetupError("rename and options must be objects", field="rename")
    keys = {name_key(player): player for player in game.players}
    changes: dict[str, str] = {}
    for old, new in renamed.items():
        seated = keys.get(name_key(old)) if isinstance(old, str) else None
        if seated is None:
            raise MeldbookError(f"{old} is not a player in this game", code="unknown-player", field=f"rename.{old}")
        changes[seated] = new
    players = seated_names([changes.get(player, player) for player in game.players])
    rules = game.rules
    resolved = rules.resolve_options(players, {**game.options, **dict(options)})
    rules.check_setup(players, resolved)
    renames = {old: new for old, new in zip(game.players, players, strict=True) if old != new}
    if not renames and resolved == game.options:
        raise SetupError("the amendment changes nothing: give a new name or a new option value", field="rename")
    _reverse_opening(game)
    game.trigger_event(SetupAmended, players=players, options=resolved, renamed=renames, by=by)
    opening = Decision(game.state, game.version, NoChance())
    rules.open(opening)
    game._store(opening)


def _reverse_opening(game: Game) -> None:
    """Transfers that undo the opening's transfers of the setup as it stands (nothing for a variant without)."""
    fresh = game.rules.fresh_state(game.players, game.options, game.deal_mode, game.rules_version)
    opening = Decision(fresh, game.version, NoChance())
    game.rules.open(opening)
    for event_class, data in opening.events:
        if event_class is AmountTransferred:
            undone = {**data, "source": data["destination"], "destination": data["source"]}
            game.trigger_event(AmountTransferred, **{**undone, "cause": game.version})


def discard(game: Game, reason: str | None, by: str) -> None:
    """Discard a game created by mistake; refused when it is discarded already."""
    check_not_discarded(game)
    text = check_line(reason or "", "reason", max_length=MAX_REASON_LENGTH)
    game.trigger_event(GameDiscarded, reason=text, by=by)


SETUP_PROBLEMS: tuple[Problem, ...] = problems_of(GameDiscardedError, SetupClosedError)
"""The codes of the setup's amendments and of discarding a game."""
