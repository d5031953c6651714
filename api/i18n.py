"""The pages' languages: English and Norwegian (Bokmål), from one gettext catalogue (api/translations/).

A page speaks the language its reader chose with the switch on the page (kept in a cookie), else the best match of
the browser's Accept-Language, else English. Every text a page shows comes from the catalogue: the templates'
through Jinja's `_()`, the scripts' through `page_messages()`, which the base template hands to them as JSON, and
the domain's own words (action kinds, problem titles, moves' words, options, spaces, glyphs, the rules' sentences)
through api/domain_words.py, which translates each under its own message context (the catalogue's extraction adds
them, see tools/messages.py). The API itself stays in English: a problem's `detail` is the service's sentence, its
`code` is what a page translates.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from flask import Blueprint, Flask, Response, redirect, request
from flask_babel import Babel, get_locale, lazy_gettext

from api.domain_words import action_name, domain_texts, glyph_name, problem_sentence, rule_sentence, rule_texts, said
from api.night_texts import NIGHT_TEXTS

LANGUAGES = {"en": "English", "nb": "Norsk bokmål"}
DEFAULT_LANGUAGE = "en"
COOKIE = "meldbook_lang"
TRANSLATIONS = Path(__file__).resolve().parent / "translations"
# Browsers name Norwegian in three ways; the pages have one written form of it.
SPOKEN_AS = {"no": "nb", "nn": "nb", "nb": "nb", "en": "en"}

blp = Blueprint("language", __name__)


def chosen_language() -> str:
    """The cookie's language, else the browser's best, else English."""
    kept = request.cookies.get(COOKIE, "")
    if kept in LANGUAGES:
        return kept
    asked = request.accept_languages.best_match(list(SPOKEN_AS))
    return SPOKEN_AS.get(asked or "", DEFAULT_LANGUAGE)


def install(app: Flask) -> None:
    """Babel for the app's pages, with the language switch's route."""
    Babel(
        app,
        default_locale=DEFAULT_LANGUAGE,
        default_translation_directories=str(TRANSLATIONS),
        locale_selector=chosen_language,
    )
    app.jinja_env.globals.update(
        languages=LANGUAGES, page_language=page_language, page_messages=page_messages, action_name=action_name,
        unit_name=unit_name, said=said, problem_title=problem_sentence, glyph_name=glyph_name,
        rule_sentence=rule_sentence,
    )
    app.register_blueprint(blp)


def page_language() -> str:
    return str(get_locale() or DEFAULT_LANGUAGE)


@blp.get("/language/<code>")
def switch(code: str) -> Response:
    """Keep the reader's choice of language for a year and go back to the page he came from (on this site only)."""
    back = request.args.get("next", "/play")
    parts = urlsplit(back)
    if parts.scheme or parts.netloc or not back.startswith("/") or back.startswith("//"):
        back = "/play"
    response = redirect(back, 303)
    if code in LANGUAGES:
        response.set_cookie(COOKIE, code, max_age=365 * 24 * 3600, samesite="Lax", httponly=True)
    return response


