"""Shared fixtures: the gateway URL and one API key per test case, handed over by the vitest
wrapper (test/sdk/python-sdks.test.ts), and a report of the usage each SDK saw, which the wrapper
compares with Tollgate's ledger."""

import json
import os

import pytest

REPORT: dict[str, dict[str, int]] = {}


@pytest.fixture(scope="session")
def url() -> str:
    return os.environ["TOLLGATE_URL"]


@pytest.fixture(scope="session")
def keys() -> dict[str, str]:
    return json.loads(os.environ["TOLLGATE_KEYS"])


@pytest.fixture
def report():
    def record(case: str, input_tokens: int, output_tokens: int) -> None:
        REPORT[case] = {"input": input_tokens, "output": output_tokens}

    return record


def pytest_sessionfinish(session, exitstatus):
    path = os.environ.get("TOLLGATE_PY_REPORT")
    if path:
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(REPORT, handle)
