"""Shared fixtures for the Python SDK conformance suite.

The vitest wrapper (test/sdk/python-sdks.test.ts) starts the gateway with its mock upstreams and
hands over, through the environment:
  TOLLGATE_URL        the gateway's base URL (host only, e.g. http://127.0.0.1:PORT)
  TOLLGATE_KEYS       a JSON map {"<case name>": "<API key>"}, one fresh key per case
  TOLLGATE_PROMPT     the prompt every case sends (the wrapper knows its token count)
  TOLLGATE_PY_REPORT  a path where this session writes, as JSON, what each SDK reported
                      ({"cases": {case: {input, output, model, stream}}, "outcomes": {test id: outcome}}),
                      which the wrapper compares with Tollgate's ledger.
Run directly with pytest and without TOLLGATE_URL, every test is skipped.
"""

import json
import os

import pytest

CASES: dict[str, dict] = {}
OUTCOMES: dict[str, str] = {}


@pytest.fixture(scope="session")
def url() -> str:
    value = os.environ.get("TOLLGATE_URL")
    if not value:
        pytest.skip("TOLLGATE_URL is not set: run this suite through `npx vitest run test/sdk/python-sdks.test.ts`")
    return value.rstrip("/")


@pytest.fixture(scope="session")
def keys(url) -> dict[str, str]:
    return json.loads(os.environ["TOLLGATE_KEYS"])


@pytest.fixture(scope="session")
def prompt() -> str:
    return os.environ.get("TOLLGATE_PROMPT", "Hello there, gateway: please greet me.")


@pytest.fixture
def report():
    """record(case, input_tokens, output_tokens, model, stream): the usage an SDK reported for a case."""

    def record(case: str, input_tokens: int, output_tokens: int, model: str, stream: bool) -> None:
        assert case not in CASES, f"case {case} reported twice"
        CASES[case] = {"input": input_tokens, "output": output_tokens, "model": model, "stream": stream}

    return record


def pytest_runtest_logreport(report):
    # One outcome per test: the call phase's, unless setup or teardown failed or skipped it.
    if report.when == "call" or report.outcome != "passed":
        if OUTCOMES.get(report.nodeid) in (None, "passed"):
            OUTCOMES[report.nodeid] = report.outcome


def pytest_sessionfinish(session, exitstatus):
    path = os.environ.get("TOLLGATE_PY_REPORT")
    if path:
        with open(path, "w", encoding="utf-8") as handle:
            json.dump({"cases": CASES, "outcomes": OUTCOMES}, handle, indent=2)
