"""Learn by playing (web/js/tutorial.js, games/tutorials/): each game's opening screen, then every
lesson completed by following its own prompts, in English and in the game's home language, then a
real match; a move the lesson did not want offers try-again and the lesson goes on; the first-time
offer remembered; a lesson saves nothing; axe on the opening screen, the lesson and its end."""

from __future__ import annotations

import json

import pytest
from axe import describe, run_axe, serious
from conftest import FAST, PHONE, STEP_TIMEOUT_MS, screenshot

from games import bridge

# The games' home languages (the brief's list): Kozel and Zevaka Russian, Oh Hell Polish, 8-5-3
# Bulgarian, Spades English.
HOME_LANGUAGE = {"kozel": "ru", "zevaka": "ru", "oh_hell": "pl", "eight_five_three": "bg", "spades": "en"}
LOCALES = {"en": "en-US", "ru": "ru-RU", "pl": "pl-PL", "bg": "bg-BG", "nl": "nl-NL"}
CASES = sorted({(game, lang) for game in HOME_LANGUAGE for lang in ("en", HOME_LANGUAGE[game])})
COACH = "[data-testid=coach]"
WAITING = (f"{COACH}[data-state=human], {COACH}[data-state=note], [data-testid=continue], "
           "[data-testid=tutorial-done]")


def lessons(game: str, lang: str) -> dict:
    return json.loads(bridge.handle(json.dumps({"op": "tutorial", "game": game, "lang": lang})))["tutorial"]


def expected_lines(lesson: dict) -> list[tuple[str, str]]:
    """What the coach says in a lesson, as Python writes it: its opening note, each of your moves
    ("human"), and each bot move that shows a rule ("note", the lesson waits for Got it)."""
    opening = " ".join([f"{lesson['title']}: {lesson['teaches']}", *lesson["opening"]])
    return [("note", opening)] + [("human" if step["seat"] == 0 else "note", step["coach"])
                                  for step in lesson["steps"] if step["coach"]]


def follow_the_prompts(page) -> list[tuple[str, str]]:
    """Does what the coach says until the lesson ends; returns what it said (state, line)."""
    said = []
    for _ in range(300):
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


def open_lessons(page, game):
    page.click(f"[data-testid=game-choice][data-game='{game}']")
    offer = page.locator("[data-testid=setup] [data-testid=tutorial-offer]")
    assert offer.count() == 1, "a game opened for the first time offers its lesson"
    page.click("[data-testid=tutorial-offer-learn]")
    page.wait_for_selector(f"[data-testid=lesson-intro]", timeout=STEP_TIMEOUT_MS)


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_every_lesson_is_completed_by_following_its_prompts(new_page, open_app, game, lang):
    page = new_page(PHONE, locale=LOCALES[lang])
    open_app(page)
    assert page.get_attribute("html", "lang") == lang
    open_lessons(page, game)
    expected = lessons(game, lang)
    basics = page.locator("[data-testid=lesson-basics] li").all_inner_texts()
    assert basics == expected["intro"]["lines"], "the opening screen: the goal, the cards, a deal's score, the end"
    assert page.locator("[data-testid=lesson-choice]").count() == len(expected["lessons"])
    page.click("[data-testid=lesson-start]")
    for index, lesson in enumerate(expected["lessons"]):
        page.wait_for_selector(f"[data-testid=table-screen][data-lesson='{lesson['id']}']", timeout=STEP_TIMEOUT_MS)
        said = follow_the_prompts(page)
        assert said == expected_lines(lesson), lesson["id"]
        summary = page.locator("[data-testid=lesson-summary] li").all_inner_texts()
        assert summary == lesson["summary"], "the lesson ends with what it taught"
        if index + 1 < len(expected["lessons"]):
            page.click("[data-testid=lesson-next]")
    if lang != "en":
        assert expected["lessons"][0]["steps"] != lessons(game, "en")["lessons"][0]["steps"]
    # A lesson is never a saved series, a history entry or statistics.
    keys = page.evaluate("Object.keys(localStorage)")
    assert not [key for key in keys if ".save." in key or "history" in key], keys
    page.click("[data-testid=tutorial-real-match]")
    page.wait_for_function("() => window.cardtable.currentRecord() !== null", timeout=STEP_TIMEOUT_MS)
    record = page.evaluate("window.cardtable.currentRecord()")
    assert record["game"] == game and not page.locator("[data-tutorial]").count()
    assert page.locator(COACH).count() == 0


