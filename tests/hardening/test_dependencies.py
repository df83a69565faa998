"""The two lock files: the server's (``make run``) holds no test tool, and the test lock pins the same runtime versions."""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PIN = re.compile(r"^([A-Za-z0-9_.-]+)==([^ ;\\]+)", re.MULTILINE)
TEST_TOOLS = {
    re.split(r"[<>=!~\[ ;]", requirement, maxsplit=1)[0].lower()
    for requirement in tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"
    ]["test"]
}
"""The test extra of pyproject.toml, by package name."""


def pins(name: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for package, version in PIN.findall((ROOT / name).read_text(encoding="utf-8")):
        found.setdefault(package.lower(), set()).add(version)
    return found


def test_the_server_lock_holds_no_test_tool():
    runtime = pins("requirements.lock")
    assert {"flask", "gunicorn", "waitress", "flask-limiter"} <= runtime.keys()
    assert not TEST_TOOLS & runtime.keys()


def test_the_test_lock_pins_every_runtime_package_at_the_same_version():
    runtime, test = pins("requirements.lock"), pins("requirements-test.lock")
    assert test.keys() >= TEST_TOOLS
    different = {name: (versions, test.get(name)) for name, versions in runtime.items() if test.get(name) != versions}
    assert not different
