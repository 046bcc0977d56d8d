"""Learn by playing (web/js/tutorial.js, games/tutorials.py): each game's lesson completed by
following its own prompts, in English and in the game's home language, then a real match;
the first-time offer remembered; the lesson saves nothing; axe on the lesson screen."""

from __future__ import annotations

import json

import pytest
from axe import describe, run_axe, serious
from conftest import FAST, PHONE, STEP_TIMEOUT_MS, screenshot

from games import bridge

HOME_LANGUAGE = {"kozel": "ru", "zevaka": "ru", "oh_hell": "pl", "eight_five_three": "bg", "spades": "nl"}
LOCALES = {"en": "en-US", "ru": "ru-RU", "pl": "pl-PL", "bg": "bg-BG", "nl": "nl-NL"}
CASES = [(game, lang) for game in HOME_LANGUAGE for lang in ("en", HOME_LANGUAGE[game])]
COACH = "[data-testid=coach]"
WAITING = (f"{COACH}[data-state=human], {COACH}[data-state=note], [data-testid=continue], "
           "[data-testid=tutorial-done]")


def expected_lines(game: str, lang: str) -> list[tuple[str, str]]:
    """The coach's lines as Python writes them in `lang`: each of your moves ("human"), and
    each bot move that shows a rule ("note", the lesson waits for Got it)."""
    answer = json.loads(bridge.handle(json.dumps({"op": "tutorial", "game": game, "lang": lang})))
    return [("human" if step["seat"] == 0 else "note", step["coach"])
            for step in answer["tutorial"]["steps"] if step["coach"]]


def follow_the_prompts(page) -> list[tuple[str, str]]:
    """Does what the coach says until the lesson ends; returns what it said (state, line)."""
    said = []
    for _ in range(200):
        page.wait_for_selector(WAITING, timeout=STEP_TIMEOUT_MS)
        if page.locator("[data-testid=tutorial-done]").count():
            return said
        if page.locator("[data-testid=continue]").count():
            page.click("[data-testid=continue]")
            continue
        coach = page.locator(COACH)
        step, state = coach.get_attribute("data-step"), coach.get_attribute("data-state")
        said.append((state, page.inner_text("[data-testid=coach-text]")))
        # The coached controls: select the `first` ones (cards, your top card), then the `final`.
        while page.locator("[data-coach=first][aria-pressed=false]").count():
            page.locator("[data-coach=first][aria-pressed=false]").first.click()
        final = page.locator("[data-coach=final]")
        assert final.count() == 1, page.inner_text(COACH)
        final.click()
        page.wait_for_function(
            """([step, state]) => {
                const coach = document.querySelector('[data-testid=coach]');
                return document.querySelector('[data-testid=tutorial-done], [data-testid=continue]')
                    || coach?.dataset.step !== step || coach?.dataset.state !== state;
            }""",
            arg=[step, state], timeout=STEP_TIMEOUT_MS)
    raise AssertionError("the lesson did not end")


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_each_lesson_is_completed_by_following_its_prompts(new_page, open_app, game, lang):
    page = new_page(PHONE, locale=LOCALES[lang])
    open_app(page)
    assert page.get_attribute("html", "lang") == lang
    page.click(f"[data-testid=game-choice][data-game='{game}']")
    offer = page.locator("[data-testid=setup] [data-testid=tutorial-offer]")
    assert offer.count() == 1, "a game opened for the first time offers its lesson"
    page.click("[data-testid=tutorial-offer-learn]")
    page.wait_for_selector(f"[data-testid=table-screen][data-tutorial='{game}']", timeout=STEP_TIMEOUT_MS)

    said = follow_the_prompts(page)
    assert said == expected_lines(game, lang)
    lessons = {"kozel": 0, "oh_hell": 0, "spades": 1, "eight_five_three": 1, "zevaka": 1}
    assert [state for state, _ in said].count("note") == lessons[game], "the bots' lessons wait for Got it"
    if lang != "en":
        assert said != expected_lines(game, "en")
    # A lesson is never a saved series, a history entry or statistics.
    keys = page.evaluate("Object.keys(localStorage)")
    assert not [key for key in keys if ".save." in key or "history" in key], keys

    page.click("[data-testid=tutorial-real-match]")
    page.wait_for_function("() => window.cardtable.currentRecord() !== null", timeout=STEP_TIMEOUT_MS)
    record = page.evaluate("window.cardtable.currentRecord()")
    assert record["game"] == game and not page.locator("[data-tutorial]").count()
    assert page.locator(COACH).count() == 0


