#!/usr/bin/env python3
"""Build the offline card-games site into dist/, or build it and serve it.

    python build.py                 build dist/
    python build.py serve [--port]  build, then serve dist/ on 127.0.0.1

dist/ holds the game wheel, a vendored Pyodide (pinned npm package, checksum verified,
standard library precompiled to bytecode and cut to what the app imports), the micropip wheel (pinned PyPI wheel,
checksum verified), the QR code library qr (pinned npm package, checksum verified), the web/ folder, the page's message catalogs (locales/, compiled
from locales/*.po; docs/i18n.md) and build.json. Every path in it is relative, so
the site works from any sub-path. Downloads and the compiled stdlib are cached in
.cache/; see docs/build.md.
"""

from __future__ import annotations

import argparse
import ast
import base64
import contextlib
import copy
import fcntl
import functools
import hashlib
import http.server
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import struct
import tarfile
import time
import zipfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
BUILD = ROOT / "build"
WEB = ROOT / "web"
COMPILE_STDLIB_SCRIPT = ROOT / "build_tools" / "compile_stdlib.mjs"
COMPILE_WHEEL_SCRIPT = ROOT / "build_tools" / "compile_wheel.mjs"
TRACE_STDLIB_SCRIPTS = (ROOT / "build_tools" / "trace_stdlib.mjs", ROOT / "build_tools" / "play_bridge.mjs")
MICROPIP_LOADER = WEB / "js" / "micropip.js"  # the trace loads micropip with it, as the page would
CATALOGS_SCRIPT = ROOT / "build_tools" / "catalogs.py"

PYODIDE_VERSION = "314.0.8"
PYODIDE_INTEGRITY = (
    "sha512-74Wq1kXOC+CCEzAfxuRAO701nAcCMLjf8NrwvWpu8S41dVMXwXmLQ05dYB+F4e46AdnGo0oq7YHSVUpHsoarLQ=="
)
# The stock python_stdlib.zip is replaced by the precompiled one, so it is not listed.
PYODIDE_RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
PYODIDE_EXTRACTED_FILES = (*PYODIDE_RUNTIME_FILES, "python_stdlib.zip", "pyodide-lock.json")

# The QR code encoder and decoder of "one table, several phones" (MIT or Apache-2.0).
QR_VERSION = "0.7.0"
QR_INTEGRITY = "sha512-/VrrACmOAwZVipuRITwfEwOL5oAMEHH5PTmBWaGtlTom2Thxaa+rhmna4zU9PRN2uLw2wdccbkHOLGZb1Q9SdA=="
QR_FILES = ("index.js", "decode.js", "LICENSE-MIT")

MICROPIP_WHEEL = "micropip-0.11.1-py3-none-any.whl"
MICROPIP_STDLIB = "micropip_stdlib.zip"  # the stdlib modules only micropip imports, in dist/pyodide/
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"

# setuptools 70.1+ builds wheels without the separate `wheel` package.
SETUPTOOLS_VERSION = "80.9.0"
# Zip timestamps of the game wheel, so an unchanged source gives the same bytes.
WHEEL_SOURCE_DATE_EPOCH = "315532800"  # 1980-01-01, the earliest a zip can hold

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".css": "text/css",
    ".html": "text/html",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".zip": "application/zip",
    ".whl": "application/zip",
}


class BuildError(Exception):
    """A build step failed; the message says what to do."""


