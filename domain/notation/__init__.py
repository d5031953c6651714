"""The Meldbook notation: a plain-text record of whole games, read leniently and written in one canonical form.

Pure: no I/O. `reader.read_record` turns one record's text into a `Record` (tag pairs, hand sections, one entry
per move with its actor and action body, result lines, comments, glyphs and variations); `writer.write_record`
writes a `Record` back in the canonical form; `archive.split_archive` streams the records of an archive. Each
variant's action grammar (which fields an action writes in place) lives in its own package
(`domain/<variant>/notation.py`), reached through `grammars.grammar_of`. The rules are never consulted here: a
move's body is checked by the same `Game.record` that checks `POST /moves`. The format is docs/notation.md.
"""
