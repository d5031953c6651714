"""Card mechanics every variant shares: cards and packs, melds of natural cards, what the record knows of a pile or a
hand (zones), the cut for the first dealer and what a recorder may name when a hand is dealt."""