def log(message: str) -> None:
    print(message, flush=True)


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(functools.partial(file.read, 1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def require_tool(name: str, why: str) -> str:
    found = shutil.which(name)
    if not found:
        raise BuildError(f"`{name}` is not on PATH; it is needed to {why}.")
    return found


def run(command: list[str], *, cwd: Path = ROOT, env: dict | None = None) -> str:
    result = subprocess.run(
        command, cwd=cwd, env=env, capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        raise BuildError(
            f"`{' '.join(command)}` failed (exit {result.returncode}):\n"
            f"{result.stdout[-3000:]}{result.stderr[-3000:]}"
        )
    return result.stdout


def publish_atomically(staging: Path, target: Path) -> None:
    """Replace target with staging so readers never see a half-written folder."""
    retired = target.with_name(target.name + ".old")
    shutil.rmtree(retired, ignore_errors=True)
    if target.exists():
        target.rename(retired)
    staging.rename(target)
    shutil.rmtree(retired, ignore_errors=True)


# --- Pyodide -----------------------------------------------------------------------


def verify_integrity(tarball: Path, integrity: str) -> None:
    algorithm, _, expected = integrity.partition("-")
    actual = base64.b64encode(hashlib.new(algorithm, tarball.read_bytes()).digest()).decode()
    if actual != expected:
        raise BuildError(
            f"{tarball.name} fails its pinned integrity check:\n"
            f"  expected {integrity}\n  got      {algorithm}-{actual}\n"
            "Refusing to vendor it. Delete the file to fetch it again."
        )


def integrity_key() -> str:
    """A short, file-name-safe form of the pinned tarball checksum."""
    _, _, expected = PYODIDE_INTEGRITY.partition("-")
    return base64.b64decode(expected).hex()[:16]


def npm_tarball(name: str, version: str, integrity: str) -> Path:
    """`npm pack name@version` into .cache/npm/ (once), checked against its pinned sha512 on
    every build; a mismatch deletes the file and fails the build."""
    tarball = CACHE / "npm" / f"{name}-{version}.tgz"
    if not tarball.exists():
        npm = require_tool("npm", f"fetch {name}@{version}")
        tarball.parent.mkdir(parents=True, exist_ok=True)
        log(f"fetching {name}@{version} with npm pack")
        run([npm, "pack", f"{name}@{version}", "--silent",
             "--pack-destination", str(tarball.parent)], cwd=tarball.parent)
        if not tarball.exists():
            raise BuildError(f"npm pack did not write {tarball}")
    try:
        verify_integrity(tarball, integrity)
    except BuildError:
        tarball.unlink()  # a bad download must not poison later builds
        raise
    return tarball


def fetch_pyodide() -> Path:
    """The extracted, verified Pyodide npm package (cached)."""
    tarball = npm_tarball("pyodide", PYODIDE_VERSION, PYODIDE_INTEGRITY)

    package = CACHE / f"pyodide-{PYODIDE_VERSION}-{integrity_key()}"
    if not package.exists():
        staging = package.with_name(package.name + ".partial")
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir(parents=True)
        with tarfile.open(tarball) as archive:
            for name in PYODIDE_EXTRACTED_FILES:
                member = archive.getmember(f"package/{name}")
                member.name = name
                archive.extract(member, staging, filter="data")
        staging.rename(package)
    return package


def minimal_lock(package: Path) -> dict:
    """The lock file Pyodide needs at boot: its platform info and no packages.

    Passed as lockFileContents, it saves fetching the 119 kB pyodide-lock.json.
    """
    lock = json.loads((package / "pyodide-lock.json").read_text())
    return {"info": lock["info"], "packages": {}}


def compiled_stdlib(package: Path) -> Path:
    """python_stdlib.zip as unchecked hash-based .pyc (cached).

    The cache key holds the Pyodide version, the tarball checksum and the compile
    script's own hash, so a change to any of them recompiles.
    """
    script_key = sha256_file(COMPILE_STDLIB_SCRIPT)[:12]
    cached = CACHE / "stdlib" / f"python_stdlib-{PYODIDE_VERSION}-{integrity_key()}-{script_key}.zip"
    if cached.exists():
        return cached
    node = require_tool("node", "precompile the Python standard library (node 20+)")
    cached.parent.mkdir(parents=True, exist_ok=True)
    partial = cached.with_suffix(".partial")
    log("precompiling the standard library inside Pyodide (once per Pyodide version)")
    log("  " + run([node, str(COMPILE_STDLIB_SCRIPT), str(package), str(partial)]).strip())
    partial.rename(cached)
    return cached


# Stdlib modules to ship although no run of build_tools/trace_stdlib.mjs imports them: for
# an import the run cannot reach (docs/build.md, "The trimmed standard library").
STDLIB_ALSO_KEEP: tuple[str, ...] = ()


def wheel_imports() -> dict:
    """The modules py/games/ names in import statements, anywhere (inside functions too).

    "modules": must import; "maybe": `from a import b` names a.b, a module or not."""
    named, maybe = set(STDLIB_ALSO_KEEP), set()
    for path in wheel_sources():
        if path.suffix != ".py":
            continue
        for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
            if isinstance(node, ast.Import):
                named.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                named.add(node.module)
                maybe.update(f"{node.module}.{alias.name}" for alias in node.names if alias.name != "*")
    ours = lambda name: name == "games" or name.startswith("games.")  # noqa: E731
    return {"modules": sorted(n for n in named if not ours(n)),
            "maybe": sorted(n for n in maybe - named if not ours(n))}


def trace_stdlib(package: Path, stdlib: Path, wheel: Path, micropip: Path, imports: Path,
                 micropip_stdlib: Path | None = None) -> dict:
    node = require_tool("node", "find the standard library the games use (node 20+)")
    result = subprocess.run(
        [node, str(TRACE_STDLIB_SCRIPTS[0]), str(package), str(stdlib), str(wheel), str(micropip), str(imports),
         *([str(micropip_stdlib)] if micropip_stdlib else [])],
        cwd=ROOT, capture_output=True, text=True, check=False)
    for line in result.stdout.splitlines():
        if line.startswith("RESULT ") and result.returncode == 0:
            return json.loads(line.removeprefix("RESULT "))
    failed = result.stdout[result.stdout.find("FAILED "):] if "FAILED " in result.stdout else ""
    raise BuildError(failed.removeprefix("FAILED ") or
                     f"{TRACE_STDLIB_SCRIPTS[0].name} failed (exit {result.returncode}):\n"
                     f"{result.stdout[-3000:]}{result.stderr[-3000:]}")


def cut_zip(whole: zipfile.ZipFile, keep: set, target: Path) -> None:
    """target: the entries of whole named in keep, with the folder entries of their packages."""
    folders = {name[:index + 1] for name in keep for index, char in enumerate(name) if char == "/"}
    with zipfile.ZipFile(target, "w") as cut:
        for info in whole.infolist():
            if info.filename in keep or info.filename in folders:
                # A copy: writestr sets the entry's offset in the new zip on the ZipInfo it gets.
                cut.writestr(copy.copy(info), whole.read(info), info.compress_type, compresslevel=9)


def trimmed_stdlib(package: Path, stdlib: Path, wheel: Path, micropip: Path) -> tuple[Path, Path, dict]:
    """The precompiled stdlib cut to the modules a run of the app imports, and apart, those
    that only loading micropip adds (both cached), with what the trace found.

    build_tools/trace_stdlib.mjs runs Pyodide's start-up, the wheel (every module, every
    import statement, every bridge op, game and bot level) and then micropip on the whole
    stdlib and lists the modules that came from it; the zips keep exactly those. The same run
    on the cut zips must then import the same modules, or the build fails."""
    imports = wheel_imports()
    digest = hashlib.sha256(stdlib.name.encode() + sha256_file(wheel).encode() + sha256_file(micropip).encode()
                            + json.dumps(imports).encode())
    for script in (*TRACE_STDLIB_SCRIPTS, MICROPIP_LOADER):
        digest.update(script.read_bytes())
    cached = CACHE / "stdlib" / f"python_stdlib-trimmed-{digest.hexdigest()[:16]}.zip"
    cached_micropip = cached.with_name(cached.stem + "-micropip.zip")
    cached_trace = cached.with_suffix(".json")  # what the trace found, for the lists and the sizes
    if cached.exists() and cached_micropip.exists() and cached_trace.exists():
        return cached, cached_micropip, json.loads(cached_trace.read_text())
    BUILD.mkdir(exist_ok=True)
    imports_file = BUILD / "stdlib-imports.json"
    imports_file.write_text(json.dumps(imports, indent=1) + "\n")
    try:
        traced = trace_stdlib(package, stdlib, wheel, micropip, imports_file)
    except BuildError as error:
        raise BuildError(f"the games do not run in Pyodide on its whole standard library:\n{error}") from None
    keep, keep_micropip = set(traced["entries"]), set(traced["micropip_entries"])
    # A package is found in one zip only (the first on sys.path that has it), unless it is
    # told of the other: web/js/micropip.js extends the packages Pyodide's start has imported
    # (importlib, pyodide). What micropip needs of another package the app imports stays in
    # the main zip.
    top = lambda entry: entry.split("/", 1)[0].removesuffix(".pyc")  # noqa: E731
    imported_at_start = {top(entry) for entry in traced["boot_entries"]}
    shared = {entry for entry in keep_micropip
              if top(entry) in {top(kept) for kept in keep} - imported_at_start}
    keep, keep_micropip = keep | shared, keep_micropip - shared
    partial, partial_micropip = cached.with_suffix(".partial"), cached_micropip.with_suffix(".partial")
    with zipfile.ZipFile(stdlib) as whole:
        missing = (keep | keep_micropip) - set(whole.namelist())
        if missing:
            raise BuildError(f"the trace names files that are not in {stdlib.name}: {sorted(missing)}")
        cut_zip(whole, keep, partial)
        cut_zip(whole, keep_micropip, partial_micropip)
    try:
        checked = trace_stdlib(package, partial, wheel, micropip, imports_file, partial_micropip)
        for key in ("entries", "micropip_entries"):
            if checked[key] != traced[key]:
                raise BuildError(f"the same run imports other modules on the trimmed zips ({key}): "
                                 f"{sorted(set(checked[key]) ^ set(traced[key]))}")
    except BuildError as error:
        partial.unlink()
        partial_micropip.unlink()
        raise BuildError(
            f"the trimmed standard library misses a module the app imports:\n{error}\n"
            "The build keeps what build_tools/trace_stdlib.mjs sees imported. If the module is "
            "imported on a path that run does not reach, add its name to STDLIB_ALSO_KEEP in "
            "build.py (docs/build.md, \"The trimmed standard library\").") from None
    traced.pop("played", None)
    cached_trace.write_text(json.dumps(traced, indent=1) + "\n")
    partial_micropip.rename(cached_micropip)
    partial.rename(cached)
    log(f"  standard library: kept the {len(traced['modules'])} modules a run imports "
        f"({cached.stat().st_size / 1e6:.2f} MB of {stdlib.stat().st_size / 1e6:.2f}; list in build/stdlib-modules.txt), "
        f"and apart the {len(traced['micropip_modules'])} only micropip adds ({cached_micropip.stat().st_size / 1e6:.2f} MB)")
    return cached, cached_micropip, traced


# --- micropip ----------------------------------------------------------------------


def fetch_micropip() -> Path:
    wheel = CACHE / "pypi" / MICROPIP_WHEEL
    if not wheel.exists():
        log(f"fetching {MICROPIP_WHEEL} with pip download")
        wheel.parent.mkdir(parents=True, exist_ok=True)
        # micropip requires Python 3.13+: ask for the wheel Pyodide's Python would get.
        run([sys.executable, "-m", "pip", "download", "micropip==0.11.1", "--no-deps",
             "--python-version", "3.14", "--only-binary=:all:", "-d", str(wheel.parent)])
    actual = sha256_file(wheel)
    if actual != MICROPIP_SHA256:
        wheel.unlink()
        raise BuildError(
            f"{MICROPIP_WHEEL} fails its pinned sha256:\n"
            f"  expected {MICROPIP_SHA256}\n  got      {actual}"
        )
    return wheel


# --- the QR code library (one table, several phones) --------------------------------


def fetch_qr() -> Path:
    """qr's encoder and decoder (pinned npm package, checksum verified), extracted into
    .cache/ and shipped as dist/vendor/qr/; the page loads them only to show or read a code
    (docs/one-table.md)."""
    tarball = npm_tarball("qr", QR_VERSION, QR_INTEGRITY)
    folder = CACHE / f"qr-{QR_VERSION}-{hashlib.sha256(QR_INTEGRITY.encode()).hexdigest()[:12]}"
    if not folder.exists():
        staging = folder.with_name(folder.name + ".partial")
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir(parents=True)
        with tarfile.open(tarball) as archive:
            for name in QR_FILES:
                member = archive.getmember(f"package/{name}")
                member.name = name
                archive.extract(member, staging, filter="data")
        staging.rename(folder)
    return folder


# --- the game wheel ----------------------------------------------------------------


def wheel_sources() -> list[Path]:
    sources = [ROOT / "pyproject.toml"]
    for path in sorted((ROOT / "py").rglob("*")):
        parts = set(path.relative_to(ROOT).parts)
        if path.is_file() and "__pycache__" not in parts and path.suffix != ".pyc" \
                and not any(part.endswith(".egg-info") for part in parts):
            sources.append(path)
    return sources


def wheel_build_tools() -> Path:
    """A pinned setuptools, installed once into .cache/, that builds the wheel.

    Pinned so every machine builds the same wheel, and installed once because pip's
    build isolation would reinstall it on every build (about 5 s).
    """
    tools = CACHE / f"setuptools-{SETUPTOOLS_VERSION}"
    if not tools.exists():
        log(f"installing setuptools {SETUPTOOLS_VERSION} into {tools.relative_to(ROOT)}/ "
            "to build wheels")
        partial = tools.with_name(tools.name + ".partial")
        shutil.rmtree(partial, ignore_errors=True)
        run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
             "--disable-pip-version-check", "--target", str(partial),
             f"setuptools=={SETUPTOOLS_VERSION}"])
        partial.rename(tools)
    return tools


def build_wheel(package: Path) -> Path:
    """games-<version>-py3-none-any.whl with its modules also as Pyodide bytecode,
    rebuilt only when py/, pyproject or the compile script changed."""
    sources = wheel_sources() + [COMPILE_WHEEL_SCRIPT]
    digest = hashlib.sha256()
    digest.update(integrity_key().encode())
    for path in sources:
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    source_hash = digest.hexdigest()

    out = BUILD / "wheel"
    stamp = out / "source.sha256"
    wheels = sorted(out.glob("games-*.whl"))
    if len(wheels) == 1 and stamp.exists() and stamp.read_text() == source_hash:
        return wheels[0]

    # Building from a fresh copy keeps setuptools' egg-info and build/lib out of py/,
    # and a deleted module can never linger in the wheel.
    source_copy = BUILD / "wheel-src"
    shutil.rmtree(source_copy, ignore_errors=True)
    shutil.rmtree(out, ignore_errors=True)
    for path in sources[:-1]:
        target = source_copy / path.relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)

    env = {**os.environ, "SOURCE_DATE_EPOCH": WHEEL_SOURCE_DATE_EPOCH,
           "PYTHONPATH": str(wheel_build_tools())}
    run([sys.executable, "-m", "pip", "wheel", str(source_copy), "--no-deps",
         "--no-build-isolation", "--disable-pip-version-check", "--quiet",
         "-w", str(out)], env=env)
    wheels = sorted(out.glob("games-*.whl"))
    if len(wheels) != 1 or not wheels[0].name.endswith("-py3-none-any.whl"):
        raise BuildError(f"expected one pure-Python games wheel in {out}, got {wheels}")
    node = require_tool("node", "compile the games to bytecode inside Pyodide (node 20+)")
    plain = wheels[0].with_suffix(".plain")
    wheels[0].rename(plain)
    log("  games wheel: " + run([node, str(COMPILE_WHEEL_SCRIPT), str(package), str(plain), str(wheels[0])]).strip())
    plain.unlink()
    stamp.write_text(source_hash)
    shutil.rmtree(source_copy)
    return wheels[0]


