"""Royal Rummy (Michigan Rummy, Tripoley): board, dummy auction, ace bets, a poker hand and the stops hand."""
