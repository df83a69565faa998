"""The rules of Phase 10 and UNO as pure Python: no Flask, no database, no I/O.

Both the score sheets and the digital games call this package; nothing outside it
re-implements a rule. One sub-package per game, one module per idea.
"""