# --- message catalogs ----------------------------------------------------------------


def catalogs_module():
    """build_tools/catalogs.py (loaded by path: it is a script, not a package)."""
    name = "cardtable_catalogs"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, CATALOGS_SCRIPT)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses look their module up there
        spec.loader.exec_module(module)
    return sys.modules[name]


def compile_catalogs(site: Path | None = None) -> None:
    """locales/<lang>.po -> py/games/locales/<lang>.json (Python's messages, shipped in the
    wheel) and, given a site, <site>/locales/<lang>.json (the page's messages)."""
    catalogs = catalogs_module()
    try:
        if site is None:
            catalogs.compile_python()
        else:
            catalogs.compile_web(site)
    except catalogs.CatalogError as error:
        raise BuildError(f"the message catalogs do not compile: {error}") from None


# --- icons and the service worker's precache list -------------------------------------

ICON_STYLE = 1  # bump when the drawing below changes (icons are cached in .cache/icons/)
ICONS = {"icons/icon-192.png": (192, False), "icons/icon-512.png": (512, False),
         "icons/icon-maskable-512.png": (512, True)}


def _inside_spade(x: float, y: float) -> bool:
    """The spade of web/icons/icon.svg, in its 512-unit square."""
    if (x - 208) ** 2 + (y - 284) ** 2 <= 56 ** 2 or (x - 304) ** 2 + (y - 284) ** 2 <= 56 ** 2:
        return True
    if 150 <= y <= 300 and abs(x - 256) <= (y - 150) * 0.68:  # the point of the spade
        return True
    return 290 <= y <= 392 and abs(x - 256) <= 8 + (y - 290) * 0.2  # the stem


