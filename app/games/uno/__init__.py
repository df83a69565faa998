"""The game ``uno``: its pure engine (``engine/``), its plug-in (``plugin.py``: forms, pages), its templates
(``templates/``, seen by the pages as ``uno/<name>``) and its static files (``static/``)."""
