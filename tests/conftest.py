"""Session fixtures shared by all tests: the built site and a server for it.

dist_dir  the built dist/ folder (built once per session by build.py)
site_url  dist/ served under a sub-path, e.g. http://127.0.0.1:PORT/sub/cardtable/
"""

from __future__ import annotations

import importlib.util
import threading
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SITE_PREFIX = "/sub/cardtable/"


def load_build_module():
    # Loaded by path: `import build` could find the PyPI package of that name instead.
    spec = importlib.util.spec_from_file_location("cardtable_build", REPO / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def build_module():
    return load_build_module()


@pytest.fixture(scope="session")
def dist_dir(build_module) -> Path:
    try:
        return build_module.build()
    except build_module.BuildError as error:
        pytest.fail(f"building dist/ failed: {error}", pytrace=False)


@pytest.fixture(scope="session")
def site_url(dist_dir, build_module):
    """dist/ served under a sub-path, so every test also proves relative paths work."""
    server = build_module.make_server(dist_dir, port=0, prefix=SITE_PREFIX, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}{SITE_PREFIX}"
    server.shutdown()
    server.server_close()
