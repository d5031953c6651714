"""The game aggregate: one record of one game, whatever its variant, rebuilt from its events."""

from __future__ import annotations

import pickle
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from eventsourcing.domain import Aggregate
from eventsourcing.domain import Snapshot as BaseSnapshot
from eventsourcing.utils import register_topic

from domain.access.game_access import ACCESSES, RECORDINGS
from domain.corrections.events import RecordCorrected
from domain.corrections.listing import amendable_moves, correction_actions, voidable_moves
from domain.errors import MeldbookError, Problem, SetupError
from domain.money.currency import check_currency
from domain.record.grouping import group_moves
from domain.record.moves import RECORDER, MoveRecorded, accepted_action
from domain.record.replay import counted_steps, replay
from domain.rules.actions import Action, parse_action
from domain.rules.listing import list_table_actions
from domain.rules.registry import variant_named
from domain.rules.variant import DEAL_MODES, Chance, Decision, NoChance, Variant
from domain.rules.versions import RecordTooNewError, check_known, chosen_version
from domain.text import check_line, seated_names

if TYPE_CHECKING:
    from domain.corrections.plan import Plan

MAX_TITLE_LENGTH = 200


class GameDiscardedError(MeldbookError):
    """A write to a game its recorder discarded."""

    problem = Problem(
        "game-discarded",
        "Game discarded",
        "the game in the path: its recorder discarded it, so it takes no more writes (its record is still read)",
        "game 00000000-0000-4000-8000-000000000000 was discarded by its recorder: it takes no more writes",
    )


def check_not_discarded(game: Game) -> None:
    """Refuse a write to a discarded game."""
    if game.discarded is not None:
        raise GameDiscardedError(
            f"game {game.id} was discarded by its recorder: it takes no more writes (its record can still be read)"
        )


