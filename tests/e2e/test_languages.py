"""The pages speak English and Norwegian (Bokmål): chosen from the browser's Accept-Language, or by the switch on the
page (a cookie), every text of the page from the one catalogue (api/translations/). The same page is rendered in
both languages and compared text by text against the catalogue; the catalogue itself must be complete."""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient

from api.domain_words import RULE_SENTENCES
from api.i18n import COOKIE, TRANSLATIONS
from api.problem_table import PROBLEMS
from bots.twins import recorded_twin
from domain.variants import CATALOGUE
from tests.e2e.test_every_version import GAMES
from tests.walk import Walked, store
from tools.messages import check

NORWEGIAN = read_po((TRANSLATIONS / "nb" / "LC_MESSAGES" / "messages.po").open("rb"))
TRANSLATED = {m.id: m.string for m in NORWEGIAN if m.id and m.context is None}
SAID = {m.id: m.string for m in NORWEGIAN if m.id and m.context in ("phrase", "action")}
"""The words moves are said in (domain/rules/words.py) and the action kinds' names, each with its Norwegian."""
RULED = {m.id: m.string for m in NORWEGIAN if m.id and m.context == "rule"}
"""The rules' sentences and what each problem code concerns, each with its Norwegian."""


def in_norwegian(phrase: dict[str, Any]) -> str:
    """A replay frame's words (its `phrase`) as the Norwegian catalogue says them."""
    values = {name: in_norwegian(v) if isinstance(v, dict) else v for name, v in phrase["values"].items()}
    return SAID[phrase["text"]] % values