def _png(size: int, maskable: bool) -> bytes:
    """A PNG of the app icon, drawn pixel by pixel (no imaging library needed)."""
    green, card, ink = (15, 61, 46), (251, 250, 245), (27, 27, 27)
    scale = 512 / size / (0.8 if maskable else 1.0)  # maskable: content in the 80% safe zone
    rows = []
    for py in range(size):
        row = bytearray(b"\0")
        for px in range(size):
            x = (px + 0.5) * scale + (256 - size * scale / 2) if maskable else (px + 0.5) * scale
            y = (py + 0.5) * scale + (256 - size * scale / 2) if maskable else (py + 0.5) * scale
            corner = not maskable and min(x, 512 - x) < 96 and min(y, 512 - y) < 96 and \
                (min(x, 512 - x) - 96) ** 2 + (min(y, 512 - y) - 96) ** 2 > 96 ** 2
            if corner:
                row += bytes((0, 0, 0, 0))
            elif _inside_spade(x, y):
                row += bytes((*ink, 255))
            elif 136 <= x <= 376 and 96 <= y <= 416:
                row += bytes((*card, 255))
            else:
                row += bytes((*green, 255))
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + \
        chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")


def write_icons(staging: Path) -> None:
    for name, (size, maskable) in ICONS.items():
        cached = CACHE / "icons" / f"style{ICON_STYLE}-{Path(name).name}"
        if not cached.exists():
            cached.parent.mkdir(parents=True, exist_ok=True)
            cached.write_bytes(_png(size, maskable))
        target = staging / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(cached, target)


