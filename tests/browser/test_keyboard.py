"""Whole games with the keyboard alone: no click, only page.keyboard.press (Tab and
Shift+Tab between groups, arrow keys inside a group, Enter or Space to press), for each of
the five games with short options. At every decision the focus is still on the table (it
is never lost to <body> by a re-render), the control is reached from wherever the focus
is, and the record grows by exactly the action Python allows that the test chose.

Each game is played in one of the six languages (Oh Hell and Kozel in English too), and
what the page announced is checked against that language's catalog.

The human plays what CPython's normal bot would play in its seat, so the games have a
realistic length; the page's bots play at level normal with no delay."""

from __future__ import annotations

import json
import re
import time

import pytest

from conftest import PHONE, STEP_TIMEOUT_MS, python_view, saved_record
from positions import ask

QUERY = "botDelay=0&trickDelay=0&level=normal"
GROUPS = "[data-roving], .hand, .zevaka-own, .action-panel, .bid-buttons, .felt"
KEYS = {"right": "ArrowRight", "left": "ArrowLeft", "tab": "Tab", "back": "Shift+Tab"}

WHERE = """([selector, groups]) => {
  const target = document.querySelector(selector);
  if (!target) return "missing";
  if (target.disabled) return "disabled";
  const active = document.activeElement;
  if (active === target) return "done";
  const group = target.closest(groups);
  if (group && active && active !== group && group.contains(active) && active.closest(groups) === group) {
    const items = [...group.querySelectorAll("button")].filter((b) => !b.disabled && b.closest(groups) === group);
    return items.indexOf(target) > items.indexOf(active) ? "right" : "left";
  }
  return target.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING ? "back" : "tab";
}"""

STATE = """() => {
  if (document.querySelector("[data-testid=final-sheet]")) return "final-sheet";
  if (document.querySelector("[data-testid=deal-sheet]")) return "deal-sheet";
  const table = document.querySelector("[data-testid=table-screen]");
  if (table && table.dataset.toAct === "0" && table.dataset.busy === "false") return "act";
  return null;
}"""

ACTIVE = """() => { const n = document.activeElement;
  return n === document.body || !n ? "body" : `${n.tagName}:${n.dataset.testid ?? ""}`; }"""


def press_on(page, selector: str, key: str = "Enter", limit: int = 80) -> int:
    """Moves the focus to `selector` with Tab, Shift+Tab and the arrow keys, then presses `key`.
    Returns the number of keys pressed."""
    for count in range(limit):
        where = page.evaluate(WHERE, [selector, GROUPS])
        if where == "done":
            page.keyboard.press(key)
            return count + 1
        assert where not in ("missing", "disabled"), f"{selector} is {where}"
        page.keyboard.press(KEYS[where])
    raise AssertionError(f"the keyboard did not reach {selector}")


def wait_for_decision(page) -> str:
    page.wait_for_function(STATE, timeout=STEP_TIMEOUT_MS)
    return page.evaluate(STATE)


def wait_for_record(page, move: int) -> dict:
    page.wait_for_function(f"window.cardtable.currentRecord() && window.cardtable.currentRecord().actions.length > {move}",
                           timeout=STEP_TIMEOUT_MS)
    return page.evaluate("window.cardtable.currentRecord()")


def start_by_keyboard(page, game: str, players: int, options: dict) -> None:
    """The start screen, by keys: the game, the player count and options (radios: arrows), Start."""
    press_on(page, f"[data-testid=game-choice][data-game='{game}']")
    page.wait_for_selector(f"[data-testid=setup][data-game='{game}']")
    for name, value in [("players", players), *options.items()]:
        radio = f"[data-testid=option-{name}] input[value='{value}']"
        if page.locator(f"[data-testid=rule-options]:not([open]) {radio}").count():
            press_on(page, "[data-testid=rule-options] > summary")  # the rule options unfold
            assert page.locator("[data-testid=rule-options][open]").count() == 1
        for _ in range(40):
            if page.locator(radio).is_checked():
                break
            if page.evaluate(f"document.activeElement?.name === {name!r}"):
                page.keyboard.press("ArrowRight")
            else:
                page.keyboard.press("Tab")
        assert page.locator(radio).is_checked(), (name, value)
    press_on(page, "[data-testid=start]")
    page.wait_for_selector("[data-testid=table-screen]", timeout=STEP_TIMEOUT_MS)


