"""Who may do what: every route and method is one action, and each role may do a set of actions.

This table is the only place the API decides who may call a route: `api/access.py` checks every request against
it before the view runs, a route without an entry is refused (500) rather than served, and
tests/e2e/test_access_matrix.py walks Flask's URL map through every method and role against it. The finer rule
of recording (a seat records its own player's actions, and only in a game recorded by seats) is the domain's
(`domain/access/game_access.py`), checked when the move is known.
"""

from __future__ import annotations

ANONYMOUS, VIEWER, SEAT, ARBITER, RECORDER = "anonymous", "viewer", "seat", "arbiter", "recorder"
ROLES = (ANONYMOUS, VIEWER, SEAT, ARBITER, RECORDER)

OPEN = "open"
"""Anyone, about no game in particular: health, variants, problems, the contract, listing and creating games."""
READ = "read"
"""A game's reads: its state, events and state at an event (a private game's need one of its tokens)."""
RECORD = "record"
"""Record a move (a seat: its own player's, in a game recorded by seats)."""
MANAGE = "manage"
"""Issue, rotate and revoke the game's tokens; mark a seat as having no device; fix the setup before the first
move, discard the game, offer pairing codes for its seats."""
CORRECT = "correct"
"""Correct the record: void the current hand's last moves, amend a card (the recorder, and the arbiter ruling)."""
ANNOTATE, DISPUTE, CONFIRM, RULE = "annotate", "dispute", "confirm", "rule"
"""Decided here for the replay, settlement and table-side routes: annotate a hand, open a dispute, confirm a
hand's result, rule on a dispute."""

NIGHT = "night"
"""A night's routes: its sheet (anyone's for a public night, the night token's for one holding a private game) and
its games (taken in or out with the night's token and the game's recorder token); the night's token is checked by
the view (service/nights.py), the game's recorder token by the game's access rules."""

MAY: dict[str, frozenset[str]] = {
    ANONYMOUS: frozenset({READ}),
    VIEWER: frozenset({READ}),
    ARBITER: frozenset({READ, RULE, CORRECT}),
    SEAT: frozenset({READ, RECORD, ANNOTATE, DISPUTE, CONFIRM}),
    RECORDER: frozenset({READ, RECORD, MANAGE, ANNOTATE, DISPUTE, CONFIRM, CORRECT, RULE}),
}
"""What each role may do. An anonymous caller reads public games only. The recorder may rule on a dispute only
when no arbiter was issued (the domain's rule, domain/beside/disputes.py)."""

GAME = "/games/<uuid:game_id>"
ROUTES: dict[tuple[str, str], str] = {
    ("/health", "GET"): OPEN,
    ("/ready", "GET"): OPEN,
    ("/variants", "GET"): OPEN,
    ("/problems", "GET"): OPEN,
    ("/problems/<code>", "GET"): OPEN,
    ("/openapi.json", "GET"): OPEN,
    ("/openapi.yaml", "GET"): OPEN,
    ("/docs", "GET"): OPEN,
    ("/language/<code>", "GET"): OPEN,
    ("/games", "GET"): OPEN,
    ("/games", "POST"): OPEN,
    ("/games/import", "POST"): OPEN,
    (GAME, "GET"): READ,
    (f"{GAME}/events", "GET"): READ,
    (f"{GAME}/state", "GET"): READ,
    (f"{GAME}/replay", "GET"): READ,
    (f"{GAME}/notation", "GET"): READ,
    (f"{GAME}/view", "GET"): READ,
    (f"{GAME}/record", "GET"): OPEN,
    (f"{GAME}/stream", "GET"): READ,
    (f"{GAME}/stream-tickets", "POST"): READ,
    (f"{GAME}/moves", "POST"): RECORD,
    (f"{GAME}/corrections", "POST"): CORRECT,
    (f"{GAME}/annotations", "GET"): READ,
    (f"{GAME}/annotations", "POST"): ANNOTATE,
    (f"{GAME}/annotations/<int:annotation_id>", "PATCH"): ANNOTATE,
    (f"{GAME}/annotations/<int:annotation_id>", "DELETE"): ANNOTATE,
    (f"{GAME}/disputes", "GET"): READ,
    (f"{GAME}/disputes", "POST"): DISPUTE,
    (f"{GAME}/disputes/<int:dispute_id>/evidence", "POST"): DISPUTE,
    (f"{GAME}/disputes/<int:dispute_id>/ruling", "POST"): RULE,
    (f"{GAME}/hands/<int:hand>/confirmations", "POST"): CONFIRM,
    (f"{GAME}/confirmations", "GET"): READ,
    (f"{GAME}/verify", "GET"): READ,
    (f"{GAME}/tokens/recorder", "POST"): MANAGE,
    (f"{GAME}/tokens/seats/<player>", "POST"): MANAGE,
    (f"{GAME}/tokens/seats/<player>", "DELETE"): MANAGE,
    (f"{GAME}/tokens/viewers", "POST"): MANAGE,
    (f"{GAME}/tokens/viewers/<label>", "DELETE"): MANAGE,
    (f"{GAME}/tokens/arbiter", "POST"): MANAGE,
    (f"{GAME}/tokens/arbiter", "DELETE"): MANAGE,
    (f"{GAME}/seats/<player>", "PUT"): MANAGE,
    (f"{GAME}/settlement", "GET"): READ,
    (f"{GAME}/settlement/players/<player>", "GET"): READ,
    (f"{GAME}/audit", "GET"): READ,
    (f"{GAME}/what-if", "POST"): READ,
    ("/nights", "POST"): OPEN,
    ("/nights/<uuid:night_id>", "GET"): NIGHT,
    ("/nights/<uuid:night_id>/sheet.csv", "GET"): NIGHT,
    ("/nights/<uuid:night_id>/games", "POST"): NIGHT,
    ("/nights/<uuid:night_id>/games/<uuid:game_id>", "DELETE"): MANAGE,
    ("/", "GET"): OPEN,
    ("/play", "GET"): OPEN,
    ("/pair", "GET"): OPEN,
    ("/pairings/redeem", "POST"): OPEN,
    (f"{GAME}/setup", "GET"): READ,
    (f"{GAME}/setup", "PATCH"): MANAGE,
    (f"{GAME}/discard", "POST"): MANAGE,
    (f"{GAME}/pairings", "POST"): MANAGE,
}
"""The action of each route and method. HEAD is its GET; OPTIONS (answered by Flask) is open."""

TICKETED = frozenset({f"{GAME}/stream"})
"""Routes where a stream ticket (`?ticket=`, service/tickets.py) stands for a token: it carries its own view."""

ASSET_ROUTES = frozenset({"/static/<path:filename>", "/docs/assets/<path:name>"})
"""Routes of static files, open to anyone and left out of the table."""


class UnlistedRouteError(LookupError):
    """A route and method that the table does not list: refused, never served."""


def action_of(rule: str, method: str) -> str:
    """The action a route and method performs."""
    if method == "OPTIONS" or rule in ASSET_ROUTES:
        return OPEN
    action = ROUTES.get((rule, "GET" if method == "HEAD" else method))
    if action is None:
        raise UnlistedRouteError(f"{method} {rule} is not in the access table (api/roles.py)")
    return action


def may(role: str, action: str) -> bool:
    """Whether a role may perform an action."""
    return action == OPEN or action in MAY[role]