def write_precache_list(site: Path, files: dict, build_id: str, on_demand=()) -> Path:
    """sw-precache.js: what the service worker caches (all but the files fetched on demand).
    Its bytes change with every build, so the browser sees a new service worker whenever any
    shipped file changed."""
    path = site / "sw-precache.js"
    listed = {name: digest for name, digest in files.items()
              if name not in {"sw.js", "sw-precache.js", *on_demand}}
    path.write_text("// Written by build.py: every file of this build and its sha256.\n"
                    f"self.PRECACHE = {json.dumps({'build_id': build_id, 'files': listed}, indent=1, sort_keys=True)};\n")
    return path


def write_manifest(site: Path, manifest: dict) -> dict:
    """Hashes every shipped file into manifest["files"] and a build_id, then writes the
    service worker's list and build.json. Also used by tests that fake a new deploy."""
    files = {
        path.relative_to(site).as_posix(): sha256_file(path)
        for path in sorted(site.rglob("*")) if path.is_file()
        and path.relative_to(site).as_posix() not in {"build.json", "sw-precache.js"}
    }
    # Changes whenever any shipped byte does: a name for caches to key on.
    build_id = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    files["sw-precache.js"] = sha256_file(write_precache_list(site, files, build_id, manifest.get("on_demand", ())))
    manifest = {**manifest, "build_id": build_id, "files": dict(sorted(files.items()))}
    (site / "build.json").write_text(json.dumps(manifest, indent=2) + "\n")
    return manifest


