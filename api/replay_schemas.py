"""The schemas of replays and live streams: which hand and view to replay, the frames, stream tickets."""

from __future__ import annotations

from marshmallow import EXCLUDE, Schema, fields, validate

from api.fields import Name, WholeNumber
from api.schemas import BODY_NOT_OBJECT, MAX_VERSION, GameStateSchema

VIEWS = ("spectator", "seat", "full")


class NarrowedViewSchema(Schema):
    """A view narrower than the caller's token allows (api/replays.py `narrowed`): the replay's and a stream
    ticket's `view` and `player`."""

    view = fields.String(
        validate=validate.OneOf(VIEWS),
        metadata={
            "description": "narrow the view the token allows: full (the recorder) to seat or spectator, seat to "
            "spectator; a wider view is refused with 403 view-not-allowed (default: the token's own view)"
        },
    )
    player = Name(metadata={"description": "with view=seat: the seat whose hand is shown (the recorder must name it)"})


class ReplayArgsSchema(NarrowedViewSchema):
    """Which hand (or move) of a game to replay, and in which view."""

    hand = WholeNumber(
        validate=validate.Range(min=1, max=MAX_VERSION),
        metadata={"description": "the hand, numbered from 1 (default: the game's current hand)"},
    )
    at = WholeNumber(
        validate=validate.Range(min=0, max=MAX_VERSION),
        metadata={"description": "only the frame of this move (0: the setup); its hand is answered unless `hand` says"},
    )


class HandSpanSchema(Schema):
    """One hand of a game, for navigation."""

    hand = fields.Integer()
    first_move = fields.Integer()
    last_move = fields.Integer()


class FrameSchema(Schema):
    """The table after one move, what the move changed, and the action in words."""

    move = fields.Integer(metadata={"description": "the move's number (0: the game's setup)"})
    hand = fields.Integer()
    versions = fields.Dict(metadata={"description": "`first` and `last`: the versions of the move's events"})
    actor = fields.String(allow_none=True, metadata={"description": "the player who acted (none: the table)"})
    recorded_by = fields.String(
        allow_none=True,
        metadata={"description": "who recorded the move: recorder or seat:<player> (none: a record older than moves)"},
    )
    device = fields.String(allow_none=True, metadata={"description": "the label of the device it was recorded on"})
    action = fields.Dict(
        allow_none=True,
        metadata={"description": "the action as accepted, through the view's filter (none before move envelopes)"},
    )
    words = fields.String(metadata={"description": "the action in words, cards as codes"})
    phrase = fields.Dict(
        metadata={
            "description": "the same words as data, for a client that says them in another language: `text`, an "
            "English template with a `%(name)s` for each value, and `values`, each a text or such words of its own "
            "(with `context` \"action\" where the words are an action kind's name)"
        }
    )
    voided = fields.Integer(
        allow_none=True,
        metadata={"description": "the voided marker: the version of the correction that voided it (none: it counts)"},
    )
    state = fields.Nested(GameStateSchema, metadata={"description": "the state after the move (no actions)"})
    changes = fields.Dict(
        metadata={
            "description": "what changed since the frame before, read from the two filtered states: `zones` (path, "
            "count before and after, cards added and removed that the view shows), `amounts` (path, before, after, "
            "delta: scores, money, chips) and other `values` (path, before, after)"
        }
    )


class ReplaySchema(Schema):
    """The frames of one hand of a game (or one frame, with ?at=), and every hand for navigation."""

    id = fields.UUID()
    variant = fields.String()
    view = fields.String(metadata={"description": "the view the frames are shown in"})
    hand = fields.Integer()
    hands = fields.List(fields.Nested(HandSpanSchema))
    frames = fields.List(fields.Nested(FrameSchema))


class StreamTicketBodySchema(NarrowedViewSchema):
    """Which view a stream ticket grants: the token's own, or one narrower (as a replay's `view` and `player`)."""

    error_messages = BODY_NOT_OBJECT


class StreamTicketSchema(Schema):
    """A stream ticket: the one credential allowed in a URL, bound to one game and one view, never logged."""

    ticket = fields.String(metadata={"description": "signed, opaque; send it as the stream's `?ticket=`"})
    expires_at = fields.DateTime(
        metadata={"description": "until when it opens connections (60 s after it is issued), reconnects included"}
    )
    view = fields.String(metadata={"description": "the view it grants: spectator, seat or full"})
    url = fields.String(metadata={"description": "the stream's URL with the ticket, for an EventSource"})


class StreamArgsSchema(Schema):
    """Where a stream starts, and the ticket that stands for a token (a browser's EventSource sends no header)."""

    last_event_id = WholeNumber(
        validate=validate.Range(min=0, max=MAX_VERSION),
        metadata={"description": "start after this version (a Last-Event-ID header, sent on reconnects, wins)"},
    )
    ticket = fields.String(
        validate=validate.Length(min=1, max=2000),
        metadata={"description": "a stream ticket (POST /games/{id}/stream-tickets): a private game or a wider view"},
    )


class StreamHeadersSchema(Schema):
    """The header a browser's EventSource sends when it reconnects: where the stream left off."""

    class Meta:
        unknown = EXCLUDE

    last_event_id = WholeNumber(
        data_key="Last-Event-ID",
        validate=validate.Range(min=0, max=MAX_VERSION),
        metadata={"description": "the version of the last event received: the stream resumes after it"},
    )
