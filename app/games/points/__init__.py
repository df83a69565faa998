"""The game ``points``: its pure engine (``engine/``), its plug-in (``plugin.py``: forms, pages), its templates
(``templates/``, seen by the pages as ``points/<name>``) and its static files (``static/``)."""
