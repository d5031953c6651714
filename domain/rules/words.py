"""An action in words, for a replay: each variant's phrases for its own action kinds, and one shared fallback.

A phrase reads the action as the viewer may see it (a drawn card a spectator may not see is blank) and the
table as that viewer saw it before the move, so words never say more than the frame shows. Cards are codes.

Words are said from templates (`Template`, declared once at import, so that every template is known before any is
used: the pages' catalogue translates each, api/i18n.py), filled in with values that are text or words of their
own. `str()` of what is said is its English; `doc()` its template and values, which a page says again in its
reader's language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

TEMPLATES: set[str] = set()
"""Every template words are said from, in English (with `%(name)s` for each value)."""
ACTION = "action"
"""The context of words that name an action kind (`draw`, `lay off`), translated as the pages name the kinds."""


@dataclass(frozen=True, slots=True)
class Said:
    """Words said from a template, with their values (text, or words of their own)."""

    template: str
    values: Mapping[str, str | Said] = field(default_factory=dict)
    context: str | None = None

    def __str__(self) -> str:
        return self.template % {name: str(value) for name, value in self.values.items()}

    def doc(self) -> dict[str, Any]:
        """What was said as data: the template (`text`), its values and its context, if any."""
        values = {name: value.doc() if isinstance(value, Said) else value for name, value in self.values.items()}
        return {"text": self.template, "values": values, **({"context": self.context} if self.context else {})}


@dataclass(frozen=True, slots=True)
class Template:
    """A template words are said from, known from its declaration on."""

    text: str

    def __post_init__(self) -> None:
        TEMPLATES.add(self.text)

    def __call__(self, **values: str | Said) -> Said:
        return Said(self.text, values)


def template(text: str) -> Template:
    """Declare a template (at import, so that the catalogue knows it)."""
    return Template(text)


Phrase = Callable[[Mapping[str, Any], Mapping[str, Any]], Said]
"""Words for one action kind: from the action (as filtered) and the table's state document before it."""

A_CARD = template("a card")
RESULT_WENT_OUT = template("hand recorded by its result: %(player)s went out; %(left)s")
"""A hand recorded by its result (each variant's `hand_result`): who went out, then what each player was left with."""
BROUGHT_FORWARD = template("standings brought forward from a paper sheet: %(figures)s")
"""Standings stated to carry a game on (each variant's `bring_forward`)."""


def brought_forward(action: Mapping[str, Any], state: Mapping[str, Any]) -> Said:
    """Standings brought forward, in words: each figure the action states, by player ('scores ann 380, bob 410')."""
    parts = []
    for name, value in action.items():
        if isinstance(value, dict):
            parts.append(f"{name} " + ", ".join(f"{player} {figure}" for player, figure in value.items()))
        elif name not in ("type", "player", "expected_version", "confirm") and isinstance(value, int):
            parts.append(f"{name} {value}")
    return BROUGHT_FORWARD(figures="; ".join(parts))
THE_TABLE = template("the table")
OWNED_MELD = template("%(owner)s's meld %(meld)s")
MELD = template("meld %(meld)s")
ACTS = template("%(player)s %(action)s")
ACTS_NAMING = template("%(player)s %(action)s %(named)s")
EVENTS = template("%(player)s: %(events)s")
SET_UP = template("the game is set up")


def cards(value: Any) -> str | Said:
    """Card codes as a line of text ('7H 8H 9H'); a blank (hidden) card is 'a card'."""
    if value is None:
        return A_CARD()
    if isinstance(value, str):
        return value
    return " ".join(str(card) for card in value)


def actor(action: Mapping[str, Any]) -> str | Said:
    """Who acted: the player, or the table for an action of the table."""
    return str(action["player"]) if action.get("player") else THE_TABLE()


