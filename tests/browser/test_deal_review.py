"""The deal review (issue 26, item 4; docs/ui.md, "Deal review"): a finished deal stepped through
with every hand shown, in every game; and never a hand of a deal still in play for a person who
shares the table (pass-and-play): the review waits for the end of the match there."""

import json

import pytest

from axe import describe, run_axe, serious
from conftest import FAST, PHONE, STEP_TIMEOUT_MS, python_view, saved_record, screenshot
from positions import resume_on_load
from test_history import near_the_end
from test_one_table import act_first
from test_pass_and_play import act_kozel, act_oh_hell, check_turn, face_up_cards, play_first_deal, state

from games import bridge

SHEETS = "[data-testid=deal-sheet], [data-testid=final-sheet]"
# Options that keep each game's first deal short.
GAMES = {"oh_hell": (3, {"largest": 3}), "kozel": (4, {"limit": 6}), "spades": (4, {"target": 100}),
         "eight_five_three": (3, {}), "zevaka": (3, {})}


def ask(request):
    return json.loads(bridge.handle(json.dumps(request)))


def before_last_decision_of_first_deal(game, players, options, people=(0,), seed=4):
    """A record (CPython's easy bots in every seat) just before the last decision any of
    `people` makes in the first deal: one tap on the page ends that deal."""
    record = ask({"op": "new", "game": game, "players": players, "options": options, "seed": seed})["record"]
    last = None
    while True:
        view = ask({"op": "view", "record": record, "seat": 0})["view"]
        if view["over"] or view["deal"]["number"] > 1:
            break
        if view["to_act"] in people:
            last = len(record["actions"])
        choice = ask({"op": "bot", "record": record, "level": "easy"})
        record = ask({"op": "act", "record": record, "action": choice["action"]})["record"]
    assert last is not None
    return {**record, "actions": record["actions"][:last]}


def hands_shown(page):
    """The hands of the review's step on show, seat by seat (None where no hand is drawn)."""
    return page.eval_on_selector_all(
        "[data-testid=review-hands] .review-hand",
        "items => items.map(item => [...item.querySelectorAll('[data-card]')].map(card => card.dataset.card))")


def no_serious_axe_violation(page, name):
    blocking = serious(run_axe(page))
    screenshot(page, name)
    assert not blocking, describe(blocking)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_review_steps_through_a_whole_deal_with_every_hand(new_page, site_url, game):
    players, options = GAMES[game]
    record = before_last_decision_of_first_deal(game, players, options)
    page = new_page(PHONE)
    resume_on_load(page, record)
    page.goto(f"{site_url}?{FAST}")
    done = set()
    # The deal's last decision (another choice may give the person another turn: play on).
    while True:
        page.wait_for_selector(f"{SHEETS}, [data-testid=table-screen][data-to-act='0'][data-busy='false']",
                               timeout=60_000)
        if page.locator(SHEETS).count():
            break
        view = python_view(saved_record(page))
        moves = view["move"]
        (act_kozel if game == "kozel" else act_first)(page, view, done)
        page.wait_for_function(f"window.cardtable.currentRecord().actions.length > {moves}", timeout=STEP_TIMEOUT_MS)
    button = page.locator("[data-testid=review-deal], [data-testid=review-deals]")
    assert button.count() == 1  # solo: the review is offered at the end of each deal
    button.click()
    page.wait_for_selector("[data-testid=deal-review][data-step='1']", timeout=STEP_TIMEOUT_MS)
    expected = ask({"op": "deal_review", "record": page.evaluate("window.cardtable.currentRecord()"),
                    "seat": 0, "deal": 1})
    steps = expected["steps"]
    assert page.get_attribute("[data-testid=deal-review]", "data-steps") == str(len(steps))
    no_serious_axe_violation(page, f"review-{game}")
    for number, step in enumerate(steps, 1):
        assert page.get_attribute("[data-testid=deal-review]", "data-step") == str(number)
        assert page.inner_text("[data-testid=review-step]") == f"Deal 1 · step {number} of {len(steps)}"
        if any(isinstance(hand, list) for hand in step["hands"]):
            assert hands_shown(page) == [hand or [] for hand in step["hands"]]  # every seat's hand
        if number < len(steps):
            assert page.locator("[data-testid=review-ending]").count() == 0
            page.click("[data-testid=review-step-next]")
            page.wait_for_selector(f"[data-testid=deal-review][data-step='{number + 1}']")
    assert page.is_disabled("[data-testid=review-step-next]")
    assert page.locator("[data-testid=review-ending]").count() == 1  # the deal's result at its end
    assert page.evaluate("document.scrollingElement.scrollWidth") <= page.viewport_size["width"]
    page.click("[data-testid=review-close]")
    page.wait_for_selector("[data-testid=deal-review]", state="detached")
    assert page.locator(SHEETS).count() == 1  # back to the deal's sheet


