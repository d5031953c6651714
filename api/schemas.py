"""Marshmallow schemas for request bodies, query strings and documented responses."""

from __future__ import annotations

from typing import Any

from marshmallow import INCLUDE, Schema, ValidationError, fields, validate, validates_schema

from api.fields import JsonWholeNumber, Line, Name, WholeNumber
from api.listing import Cursor, PageSchema, page_limit
from domain.text import MAX_NAME_LENGTH
from domain.variants import VARIANTS

MAX_VERSION = 10**9
GAMES, EVENTS = "games", "events"


class Options(fields.Dict):
    """House-rule options by name; a whole float such as 5.0 is the whole number 5, as JSON does not tell them apart."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> dict[str, Any]:
        loaded: dict[str, Any] = super()._deserialize(value, attr, data, **kwargs)
        return {k: _whole_if_integral(v) for k, v in loaded.items()}


def _whole_if_integral(value: Any) -> Any:
    return int(value) if isinstance(value, float) and value.is_integer() else value


BODY_NOT_OBJECT = {"type": "The body must be a JSON object."}
VARIANT_NAMES = sorted(name for variant in VARIANTS.values() for name in (variant.name, *variant.aliases))
"""Every name a variant is known by, as a new game names it."""


class GameCreateSchema(Schema):
    """A new game: variant, players in seat order, options and deal mode."""

    error_messages = BODY_NOT_OBJECT

    variant = Line(
        required=True,
        validate=validate.OneOf(VARIANT_NAMES),
        metadata={"description": "a name from GET /variants (or one of its other names), in lower case"},
    )
    players = fields.List(
        Name(validate=validate.Length(min=1, max=MAX_NAME_LENGTH)),
        required=True,
        validate=validate.Length(min=1, max=8),
        metadata={
            "description": "player names in seat order (clockwise); stored normalised (NFC, trimmed, inner "
            "whitespace one space); two names that differ only in case or spacing are one name"
        },
    )
    options = Options(
        keys=Line(), load_default=dict, metadata={"description": "house-rule options"}
    )
    deal_mode = fields.String(
        load_default="recorded",
        validate=validate.OneOf(["recorded", "shuffled"]),
        metadata={
            "description": "recorded: hands entered as dealt; shuffled: the service shuffles with a stored seed"
        },
    )
    title = Line(load_default="", validate=validate.Length(max=200))
    recording = fields.String(
        load_default="recorder",
        validate=validate.OneOf(["recorder", "seats"]),
        metadata={
            "description": "recorder: the recorder records every move; seats: each player records his own with his "
            "seat token, the recorder the table's actions and those of seats marked as having no device"
        },
    )
    access = fields.String(
        load_default="public",
        validate=validate.OneOf(["public", "private"]),
        metadata={
            "description": "public: listed, and readable by anyone as a spectator; private: not listed, and every "
            "read needs one of the game's tokens (without one it answers 404)"
        },
    )
    night = fields.UUID(
        metadata={
            "description": "a night (POST /nights) the game joins as it is created; the night's token goes in the "
            "X-Night-Token header"
        },
    )
    currency = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Regexp(r"^[A-Z]{3}$", error="A currency is a three-letter ISO 4217 code, such as NOK."),
        metadata={
            "description": "the ISO 4217 code the game's money amounts are minor units of (øre for NOK); null: none "
            "named. A game joining a night takes the night's when it names none, and must name the night's if it "
            "names one (night.currency-mismatch)"
        },
    )


class GameCreatedSchema(Schema):
    """The created game: its id, version and recorder token (shown only here)."""

    id = fields.UUID()
    version = fields.Integer()
    token = fields.String(metadata={"description": "the recorder token; it is stored only hashed"})


class MoveSchema(Schema):
    """One action: loaded loosely here, then checked field by field by the domain parser of the game's variant.

    The contract documents the body as MoveBody (api/action_schemas.py), generated from the same action kinds.
    """

    error_messages = BODY_NOT_OBJECT

    class Meta:
        unknown = INCLUDE

    type = fields.String(required=True, metadata={"description": "the action type, e.g. draw, meld, discard"})

    @validates_schema(pass_original=True)
    def _no_nulls(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        """No field of an action is null: a field is given with a value, or left out."""
        if isinstance(original, dict) and (empty := next((k for k, v in original.items() if v is None), None)):
            raise ValidationError("null is no value of an action's field: leave the field out", str(empty))

    player = Name(
        validate=validate.Length(min=1, max=MAX_NAME_LENGTH),
        metadata={"description": "the acting player (every action but the table's)"},
    )
    expected_version = JsonWholeNumber(
        validate=validate.Range(min=0, max=MAX_VERSION),
        metadata={"description": "the version the client last saw (or send If-Match)"},
    )


def _game_position(position: Any) -> tuple[str, str]:
    created_at, game_id = position
    if not (isinstance(created_at, str) and isinstance(game_id, str) and len(created_at) + len(game_id) < 100):
        raise ValueError(position)
    return created_at, game_id


def _event_position(position: Any) -> int:
    if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position <= MAX_VERSION:
        raise ValueError(position)
    return position


class GameListArgsSchema(Schema):
    """Filters and page for listing games."""

    player = Name(validate=validate.Length(min=1, max=MAX_NAME_LENGTH))
    variant = Line(validate=validate.Length(min=1, max=40))
    since = fields.Date(metadata={"description": "created on or after this date (YYYY-MM-DD)"})
    until = fields.Date(metadata={"description": "created before this date (YYYY-MM-DD)"})
    limit = page_limit(default=20, maximum=100)
    cursor = Cursor(GAMES, _game_position)


class StateArgsSchema(Schema):
    """Which event to rebuild the state at."""

    at = WholeNumber(required=True, validate=validate.Range(min=1, max=MAX_VERSION))


class EventsArgsSchema(Schema):
    """A page of events, from the start, after a version, or where the previous page ended."""

    after = WholeNumber(
        validate=validate.Range(min=0, max=MAX_VERSION),
        metadata={"description": "start after this version (the first page only; then follow next_cursor)"},
    )
    limit = page_limit(default=200, maximum=500)
    cursor = Cursor(EVENTS, _event_position)

    @validates_schema
    def _one_start(self, data: dict[str, Any], **kwargs: Any) -> None:
        if "after" in data and "cursor" in data:
            raise ValidationError("Give either cursor or after, not both.", "cursor")


class EventSchema(Schema):
    """One stored event."""

    version = fields.Integer()
    move = fields.Integer(
        metadata={
            "description": "the number of the move the event belongs to (0: the game's setup); a move's first "
            "event is its MoveRecorded envelope, or in games stored before envelopes, as its variant reads them"
        }
    )
    type = fields.String()
    topic = fields.String()
    timestamp = fields.String()
    data = fields.Dict()
    voided = fields.Integer(
        allow_none=True,
        metadata={
            "description": "the voided marker: the version of the correction that voided the event's move, which no "
            "longer counts (none: it counts)"
        },
    )


class EventPageSchema(PageSchema):
    """A page of a game's stored events, in order."""

    items = fields.List(fields.Nested(EventSchema), required=True)


