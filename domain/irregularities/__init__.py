"""Irregularities of real play, recorded rather than wished away: a misdeal, a card exposed, a card drawn out of
turn, an abandoned game. The action kinds, the events and the shared mechanics live here; each variant rules on
them in its own package (`domain/<variant>/irregular.py`: when each is open, and what follows)."""
