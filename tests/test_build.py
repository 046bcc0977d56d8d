"""The shape of dist/ and the hygiene of the repository."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import urllib.request
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

# Written in pieces so this file does not itself contain them.
FORBIDDEN_HOSTS = [
    "registry." + "npmjs" + ".org",
    "npmjs" + ".com",
    "pypi" + ".org",
    "pythonhosted" + ".org",
    "jsdelivr" + ".net",
    "unpkg" + ".com",
    "cdnjs" + ".cloudflare.com",
    "deb" + ".debian.org",
]

# A quote (or url( ) right before a root-absolute path to something dist ships.
ROOT_ABSOLUTE_REFERENCE = re.compile(
    r"""(?:["'`]|url\()\s*/(?:pyodide|wheels|js|css|build\.json|index\.html)\b"""
)


@pytest.fixture(scope="module")
def manifest(dist_dir):
    return json.loads((dist_dir / "build.json").read_text())


def test_dist_holds_the_runtime_wheels_and_web_folder(dist_dir, manifest):
    for name in ["pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm",
                 "pyodide/python_stdlib.zip", "js/worker.js", "js/bridge-client.js",
                 manifest["wheel"], manifest["micropip"]]:
        assert (dist_dir / name).is_file(), name
    for source in (REPO / "web").rglob("*"):
        if source.is_file() and "__pycache__" not in source.parts:
            shipped = dist_dir / source.relative_to(REPO / "web")
            assert shipped.read_bytes() == source.read_bytes(), shipped


def test_build_json_lists_every_file_with_its_sha256(dist_dir, manifest):
    shipped = {path.relative_to(dist_dir).as_posix() for path in dist_dir.rglob("*")
               if path.is_file()} - {"build.json"}
    assert set(manifest["files"]) == shipped
    for name, digest in manifest["files"].items():
        assert hashlib.sha256((dist_dir / name).read_bytes()).hexdigest() == digest, name


def test_build_json_paths_are_relative(manifest):
    paths = [manifest["pyodide"], manifest["wheel"], manifest["micropip"], *manifest["files"]]
    for path in paths:
        assert not path.startswith("/") and ":" not in path and ".." not in path.split("/"), path
    assert manifest["pyodide"] == "pyodide/"
    assert manifest["pyodide_lock"]["packages"] == {}


def test_the_site_refers_to_its_files_by_relative_paths_only(dist_dir):
    for path in dist_dir.rglob("*"):
        if path.suffix in {".html", ".js", ".mjs", ".css", ".webmanifest"} \
                and "pyodide" not in path.relative_to(dist_dir).parts:
            for number, line in enumerate(path.read_text().splitlines(), 1):
                assert not ROOT_ABSOLUTE_REFERENCE.search(line), f"{path}:{number}: {line.strip()}"


def test_the_stdlib_ships_as_bytecode(dist_dir):
    with zipfile.ZipFile(dist_dir / "pyodide" / "python_stdlib.zip") as stdlib:
        names = set(stdlib.namelist())
    assert {"json/__init__.pyc", "asyncio/__init__.pyc", "concurrent/futures/__init__.pyc"} <= names
    assert not [name for name in names if name.endswith(".py")]


def test_the_game_wheel_is_pure_python_and_holds_the_bridge(manifest, dist_dir):
    wheel = dist_dir / manifest["wheel"]
    assert re.fullmatch(r"games-[\w.]+-py3-none-any\.whl", wheel.name)
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    assert "games/bridge.pyc" in names
    assert not [name for name in names if name.endswith(".so")]


def test_every_game_module_ships_as_bytecode_without_its_source_listed_in_record(manifest, dist_dir):
    """build_tools/compile_wheel.mjs: each .py of py/games/ is a .pyc in its place (sourceless,
    compiled by Pyodide's Python, hash-based and unchecked: flags 0b01), without docstrings; no
    source ships; RECORD lists every file with its true sha256 and size."""
    import base64
    import hashlib

    with zipfile.ZipFile(dist_dir / manifest["wheel"]) as archive:
        files = {name: archive.read(name) for name in archive.namelist()}
    assert not [name for name in files if name.endswith(".py") or "__pycache__" in name]
    sources = sorted(path.relative_to(REPO / "py").as_posix() for path in (REPO / "py" / "games").rglob("*.py"))
    assert len(sources) > 10
    for name in sources:
        pyc = files.get(name + "c")
        assert pyc is not None, name
        assert int.from_bytes(pyc[4:8], "little") == 0b01, name
    # The bridge's module docstring is not shipped; its messages are.
    bridge = files["games/bridge.pyc"]
    assert b"The page's one entry point" not in bridge and b"The request must be a JSON string." in bridge
    record_name = next(name for name in files if name.endswith(".dist-info/RECORD"))
    listed = {}
    for line in files[record_name].decode().splitlines():
        path, digest, size = line.rsplit(",", 2)
        listed[path] = (digest, size)
    assert set(listed) == set(files)
    for name, data in files.items():
        if name != record_name:
            expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert listed[name] == (f"sha256={expected}", str(len(data))), name


def test_the_sub_path_server_sends_the_mime_types_pyodide_needs(site_url):
    expected = {"pyodide/pyodide.asm.wasm": "application/wasm",
                "pyodide/pyodide.mjs": "text/javascript",
                "js/worker.js": "text/javascript",
                "build.json": "application/json"}
    for path, mime in expected.items():
        with urllib.request.urlopen(site_url + path) as response:
            assert response.headers["Content-Type"].split(";")[0] == mime, path


def test_no_committed_file_names_a_registry_or_cdn_host():
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True,
                             check=True).stdout.decode().split("\0")
    offenders = []
    for name in filter(None, tracked):
        path = REPO / name
        if not path.is_file():
            continue  # deleted in the working tree, not yet committed
        text = path.read_bytes().decode("utf-8", errors="ignore").lower()
        offenders += [f"{name}: {host}" for host in FORBIDDEN_HOSTS if host in text]
    assert not offenders, "registry/CDN host names in committed files:\n" + "\n".join(offenders)


@pytest.mark.parametrize("script", sorted(p.relative_to(REPO).as_posix() for p in (REPO / "web").rglob("*.js")))
def test_every_page_script_parses_as_a_module(script):
    """A syntax error (a name imported twice after a merge, say) stops the whole page before
    any browser test can say why; node names the file and line in a second."""
    result = subprocess.run(["node", "--input-type=module", "--check"], stdin=(REPO / script).open("rb"),
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
