"""Corrections: mistakes at a real table put right with new events, never by editing or deleting.

A correction edits the list of moves that count (voids some, amends a card in one) and the game's state is the
list re-executed through the same `Game.record` that accepted the moves (domain/record/reexecution.py): one rules
engine. Payouts that the edit changes are posted again as reversal and replacement entries, and
`counting.counting_events` tells the settlement which stored events still count.
"""
