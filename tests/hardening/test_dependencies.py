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


def test_every_package_the_app_imports_is_in_the_server_lock():
    """``make run`` installs requirements.lock only: a module the app imports from a package the lock lacks (as
    ``cryptography`` was, pinned only through a test tool) stops the server on a fresh machine."""
    import ast
    import sys
    from importlib.metadata import packages_distributions

    modules: set[str] = set()
    for path in (ROOT / "app").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                modules.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules.add(node.module.split(".")[0])
    third_party = {m for m in modules if m not in sys.stdlib_module_names and m not in {"app", "__future__"}}
    providers = packages_distributions()
    runtime = pins("requirements.lock")
    missing = {
        module: providers.get(module)
        for module in sorted(third_party)
        if not any(dist.lower().replace("_", "-") in runtime for dist in providers.get(module, [module]))
    }
    assert not missing, missing
