"""Every operation of the OpenAPI document, fuzzed by schemathesis against the app in-process.

Valid and invalid requests generated from the document itself: no answer is a 5xx, every status code is
documented, every answer is JSON, and every body matches the schema the document declares for it.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from companion import create_app
from tests.conftest import migrated_sqlite

# The app is built once for every case, on a database of its own (the table API writes to it).
FOLDER = tempfile.TemporaryDirectory()
APP = create_app({"TESTING": True, "DATABASE_URL": migrated_sqlite(Path(FOLDER.name) / "api.db"), "SECRET_KEY": "test"})
SCHEMA = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", APP)
# Only the fuzzing phase (positive and negative cases), so the count stays bounded: the coverage phase alone
# makes some 1,700 cases here. Undeclared methods, which that phase would send, have their own test below.
SCHEMA.config.phases.update(phases=["fuzzing"])

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
# 30 cases per operation, some 270 in all; derandomized, so every run sends the same cases.
CASES_PER_OPERATION = 30
# Plain bodies: compression is the transport's business, and schemathesis's WSGI client does not undo it.
PLAIN = {"Accept-Encoding": "identity"}


@SCHEMA.parametrize()
@settings(
    max_examples=CASES_PER_OPERATION,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_every_operation_keeps_its_documented_contract(case):
    response = case.call_and_validate(headers=PLAIN, checks=CHECKS)
    assert response.headers["content-type"][0].startswith("application/json")


DOCUMENT = APP.test_client().get("/api/v1/openapi.json").get_json()
METHODS = ("get", "post", "put", "patch", "delete", "trace")


@pytest.mark.parametrize("path", sorted(DOCUMENT["paths"]))
def test_an_undeclared_method_is_a_json_405_that_lists_the_allowed_ones(path):
    client = APP.test_client()
    declared = {m for m in DOCUMENT["paths"][path]}
    for method in sorted(set(METHODS) - declared):
        response = client.open(path, method=method.upper(), json={}, headers=PLAIN)
        assert response.status_code == 405, (method, path)
        assert response.get_json()["errors"][0]["msg"]
        allowed = {m.strip().lower() for m in response.headers["Allow"].split(",")}
        assert allowed - {"head", "options"} == declared, (method, path, allowed)
    options = client.options(path, headers=PLAIN)
    assert {m.strip().lower() for m in options.headers["Allow"].split(",")} - {"head", "options"} == declared