def control_for(action: dict, view: dict) -> list[tuple[str, str]]:
    """The (selector, key) presses that make `action` on the page."""
    kind = action["type"]
    if kind == "bid" and action.get("blind"):
        return [("[data-testid=action-button][data-type=blind]", "Enter")]
    if kind == "bid":
        return [(f"[data-testid=bid-button][data-bid='{action['n']}']", "Enter")]
    if kind == "trump":
        return [(f"[data-testid=action-button][data-type=trump][data-suit='{action['suit']}']", "Enter")]
    if kind == "take":
        return [(f"[data-testid=talon-card][data-card='{action['cards'][0]}']", "Enter")]
    if view["game"] == "kozel" and kind in ("play", "pass"):
        picks = [(f"[data-testid=hand-card][data-card='{card}']", " ") for card in action["cards"]]
        return picks + [(f"[data-testid=action-button][data-type={kind}]", "Enter")]
    if kind in ("play", "give", "discard") and action.get("cards"):
        return [(f"[data-testid=hand-card][data-card='{action['cards'][0]}']", "Enter")]
    if view["game"] == "zevaka" and kind in ("move", "place"):
        target = action["target"]
        pile = ("[data-testid=common] [data-testid=target]" if target == "common"
                else f"[data-testid=seat][data-seat='{target}'] [data-testid=target]")
        return ([("[data-testid=own-top]", "Enter")] if kind == "move" else []) + [(pile, "Enter")]
    return [(f"[data-testid=action-button][data-type={kind}]", "Enter")]


def play_by_keyboard(page, limit: int = 5000) -> dict:
    """Plays to the final sheet; returns counts of decisions, sheets and keys pressed."""
    stats = {"decisions": 0, "sheets": 0, "keys": 0}
    for _ in range(limit):
        state = wait_for_decision(page)
        if state == "final-sheet":
            assert page.evaluate(ACTIVE).startswith("BUTTON:"), "the final sheet holds the focus"
            return stats
        if state == "deal-sheet":
            assert page.evaluate(ACTIVE) == "BUTTON:continue", "the deal's sheet opens with the focus on Continue"
            page.keyboard.press("Enter")
            page.wait_for_selector("[data-testid=deal-sheet]", state="detached")
            stats["sheets"] += 1
            continue
        active = page.evaluate(ACTIVE)
        assert active != "body", "a re-render lost the focus"
        record = saved_record(page)
        view = python_view(record)
        assert view["to_act"] == 0
        action = ask({"op": "bot", "record": record, "level": "normal"})["action"]
        assert action in view["legal"]
        for selector, key in control_for(action, view):
            stats["keys"] += press_on(page, selector, key)
        after = wait_for_record(page, view["move"])
        assert after["actions"][view["move"]] == action, (after["actions"][view["move"]], action)
        stats["decisions"] += 1
    raise AssertionError("the game did not end")


# Every announcement the page makes, kept (the live region itself keeps only the last few).
RECORD_ANNOUNCEMENTS = """window.__said = [];
new MutationObserver((changes) => {
  for (const change of changes) for (const node of change.addedNodes) {
    if (node.dataset?.testid === "announcement") window.__said.push(node.textContent);
  }
}).observe(document, { childList: true, subtree: true });"""

class Phrases:
    """The page's sentences in one language, as patterns: a msgid's translation from the
    compiled catalog the page itself loads (English: the msgid), its {placeholders} matching
    any text unless given."""

    def __init__(self, dist_dir, lang: str):
        path = dist_dir / "locales" / f"{lang}.json"
        self.messages = json.loads(path.read_text(encoding="utf-8"))["messages"] if lang != "en" else {}

    def text(self, msgid: str) -> str:
        found = self.messages.get(msgid)
        return found if isinstance(found, str) and found else msgid

    def forms(self, singular: str, plural: str) -> list[str]:
        found = self.messages.get(singular)
        return found if isinstance(found, list) and all(found) else [singular, plural]

    def pattern(self, msgid: str, **fixed: str) -> re.Pattern:
        return self.pattern_of(self.text(msgid), **fixed)

    @staticmethod
    def pattern_of(text: str, **fixed: str) -> re.Pattern:
        parts = re.split(r"(\{[A-Za-z_]\w*\})", text)
        return re.compile("".join(fixed.get(p[1:-1], ".+?") if p.startswith("{") else re.escape(p) for p in parts))

    def said(self, lines: list[str], msgid: str, **fixed: str) -> list[str]:
        pattern = self.pattern(msgid, **fixed)
        return [line for line in lines if pattern.fullmatch(line)]


