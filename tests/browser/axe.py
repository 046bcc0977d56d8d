"""axe-core for the accessibility tests, vendored at test time like build.py vendors Pyodide:
`npm pack` of a pinned version into .cache/npm/, checked against its pinned sha512, and
axe.min.js extracted into .cache/. Nothing of it is committed or shipped in dist/.

run_axe(page) injects it (page.add_script_tag) and returns the violations of the page as
it is, `serious(violations)` those of impact serious or critical.
"""

from __future__ import annotations

import base64
import hashlib
import shutil
import subprocess
import tarfile
from pathlib import Path

from playwright.sync_api import Page

REPO = Path(__file__).resolve().parents[2]
CACHE = REPO / ".cache"
AXE_VERSION = "4.14.1"
AXE_INTEGRITY = "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ=="
BLOCKING = ("serious", "critical")


class AxeUnavailable(Exception):
    pass


def _verify(tarball: Path) -> None:
    algorithm, _, expected = AXE_INTEGRITY.partition("-")
    actual = base64.b64encode(hashlib.new(algorithm, tarball.read_bytes()).digest()).decode()
    if actual != expected:
        tarball.unlink()  # a bad download must not poison later runs
        raise AxeUnavailable(f"{tarball.name} fails its pinned integrity check ({algorithm}-{actual})")


def axe_source() -> Path:
    """The path of the verified axe.min.js (fetched once with `npm pack`)."""
    target = CACHE / f"axe-core-{AXE_VERSION}" / "axe.min.js"
    if target.exists():
        return target
    tarball = CACHE / "npm" / f"axe-core-{AXE_VERSION}.tgz"
    if not tarball.exists():
        npm = shutil.which("npm")
        if not npm:
            raise AxeUnavailable("`npm` is not on PATH; it is needed to fetch axe-core")
        tarball.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([npm, "pack", f"axe-core@{AXE_VERSION}", "--silent", "--pack-destination", str(tarball.parent)],
                       cwd=tarball.parent, check=True, capture_output=True)
    _verify(tarball)
    target.parent.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball) as archive:
        data = archive.extractfile("package/axe.min.js").read()
    partial = target.with_suffix(".partial")
    partial.write_bytes(data)
    partial.rename(target)
    return target


def run_axe(page: Page, context: str | None = None) -> list[dict]:
    """axe's violations on the page now (WCAG 2.x A/AA rules and best practices)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(axe_source()))
    return page.evaluate("""async (context) => {
        const result = await axe.run(context ? document.querySelector(context) : document, {
            resultTypes: ["violations"],
        });
        return result.violations.map((v) => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map((n) => ({ target: n.target.join(" "), summary: n.failureSummary, html: n.html.slice(0, 160) })),
        }));
    }""", context)


def serious(violations: list[dict]) -> list[dict]:
    return [v for v in violations if v["impact"] in BLOCKING]


def counts(violations: list[dict]) -> dict[str, int]:
    """Violations by impact (one per rule, as axe counts them) and affected nodes."""
    result: dict[str, int] = {}
    for v in violations:
        result[v["impact"]] = result.get(v["impact"], 0) + 1
    return result


def describe(violations: list[dict]) -> str:
    lines = []
    for v in violations:
        lines.append(f"[{v['impact']}] {v['id']}: {v['help']}")
        for node in v["nodes"][:6]:
            lines.append(f"    {node['target']}: {node['summary'].splitlines()[-1] if node['summary'] else ''}")
    return "\n".join(lines)