def meld_owner(state: Mapping[str, Any], meld_id: Any) -> Said:
    """'Ann's meld 2' or 'meld 2' when the table doc names no owner."""
    melds = state.get("melds") or []
    owner = next((m.get("owner") for m in melds if isinstance(m, dict) and m.get("id") == meld_id), None)
    return OWNED_MELD(owner=str(owner), meld=str(meld_id)) if owner else MELD(meld=str(meld_id))


def fallback(action: Mapping[str, Any], state: Mapping[str, Any]) -> Said:
    """Any action as '<player> <kind>' followed by the cards and amounts it names."""
    kind = Said(str(action.get("type", "acts")).replace("_", " "), context=ACTION)
    named = [
        str(cards(action[key])) if key in ("card", "cards") else f"{key} {action[key]}"
        for key in ("card", "cards", "amount", "meld")
        if action.get(key) is not None
    ]
    if not named:
        return ACTS(player=actor(action), action=kind)
    return ACTS_NAMING(player=actor(action), action=kind, named=" ".join(named))


def in_words(phrases: Mapping[str, Phrase], action: Mapping[str, Any], state: Mapping[str, Any]) -> Said:
    """The action in words, by its variant's phrase for its kind, or by the fallback."""
    phrase = phrases.get(str(action.get("type")), fallback)
    return phrase(action, state)


def events_in_words(names: list[str], player: str | None) -> Said:
    """A move stored before envelopes, by its events' names ('ann: StockCardDrawn, MeldLaid')."""
    return EVENTS(player=player or THE_TABLE(), events=", ".join(names))


DRAWS = template("%(player)s draws %(card)s from the stock")
DRAWS_UNSEEN = template("%(player)s draws from the stock")


def draws_from_stock(action: Mapping[str, Any]) -> Said:
    """A draw from the stock, naming the card where the viewer may see it."""
    card = action.get("card")
    return DRAWS(player=actor(action), card=str(card)) if card else DRAWS_UNSEEN(player=actor(action))


CUTS, CUTS_CARD = template("%(player)s cuts"), template("%(player)s cuts %(card)s")
DEALS = template("%(player)s deals")
MELDS = template("%(player)s melds %(cards)s")
LAYS_OFF = template("%(player)s lays %(card)s off on %(meld)s")
DISCARDS = template("%(player)s discards %(card)s")
MISDEAL = template("the table declares a misdeal (%(reason)s): the deal is void and dealt again")
EXPOSED = template("%(player)s's %(card)s is exposed; it stays in his hand")
DRAWN_OUT_OF_TURN = template("%(player)s draws %(card)s out of turn; it goes back into the stock")
CALLED_OFF = template("the table calls the hand off: it is void")
ABANDONED = template("the players leave: the game is abandoned")
ADOPTS = template("the table adopts rules version %(rules)s, from the next deal on")

SHARED: dict[str, Phrase] = {
    "cut": lambda a, s: CUTS_CARD(player=actor(a), card=cards(a["card"])) if a.get("card") else CUTS(player=actor(a)),
    "deal": lambda a, s: DEALS(player=actor(a)),
    "meld": lambda a, s: MELDS(player=actor(a), cards=cards(a.get("cards"))),
    "lay_off": lambda a, s: LAYS_OFF(player=actor(a), card=cards(a.get("card")), meld=meld_owner(s, a.get("meld"))),
    "discard": lambda a, s: DISCARDS(player=actor(a), card=cards(a.get("card"))),
    "misdeal": lambda a, s: MISDEAL(reason=str(a.get("reason", "")).replace("_", " ")),
    "expose_card": lambda a, s: EXPOSED(player=str(a.get("holder")), card=cards(a.get("card"))),
    "draw_out_of_turn": lambda a, s: DRAWN_OUT_OF_TURN(player=str(a.get("drawer")), card=cards(a.get("card"))),
    "call_off": lambda a, s: CALLED_OFF(),
    "abandon": lambda a, s: ABANDONED(),
    "adopt_rules": lambda a, s: ADOPTS(rules=str(a.get("rules"))),
    "bring_forward": brought_forward,
}
"""Phrases that read alike in every variant that has the kind."""
