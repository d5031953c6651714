"""Money, chips and points: the ledger of transfers, what each variant says moves them, the settlement read from a
game's events in one loop, and its explanations. A night's ledger across games is domain/nights."""