class Texts(HTMLParser):
    """The page's text nodes in document order, and the <html> element's lang."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.lang = ""
        self.messages = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "html":
            self.lang = dict(attrs).get("lang") or ""
        if tag == "body":
            self.messages = dict(attrs).get("data-messages") or ""

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.texts.append(" ".join(data.split()))


def texts(page: str) -> Texts:
    parser = Texts()
    parser.feed(page)
    return parser


@pytest.fixture
def game(shared_sqlite_app: Flask) -> Walked:
    return store(shared_sqlite_app, lambda token: recorded_twin(GAMES["royal"][1](), token))


def page_in(client: FlaskClient, path: str, language: str | None) -> Texts:
    headers = {"Accept-Language": language} if language else {}
    response = client.get(path, headers=headers)
    assert response.status_code == 200
    return texts(response.get_data(as_text=True))


def test_the_catalogue_holds_every_text_of_the_pages_translated_and_compiled() -> None:
    assert check() == []


@pytest.mark.parametrize("asked", ["nb", "nb-NO,nb;q=0.9,en;q=0.5", "no", "nn-NO", "da;q=0.3,no;q=0.8"])
def test_a_browser_asking_for_norwegian_gets_every_text_of_the_page_from_the_norwegian_catalogue(
    shared_sqlite_client: FlaskClient, game: Walked, asked: str
) -> None:
    english = page_in(shared_sqlite_client, f"/games/{game.id}/view?at=3", None)
    norwegian = page_in(shared_sqlite_client, f"/games/{game.id}/view?at=3", asked)
    assert (english.lang, norwegian.lang) == ("en", "nb")
    assert len(english.texts) == len(norwegian.texts)
    pairs = list(zip(english.texts, norwegian.texts, strict=True))
    translated = [pair for pair in pairs if catalogued(*pair)]
    assert len(translated) >= 30  # the controls, the token form, the annotations, the settlement, the board
    assert sum(en != nb for en, nb in translated) >= 30
    # Every other text (names, cards, numbers) is the same in both languages.
    assert [(en, nb) for en, nb in pairs if (en, nb) not in translated and en != nb] == []


def shape(text: str) -> re.Pattern[str]:
    """A catalogue text as a pattern: each %(name)s a named group; symbols (◀ ▶ ·) may stand around it."""
    parts = re.split(r"%\((\w+)\)s", text)
    body = "".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts))
    return re.compile(rf"(?P<before>[^\w]*|.* · ){body}(?P<after>[^\w]*| · .*)")


NAMED = {m.id: m.string for m in NORWEGIAN if m.id and m.context in ("space", "choice", "glyph")}
"""The board spaces, the option values and the annotation glyphs that are words, each with its Norwegian."""
SHAPES = [(shape(en), shape(nb)) for en, nb in (*TRANSLATED.items(), *SAID.items(), *NAMED.items())]


def catalogued(en: str, nb: str) -> bool:
    """Whether an English text is a catalogue entry and its Norwegian twin that entry's translation, filled in
    with the same values."""
    for english, norwegian in SHAPES:
        found = english.fullmatch(en)
        twin = norwegian.fullmatch(nb) if found else None
        if found and twin is not None and twin.groupdict().keys() == found.groupdict().keys():
            values = zip(found.groupdict().values(), twin.groupdict().values(), strict=True)
            if all(e == n or catalogued(e, n) for e, n in values):
                return True  # else another entry may hold the whole text ("%(field)s (optional)", "Reason (optional)")
    return False


def test_the_glyphs_and_the_charts_words_are_in_the_pages_language(
    shared_sqlite_client: FlaskClient, game: Walked
) -> None:
    english = shared_sqlite_client.get(f"/games/{game.id}/view").get_data(as_text=True)
    norwegian = shared_sqlite_client.get(f"/games/{game.id}/view", headers={"Accept-Language": "nb"}).get_data(
        as_text=True)
    assert '<option value="wrong-discard">wrong discard</option>' in english
    assert f'<option value="wrong-discard">{NAMED["wrong discard"]}</option>' in norwegian
    assert NAMED["wrong discard"] != "wrong discard" and '<option value="!?">!?</option>' in norwegian
    # The chart's own words too: its title and each point's (Royal Rummy's chart counts chips).
    title = TRANSLATED["%(label)s at the end of each hand"] % {"label": TRANSLATED["Chips"]}
    assert f'<title id="chart-title">{title}</title>' in norwegian and "at the end of each hand" not in norwegian
    point = TRANSLATED["%(player)s, hand %(hand)s: %(amount)s"] % {"player": "p1", "hand": 1, "amount": "AMOUNT"}
    assert re.search("<title>" + re.escape(point).replace("AMOUNT", r"-?\d+") + "</title>", norwegian), point


@pytest.mark.parametrize("asked", [None, "en-GB", "de-DE,fr;q=0.8", "sv"])
def test_other_languages_get_english(shared_sqlite_client: FlaskClient, game: Walked, asked: str | None) -> None:
    assert page_in(shared_sqlite_client, f"/games/{game.id}/view", asked).lang == "en"


def test_the_switch_keeps_the_choice_over_the_browsers_language_and_returns_to_the_page(
    shared_sqlite_client: FlaskClient, game: Walked
) -> None:
    view = f"/games/{game.id}/view?at=2"
    english = page_in(shared_sqlite_client, view, "nb")
    assert english.lang == "nb" and "English" in english.texts
    switched = shared_sqlite_client.get(f"/language/en?next={view}")
    assert switched.status_code == 303 and switched.headers["Location"] == view
    cookie = shared_sqlite_client.get_cookie(COOKIE)
    assert cookie is not None and cookie.value == "en" and cookie.http_only
    assert page_in(shared_sqlite_client, view, "nb").lang == "en"
    shared_sqlite_client.get(f"/language/nb?next={view}")
    assert page_in(shared_sqlite_client, view, "en").lang == "nb"


@pytest.mark.parametrize("away", ["https://example.org/", "//example.org/x", "javascript:alert(1)", "games"])
def test_the_switch_never_sends_the_reader_to_another_site(shared_sqlite_client: FlaskClient, away: str) -> None:
    switched = shared_sqlite_client.get("/language/nb", query_string={"next": away})
    assert switched.status_code == 303 and switched.headers["Location"] == "/play"


def test_an_unknown_language_changes_nothing(shared_sqlite_client: FlaskClient, game: Walked) -> None:
    switched = shared_sqlite_client.get(f"/language/xx?next=/games/{game.id}/view")
    assert switched.status_code == 303 and shared_sqlite_client.get_cookie(COOKIE) is None


def test_the_scripts_texts_and_the_refusal_sentences_come_in_the_pages_language(
    shared_sqlite_client: FlaskClient, game: Walked
) -> None:
    import json

    problems = {m.id: m.string for m in NORWEGIAN if m.context == "problem"}
    english = json.loads(page_in(shared_sqlite_client, f"/games/{game.id}/view", None).messages)
    norwegian = json.loads(page_in(shared_sqlite_client, f"/games/{game.id}/view", "nb").messages)
    assert english.keys() == norwegian.keys()
    assert english["problem:roby.discard.fits-meld"] == "Discard fits a meld"
    assert norwegian["problem:roby.discard.fits-meld"] == problems["Discard fits a meld"]
    assert norwegian["move_words"] == TRANSLATED["Move %(move)s: %(words)s"]
    changed = [key for key in english if english[key] != norwegian[key]]
    assert len(changed) >= len(english) * 0.9


def test_every_rules_sentence_and_every_problems_concerns_has_its_norwegian_keeping_its_code_and_numbers() -> None:
    assert sorted(RULED) == RULE_SENTENCES
    assert len(RULE_SENTENCES) > len(CATALOGUE)  # the rules' sentences and the other codes' concerns, each once
    assert {rule.sentence for rule in CATALOGUE.values()} <= RULED.keys()
    assert {problem.concerns for problem in PROBLEMS.values()} <= RULED.keys()
    for english, norwegian in RULED.items():
        assert norwegian and norwegian != english, english
        # The service's names (`to_move`, /games/{id}, If-Match, claims=keep) and the numbers stay as they are.
        kept = re.findall(r"`[^`]+`|/[\w/{}<>.?=-]+|\b[A-Z][\w-]*[A-Z][\w-]*(?<![A-Z]s)\b|\w+=\w+|\d+", english)
        assert [part for part in kept if english.count(part) > norwegian.count(part)] == [], english


def rule_page(client: FlaskClient, path: str, language: str) -> str:
    headers = {"Accept": "text/html", "Accept-Language": language}
    response = client.get(path, headers=headers)
    assert response.status_code == 200 and response.mimetype == "text/html"
    return html.unescape(response.get_data(as_text=True))


@pytest.mark.parametrize("code", ["roby.discard.fits-meld", "robins.rummy.expired", "night-not-found"])
def test_a_problem_codes_page_says_what_it_concerns_in_the_pages_language_and_its_example_in_english(
    shared_sqlite_client: FlaskClient, code: str
) -> None:
    problem, rule = PROBLEMS[code], CATALOGUE.get(code)
    concerns = rule.sentence if rule else problem.concerns
    norwegian = rule_page(shared_sqlite_client, f"/problems/{code}", "nb")
    english = rule_page(shared_sqlite_client, f"/problems/{code}", "en")
    assert f"<dd>{RULED[concerns]}</dd>" in norwegian and concerns not in norwegian
    assert f"<dd>{concerns}</dd>" in english and RULED[concerns] not in english
    for page in (norwegian, english):  # the service's own English detail stays English, marked so
        assert f'<dd lang="en"><q>{problem.example}</q></dd>' in page


def test_the_list_of_problem_codes_says_what_each_concerns_in_the_pages_language(
    shared_sqlite_client: FlaskClient,
) -> None:
    norwegian = rule_page(shared_sqlite_client, "/problems", "nb")
    english = rule_page(shared_sqlite_client, "/problems", "en")
    for problem in PROBLEMS.values():
        assert f"<td>{RULED[problem.concerns]}</td>" in norwegian, problem.code
        assert f"<td>{problem.concerns}</td>" in english, problem.code
    assert 'lang="en">' not in norwegian.split("<table", 1)[1]  # nothing in the table is left in English


def test_the_viewers_script_reads_each_rules_sentence_by_its_id_in_the_pages_language(
    shared_sqlite_client: FlaskClient, game: Walked
) -> None:
    english = json.loads(page_in(shared_sqlite_client, f"/games/{game.id}/view", None).messages)
    norwegian = json.loads(page_in(shared_sqlite_client, f"/games/{game.id}/view", "nb").messages)
    rules = {key: text for key, text in english.items() if key.startswith("rule:")}
    assert rules == {f"rule:{rule.id}": rule.sentence for rule in CATALOGUE.values()}
    assert all(norwegian[key] == RULED[sentence] for key, sentence in rules.items())
    # Only the viewer, which explains a balance, carries them.
    elsewhere = json.loads(page_in(shared_sqlite_client, "/play", "nb").messages)
    assert elsewhere and not any(key.startswith("rule:") for key in elsewhere)


def test_the_catalogue_files_ship_beside_the_templates() -> None:
    shipped = Path(TRANSLATIONS)
    assert (shipped / "nb" / "LC_MESSAGES" / "messages.mo").is_file()
    assert (shipped / "messages.pot").is_file()
