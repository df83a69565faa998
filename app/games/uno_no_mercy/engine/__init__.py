"""UNO Show 'em No Mercy's score sheet: its cards and values, knock-outs (the mercy rule) and UNO's sheet."""