def test_a_move_the_lesson_did_not_want_offers_try_again_and_the_lesson_goes_on(new_page, open_app):
    """The coach says why the lesson wants its move; Try again keeps the lesson; playing your move
    anyway is possible on purpose, and the deal goes on to its end with ordinary bots."""
    page = new_page(PHONE)
    open_app(page)
    page.click("[data-testid=setup] [data-testid=open-tutorial]")  # Oh Hell: the first game
    page.click("[data-testid=lesson-start]")
    page.wait_for_selector(f"{COACH}[data-state=note]", timeout=STEP_TIMEOUT_MS)
    page.click("[data-testid=coach-next]")
    page.wait_for_selector(f"{COACH}[data-state=human]", timeout=STEP_TIMEOUT_MS)
    step = page.get_attribute(COACH, "data-step")
    record_before = page.evaluate("document.querySelector('[data-testid=table-screen]').dataset.toAct")
    coached = page.get_attribute("[data-coach=final]", "data-bid")
    wrong = page.locator(f"[data-testid=bid-button]:enabled:not([data-bid='{coached}'])").first
    wrong.click()
    page.wait_for_selector(f"{COACH}[data-state=wrong]", timeout=STEP_TIMEOUT_MS)
    why = lessons("oh_hell", "en")["lessons"][0]["steps"]
    human = next(s for s in why if s["seat"] == 0)
    assert page.inner_text("[data-testid=coach-text]").startswith(human["why"])
    assert page.locator("[data-testid=coach-retry]").is_visible()
    assert page.locator("[data-testid=coach-anyway]").is_visible()
    screenshot(page, "tutorial-wrong-move")
    blocking = serious(run_axe(page))
    assert not blocking, describe(blocking)
    page.click("[data-testid=coach-retry]")
    page.wait_for_selector(f"{COACH}[data-state=human]", timeout=STEP_TIMEOUT_MS)
    assert page.get_attribute(COACH, "data-step") == step, "the lesson is where it was: nothing was played"
    assert page.evaluate("document.querySelector('[data-testid=table-screen]').dataset.toAct") == record_before
    assert page.locator("[data-coach=final]").get_attribute("data-bid") == coached
    # Now on purpose: the move is played and the deal goes on.
    page.locator(f"[data-testid=bid-button]:enabled:not([data-bid='{coached}'])").first.click()
    page.click("[data-testid=coach-anyway]")
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
    assert page.locator("[data-testid=lesson-summary] li").count() >= 1
    page.click("[data-testid=lesson-next]")
    page.wait_for_selector("[data-testid=table-screen][data-lesson='exact']", timeout=STEP_TIMEOUT_MS)


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
    page.wait_for_selector("[data-testid=lesson-intro]", timeout=STEP_TIMEOUT_MS)


def test_end_lesson_goes_back_to_the_list_and_a_lesson_leaves_a_saved_series_alone(new_page, open_app):
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
    page.click("[data-testid=lesson-start]")
    page.wait_for_selector("[data-testid=table-screen][data-tutorial='oh_hell']", timeout=STEP_TIMEOUT_MS)
    # Another tab ticks a lesson meanwhile: this one's tick is added to it, not written over it.
    page.evaluate("""() => { const prefs = JSON.parse(localStorage.getItem('cardtable.v2.prefs') || '{}');
        prefs.lessonsDone = { oh_hell: ['from-another-tab'] };
        localStorage.setItem('cardtable.v2.prefs', JSON.stringify(prefs)); }""")
    follow_the_prompts(page)
    page.click("[data-testid=lesson-next]")
    page.wait_for_selector(f"{COACH}[data-state=note]", timeout=STEP_TIMEOUT_MS)
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('cardtable.v2.prefs')).lessonsDone")
    assert stored == {"oh_hell": ["from-another-tab", "tricks"]}
    page.click("[data-testid=tutorial-skip]")  # "End lesson": back to the list, the first lesson ticked
    page.wait_for_selector("[data-testid=lesson-intro]", timeout=STEP_TIMEOUT_MS)
    assert page.locator("[data-testid=lesson-choice][data-lesson=tricks] .lesson-done").count() == 1
    assert "exact" in page.inner_text("[data-testid=lesson-start]").lower() or page.locator(
        "[data-testid=lesson-choice][data-lesson=exact].primary").count() == 1
    page.click("[data-testid=leave]")
    page.wait_for_selector("[data-testid=start-screen]")
    after = page.evaluate("JSON.stringify(Object.entries(localStorage).filter(([k]) => !k.endsWith('.prefs')).sort())")
    assert after == before
    assert page.locator("[data-testid=resume][data-game='oh_hell']").count() == 1
    # The tick is kept: after a reload the list still shows it, and Go on points past it.
    page.reload()
    page.wait_for_selector("[data-testid=start-screen]", timeout=STEP_TIMEOUT_MS)
    page.click("[data-testid=game-choice][data-game='oh_hell']")
    page.click("[data-testid=setup] [data-testid=open-tutorial]")
    page.wait_for_selector("[data-testid=lesson-intro]", timeout=STEP_TIMEOUT_MS)
    assert page.locator("[data-testid=lesson-choice][data-lesson=tricks] .lesson-done").count() == 1
    assert page.locator("[data-testid=lesson-choice][data-lesson=exact].primary").count() == 1


