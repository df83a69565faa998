"""UNO Flip's score sheet: the double-sided deck, its values per side, and UNO's sheet reading each hand on its side."""