# --- the site ----------------------------------------------------------------------


def assemble(staging: Path, package: Path, stdlib: Path, micropip: Path, wheel: Path, qr: Path,
             micropip_stdlib: Path) -> dict:
    shutil.copytree(WEB, staging, ignore=shutil.ignore_patterns("__pycache__", ".*"))
    shutil.copytree(qr, staging / "vendor" / "qr")
    pyodide_dir = staging / "pyodide"
    pyodide_dir.mkdir()
    for name in PYODIDE_RUNTIME_FILES:
        shutil.copy2(package / name, pyodide_dir / name)
    shutil.copy2(stdlib, pyodide_dir / "python_stdlib.zip")
    shutil.copy2(micropip_stdlib, pyodide_dir / MICROPIP_STDLIB)
    wheels_dir = staging / "wheels"
    wheels_dir.mkdir()
    shutil.copy2(wheel, wheels_dir / wheel.name)
    shutil.copy2(micropip, wheels_dir / micropip.name)
    write_icons(staging)
    compile_catalogs(staging)

    manifest = {
        "version": wheel.name.split("-")[1],
        "pyodide": "pyodide/",
        "pyodide_version": PYODIDE_VERSION,
        "pyodide_lock": minimal_lock(package),
        "wheel": f"wheels/{wheel.name}",
        "micropip": f"wheels/{micropip.name}",
        "micropip_stdlib": f"pyodide/{MICROPIP_STDLIB}",
        # Shipped, not precached: a first visit leaves them on the server (web/js/micropip.js).
        "on_demand": [f"wheels/{micropip.name}", f"pyodide/{MICROPIP_STDLIB}"],
        # What the worker loads before the start screen, in bytes: its progress bar counts them.
        "boot_files": {name: (staging / name).stat().st_size for name in
                       [*(f"pyodide/{file}" for file in PYODIDE_RUNTIME_FILES),
                        "pyodide/python_stdlib.zip", f"wheels/{wheel.name}"]},
    }
    return write_manifest(staging, manifest)


