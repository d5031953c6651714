"""The record of one game: the `Game` aggregate and the base of its stored events, the move envelope and the moves
read from a record, setup amendments, hands by version and hands not known yet, the one replay driver (replay.py) and
re-execution through it, the audit and the hash chain. Corrections and irregularities, which add to a record, are
packages of their own (domain/corrections, domain/irregularities)."""
