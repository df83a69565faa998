"""A short schemathesis run against a live server (``make test-schema`` runs it for 10 minutes).

Every check but ``positive_data_acceptance``, all phases including the stateful one that follows the
document's links: no 5xx, no answer that contradicts /api/openapi.json.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "schema_fuzz.py"


def test_schemathesis_finds_no_server_error_and_no_contradiction():
    spec = importlib.util.spec_from_file_location("schema_fuzz", SCRIPT)
    assert spec is not None and spec.loader is not None
    schema_fuzz = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(schema_fuzz)
    assert schema_fuzz.run(max_time=6, seed=12, extra=[], quiet=True) == 0  # `make test-schema`: 600 s, in CI
