"""The game ``uno_flip``: its pure engine (``engine/``), its plug-in (``plugin.py``: forms, pages), its templates
(``templates/``, seen by the pages as ``uno_flip/<name>``) and its static files (``static/``)."""