def test_the_offer_is_remembered_and_learn_stays_reachable(new_page, open_app):
    page = new_page(PHONE)
    open_app(page)
    page.click("[data-testid=game-choice][data-game='kozel']")
    assert page.inner_text("[data-testid=tutorial-offer]").startswith("New to Kozel")
    # Enter in the setup form still means Start: its first submit button (the default) is Start.
    assert page.eval_on_selector("[data-testid=setup]", "form => form.querySelector('[type=submit]').dataset.testid") == "start"
    page.click("[data-testid=tutorial-offer-dismiss]")
    assert page.locator("[data-testid=tutorial-offer]").count() == 0
    page.reload()
    page.wait_for_selector("[data-testid=start-screen]", timeout=STEP_TIMEOUT_MS)
    page.click("[data-testid=game-choice][data-game='kozel']")
    page.wait_for_selector("[data-testid=setup][data-game='kozel']")
    assert page.locator("[data-testid=tutorial-offer]").count() == 0, "not offered again"
    # Still reachable: the setup panel's Learn, and the rules screen's.
    assert page.locator("[data-testid=setup] [data-testid=open-tutorial]").is_visible()
    page.click("[data-testid=open-rules][data-game='kozel']")
    page.click("[data-testid=rules-learn]")
    page.wait_for_selector("[data-testid=table-screen][data-tutorial='kozel']", timeout=STEP_TIMEOUT_MS)


def test_a_lesson_leaves_a_saved_series_alone(new_page, open_app):
    page = new_page(PHONE)
    open_app(page)
    page.click("[data-testid=game-choice][data-game='oh_hell']")
    page.click("[data-testid=tutorial-offer-dismiss]")
    page.click("[data-testid=start]")
    page.wait_for_function("() => window.cardtable.currentRecord() !== null", timeout=STEP_TIMEOUT_MS)
    page.click("[data-testid=leave]")
    page.wait_for_selector("[data-testid=start-screen]")
    before = page.evaluate("JSON.stringify(Object.entries(localStorage).filter(([k]) => !k.endsWith('.prefs')).sort())")
    page.click("[data-testid=setup] [data-testid=open-tutorial]")
    page.wait_for_selector("[data-testid=table-screen][data-tutorial='oh_hell']", timeout=STEP_TIMEOUT_MS)
    follow_the_prompts(page)
    page.click("[data-testid=tutorial-leave]")
    page.wait_for_selector("[data-testid=start-screen]")
    after = page.evaluate("JSON.stringify(Object.entries(localStorage).filter(([k]) => !k.endsWith('.prefs')).sort())")
    assert after == before
    assert page.locator("[data-testid=resume][data-game='oh_hell']").count() == 1


@pytest.mark.parametrize("game", ["kozel", "zevaka"])
def test_the_lesson_screen_passes_axe(new_page, open_app, game):
    page = new_page({"width": 360, "height": 740})
    open_app(page, FAST)
    page.click(f"[data-testid=game-choice][data-game='{game}']")
    blocking = serious(run_axe(page))
    assert not blocking, describe(blocking)  # the offer on the setup panel
    page.click("[data-testid=tutorial-offer-learn]")
    page.wait_for_selector(f"{COACH}[data-state=human]", timeout=STEP_TIMEOUT_MS)
    screenshot(page, f"tutorial-{game}-phone")
    blocking = serious(run_axe(page))
    assert not blocking, describe(blocking)
    # The coach fits the phone and leaves the hand uncovered.
    coach = page.locator(COACH).bounding_box()
    hand = page.locator("[data-testid=hand]").bounding_box()
    assert coach["y"] + coach["height"] <= hand["y"] + 1
    assert hand["y"] + hand["height"] <= 740 + 1, "the hand stays on a 360x740 screen"


def test_a_legal_move_off_the_lesson_is_played_and_the_deal_goes_on(new_page, open_app):
    """The coach suggests; the table still offers every legal move, and Python decides."""
    page = new_page(PHONE)
    open_app(page)
    page.click("[data-testid=setup] [data-testid=open-tutorial]")  # Oh Hell: the first game
    page.wait_for_selector(f"{COACH}[data-state=human]", timeout=STEP_TIMEOUT_MS)
    coached = page.get_attribute("[data-coach=final]", "data-bid")
    other = page.locator(f"[data-testid=bid-button]:enabled:not([data-bid='{coached}'])").first
    other.click()
    page.wait_for_selector(f"{COACH}[data-state=off]", timeout=STEP_TIMEOUT_MS)
    for _ in range(40):
        page.wait_for_selector("[data-testid=hand-card]:enabled, [data-testid=continue], [data-testid=tutorial-done]",
                               timeout=STEP_TIMEOUT_MS)
        if page.locator("[data-testid=tutorial-done]").count():
            break
        if page.locator("[data-testid=continue]").count():
            page.click("[data-testid=continue]")
            continue
        assert page.locator("[data-coach]").count() == 0, "off the lesson nothing is coached"
        page.locator("[data-testid=hand-card]:enabled").first.click()
    else:
        raise AssertionError("the deal did not end")
    page.click("[data-testid=tutorial-real-match]")
    page.wait_for_function("() => window.cardtable.currentRecord() !== null", timeout=STEP_TIMEOUT_MS)