# The texts the pages' scripts show, by key; `%(name)s` marks a value the script fills in.
SCRIPT_TEXTS = {
    "move_words": lazy_gettext("Move %(move)s: %(words)s"),
    "showing_view": lazy_gettext("Showing the %(view)s view."),
    "replay_unreadable": lazy_gettext("The replay could not be read (%(error)s): the page shows the last frame read."),
    "annotations_unreadable": lazy_gettext("The annotations could not be read (%(error)s)."),
    "annotation_added": lazy_gettext("Annotation added."),
    "annotation_unsent": lazy_gettext("The annotation could not be sent (%(error)s)."),
    "why_balance": lazy_gettext("Why %(player)s's balance?"),
    "reading": lazy_gettext("Reading…"),
    "explanation_unreadable": lazy_gettext("The explanation could not be read (%(error)s)."),
    "settlement_unreadable": lazy_gettext("The settlement could not be read (%(error)s)."),
    "main_pot": lazy_gettext("main pot"),
    "side_pot": lazy_gettext("side pot %(number)s"),
    "poker_pots": lazy_gettext("Poker pots"),
    "dealer": lazy_gettext("(dealer)"),
    "played": lazy_gettext("played"),
    "bet": lazy_gettext("bet"),
    "stock": lazy_gettext("stock"),
    "dummy": lazy_gettext("dummy"),
    "dead": lazy_gettext("dead hand"),
    "discard": lazy_gettext("discard"),
    "pot": lazy_gettext("pot"),
    "kitty": lazy_gettext("kitty"),
    "nothing_yet": lazy_gettext("nothing yet"),
    "ace_corner": lazy_gettext("ace %(suit)s"),
    "move_of_hand": lazy_gettext("move %(move)s, hand %(hand)s"),
    "status_reversed": lazy_gettext("reversed"),
    "status_reversal": lazy_gettext("reversal"),
    "status_replacement": lazy_gettext("replacement"),
    "undone_by": lazy_gettext("undone by the reversal at move %(move)s"),
    "nothing": lazy_gettext("nothing"),
    "unit_money": lazy_gettext("money"),
    "unit_chips": lazy_gettext("chips"),
    "unit_points": lazy_gettext("points"),
    "view_spectator": lazy_gettext("spectator"),
    "view_full": lazy_gettext("full"),
    "view_seat": lazy_gettext("seat"),
    "entries_adding_up": lazy_gettext(
        "%(count)s entries, adding up to %(totals)s. Each links to its move in the viewer above."
    ),
    "undoes": lazy_gettext("undoes the struck line of move %(move)s"),
    # Who an entry of a balance explained came from or went to (api/static/settlement.js): another account.
    "from_account": lazy_gettext("from %(account)s"),
    "to_account": lazy_gettext("to %(account)s"),
    "account_pot": lazy_gettext("the pot"),
    "account_kitty": lazy_gettext("the kitty"),
    "account_bank": lazy_gettext("the bank"),
    "account_score_sheet": lazy_gettext("the score sheet"),
    "account_bet": lazy_gettext("%(player)s's bet"),
    "account_space": lazy_gettext("space %(space)s"),
    # An annotation's place (api/static/view.js), as the viewer's template words it.
    "on_move": lazy_gettext("on move %(move)s"),
    "on_hand": lazy_gettext("on this hand"),
    "on_game": lazy_gettext("on the game"),
    "with_line": lazy_gettext("with a line of %(count)s moves"),
    # The record page (api/static/record*.js).
    "picking_for": lazy_gettext("Tap the cards for: %(field)s"),
    "tap_card_for": lazy_gettext("%(action)s: tap the card"),
    "tap_card_instead": lazy_gettext("Tap a card for:"),
    "joker": lazy_gettext("joker"),
    "not_cards": lazy_gettext("Not a card, not counted: %(junk)s"),
    "optional_field": lazy_gettext("%(field)s (optional)"),
    "upcard_is": lazy_gettext("upcard %(card)s"),
    "from_stock": lazy_gettext("from the stock"),
    "from_discard": lazy_gettext("from the discard pile"),
    "declared_as": lazy_gettext("declared as %(cards)s"),
    "then_discard": lazy_gettext("then discard %(card)s"),
    "laid_on": lazy_gettext("%(card)s on meld %(meld)s"),
    "rules_version_is": lazy_gettext("version %(version)s, from the next deal"),
    "value:wrong_count": lazy_gettext("wrong count"),
    "value:card_exposed": lazy_gettext("a card exposed while dealing"),
    "value:other": lazy_gettext("another reason"),
    "value:refuse": lazy_gettext("refuse"),
    "value:void-rest": lazy_gettext("void from it on"),
    "acting_for": lazy_gettext("Recording for:"),
    "hand_of": lazy_gettext("%(player)s's hand (%(count)s)"),
    "waiting_for": lazy_gettext("Waiting for %(players)s"),
    "tap_cards_hint": lazy_gettext("Tap cards in the hand to meld, lay off, discard or go out."),
    "tap_more": lazy_gettext("Tap more cards: %(count)s more actions use these."),
    "no_action_for_these": lazy_gettext("No action takes exactly these cards."),
    "unchecked_hint": lazy_gettext(
        "Not connected: these are every kind of move, kept and checked by the service when the connection returns."
    ),
    "another_way": lazy_gettext("%(action)s: another way"),
    "instead": lazy_gettext("Or record the %(action)s"),
    "queue_one": lazy_gettext("1 move waiting to be sent"),
    "queue_many": lazy_gettext("%(count)s moves waiting to be sent"),
    "queue_waiting": lazy_gettext("waiting"),
    "queue_held": lazy_gettext("held back until the move above is settled"),
    "queue_retry": lazy_gettext("Send it again"),
    "queue_drop": lazy_gettext("Drop it"),
    "queue_drop_rest": lazy_gettext("Drop it and what follows"),
    "forget_confirm": lazy_gettext(
        "Forget this device? Every token, game and waiting move Meldbook keeps on it is removed."
    ),
    "role_recorder": lazy_gettext("recorder"),
    "role_arbiter": lazy_gettext("arbiter"),
    "role_seat": lazy_gettext("seat of %(player)s"),
    "dispute_title": lazy_gettext("⚑ Dispute %(id)s, hand %(hand)s: %(status)s"),
    "figure_claimed": lazy_gettext("Figure claimed: %(figure)s"),
    "ruling_by": lazy_gettext("Ruled by the %(who)s: %(ruling)s"),
    "ruling_withheld": lazy_gettext("Ruled by the %(who)s; the ruling is shown once the hand has ended."),
    "ruling_corrected": lazy_gettext("(the record corrected at version %(version)s)"),
    "evidence_replay": lazy_gettext("hand %(hand)s, move %(move)s"),
    "evidence_annotation": lazy_gettext("annotation %(id)s"),
    "evidence_event": lazy_gettext("version %(version)s"),
    "evidence_hand": lazy_gettext("Hand"),
    "evidence_move": lazy_gettext("Move of the hand"),
    "evidence_note": lazy_gettext("What it shows"),
    "evidence_add": lazy_gettext("Add evidence"),
    "evidence_added": lazy_gettext("Evidence added to dispute %(id)s."),
    "ruling_text": lazy_gettext("The ruling"),
    "ruling_needed": lazy_gettext("Write the ruling first."),
    "rule_close": lazy_gettext("Rule and close"),
    "rule_with_correction": lazy_gettext("Rule with a correction of the record"),
    "rule_apply": lazy_gettext("Rule and correct"),
    "ruled": lazy_gettext("Dispute %(id)s ruled."),
    "dispute_open_title": lazy_gettext("Dispute hand %(hand)s"),
    "cancel": lazy_gettext("Cancel"),
    "add_another": lazy_gettext("Another: %(field)s"),
    "record_it": lazy_gettext("Record"),
    "suggested": lazy_gettext("Suggested:"),
    "on_meld": lazy_gettext("on meld %(meld)s"),
    "from_move": lazy_gettext("move %(move)s"),
    "to_act": lazy_gettext("To act: %(players)s"),
    "game_over": lazy_gettext("The game is over."),
    "unreadable": lazy_gettext("The game could not be read (%(error)s)."),
    "unsent": lazy_gettext("Not sent (%(error)s): send it again, it will not be recorded twice."),
    "recorded": lazy_gettext("Recorded: %(words)s"),
    "void_move": lazy_gettext("Void move %(move)s"),
    "tap_again": lazy_gettext("Tap again to confirm: %(words)s"),
    "default_device": lazy_gettext("record page"),
    "hand_column": lazy_gettext("Hand"),
    "confirmed_column": lazy_gettext("Confirmed"),
    "confirm_hand": lazy_gettext("Confirm"),
    "dispute_hand": lazy_gettext("Dispute"),
    "dispute_claim": lazy_gettext("What is wrong"),
    "dispute_figure": lazy_gettext("The figure you claim (optional)"),
    "dispute_send": lazy_gettext("Open the dispute"),
    "disputed_hand": lazy_gettext("Dispute %(id)s opened on hand %(hand)s."),
    "disputed_by": lazy_gettext("⚑ %(who)s, dispute %(id)s (%(status)s)"),
    "dispute_open": lazy_gettext("open"),
    "dispute_closed": lazy_gettext("ruled"),
    "new_meld": lazy_gettext("%(meld)s: meld %(nth)s of this move"),
    "confirmed_hand": lazy_gettext("Confirmed hand %(hand)s."),
    "kept_hand": lazy_gettext("Hand %(hand)s, digest %(digest)s:"),
    "kept_matches": lazy_gettext("still matches the record."),
    "kept_differs": lazy_gettext("no longer matches the record."),
    "kept_unchecked": lazy_gettext("could not be checked now."),
    "total_row": lazy_gettext("Total"),
    "field_card": lazy_gettext("card"),
    "field_cards": lazy_gettext("cards"),
    "field_hands": lazy_gettext("hands"),
    "field_upcard": lazy_gettext("upcard"),
    "field_declare": lazy_gettext("declared as"),
    "field_kind": lazy_gettext("kind"),
    "field_melds": lazy_gettext("melds"),
    "field_lay_offs": lazy_gettext("lay-offs"),
    "field_discard": lazy_gettext("discard"),
    "field_amount": lazy_gettext("amount"),
    "field_ace": lazy_gettext("ace"),
    "field_meld": lazy_gettext("meld"),
    "field_reason": lazy_gettext("reason"),
    "field_move": lazy_gettext("move"),
    "field_from_move": lazy_gettext("from move"),
    "field_replacement": lazy_gettext("replacement"),
    "field_holder": lazy_gettext("holder"),
    "field_then": lazy_gettext("then"),
    "field_drawer": lazy_gettext("who drew the card"),
    "field_points": lazy_gettext("points"),
    "field_went_out": lazy_gettext("went out"),
    "field_table": lazy_gettext("table points"),
    "field_scores": lazy_gettext("scores"),
    "field_money": lazy_gettext("money so far"),
    "field_pot": lazy_gettext("pot"),
    "field_stacks": lazy_gettext("stacks"),
    "field_board": lazy_gettext("chips on the board"),
    "field_aces": lazy_gettext("chips on the aces"),
    "field_rummies": lazy_gettext("Rummies claimed"),
    "field_rules": lazy_gettext("rules version"),
    "field_source": lazy_gettext("drawn from"),
    "field_confirm": lazy_gettext("confirmed"),
    "field_seeds": lazy_gettext("seeds"),
    "player_name": lazy_gettext("Player's name"),
    "move_up": lazy_gettext("Move up a seat"),
    "move_down": lazy_gettext("Move down a seat"),
    "remove_player": lazy_gettext("Remove this player"),
    "creating": lazy_gettext("Creating the game…"),
    "copied": lazy_gettext("Copied"),
    "untitled": lazy_gettext("Untitled game"),
    "no_public_games": lazy_gettext("No public games yet."),
    "details": lazy_gettext("Details"),
    "network_error": lazy_gettext("The service could not be reached: check the connection and try again."),
    "joining": lazy_gettext("Joining the game…"),
    "joined": lazy_gettext("You sit as %(player)s."),
    "code_expires": lazy_gettext("The code works once, until %(time)s."),
    "new_code": lazy_gettext("New code"),
    "discard_confirm": lazy_gettext("Discard this game? It takes no more moves afterwards."),
    "device_on": lazy_gettext("%(player)s records on his own phone."),
    "device_off": lazy_gettext("%(player)s has no phone: the recorder records for him."),
    "layout_as_declared": lazy_gettext("the layout this game declared"),
    "choice_yes": lazy_gettext("yes"),
    "choice_no": lazy_gettext("no"),
    # The home page (api/static/home.js).
    "signed_in_device": lazy_gettext("kept on this device"),
    "signed_in_tab": lazy_gettext("kept in this tab"),
    "needs_token": lazy_gettext("needs its token"),
    "setup_and_pairing": lazy_gettext("Setup and pairing"),
    "device_keeps": lazy_gettext("This device keeps %(count)s tokens."),
    "device_keeps_none": lazy_gettext("This device keeps no token: a game asks for its token or code in a new tab."),
    "device_forgotten": lazy_gettext("This device keeps nothing of Meldbook any more."),
}


def unit_name(unit: str) -> str:
    """A settlement's unit (`money`, `chips`, `points`) in the page's language."""
    text = SCRIPT_TEXTS.get(f"unit_{unit}")
    return str(text) if text is not None else unit


def page_messages(with_rules: bool = False) -> dict[str, str]:
    """The scripts' texts in the page's language, and the page's refusal sentences by problem code; with the rules'
    sentences by rule id for a page that asks for them (`{% set with_rules = true %}`)."""
    texts = {key: str(text) for key, text in (*SCRIPT_TEXTS.items(), *NIGHT_TEXTS.items())}
    texts.update(domain_texts())
    texts.update(rule_texts() if with_rules else {})
    return texts