def test_pass_and_play_shows_no_hand_of_a_match_still_in_play(new_page, site_url):
    """Hostile: at the end of a deal of a pass-and-play match, whoever holds the phone must not
    step through every hand (the next person would learn how the others play); the tools'
    review shows the tricks as the person on turn saw them, no hand."""
    people = {0: "Ann", 1: "Ben"}
    record = before_last_decision_of_first_deal("oh_hell", 3, {"largest": 3}, people=tuple(people))
    page = new_page(PHONE)
    resume_on_load(page, record, people=["Ann", "Ben", None], viewer=0)
    page.goto(f"{site_url}?{FAST}")
    page.wait_for_selector("[data-testid=privacy-screen]", timeout=60_000)
    play_first_deal(page, people, act_oh_hell, "review-pnp")
    assert page.locator("[data-testid=deal-sheet] [data-testid=review-deal]").count() == 0
    assert page.locator("[data-testid=deal-review], [data-testid=review-hands]").count() == 0
    page.click("[data-testid=continue]")
    while (now := state(page)) == "privacy-screen":
        page.click("[data-testid=privacy-ready]")
        page.wait_for_selector("[data-testid=privacy-screen]", state="detached", timeout=STEP_TIMEOUT_MS)
    assert now == "turn"
    seat, _view = check_turn(page, people)
    page.click("[data-testid=open-tools]")
    page.click("[data-testid=tool-review]")
    page.wait_for_selector("[data-testid=review-position], [data-testid=review-empty]", timeout=STEP_TIMEOUT_MS)
    assert page.locator("[data-testid=deal-review], [data-testid=review-hands]").count() == 0
    now_record = saved_record(page)
    hidden = {card for other in people if other != seat for card in python_view(now_record, other).get("hand", [])}
    assert not face_up_cards(page) & hidden


def test_a_finished_pass_and_play_match_shows_every_hand(new_page, site_url):
    """Once the match is over, anyone at the table may look back at every hand."""
    people = {0: "Ann", 1: "Ben"}
    record = near_the_end(options={"largest": 3})
    page = new_page(PHONE)
    resume_on_load(page, record, people=["Ann", "Ben", None], viewer=0)
    page.goto(f"{site_url}?{FAST}")
    page.wait_for_selector("[data-testid=privacy-screen]", timeout=60_000)
    while (now := state(page)) != "final-sheet":
        if now == "privacy-screen":
            page.click("[data-testid=privacy-ready]")
            page.wait_for_selector("[data-testid=privacy-screen]", state="detached", timeout=STEP_TIMEOUT_MS)
        elif now == "deal-sheet":
            page.click("[data-testid=continue]")
        else:
            _, view = check_turn(page, people)
            act_oh_hell(page, view, set())
            page.wait_for_function(f"window.cardtable.currentRecord().actions.length > {view['move']}",
                                   timeout=STEP_TIMEOUT_MS)
    final = page.evaluate("window.cardtable.currentRecord()")
    last = python_view(final)["deal"]["number"]
    page.click("[data-testid=review-deals]")
    page.wait_for_selector(f"[data-testid=deal-review][data-deal='{last}'][data-step='1']", timeout=STEP_TIMEOUT_MS)
    expected = ask({"op": "deal_review", "record": final, "seat": 0, "deal": last})
    assert hands_shown(page) == expected["steps"][0]["hands"]
    assert all(expected["steps"][0]["hands"])