def gzip_size(path: Path) -> int:
    compressor = zlib.compressobj(6, zlib.DEFLATED, 31)  # 31: gzip framing
    size = 0
    with path.open("rb") as file:
        for block in iter(functools.partial(file.read, 1 << 20), b""):
            size += len(compressor.compress(block))
    return size + len(compressor.flush())


def first_visit(dist: Path, boot_entries) -> dict:
    """What a first visit downloads (every precached file), in gzip bytes, in parts: Pyodide's
    runtime, the stdlib its own start imports, the stdlib the games add, the games wheel and
    the page; and apart, what only a use of micropip fetches. A zip counts as its gzip size,
    split between its parts by their entries' compressed sizes."""
    manifest = json.loads((dist / "build.json").read_text())
    on_demand = set(manifest.get("on_demand", ()))
    parts = dict.fromkeys(("Pyodide runtime", "stdlib of Pyodide's start", "stdlib the games add",
                           "games wheel", "the page", "on demand (micropip)"), 0)
    stdlib = dist / "pyodide" / "python_stdlib.zip"
    for path in sorted(dist.rglob("*")):
        if not path.is_file():
            continue
        name = path.relative_to(dist).as_posix()
        size = gzip_size(path)
        if name in on_demand:
            parts["on demand (micropip)"] += size
        elif path == stdlib:
            with zipfile.ZipFile(path) as archive:
                infos = archive.infolist()
            boot = set(boot_entries)
            share = sum(i.compress_size for i in infos if i.filename in boot) / max(1, sum(i.compress_size for i in infos))
            parts["stdlib of Pyodide's start"] += round(size * share)
            parts["stdlib the games add"] += size - round(size * share)
        elif name.startswith("pyodide/"):
            parts["Pyodide runtime"] += size
        elif name == manifest["wheel"]:
            parts["games wheel"] += size
        else:
            parts["the page"] += size
    return parts


def summarize(dist: Path, started: float, boot_entries=()) -> None:
    groups: dict[str, list[int]] = {}
    for path in sorted(dist.rglob("*")):
        if path.is_file():
            top = path.relative_to(dist).parts[0]
            group = top + "/" if path.parent != dist else "(site root)"
            totals = groups.setdefault(group, [0, 0, 0])
            totals[0] += 1
            totals[1] += path.stat().st_size
            totals[2] += gzip_size(path)
    log(f"{'':14}{'files':>6}{'raw MB':>9}{'gzip MB':>9}")
    for group, (count, raw, gz) in [*sorted(groups.items()),
                                    ("total", [sum(v[i] for v in groups.values())
                                               for i in range(3)])]:
        log(f"{group:14}{count:>6}{raw / 1e6:>9.2f}{gz / 1e6:>9.2f}")
    parts = first_visit(dist, boot_entries)
    on_demand = parts.pop("on demand (micropip)")
    log(f"a first visit: {sum(parts.values()) / 1e6:.2f} MB gzip = " +
        " + ".join(f"{name} {size / 1e6:.2f}" for name, size in parts.items()) +
        f"; on demand (micropip): {on_demand / 1e6:.2f}")
    log(f"built {dist.relative_to(ROOT)}/ in {time.perf_counter() - started:.1f} s")