class MoveResultSchema(Schema):
    """The events one move stored, and the game's new version."""

    version = fields.Integer()
    events = fields.List(fields.Nested(EventSchema))


class GameStateSchema(Schema):
    """A game's state as the caller may see it."""

    class Meta:
        unknown = INCLUDE

    id = fields.UUID()
    variant = fields.String()
    title = fields.String()
    players = fields.List(fields.String())
    options = fields.Dict()
    deal_mode = fields.String()
    recording = fields.String(metadata={"description": "who records the moves: recorder, or seats"})
    access = fields.String(metadata={"description": "public, or private"})
    currency = fields.String(
        allow_none=True,
        metadata={"description": "the ISO 4217 code the game's money amounts are minor units of; null: none named"},
    )
    rules_version = fields.Integer(
        metadata={
            "description": "the version of the variant's rules the game follows at this version (GET /variants lists "
            "each version's changes): the newest when it was created, or one the table adopted since (adopt_rules, "
            "from the next deal on: `state.next_rules_version` names it until then)"
        }
    )
    version = fields.Integer(metadata={"description": "the version this state is at"})
    latest_version = fields.Integer(metadata={"description": "the version of the game's last event"})
    latest = fields.Boolean(
        metadata={
            "description": "whether this state is at the latest version; actions are listed only there (at an "
            "earlier version, legal_actions and table_actions are empty)"
        }
    )
    created_at = fields.String()
    to_move = fields.List(fields.String(), metadata={"description": "who was to act at this version"})
    over = fields.Boolean()
    discarded = fields.Dict(
        allow_none=True,
        metadata={
            "description": "null, or once the recorder discarded the game (POST /games/{id}/discard): its `reason`, "
            "`by` and the `version` of the discarding; a discarded game takes no more writes"
        },
    )
    state = fields.Dict()
    digest = fields.String(
        allow_none=True,
        metadata={
            "description": "GET /games/{id} only: the record's digest at its version (the hash chain's link "
            "there): keep it, and GET /games/{id}/verify?digest=...&at=<version> later shows whether the record "
            "still holds it; null for an event stored before the chain existed"
        },
    )
    confirmations = fields.Dict(
        keys=fields.String(),
        values=fields.Dict(keys=fields.String(), values=fields.Integer()),
        metadata={
            "description": "GET /games/{id} only: which hands each player confirmed, by hand number then player: the "
            "version of the result confirmed (GET /games/{id}/confirmations says whether each still matches)"
        },
    )
    role = fields.String(
        allow_none=True,
        metadata={
            "description": "GET /games/{id} only: what the caller's token opens (recorder, seat:<player>, "
            "viewer:<label> or arbiter), so that a page knows whose seat it is; null without a token"
        },
    )
    may_rule = fields.Boolean(
        metadata={
            "description": "GET /games/{id} only: whether the caller's token rules on the game's disputes (the "
            "arbiter, or the recorder where no arbiter was issued)"
        },
    )
    no_device = fields.List(
        fields.String(),
        metadata={
            "description": "GET /games/{id} only: the seats marked without a device of their own (PUT "
            "/games/{id}/seats/{player}), whose actions the recorder records in a game recorded by seats"
        },
    )
    legal_actions = fields.List(
        fields.Dict(),
        metadata={
            "description": "only to whoever records moves, at the latest version: the actions open now of the "
            "players that token may record for (a seat: its own player's), each entry a type and player with "
            "concrete `choices` or a `template` with `constraints` and `examples`; a template may add the cards it "
            "may name (`allowed_cards`; those the record places nowhere yet, marked `unseen`, only in the full view) "
            "and the `bounds` of its numbers (`{\"amount\": [low, high]}`); `instead_of` names the kind of action "
            "an entry stands in for (`hand_result`: the hand recorded by its result instead of its deal)"
        },
    )
    table_actions = fields.List(
        fields.Dict(),
        metadata={
            "description": "only to the recorder, at the latest version: the actions of the table (such as "
            "end_game), each entry marked `table_action: true`, naming the fields that `confirm` it, with `choices`"
        },
    )


class GameEntrySchema(Schema):
    """One listed game."""

    id = fields.String()
    variant = fields.String()
    title = fields.String()
    players = fields.List(fields.String())
    created_at = fields.String()


class GamePageSchema(PageSchema):
    """A page of games, newest first."""

    items = fields.List(fields.Nested(GameEntrySchema), required=True)


class VariantListSchema(Schema):
    """The variants with their options, defaults and action types."""

    variants = fields.List(
        fields.Dict(),
        metadata={
            "description": "each variant: its name, title, players, options, deal modes and actions, `rules_version` "
            "(the version of its rules a new game follows) and `rules_versions` (every version, oldest first, each "
            "`{version, changes}`: what it changed, a sentence each, naming the rule)"
        },
    )


class HealthSchema(Schema):
    """Service health."""

    status = fields.String()
    store = fields.String()
    version = fields.String(metadata={"description": "Meldbook's version, the same as the contract's info.version"})


class ReadySchema(Schema):
    """The store answers."""

    status = fields.String(metadata={"description": "ready"})
    store = fields.String(metadata={"description": "the store's kind: sqlite or postgres"})
