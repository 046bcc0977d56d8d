"""Issue 17, failures 2 and 11 on the page's side: no bridge call stays pending. An answer
that is not a JSON string (Pyodide after a fatal error) resolves as an `internal` error and a
fresh worker serves the next calls; a call past its deadline rejects, and the engine restarts."""

import json

from conftest import FAST, PHONE
from games import bridge

# The real worker, with a Python that answers `undefined` to {"op": "die"} as Pyodide did
# after "Maximum call stack size exceeded" (the bridge now refuses that request itself).
DOCTORED = ('const handle = ((real) => (text) => (text.includes(\'"op":"die"\') ? undefined : real(text)))('
            'pyodide.pyimport("games.bridge").handle);')


def settle(page, script, timeout_ms=30_000):
    """The call's outcome, or 'pending' if it has not settled within timeout_ms."""
    return page.evaluate(f"""() => Promise.race([
        ({script}).then((answer) => ({{answer}}), (error) => ({{rejected: String(error?.message ?? error)}})),
        new Promise((resolve) => setTimeout(() => resolve('pending'), {timeout_ms}))])""")


def test_no_bridge_call_stays_pending(new_page, site_url):
    page = new_page(PHONE, service_workers="block")

    def doctor(route):
        body = route.fetch().text()
        original = 'const handle = pyodide.pyimport("games.bridge").handle;'
        assert original in body
        route.fulfill(body=body.replace(original, DOCTORED), content_type="text/javascript")

    page.context.route("**/js/worker.js", doctor)
    page.goto(f"{site_url}?{FAST}")
    page.wait_for_selector("[data-testid=start-screen]", timeout=60_000)

    # Before: JSON.parse(undefined) threw inside onmessage and the call never settled.
    died = settle(page, "window.cardtable.ask({op: 'die'})")
    assert died != "pending"
    assert died["answer"]["error"]["code"] == "internal", died
    after = settle(page, "window.cardtable.ask({op: 'games'})", timeout_ms=60_000)
    assert "games" in after.get("answer", {}), after

    # A deep request is refused by Python, which goes on answering.
    deep = settle(page, "window.cardtable.ask({op: 'view', seat: 0, record: JSON.parse('['.repeat(3000) + ']'.repeat(3000))})")
    assert deep["answer"]["error"]["code"] == "bad_json", deep

    # A call past its deadline rejects; the next one is answered by a fresh worker.
    record = json.loads(bridge.handle(json.dumps({"op": "new", "game": "oh_hell", "players": 4, "seed": 3})))["record"]
    late = settle(page, f"window.cardtable.ask({{op: 'bot', record: {json.dumps(record)}, level: 'hard', budget_ms: 20000}},"
                        " {timeoutMs: 200})")
    assert "rejected" in late, late
    assert "games" in settle(page, "window.cardtable.ask({op: 'games'})", timeout_ms=60_000)["answer"]
