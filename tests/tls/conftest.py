"""The app as it is deployed: gunicorn serving HTTPS on 127.0.0.1 with several workers, driven by Chromium.

``TEST_TLS_FRONT`` says who terminates TLS: ``gunicorn`` (the default, ``make test-tls``) or ``nginx``
(``make test-nginx``): nginx runs deploy/nginx.conf.example (tests/tls/nginx_front.py) in front of gunicorn
serving plain HTTP on loopback with ``DECKSIDE_PROXIES=1``, as the README's Deployment section says.

- A throwaway certificate authority and a certificate for 127.0.0.1 are made by ``trustme`` for the
  session; Chromium accepts it (``ignore_https_errors``), the Python client checks it against the CA.
- gunicorn runs ``app:create_app()`` from this checkout with two workers on a temporary SQLite file,
  its access log in a file the tests read (an edit key must never show up in it; each line names the worker
  process that answered, so a test can tell that a change reached a phone served by the other worker).
"""

from __future__ import annotations

import os
import socket
import ssl
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import nginx_front
import pytest
import trustme

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
ACCESS_LOG_FORMAT = '%(h)s %(l)s %(u)s %(t)s "%(r)s" %(s)s %(b)s "%(f)s" "%(a)s" %(p)s'
"""gunicorn's default access log line, and the pid of the worker that answered (``<1234>``): the tests read
which worker served which phone (tls_pages.access_log)."""
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 1}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


FRONTS = ("gunicorn", "nginx")


def front() -> str:
    """Who terminates TLS in this run (``TEST_TLS_FRONT``)."""
    chosen = os.environ.get("TEST_TLS_FRONT", "gunicorn") or "gunicorn"
    if chosen not in FRONTS:
        pytest.fail(f"TEST_TLS_FRONT is {chosen!r}: it must be one of {', '.join(FRONTS)}", pytrace=False)
    return chosen


def wait_until_up(url: str, context: ssl.SSLContext, *processes: subprocess.Popen, seconds: float = 30) -> None:
    """Poll ``url`` until the server answers (fail early if gunicorn or nginx died)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for process in processes:
            if process.poll() is not None:
                raise RuntimeError(f"{process.args[0]} exited with {process.returncode}")
        try:
            with urllib.request.urlopen(url, context=context, timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"the server did not answer on {url} within {seconds} s")


@pytest.fixture(scope="session")
def tls(tmp_path_factory):
    """A throwaway CA and a server certificate for 127.0.0.1: (ca, cert file, key file, client SSL context)."""
    folder = tmp_path_factory.mktemp("tls")
    ca = trustme.CA()
    cert = ca.issue_cert("127.0.0.1", "localhost")
    cert_file, key_file = folder / "cert.pem", folder / "key.pem"
    cert.cert_chain_pems[0].write_to_path(str(cert_file))
    for extra in cert.cert_chain_pems[1:]:
        extra.write_to_path(str(cert_file), append=True)
    cert.private_key_pem.write_to_path(str(key_file))
    context = ssl.create_default_context()
    ca.configure_trust(context)
    return {"cert": cert_file, "key": key_file, "context": context}


@pytest.fixture(scope="session")
def server(tls, tmp_path_factory):
    """gunicorn with two workers, serving TLS itself or behind nginx (``TEST_TLS_FRONT``); yields {"url",
    "front", "access_log" (gunicorn's), "database", "error_log", "proxy_log" (nginx's access log, or None)}."""
    chosen = front()
    folder = tmp_path_factory.mktemp("gunicorn")
    port = free_port()
    access_log = folder / "access.log"
    database = folder / "tls.sqlite"
    behind = chosen == "nginx"
    app_port = free_port() if behind else port
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{database}",
        "SECRET_KEY": "tls-tests-only",
        "DECKSIDE_PROXIES": "1" if behind else "0",
    }
    tls_args = [] if behind else ["--certfile", str(tls["cert"]), "--keyfile", str(tls["key"])]
    command = [
        sys.executable, "-m", "gunicorn",
        "--workers", "2",
        "--worker-class", "gevent", "--worker-connections", "1000",  # as deployed: a held long poll (/wait) costs a greenlet
        "--graceful-timeout", "3",  # held long polls do not delay the stop
        "--bind", f"127.0.0.1:{app_port}",
        *tls_args,
        "--access-logfile", str(access_log),
        "--access-logformat", ACCESS_LOG_FORMAT,
        "--error-logfile", str(folder / "error.log"),
        "app:create_app()",
    ]  # fmt: skip
    processes = [subprocess.Popen(command, cwd=ROOT, env=env)]
    url = f"https://127.0.0.1:{port}"
    try:
        if behind:
            processes.append(nginx_front.start(port, app_port, tls["cert"], tls["key"], folder))
        wait_until_up(url + "/", tls["context"], *processes)
        yield {
            "url": url,
            "front": chosen,
            "access_log": access_log,
            "database": database,
            "error_log": folder / "error.log",
            "proxy_log": folder / "nginx-access.log" if behind else None,
        }
    finally:
        for process in reversed(processes):
            process.terminate()
            process.wait(timeout=15)


@pytest.fixture(scope="session")
def base_url(server) -> str:
    return server["url"]


@pytest.fixture(scope="session")
def browser_type_launch_args():
    """Debian's Chromium, headless (Playwright cannot download its own browsers here)."""
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's package `chromium`", pytrace=False)
    return {
        "executable_path": str(CHROMIUM),
        "headless": True,
        "args": [
            "--headless",
            "--no-sandbox",
            "--ignore-certificate-errors",
            "--no-first-run",
            "--disable-dev-shm-usage",
            "--disable-gpu",
        ],
    }


@pytest.fixture(scope="session")
def browser(playwright, browser_type_launch_args):
    """This suite's own Chromium. pytest-playwright's ``browser`` is session-wide: run after the plain-HTTP
    browser tests it would be theirs, launched without ``--ignore-certificate-errors``, and Chromium then
    refuses to register the service worker from a throwaway certificate (``ignore_https_errors`` does not
    cover worker scripts)."""
    launched = playwright.chromium.launch(**browser_type_launch_args)
    yield launched
    launched.close()


@pytest.fixture(scope="session")
def browser_context_args(base_url):
    """A phone that accepts the test certificate (the CSP is left on: these pages need no injected script)."""
    return {**PHONE, "base_url": base_url, "ignore_https_errors": True, "locale": "en-GB"}