@pytest.mark.parametrize(("game", "lang"), [("kozel", "ru"), ("zevaka", "bg")])
def test_the_lesson_screens_pass_axe_and_fit_a_phone(new_page, open_app, game, lang):
    page = new_page({"width": 360, "height": 740}, locale=LOCALES.get(lang, "bg-BG"))
    open_app(page, FAST)
    page.click(f"[data-testid=game-choice][data-game='{game}']")
    blocking = serious(run_axe(page))
    assert not blocking, describe(blocking)  # the offer on the setup panel
    page.click("[data-testid=tutorial-offer-learn]")
    page.wait_for_selector("[data-testid=lesson-intro]", timeout=STEP_TIMEOUT_MS)
    screenshot(page, f"lesson-intro-{game}-{lang}")
    blocking = serious(run_axe(page))
    assert not blocking, describe(blocking)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.click("[data-testid=lesson-start]")
    page.wait_for_selector(f"{COACH}[data-state=note]", timeout=STEP_TIMEOUT_MS)
    screenshot(page, f"tutorial-{game}-{lang}-note")
    # The note's buttons keep their words whole: a long Russian or Bulgarian line does not squeeze them.
    for button in ("coach-next", "tutorial-skip"):
        box = page.locator(f"[data-testid={button}]").bounding_box()
        assert box["height"] <= 60 and box["width"] >= 44, (button, box)
    text = page.locator("[data-testid=coach-text]").bounding_box()
    assert text["width"] >= 150, "the coach's line keeps a readable width"
    page.click("[data-testid=coach-next]")
    page.wait_for_selector(f"{COACH}[data-state=human]", timeout=STEP_TIMEOUT_MS)
    screenshot(page, f"tutorial-{game}-{lang}-phone")
    blocking = serious(run_axe(page))
    assert not blocking, describe(blocking)
    # The coach fits the phone and leaves the hand uncovered.
    coach = page.locator(COACH).bounding_box()
    hand = page.locator("[data-testid=hand]").bounding_box()
    assert coach["y"] + coach["height"] <= hand["y"] + 1
    assert hand["y"] + hand["height"] <= 740 + 1, "the hand stays on a 360x740 screen"
    follow_the_prompts(page)
    blocking = serious(run_axe(page))
    assert not blocking, describe(blocking)  # the lesson's end


def test_the_zevaka_lesson_fits_a_desktop(new_page, open_app):
    """On a 1280×800 desktop the Draw button stays on the screen beside the coach."""
    page = new_page({"width": 1280, "height": 800})
    open_app(page)
    page.click("[data-testid=game-choice][data-game='zevaka']")
    page.click("[data-testid=tutorial-offer-learn]")
    page.click("[data-testid=lesson-start]")
    page.wait_for_selector(f"{COACH}[data-state=note]", timeout=STEP_TIMEOUT_MS)
    page.click("[data-testid=coach-next]")
    page.wait_for_selector(f"{COACH}[data-state=human]", timeout=STEP_TIMEOUT_MS)
    screenshot(page, "tutorial-zevaka-desktop")
    draw = page.locator("[data-testid=action-button][data-type=draw]").bounding_box()
    assert draw["y"] + draw["height"] <= 800 and draw["x"] + draw["width"] <= 1280, draw
    assert page.evaluate("document.documentElement.scrollHeight") <= 800 + 1