class Game(Aggregate):
    """A game record. Commands decide on a scratch copy of the state (or on the state itself, for an owner that
    throws the game away when it refuses: `record`); events only assign."""

    TOPIC = "meldbook.Game"
    class_version = 8
    """Snapshots of version 2 hold `moves`, the number of moves recorded so far; of version 3, `recording` and
    `access`; of version 4, `counted`, the moves that count, and `voided`, the moves corrections voided; of version
    5, `discarded` (domain/record/setup.py); of version 6, `hand_moves` and `amendable`, the moves the corrections list,
    and no longer `counted` (it grows with the game: copying it with every move and every snapshot made a move's
    cost grow with the game); of version 7, `rules_version`, the rules version the game was created under; of
    version 8, `currency`, the ISO 4217 code its money is counted in (or None)."""

    spoiled = False
    """Whether a refused action was decided on the game's own state (`record`, in place): then it is thrown away."""

    class Snapshot(BaseSnapshot):
        """A snapshot of a game, without the moves that count (`counted`, which only a fold from the game's creation
        knows): a game loaded from it reads its record if a correction needs them (service/application.py)."""

        TOPIC = "meldbook.GameSnapshot"

        @classmethod
        def take(cls, aggregate: Any) -> Any:
            """The game's state as stored, with `counted` unknown."""
            snapshot = super().take(aggregate)
            snapshot.state["counted"] = None
            return snapshot

        def mutate(self, _: None) -> Any:
            """The game the snapshot holds; a snapshot a newer Meldbook took (of a game class version, or under a
            rules version, this one does not know) is refused, never read as something it is not."""
            stored = self.state.get("class_version", 1)
            if stored > Game.class_version:
                raise RecordTooNewError(
                    f"the snapshot of game {self.originator_id} at version {self.originator_version} is of class "
                    f"version {stored}, and this Meldbook knows class versions up to {Game.class_version}: a newer "
                    "one took it; upgrade this service to read it"
                )
            game: Game = super().mutate(_)  # type: ignore[assignment]
            for version in (game.state.rules_version, game.state.next_rules_version):
                if version is not None:
                    check_known(game.rules, version)
            return game

    class Created(Aggregate.Created):
        """A game was set up: variant, seats, options, deal mode, who records it and who reads it are fixed."""

        TOPIC = "meldbook.GameCreated"
        class_version = 4
        variant: str
        players: list[str]
        options: dict[str, Any]
        deal_mode: str
        token_hash: str
        title: str
        recording: str
        access: str
        rules_version: int
        currency: str | None

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            """A game created before seats and private games: recorded by its recorder, read by anyone."""
            state["recording"] = "recorder"
            state["access"] = "public"

        @staticmethod
        def upcast_v2_v3(state: dict[str, Any]) -> None:
            """A game created before rules versions: it was recorded under the first (domain/rules/versions.py)."""
            state["rules_version"] = 1

        @staticmethod
        def upcast_v3_v4(state: dict[str, Any]) -> None:
            """A game created before games named a currency: its money is minor units of none."""
            state["currency"] = None

    def __init__(
        self,
        variant: str,
        players: list[str],
        options: dict[str, Any],
        deal_mode: str,
        token_hash: str,
        title: str,
        recording: str = "recorder",
        access: str = "public",
        rules_version: int = 1,
        currency: str | None = None,
    ) -> None:
        self.variant = variant
        self.players = list(players)
        self.options = dict(options)
        self.deal_mode = deal_mode
        self.token_hash = token_hash
        self.title = title
        self.recording = recording
        self.access = access
        self.rules_version = rules_version
        """The version of its variant's rules the game was created under (its state says which it follows now: a
        table may carry a game on under a newer one)."""
        self.currency = currency
        """The ISO 4217 code its money amounts are minor units of; None: no currency named."""
        rules = variant_named(variant)
        check_known(rules, rules_version)
        self.state = rules.fresh_state(self.players, self.options, deal_mode, rules_version)
        self.moves: int | None = 0
        """Moves recorded so far; None for a record stored before moves carried an envelope, until it is read."""
        self.counted: list[dict[str, Any]] | None = []
        """The moves that count, in order, each {"move", "action"}: every move but corrections and those they
        voided, as amended. The state is what they leave. Known only to a game folded from its creation: None in a
        copy, in a game loaded from a snapshot (neither carries it), and in a record stored before moves carried an
        envelope. A correction reads the record for them (service/corrections.py)."""
        self.voided: list[list[int]] = []
        """Each voided move with the version of the correction that voided it, as [move, version] pairs."""
        self.discarded: dict[str, Any] | None = None
        """Once its recorder discarded the game: {"reason", "by", "version"}; None while it is not."""
        self.hand_moves: list[int] | None = []
        """The moves that count since the current hand was dealt (before the first deal, every one): those a void
        may start from. None when the record cannot tell (as for `counted`, but kept in copies and snapshots)."""
        self.amendable: list[int] | None = []
        """The recorded deals and draws that count and name a card: those an amendment may name (none in a shuffled
        game). None when the record cannot tell."""

    @property
    def voided_moves(self) -> dict[int, int]:
        """The voided marker of each voided move: the version of the correction that voided it."""
        return {move: version for move, version in self.voided}

    @staticmethod
    def upcast_v1_v2(state: dict[str, Any]) -> None:
        """A snapshot taken before moves were counted: its record is read to count them when one is recorded."""
        state["moves"] = None

    @staticmethod
    def upcast_v2_v3(state: dict[str, Any]) -> None:
        """A snapshot taken before seats and private games: recorded by its recorder, read by anyone."""
        state["recording"] = "recorder"
        state["access"] = "public"

    @staticmethod
    def upcast_v3_v4(state: dict[str, Any]) -> None:
        """A snapshot taken before corrections: its moves that count are read from the record when needed; no move
        of it was voided."""
        state["counted"] = None
        state["voided"] = []

    @staticmethod
    def upcast_v4_v5(state: dict[str, Any]) -> None:
        """A snapshot taken before games could be discarded: it was not."""
        state["discarded"] = None

    @staticmethod
    def upcast_v5_v6(state: dict[str, Any]) -> None:
        """A snapshot that held the moves that count: what the corrections list is derived from them, and they are
        no longer kept."""
        counted = state["counted"]
        state["hand_moves"] = None if counted is None else voidable_moves(counted)
        state["amendable"] = None if counted is None else amendable_moves(counted, state["deal_mode"])
        state["counted"] = None

    @staticmethod
    def upcast_v6_v7(state: dict[str, Any]) -> None:
        """A snapshot taken before rules versions: the game was created under the first, and follows it still (its
        rule state reads back under version 1)."""
        state["rules_version"] = 1

    @staticmethod
    def upcast_v7_v8(state: dict[str, Any]) -> None:
        """A snapshot taken before games named a currency: it names none."""
        state["currency"] = None

    @classmethod
    def set_up(
        cls,
        variant: str,
        players: list[str],
        options: Mapping[str, Any],
        deal_mode: str,
        token_hash: str,
        chance: Chance,
        title: str = "",
        recording: str = "recorder",
        access: str = "public",
        rules_version: int | None = None,
        currency: str | None = None,
    ) -> Game:
        """Create a game after checking its setup, with the variant's opening events (buy-ins, stacks); under the
        variant's newest rules, or the version given (a record imported with its own, a game set up again); its money
        in a currency, or none."""
        rules = variant_named(variant)
        players = seated_names(players)
        rules.check_players(players)
        if deal_mode not in DEAL_MODES:
            raise SetupError(f"deal_mode must be one of: {', '.join(DEAL_MODES)}", field="deal_mode")
        for field, value, allowed in (("recording", recording, RECORDINGS), ("access", access, ACCESSES)):
            if value not in allowed:
                raise SetupError(f"{field} must be one of: {', '.join(allowed)}", field=field)
        resolved = rules.resolve_options(players, options, deal_mode)
        rules.check_setup(players, resolved)
        game = cls(
            variant=rules.name,
            players=players,
            options=resolved,
            deal_mode=deal_mode,
            token_hash=token_hash,
            title=check_line(title, "title", max_length=MAX_TITLE_LENGTH),
            recording=recording,
            access=access,
            rules_version=rules.newest_rules if rules_version is None else chosen_version(rules, rules_version),
            currency=check_currency(currency),
        )
        decision = Decision(game.state, game.version, chance)
        rules.open(decision)
        game._store(decision)
        return game

    @classmethod
    def set_up_again(cls, created: Any, options: Mapping[str, Any] | None = None) -> Game:
        """A new game set up as `created` (a stored creation event, or a game) was, before any move; under other
        house-rule `options` where they are given."""
        return cls.set_up(
            created.variant,
            list(created.players),
            {**dict(created.options), **dict(options or {})},
            created.deal_mode,
            created.token_hash,
            NoChance(),
            created.title,
            created.recording,
            created.access,
            created.rules_version,
            created.currency,
        )

    @property
    def rules(self) -> Variant:
        """The variant whose rules this game follows."""
        return variant_named(self.variant)

    def record(
        self,
        body: Mapping[str, Any] | Action,
        chance: Chance,
        recorded_by: str = RECORDER,
        device: str | None = None,
        *,
        in_place: bool = False,
    ) -> int:
        """Validate one action (its body, or the action `parse` read) and record it: its envelope, then its events;
        return how many were stored. `recorded_by` names the role that recorded it (recorder, seat:<player>),
        `device` the label of its device, if given. The rules decide on a copy of the state, so a refused action
        leaves the game as it was; `in_place` decides on the state itself (no copy, each event evolves it once), and
        a refused action then spoils the game, for its owner to throw away (service/moving.py)."""
        if self.moves is None:
            raise RuntimeError("this record predates move envelopes: count its moves first (count_moves)")
        if self.spoiled:
            raise RuntimeError("a refused action was decided on this game's own state: read the game again")
        check_not_discarded(self)
        rules = self.rules
        action = body if isinstance(body, Action) else parse_action(rules.action_kinds, body)
        decision = Decision(self.state, self.version, chance, action.get("seeds"), in_place=in_place)
        try:
            envelope = decision.record(
                MoveRecorded, move=self.moves + 1, action={}, recorded_by=recorded_by, device=device
            )
            rules.decide(decision, action)
            envelope["action"] = accepted_action(rules.action_kinds[action.type], action, decision)
        except BaseException:
            if in_place:
                self.spoiled = True  # never saved nor snapshotted: the action was refused
            raise
        self._store(decision)
        return len(decision.events)

    def store_correction(self, plan: Plan, requested_by: str, device: str | None = None) -> int:
        """Store a decided correction (domain/corrections/plan.py): its envelope, the reversal and replacement
        entries, then the RecordCorrected event that rebuilds the state; return how many events were stored."""
        if self.moves is None:
            raise RuntimeError("this record predates move envelopes: it cannot be corrected")
        check_not_discarded(self)
        before = self.version
        self.trigger_event(
            MoveRecorded, move=self.moves + 1, action=plan.action, recorded_by=requested_by, device=device
        )
        for event_class, data in plan.entries:
            self.trigger_event(event_class, **data)
        self.trigger_event(RecordCorrected, **plan.corrected)
        return self.version - before

    def rebuilt_state(self, counted: Sequence[Mapping[str, Any]]) -> Any:
        """The state the moves that count leave, re-executed through the rules from the game's setup."""
        game = Game.set_up_again(self)
        replay(game, counted_steps(counted))
        return game.state

    def parse(self, body: Mapping[str, Any]) -> Action:
        """An action body checked as `record` checks it: its kind, the player it acts for ("" for an action of the
        table) and its fields."""
        return parse_action(self.rules.action_kinds, body)

    def recorder_too(self, body: Mapping[str, Any]) -> bool:
        """Whether the recorder may record this player's action too, in a game recorded by seats (a hand nobody
        entered, at the end of the hand: the variant's `recorder_too`)."""
        return self.rules.recorder_too(self.state, str(body.get("type")))

    def count_moves(self, events: Sequence[Any]) -> None:
        """Count the moves of a record stored before moves carried an envelope, given all its events."""
        self.moves = group_moves(self.rules, events)[-1].number

    def legal_actions(self) -> list[dict[str, Any]]:
        """The legal-actions list for the player(s) to act, from the same rules that validate moves (none once the
        game is discarded)."""
        if self.discarded is not None:
            return []
        return self.rules.legal_actions(self.state, self.version)

    def table_actions(self) -> list[dict[str, Any]]:
        """The actions of the table open now (ending the game, the corrections), listed apart from the players'."""
        if self.discarded is not None:
            return []
        return [*list_table_actions(self.rules, self.state, self.version), *correction_actions(self)]

    def __getstate__(self) -> dict[str, Any]:
        """The game as pickled (a copy, a kept game): without the moves that count, which grow with the game."""
        return {**vars(self), "counted": None}

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        """A deep copy through pickle, several times faster than copy.deepcopy's walk of the state: the aggregate
        cache hands out a copy of the game for each request."""
        copied: Game = pickle.loads(pickle.dumps(self, pickle.HIGHEST_PROTOCOL))
        return copied

    def _store(self, decision: Decision) -> None:
        """Apply a decision's events to the game and keep them to save (one made in place: Decision.settle_on)."""
        if decision.in_place:
            decision.settle_on(self)
            return
        for event_class, data in decision.events:
            self.trigger_event(event_class, **data)

register_topic(Game.Snapshot.TOPIC, Game.Snapshot)  # a fresh process reads snapshots before it writes one
