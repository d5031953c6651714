"""The domain's own words in the page's language: the names of action kinds, the options' descriptions and the values
that are words, Royal Rummy's board spaces, the annotation glyphs that are words, the problem titles and every move's
words (a replay frame's `phrase`), the rules' sentences and what each problem code concerns, each translated under a
message context of its own. Each registry below lists what the catalogue must hold (tools/messages.py adds them to
it); `domain_texts()` hands them to the pages' scripts (api/i18n.py: page_messages) and the functions to the
templates."""

from __future__ import annotations

from typing import Any

from flask_babel import pgettext

from api.problem_table import PROBLEMS
from domain.beside.annotations import GLYPHS
from domain.corrections.kinds import CORRECTION_KINDS
from domain.rules.words import TEMPLATES
from domain.variants import CATALOGUE, VARIANTS

ACTION_CONTEXT, PROBLEM_CONTEXT, OPTION_CONTEXT, PHRASE_CONTEXT = "action", "problem", "option", "phrase"
CHOICE_CONTEXT, SPACE_CONTEXT, GLYPH_CONTEXT, RULE_CONTEXT = "choice", "space", "glyph", "rule"
GLYPH_WORDS = sorted(glyph for glyph in GLYPHS if glyph.replace("-", "").isalpha())
"""The annotation glyphs that are words (`missed-lay-off`), for the pages to name translated; PGN's symbols (`!?`)
read the same in every language."""
ACTION_KINDS = sorted({k for variant in VARIANTS.values() for k in variant.action_kinds} | set(CORRECTION_KINDS))
"""Every action kind a page may name: each variant's and the corrections'."""
OPTION_DESCRIPTIONS = sorted(
    {spec.description for variant in VARIANTS.values() for spec in variant.option_specs}
    | {known.description for variant in VARIANTS.values() for spec in variant.option_specs for known in spec.known}
)
"""What each house-rule option (and each value known by name, a board layout) means, as GET /variants describes it
(English), for the pages to show translated."""
CHOICES = sorted(
    {choice for variant in VARIANTS.values() for spec in variant.option_specs for choice in spec.choices
     if isinstance(choice, str)}
)
"""Every house-rule option's value that is a word (`pot_share`, `after_discard`), for the pages to name translated
(as words: `pot share`)."""
SPACES = sorted(
    {space["id"] for variant in VARIANTS.values() for spec in variant.option_specs
     for layout in (spec.default, *(known.value for known in spec.known)) if isinstance(layout, list)
     for space in layout if isinstance(space, dict) and str(space.get("id", "")).isalpha()
     and str(space["id"]).islower()}
)
"""The board spaces of the known layouts whose names are words (Royal Rummy's `marriage`, `sequence`, `kitty`,
`pot`), for the pages to name translated; a space named by its card (`AH`) reads the same in every language."""
PHRASES = sorted(TEMPLATES)
"""Every template a move is said from in a replay's words (domain/rules/words.py, each variant's words.py), in
English: the pages say the words again from the frame's `phrase` in their reader's language."""
RULE_SENTENCES = sorted({rule.sentence for rule in CATALOGUE.values()} | {p.concerns for p in PROBLEMS.values()})
"""Every rule's sentence (domain/rules/catalogue.py) and what each problem code concerns, in English, each once: a
variant's refusal codes are rules whose sentence is the code's `concerns` (domain/rules/rule.py: refusal_rules)."""
_RULE_SENTENCES = frozenset(RULE_SENTENCES)


def action_name(kind: str) -> str:
    """An action kind (`draw`, `lay_off`, ...) as the page names it, in the page's language."""
    return pgettext(ACTION_CONTEXT, kind.replace("_", " "))


def option_description(description: str) -> str:
    """An option's description (GET /variants' English) in the page's language."""
    return pgettext(OPTION_CONTEXT, description)


def said(phrase: dict[str, Any]) -> str:
    """A move's words (a replay frame's `phrase`) in the page's language: its template translated, each value
    said the same way."""
    context = ACTION_CONTEXT if phrase.get("context") == ACTION_CONTEXT else PHRASE_CONTEXT
    values = {name: said(value) if isinstance(value, dict) else value for name, value in phrase["values"].items()}
    return str(pgettext(context, phrase["text"])) % values


def glyph_name(glyph: str) -> str:
    """An annotation glyph as the page names it: a word glyph in the page's language, a symbol as it is."""
    return str(pgettext(GLYPH_CONTEXT, glyph.replace("-", " "))) if glyph in GLYPH_WORDS else glyph


def space_name(space: str) -> str:
    """A board space's name in the page's language, where it is a word of the known layouts; else as it is."""
    return str(pgettext(SPACE_CONTEXT, space)) if space in SPACES else space


def problem_sentence(code: str) -> str:
    """The page's sentence for a refusal's code: its problem's title in the page's language (the code's own text,
    the API's English detail, is shown beside it by the page)."""
    problem = PROBLEMS.get(code)
    return pgettext(PROBLEM_CONTEXT, problem.title) if problem else pgettext(PROBLEM_CONTEXT, "Request refused")


def rule_sentence(text: str) -> str:
    """A rule's sentence, or what a problem code concerns, in the page's language; a sentence the registry does not
    hold as it is (English)."""
    return str(pgettext(RULE_CONTEXT, text)) if text in _RULE_SENTENCES else text


def domain_texts() -> dict[str, str]:
    """Every word of the domain a page's script may show, in the page's language, by its key (`action:draw`,
    `phrase:%(player)s deals`, ...)."""
    texts = {f"problem:{code}": problem_sentence(code) for code in PROBLEMS}
    texts.update({f"action:{kind}": action_name(kind) for kind in ACTION_KINDS})
    texts.update({f"option:{text}": option_description(text) for text in OPTION_DESCRIPTIONS})
    texts.update({f"phrase:{text}": pgettext(PHRASE_CONTEXT, text) for text in PHRASES})
    texts.update({f"choice:{choice}": pgettext(CHOICE_CONTEXT, choice.replace("_", " ")) for choice in CHOICES})
    texts.update({f"space:{space}": space_name(space) for space in SPACES})
    texts.update({f"glyph:{glyph}": glyph_name(glyph) for glyph in GLYPH_WORDS})
    return texts


def rule_texts() -> dict[str, str]:
    """Every rule's sentence in the page's language by the rule's id (`rule:robins.dealer.cut`), as a settlement
    entry names its rule: for the page that explains a balance (the viewer), and only for it."""
    return {f"rule:{rule.id}": rule_sentence(rule.sentence) for rule in CATALOGUE.values()}
