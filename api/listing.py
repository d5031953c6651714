"""One shape for every list: a bounded page of `items`, an opaque cursor to the next page, and the total.

A client asks for `?limit=N` (bounded per list) and follows `next_cursor` as `?cursor=...` until it is null. A
cursor continues the query it came from; it is opaque (its content may change) and belongs to one list.
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Callable
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from api.fields import WholeNumber
from service.pages import Page

MAX_CURSOR = 500
UNKNOWN_CURSOR = "a cursor this list did not give: any text may be sent, only the next_cursor of a page is read"
"""Why a list refuses a cursor its contract finds valid: a cursor is opaque, so no schema tells a real one."""
Position = Any
"""Where a page ended, in terms of its list: a version for events, (created_at, id) for games."""


def encode_cursor(kind: str, position: Position) -> str:
    """The opaque cursor of a position in a list of this kind."""
    return base64.urlsafe_b64encode(json.dumps([kind, position]).encode()).decode().rstrip("=")


class Cursor(fields.String):
    """A cursor of one list, decoded to its position; a cursor of another list or a forged one is refused."""

    def __init__(self, kind: str, check: Callable[[Any], Position], **kwargs: Any) -> None:
        description = "the next_cursor of the previous page, as it was given"
        super().__init__(metadata={"description": description, "maxLength": MAX_CURSOR}, **kwargs)
        self.kind = kind
        self.check = check

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Position:
        text: str = super()._deserialize(value, attr, data, **kwargs)
        if len(text) > MAX_CURSOR:
            raise ValidationError("Not a cursor of this list.")
        try:
            kind, position = json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
            if kind != self.kind:
                raise ValueError(kind)
            return self.check(position)
        except (ValueError, TypeError, binascii.Error, UnicodeDecodeError):
            raise ValidationError("Not a cursor of this list: give the next_cursor of its previous page.") from None


def page_limit(default: int, maximum: int) -> WholeNumber:
    """The `limit` query parameter of a list: how many items a page holds, bounded."""
    return WholeNumber(
        load_default=default,
        validate=validate.Range(min=1, max=maximum),
        metadata={"description": f"items per page, 1 to {maximum} (default {default})"},
    )


class PageSchema(Schema):
    """The shape every list shares; each list's schema adds its `items`."""

    limit = fields.Integer(required=True, metadata={"description": "the page size asked for (or its default)"})
    next_cursor = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "pass as ?cursor= for the next page; null on the last page"},
    )
    total = fields.Integer(required=True, metadata={"description": "how many items the whole list holds"})


def page_body(
    page: Page[Any], limit: int, kind: str, shown: list[Any], position: Callable[[Any], Position]
) -> dict[str, Any]:
    """A page as the API answers it: `items` as shown, `next_cursor` after the page's last item when more follow."""
    following = encode_cursor(kind, position(page.items[-1])) if page.more and page.items else None
    return {"items": shown, "limit": limit, "next_cursor": following, "total": page.total}
