import pytest

pytest.register_assert_rewrite("tests.api.play")  # before the conftest imports it
