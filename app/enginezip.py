"""The rules engine as a zip of its Python source, for the phone's browser (Pyodide): what :mod:`app.provisional`
needs to count the rounds a phone keeps without a connection, and nothing of the web app.

It holds :mod:`app.inbrowser` (the page's way in) and :mod:`app.provisional`, the shared engine (``app/engine``), each
game's ``engine`` package and ``entry`` module, the shared :mod:`app.games.entry` and the compiled catalogues (the
engine's sentences in the page's language); the packages above them (``app``, ``app.games``, each game's folder) go in
empty, so that importing the engine there imports no Flask. Made once per process (the files do not change
under a running server) and named by its content's hash.
"""

from __future__ import annotations

import functools
import hashlib
import io
import zipfile
from pathlib import Path

APP = Path(__file__).resolve().parent
EMPTY = '"""The package, bare: only the engine is here (the phone\'s offline count, app/enginezip.py)."""\n'
STAMP = (1980, 1, 1, 0, 0, 0)  # every entry's time: the same source makes the same bytes, so the same hash


def sources() -> dict[str, bytes]:
    """The zip's files by their path in it (``app/...``), with their bytes."""
    files = [
        APP / "inbrowser.py",
        APP / "provisional.py",
        APP / "games" / "entry.py",
        *sorted((APP / "engine").glob("*.py")),
        *sorted((APP / "translations").glob("*/LC_MESSAGES/messages.mo")),
    ]
    bare = ["app/__init__.py", "app/games/__init__.py"]
    for folder in sorted((APP / "games").iterdir()):
        if not (folder / "engine").is_dir():
            continue
        bare.append(f"app/games/{folder.name}/__init__.py")
        files += sorted((folder / "engine").rglob("*.py"))
        if (folder / "entry.py").is_file():
            files.append(folder / "entry.py")
    out = {name: EMPTY.encode() for name in bare}
    for path in files:
        out[path.relative_to(APP.parent).as_posix()] = path.read_bytes()
    return out


@functools.cache
def bundle() -> tuple[bytes, str]:
    """The zip's bytes and a short hash of them (its version)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in sorted(sources().items()):
            archive.writestr(zipfile.ZipInfo(name, STAMP), content, zipfile.ZIP_DEFLATED)
    data = buffer.getvalue()
    return data, hashlib.sha256(data).hexdigest()[:12]
