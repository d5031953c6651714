"""One line of a record cut into tokens, each with its column: words, quoted strings, brackets and comments."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from domain.notation.errors import NotationError

PUNCTUATION = "[]();"
_WORD = re.compile(r"[^\s\[\](){};\"]+")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


@dataclass(frozen=True, slots=True)
class Token:
    """One token: its kind (`word`, `string`, `comment` or a punctuation mark), its text and its column (from 1).

    The text of a string is its value (quotes and escapes read); of a comment, what the braces hold, stripped.
    """

    kind: str
    text: str
    column: int


def tokenize(line: str, number: int) -> list[Token]:
    """The tokens of one line (line `number` of the record, for errors)."""
    tokens: list[Token] = []
    at = 0
    while at < len(line):
        char = line[at]
        if char.isspace():
            at += 1
        elif char in PUNCTUATION:
            tokens.append(Token(char, char, at + 1))
            at += 1
        elif char == "{":
            end = line.find("}", at + 1)
            if end < 0:
                raise NotationError("a comment opened with { is not closed with } on its line", line=number,
                                    column=at + 1)
            tokens.append(Token("comment", line[at + 1:end].strip(), at + 1))
            at = end + 1
        elif char == '"':
            match = _STRING.match(line, at)
            if match is None:
                raise NotationError('a quoted name or text is not closed with "', line=number, column=at + 1)
            try:
                text = json.loads(match.group())
            except ValueError:
                raise NotationError('a quoted text holds a character or escape JSON does not allow (a tab, \\x)',
                                    line=number, column=at + 1) from None
            tokens.append(Token("string", text, at + 1))
            at = match.end()
        elif char == "}":
            raise NotationError("a } closes no comment", line=number, column=at + 1)
        else:
            match = _WORD.match(line, at)
            assert match is not None
            tokens.append(Token("word", match.group(), at + 1))
            at = match.end()
    return tokens


BARE = re.compile(r"[^\s\[\](){};\"=*~]+")


def quoted(text: str) -> str:
    """A name or text as the writer writes it: bare when it is one plain word, else quoted as JSON quotes it."""
    if BARE.fullmatch(text) and not text[0].isdigit() and not text.endswith("."):
        return text
    return json.dumps(text, ensure_ascii=False)
