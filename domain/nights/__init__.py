"""A night: the games of one evening at one table, and the money each player takes home or pays across them."""
