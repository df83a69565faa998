"""Check an nginx configuration in front of gunicorn: the new-sheet form over HTTPS on a port other than 443.

    .venv/bin/python bench/nginx_check.py

Starts gunicorn (DECKSIDE_PROXIES=1) on a loopback port and nginx (Debian's package ``nginx-light`` or
``nginx``) with a throwaway certificate on port 8443, twice: once with Debian's stock ``proxy_params`` (Host without the port), once with the
README's configuration (``X-Forwarded-Host`` and ``X-Forwarded-Port``). Prints what each answers to a form post;
the README's must be 302 (the sheet is made), the stock one is 400 (the form's same-origin check fails).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import requests
import trustme
import urllib3

ROOT = Path(__file__).resolve().parent.parent
APP_PORT, TLS_PORT = 8123, 8443

STOCK = "include /etc/nginx/proxy_params;"
README = """proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_set_header X-Forwarded-Host $host;
            proxy_set_header X-Forwarded-Port $server_port;
            proxy_read_timeout 60s;"""


def nginx_conf(folder: Path, headers: str) -> Path:
    conf = folder / "nginx.conf"
    conf.write_text(f"""
daemon off; pid {folder}/nginx.pid; error_log {folder}/error.log;
events {{}}
http {{
    access_log {folder}/access.log;
    client_body_temp_path {folder}; proxy_temp_path {folder}; fastcgi_temp_path {folder};
    uwsgi_temp_path {folder}; scgi_temp_path {folder};
    server {{
        listen 127.0.0.1:{TLS_PORT} ssl;
        ssl_certificate {folder}/cert.pem; ssl_certificate_key {folder}/key.pem;
        location / {{
            proxy_pass http://127.0.0.1:{APP_PORT};
            {headers}
        }}
    }}
}}
""")
    return conf


def form_post() -> int:
    session = requests.Session()
    base = f"https://127.0.0.1:{TLS_PORT}"
    page = session.get(f"{base}/sheets/new", timeout=10, verify=False).text
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)
    data = {"csrf_token": token, "game": "points", "players-0": "Ana", "players-1": "Ben"}
    answer = session.post(
        f"{base}/sheets/new",
        data=data,
        headers={"Referer": f"{base}/sheets/new"},
        allow_redirects=False,
        timeout=10,
        verify=False,
    )
    return answer.status_code


def main() -> int:
    urllib3.disable_warnings()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        certificate = trustme.CA().issue_cert("127.0.0.1")  # a throwaway certificate (the test extra's trustme)
        certificate.cert_chain_pems[0].write_to_path(str(folder / "cert.pem"))
        certificate.private_key_pem.write_to_path(str(folder / "key.pem"))
        env = {**os.environ, "DECKSIDE_PROXIES": "1", "DATABASE_URL": f"sqlite:///{folder}/n.sqlite"}
        app = subprocess.Popen(
            [str(ROOT / ".venv/bin/gunicorn"), "-b", f"127.0.0.1:{APP_PORT}", "app:create_app()"], cwd=ROOT, env=env
        )
        results = {}
        try:
            time.sleep(3)
            for label, headers in (("Debian's proxy_params", STOCK), ("the README's configuration", README)):
                nginx = subprocess.Popen(["nginx", "-c", str(nginx_conf(folder, headers))])
                time.sleep(1)
                try:
                    results[label] = form_post()
                finally:
                    nginx.terminate()
                    nginx.wait(10)
        finally:
            app.terminate()
            app.wait(10)
    for label, status in results.items():
        print(f"{label}: the new-sheet form over https://127.0.0.1:{TLS_PORT} answers {status}")
    return 0 if results.get("the README's configuration") == 302 else 1


if __name__ == "__main__":
    sys.exit(main())
