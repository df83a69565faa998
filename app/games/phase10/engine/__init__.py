"""Phase 10: cards, phases, verification, the lay-down finder, scoring, standings, the digital game."""
