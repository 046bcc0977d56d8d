"""Issue 17, failure 9: the page ships a strict Content-Security-Policy (a meta tag: GitHub
Pages sets no headers), and every screen and a whole deal run without one violation (no
inline script, no style attribute set from script)."""

from conftest import DESKTOP, FAST, act_as_human, start_match, wait_for_human

POLICY = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self'; "
          "img-src 'self' data:; object-src 'none'; base-uri 'none'")
RECORD_VIOLATIONS = """window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (event) =>
    window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`));"""


def test_every_screen_and_a_deal_run_under_a_strict_csp(new_page, open_app):
    page = new_page(DESKTOP, bypass_csp=False)
    refused = []
    page.on("console", lambda message: refused.append(message.text) if "Content Security Policy" in message.text else None)
    page.add_init_script(RECORD_VIOLATIONS)
    open_app(page, f"{FAST}&seed=3")
    assert page.get_attribute("meta[http-equiv=Content-Security-Policy]", "content") == POLICY

    page.click("[data-testid=open-settings]")
    page.click("[data-testid=setting-four-colour]")
    page.click("[data-testid=close-settings]")
    page.click("[data-testid=open-rules][data-game=oh_hell]")
    page.wait_for_selector("[data-testid=rules-screen][data-state=ready]")
    page.click("[data-testid=rules-close]")
    page.click("[data-testid=open-history]")
    page.wait_for_selector("[data-testid=history-screen]")
    page.click("[data-testid=history-back]")

    start_match(page, players=3, options={"largest": 3})
    while (state := wait_for_human(page)) != "deal-sheet":
        act_as_human(page, state)
    page.click("[data-testid=continue]")
    wait_for_human(page)
    page.click("[data-testid=open-tools]")
    page.wait_for_selector("[data-testid=table-tools]")
    page.click("[data-testid=tool-review]")
    page.wait_for_selector("[data-testid=deal-review] [data-testid=review-hands]")  # solo: the deal review
    assert page.evaluate("window.cspViolations") == []
    assert refused == []