@contextlib.contextmanager
def build_lock():
    """Serialize builds: several people and test sessions share this working tree."""
    CACHE.mkdir(exist_ok=True)
    with (CACHE / "build.lock").open("w") as lock_file:
        fcntl.flock(lock_file, fcntl.LOCK_EX)
        yield


def build(dist: Path = DIST) -> Path:
    """Build the site into dist and return its path."""
    started = time.perf_counter()
    if not WEB.is_dir():
        raise BuildError(f"{WEB} is missing")
    with build_lock():
        package = fetch_pyodide()
        stdlib = compiled_stdlib(package)
        micropip = fetch_micropip()
        compile_catalogs()  # before the wheel: it ships Python's catalogs
        wheel = build_wheel(package)
        stdlib, micropip_stdlib, traced = trimmed_stdlib(package, stdlib, wheel, micropip)
        BUILD.mkdir(exist_ok=True)
        (BUILD / "stdlib-modules.txt").write_text("\n".join(traced["modules"]) + "\n")
        (BUILD / "stdlib-modules-micropip.txt").write_text("\n".join(traced["micropip_modules"]) + "\n")
        staging = dist.with_name(dist.name + ".partial")
        shutil.rmtree(staging, ignore_errors=True)
        assemble(staging, package, stdlib, micropip, wheel, fetch_qr(), micropip_stdlib)
        publish_atomically(staging, dist)
        summarize(dist, started, traced["boot_entries"])
    return dist


# --- serving -----------------------------------------------------------------------


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves one folder under a URL prefix, with the MIME types Pyodide needs."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    prefix = "/"
    quiet = False

    def _route(self) -> bool:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path == self.prefix.rstrip("/") and path:
            self.send_response(301)
            self.send_header("Location", self.prefix)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return False
        if not path.startswith(self.prefix):
            self.send_error(404, f"this server serves only {self.prefix}")
            return False
        return True

    def do_GET(self):
        if self._route():
            try:
                super().do_GET()
            except (BrokenPipeError, ConnectionResetError):
                pass  # the browser went away mid-file (a test closed its page): nothing to report

    def do_HEAD(self):
        if self._route():
            super().do_HEAD()

    def send_error(self, code, message=None, explain=None):
        # Like GitHub Pages: a missing file under the prefix gets the site's 404.html.
        page = Path(self.directory) / "404.html"
        if code != 404 or self.command != "GET" or not self.path.startswith(self.prefix) or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def translate_path(self, path: str) -> str:
        return super().translate_path("/" + path[len(self.prefix):])

    def end_headers(self):
        # A rebuilt file must show on reload; the service worker does the caching.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


def make_server(directory: Path, port: int = 8000, prefix: str = "/",
                quiet: bool = False) -> http.server.ThreadingHTTPServer:
    """A threading server for directory at http://127.0.0.1:<port><prefix> (port 0: any)."""
    if not (prefix.startswith("/") and prefix.endswith("/")):
        raise ValueError(f"prefix must start and end with '/': {prefix!r}")
    handler = type("Handler", (SiteHandler,), {"prefix": prefix, "quiet": quiet})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", port), functools.partial(handler, directory=str(directory))
    )
    server.daemon_threads = True
    return server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Build the offline card-games site into dist/ (see docs/build.md).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Downloads and the precompiled stdlib are cached in .cache/; "
               "delete it for a clean build.",
    )
    commands = parser.add_subparsers(dest="command", metavar="[command]")
    commands.add_parser("build", help="build dist/ (the default)")
    serve = commands.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    args = parser.parse_args(argv)

    try:
        dist = build()
    except BuildError as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    if args.command == "serve":
        server = make_server(dist, port=args.port)
        log(f"serving {dist.relative_to(ROOT)}/ at http://127.0.0.1:{server.server_port}/ "
            "(Ctrl-C stops)")
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
