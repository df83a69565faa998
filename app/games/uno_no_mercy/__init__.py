"""The game ``uno_no_mercy``: its pure engine (``engine/``), its plug-in (``plugin.py``: forms, pages), its templates
(``templates/``, seen by the pages as ``uno_no_mercy/<name>``) and its static files (``static/``)."""
