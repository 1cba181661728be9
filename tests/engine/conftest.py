"""tests/engine is in-process and fast: its tests never talk HTTP nor load the Flask app.
The API's fixtures are refused here, so an HTTP test goes to tests/api."""

import pytest


@pytest.fixture()
def server():
    pytest.fail("tests/engine does not talk HTTP: put this test in tests/api")


@pytest.fixture()
def client():
    pytest.fail("tests/engine does not use the Flask app: put this test in tests/api")
