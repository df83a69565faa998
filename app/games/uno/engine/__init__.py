"""UNO: cards, deck, scoring, standings, the digital game."""
