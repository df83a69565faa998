"""nginx in front of gunicorn, as deploy/nginx.conf.example documents it (``make test-nginx``).

:func:`render` turns the documented site file into one nginx runs here: each text in :data:`PLACES` must
appear in it exactly once and is replaced (loopback ports, the throwaway certificate, files in a temporary
folder); everything else, above all the headers, timeouts and locations, is run as documented.
:func:`start` wraps it in a minimal ``nginx.conf`` (no daemon, every temporary file in the test's folder)."""

from __future__ import annotations

import getpass
import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "deploy" / "nginx.conf.example"
NGINX = "/usr/sbin/nginx"


def places(port: int, app_port: int, cert: Path, key: Path, folder: Path) -> dict[str, str]:
    """What the test changes in the documented file, and to what: nothing else."""
    return {
        "listen 443 ssl http2;": f"listen 127.0.0.1:{port} ssl http2;",
        "server 127.0.0.1:8000;": f"server 127.0.0.1:{app_port};",
        "server 127.0.0.1:8001;": f"server 127.0.0.1:{app_port};",  # one gevent server takes the waits too
        "ssl_certificate /etc/ssl/certs/deckside.pem;": f"ssl_certificate {cert};",
        "ssl_certificate_key /etc/ssl/private/deckside.key;": f"ssl_certificate_key {key};",
        "access_log /var/log/nginx/deckside.access.log;": f"access_log {folder / 'nginx-access.log'};",
    }


def render(text: str, replacements: dict[str, str]) -> str:
    """``text`` with each key of ``replacements`` (found exactly once, outside comments) replaced."""
    lines = text.splitlines(keepends=True)
    for old, new in replacements.items():
        found = [i for i, line in enumerate(lines) if not line.lstrip().startswith("#") and old in line]
        if len(found) != 1:
            raise ValueError(f"{EXAMPLE.name}: expected {old!r} once, found it {len(found)} times")
        lines[found[0]] = lines[found[0]].replace(old, new)
    return "".join(lines)


def main_conf(site: Path, folder: Path) -> str:
    """A whole nginx.conf around the site file, everything it writes in ``folder``. Run as root, the workers
    run as root too (the test's folder is private to the user running the tests)."""
    temp = " ".join(
        f"{name}_temp_path {folder / ('temp-' + name)};"
        for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return f"""user {getpass.getuser()};
worker_processes 2;
daemon off;
pid {folder / "nginx.pid"};
error_log {folder / "nginx-error.log"} warn;
events {{ worker_connections 1024; }}
http {{
    include /etc/nginx/mime.types;
    {temp}
    include {site};
}}
"""


def start(port: int, app_port: int, cert: Path, key: Path, folder: Path) -> subprocess.Popen:
    """nginx serving https://127.0.0.1:``port`` in front of gunicorn on ``app_port``; checked with ``nginx -t``
    first (its complaint, whole, if the documented file does not load)."""
    if not shutil.which(NGINX):
        raise RuntimeError(f"{NGINX} is missing: `make test-nginx` installs Debian's package nginx (as root)")
    site = folder / "deckside.conf"
    site.write_text(render(EXAMPLE.read_text(), places(port, app_port, cert, key, folder)))
    conf = folder / "nginx.conf"
    conf.write_text(main_conf(site, folder))
    command = [NGINX, "-e", str(folder / "nginx-error.log"), "-p", str(folder), "-c", str(conf)]
    checked = subprocess.run([*command, "-t"], capture_output=True, text=True, env=os.environ)
    if checked.returncode != 0:
        raise RuntimeError(f"nginx refused the configuration rendered from {EXAMPLE}:\n{checked.stderr}")
    return subprocess.Popen(command)