def check_announcements(game: str, said: list[str], phrases: Phrases) -> None:
    """The plays were said in the page's language, and no card hidden from you was named."""
    assert said, "nothing was announced"
    text = "\n".join(said)
    if game in ("oh_hell", "spades", "eight_five_three"):
        assert phrases.said(said, "{name} plays {card}"), text[:500]
        assert phrases.said(said, "{name} wins the trick") or phrases.said(said, "You win the trick"), text[:500]
    if game == "kozel":  # passes face down (the default): another seat's pass never names its cards
        count = "|".join([re.escape(phrases.text("a card"))]
                         + [phrases.pattern_of(form, n=r"\d+").pattern for form in phrases.forms("{n} card", "{n} cards")])
        count = f"(?:{count})"
        mine = [line for msgid in ("You pass {cards}", "You pass {cards} face down", "You pass {count} face down")
                for line in phrases.said(said, msgid)]
        bot_passes = [line for line in phrases.said(said, "{name} passes {cards}")
                      + phrases.said(said, "{name} passes {count} face down") if line not in mine]
        assert bot_passes, text[:500]
        face_down = phrases.pattern("{name} passes {count} face down", count=count)
        assert all(face_down.fullmatch(line) for line in bot_passes), bot_passes
        assert phrases.said(said, "{name} takes the trick") or phrases.said(said, "You take the trick"), text[:500]
    if game == "spades":
        assert phrases.said(said, "{name} draws a card"), text[:500]
    if game == "zevaka":
        moves = [msgid for msgid in ("{name} moved {card} {target}.", "You moved {card} {target}.",
                                     "{name} put the drawn {card} {target}.", "You put the drawn {card} {target}.",
                                     "{name} drew {card}: it fits nowhere, so it stays.")
                 if phrases.said(said, msgid)]
        assert moves, text[:500]
    if phrases.messages:  # every sentence in the language, none left in English
        english = [line for line in said if re.search(r"\b(plays|wins the trick|passes|takes the trick|draws a card|moved|drew)\b", line)]
        assert not english, english[:5]
    else:  # English: the sentences read as sentences about real cards
        if game in ("oh_hell", "spades", "eight_five_three"):
            assert re.search(r"(Bot \d|West|North|East) plays \w+ of \w+", text), text[:500]
        if game == "spades":
            assert "Bot 1 draws a card" in text
            assert not re.search(r"Bot 1 (keeps|discards)", text), "another seat's draw was told"
        if game == "eight_five_three":
            for line in said:
                if "face down" in line:
                    assert " of " not in line, line


# Each game in another of the six languages (the browser's language picks it), English twice.
GAMES = [
    ("oh_hell", 3, {"largest": 3}, 1, "pl"),
    ("kozel", 4, {"limit": 6}, 2, "de"),
    ("spades", 2, {"target": 100}, 3, "nl"),
    ("eight_five_three", 3, {}, 4, "bg"),
    ("zevaka", 2, {}, 5, "ru"),
    ("oh_hell", 3, {"largest": 3}, 6, "en"),
    ("kozel", 4, {"limit": 6}, 7, "en"),
]


@pytest.mark.parametrize("game,players,options,seed,lang", GAMES, ids=[f"{g[0]}-{g[4]}" for g in GAMES])
def test_a_whole_game_by_keyboard(new_page, open_app, dist_dir, game, players, options, seed, lang):
    started = time.perf_counter()
    page = new_page(PHONE, locale=lang)
    page.add_init_script(RECORD_ANNOUNCEMENTS)
    open_app(page, f"{QUERY}&seed={seed}")
    start_by_keyboard(page, game, players, options)
    stats = play_by_keyboard(page)
    record = page.evaluate("window.cardtable.currentRecord()")
    view = python_view(record)
    assert view["over"]
    assert page.locator("[data-testid=final-sheet]").count() == 1
    assert page.evaluate("document.documentElement.lang") == lang
    check_announcements(game, page.evaluate("window.__said"), Phrases(dist_dir, lang))
    print(f"{game}: {stats} in {time.perf_counter() - started:.1f} s")
