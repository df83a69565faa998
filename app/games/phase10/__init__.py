"""The game ``phase10``: its pure engine (``engine/``), its plug-in (``plugin.py``: forms, pages), its templates
(``templates/``, seen by the pages as ``phase10/<name>``) and its static files (``static/``)."""
