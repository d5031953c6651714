"""Meldbook's domain: the rules of the three variants and the records they keep, with no I/O.

    cards/           card mechanics every variant shares (cards, melds, zones, the cut, what a deal names)
    rules/           the variant contract, its registry, deciding, listing and parsing actions, the rule catalogue
    roby/, robins/, royal/
                     each variant's own rules, events and state, and nowhere else; each registers itself
    record/          the game aggregate, its events and moves, setup, hands, re-execution, audit, hash chain
    corrections/     mistakes put right with new events
    irregularities/  misdeals, exposed cards and the like, recorded as they happen
    money/           the ledger, the settlement and its explanations
    nights/          the games of one evening and what each player takes home
    access/          tokens and roles, pairing a phone, the visibility filter of the views
    beside/          records kept beside a game's stream: annotations, disputes, confirmations, claims
    notation/        the plain-text notation of whole games

Loose at the top: `errors.py` (the base of every domain error and its problem), `problems.py` (the generic problem
codes), `text.py` (the checks of stored text) and `variants.py` (the complete set of variants, above them all).
"""
