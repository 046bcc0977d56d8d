"""Pass-and-play (issue 19): several people share one device. Between two people's turns a
privacy screen shows no card; on each person's turn the table is drawn from their seat and no
face-up card of another person's hand is anywhere in the document; the page asks Python only
for the view of the person on turn; a reload mid-match comes back to the privacy screen."""

import json

import pytest

from axe import describe, run_axe, serious
from conftest import FAST, PHONE, STEP_TIMEOUT_MS, python_view, saved_record, screenshot
from test_eight_five_three import click as click_eight_five_three
from test_kozel import choose, select
from test_zevaka import tap as tap_zevaka

from games import bridge

SETTLED = ("[data-testid=privacy-screen], [data-testid=hand-card]:enabled, [data-testid=bid-button]:enabled, "
           "[data-testid=action-button]:enabled, [data-testid=deal-sheet], [data-testid=final-sheet]")

# Every request that names a seat whose view it gets, with what the page showed when it was sent.
LOG_VIEW_REQUESTS = """(() => {
  const post = Worker.prototype.postMessage;
  window.__viewRequests = [];
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.type === "call") {
      const request = JSON.parse(message.request);
      const seat = request.op === "view" || request.op === "review" ? request.seat : request.view_seat;
      if (seat !== undefined && request.record) window.__viewRequests.push({ op: request.op, seat, record: request.record });
    }
    return post.call(this, message, ...rest);
  };
})();"""


def turn(record):
    answer = json.loads(bridge.handle(json.dumps({"op": "turn", "record": record})))
    assert "to_act" in answer, answer
    return answer


def no_serious_axe_violation(page):
    blocking = serious(run_axe(page))
    assert not blocking, describe(blocking)


def start_pass_and_play(page, game, players, people, options=None, axe=False):
    """people: {seat: name} of the people at the device (seat 0 is always one)."""
    page.click(f"[data-testid=game-choice][data-game='{game}']")
    page.wait_for_selector(f"[data-testid=setup][data-game='{game}']")
    for name, value in [("players", players)] + list((options or {}).items()):
        page.locator(f"[data-testid=option-{name}] input[value='{value}']").evaluate("input => input.click()")
    page.click("[data-testid=people] summary")
    assert page.is_disabled("[data-testid=seat-person][data-seat='0']")
    for seat, name in people.items():
        if seat:
            page.check(f"[data-testid=seat-person][data-seat='{seat}']")
        page.fill(f"[data-testid=seat-name][data-seat='{seat}']", name)
    if axe:
        no_serious_axe_violation(page)
        screenshot(page, f"pnp-{game}-setup")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= page.viewport_size["width"]
    page.click("[data-testid=start]")


def state(page):
    page.wait_for_selector(SETTLED, timeout=STEP_TIMEOUT_MS)
    for name in ("privacy-screen", "deal-sheet", "final-sheet"):
        if page.locator(f"[data-testid={name}]").count():
            return name
    return "turn"


def face_up_cards(page):
    """Every face-up card in the document but Kozel's trump card (public even once drawn)."""
    return set(page.eval_on_selector_all(
        "[data-card]:not([data-testid=trump-card]):not([data-testid=trump-card] *)", "nodes => nodes.map(n => n.dataset.card)"))


def check_privacy(page, people, last_shown):
    record = saved_record(page)
    to_act = turn(record)["to_act"]
    if to_act not in people and not record["actions"]:
        to_act = 0  # a new match opens behind the privacy screen: of seat 0 while a bot is to act
    assert to_act in people and to_act != last_shown
    assert page.locator("[data-card], [data-testid=hand], [data-testid=table-screen]").count() == 0
    assert page.locator("[data-testid=announcement]").count() == 0  # nothing said to the last person stays
    assert page.inner_text("[data-testid=privacy-title]") == f"Pass the phone to {people[to_act]}"
    assert page.evaluate("document.activeElement.closest('[data-testid=privacy-screen]') !== null")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= page.viewport_size["width"]
    return to_act


UNDO_OFFERED: list[bool] = []  # per checked turn: was Undo offered


def check_turn(page, people):
    """The table is the acting person's, and shows no card of another person's hand."""
    record = saved_record(page)
    to_act = turn(record)["to_act"]
    assert to_act in people
    assert page.get_attribute(".me", "data-seat") == str(to_act)
    assert people[to_act] in page.inner_text(".me .seat-name")
    view = python_view(record, to_act)
    assert page.eval_on_selector_all("[data-testid=hand-card]", "nodes => nodes.map(n => n.dataset.card)") == view.get("hand", [])
    hidden = {card for seat in people if seat != to_act for card in python_view(record, seat).get("hand", [])}
    assert not face_up_cards(page) & hidden
    # "partner" marks the acting person's partners (view.sides), whichever seat they sit in.
    partners = {int(seat) for seat in page.eval_on_selector_all(
        "[data-testid=seat]:has(.partner-badge)", "nodes => nodes.map(n => n.dataset.seat)")}
    assert partners == {seat for side in view["sides"] if to_act in side for seat in side if seat != to_act}
    # Undo is yours: offered only when no other person has decided since your last decision.
    actors = turn(record)["actors"]
    mine = [index for index, seat in enumerate(actors) if seat == to_act]
    undoable = bool(mine) and all(seat == to_act or seat not in people for seat in actors[mine[-1]:])
    page.wait_for_function(f"document.querySelector('[data-testid=table-undo]').disabled === {str(not undoable).lower()}",
                           timeout=STEP_TIMEOUT_MS)
    UNDO_OFFERED.append(undoable)
    return to_act, view


def act_kozel(page, view, done):
    if view["phase"] == "molodka":
        page.click("[data-testid=action-button][data-type=decline]")
        return
    action, what = choose(view, done)
    done.add(what)
    select(page, action["cards"])
    page.click(f"[data-testid=action-button][data-type={action['type']}]")


def act_oh_hell(page, view, done):
    first = view["legal"][0]
    if first["type"] == "bid":
        page.click(f"[data-testid=bid-button][data-bid='{first['n']}']")
    else:
        page.click(f"[data-testid=hand-card][data-card='{first['cards'][0]}']")


def play_first_deal(page, people, act, shots, axe=False):
    """Plays for every person until the first deal's sheet; returns the turns each person took."""
    turns = {seat: 0 for seat in people}
    shown = None  # a new match opens behind the privacy screen (issue 27), for whoever is to act
    done = set()
    while (now := state(page)) != "deal-sheet":
        assert now == "turn" or now == "privacy-screen", now
        if now == "privacy-screen":
            seat = check_privacy(page, people, shown)
            if "privacy" not in done:
                screenshot(page, shots + "-privacy")
                if axe:
                    no_serious_axe_violation(page)
                done.add("privacy")
            page.click("[data-testid=privacy-ready]")
            page.wait_for_selector(f".me[data-seat='{seat}']", timeout=STEP_TIMEOUT_MS)
            continue
        shown, view = check_turn(page, people)
        if not turns[shown]:
            screenshot(page, f"{shots}-seat-{shown}")
        turns[shown] += 1
        moves = view["move"]
        act(page, view, done)
        page.wait_for_function(f"window.cardtable.currentRecord().actions.length > {moves}", timeout=STEP_TIMEOUT_MS)
    return turns


def check_view_requests(page, people):
    """Each view the page asked for is the acting person's: `view` for the person to act (seat 0
    for a new match, whose Start they pressed), and
    `act` with the view of the person who acts, or (a bot's move) of the person last on turn."""
    requests = page.evaluate("window.__viewRequests")
    assert requests
    for request in requests:
        facts = turn(request["record"])
        assert request["seat"] in people, request["op"]
        if request["op"] == "view" and not request["record"]["actions"] and request["seat"] == 0:
            continue  # a new match opens on the table of seat 0, who pressed Start
        if request["op"] == "view" or facts["to_act"] in people:
            assert request["seat"] == facts["to_act"], request["op"]
        else:
            last_person = next((seat for seat in reversed(facts["actors"]) if seat in people), 0)
            assert request["seat"] == last_person, request["op"]
    return requests


def test_kozel_two_partners_pass_the_phone_through_a_deal(new_page, open_app):
    page = new_page(PHONE)
    page.add_init_script(LOG_VIEW_REQUESTS)
    open_app(page, f"{FAST}&seed=5")
    people = {0: "Anna", 2: "Boris"}
    start_pass_and_play(page, "kozel", 4, people, axe=True)
    turns = play_first_deal(page, people, act_kozel, "pnp-kozel", axe=True)
    assert turns[0] and turns[2]
    sheet = page.inner_text("[data-testid=deal-sheet]")
    assert "Anna" in sheet and "Boris" in sheet
    requests = check_view_requests(page, people)
    assert {request["seat"] for request in requests} == {0, 2}
    save = json.loads(page.evaluate("localStorage.getItem('cardtable.v2.save.kozel')"))
    assert save["people"] == ["Anna", None, "Boris", None]
    assert json.loads(page.evaluate("localStorage.getItem('cardtable.v2.prefs')"))["playerNames"][:3] == ["Anna", "", "Boris"]


def test_oh_hell_three_people_and_a_bot(new_page, open_app):
    page = new_page(PHONE)
    page.add_init_script(LOG_VIEW_REQUESTS)
    open_app(page, f"{FAST}&seed=8")
    people = {0: "Ann", 1: "Ben", 3: "Cat"}
    start_pass_and_play(page, "oh_hell", 4, people, {"largest": 3})
    turns = play_first_deal(page, people, act_oh_hell, "pnp-oh-hell")
    assert all(turns.values())
    requests = check_view_requests(page, people)
    assert {request["seat"] for request in requests} == {0, 1, 3}


def test_a_reload_mid_match_comes_back_to_the_privacy_screen(new_page, open_app):
    page = new_page(PHONE)
    open_app(page, f"{FAST}&seed=5")
    people = {0: "Anna", 2: "Boris"}
    start_pass_and_play(page, "kozel", 4, people)
    # On the way to the first privacy screen, and on a person's turn after it, a reload hides the hand.
    seen = []
    while len(seen) < 2:
        now = state(page)
        if now == "privacy-screen":
            page.click("[data-testid=privacy-ready]")
            page.wait_for_selector("[data-testid=privacy-screen]", state="detached", timeout=STEP_TIMEOUT_MS)
            continue
        to_act, _ = check_turn(page, people)
        if to_act in seen:
            moves = len(saved_record(page)["actions"])
            act_kozel(page, python_view(saved_record(page), to_act), set())
            page.wait_for_function(f"window.cardtable.currentRecord().actions.length > {moves}", timeout=STEP_TIMEOUT_MS)
            continue
        seen.append(to_act)
        page.reload()
        page.wait_for_selector("[data-testid=privacy-screen]", timeout=60_000)
        assert page.locator("[data-card], [data-testid=hand]").count() == 0
        assert page.inner_text("[data-testid=privacy-title]") == f"Pass the phone to {people[to_act]}"
        page.click("[data-testid=privacy-ready]")
        page.wait_for_selector(f".me[data-seat='{to_act}'] ~ [data-testid=hand] [data-testid=hand-card]:enabled",
                               timeout=STEP_TIMEOUT_MS)
        check_turn(page, people)
        # The record holds every hand: no download until the match is over.
        page.click("[data-testid=open-tools]")
        assert page.locator("[data-testid=tool-record]").is_disabled()
        page.click("[data-testid=close-tools]")
        moves = len(saved_record(page)["actions"])
        act_kozel(page, python_view(saved_record(page), to_act), set())
        page.wait_for_function(f"window.cardtable.currentRecord().actions.length > {moves}", timeout=STEP_TIMEOUT_MS)
    assert seen == [0, 2] or seen == [2, 0]


# The table settled on a person's turn (the seat drawn at the bottom is to act, no bot moving),
# or a privacy screen, or a sheet.
SETTLED_ANY_GAME = """() => document.querySelector(
  '[data-testid=privacy-screen], [data-testid=deal-sheet], [data-testid=final-sheet]') !== null
  || (document.querySelector('.me') !== null
      && document.querySelector('[data-testid=table-screen][data-busy=false]')?.dataset.toAct
         === document.querySelector('.me').dataset.seat)"""


@pytest.mark.parametrize("game,players,act", [
    ("spades", 4, lambda page, view: act_oh_hell(page, view, set())),
    ("eight_five_three", 3, lambda page, view: click_eight_five_three(page, view["legal"][0])),
    ("zevaka", 3, lambda page, view: tap_zevaka(page, view, view["legal"][0])),
])
def test_two_people_take_turns_in_the_other_games(new_page, open_app, game, players, act):
    page = new_page(PHONE)
    page.add_init_script(LOG_VIEW_REQUESTS)
    open_app(page, f"{FAST}&seed=5")
    people = {0: "Anna", 1: "Boris"}
    start_pass_and_play(page, game, players, people)
    UNDO_OFFERED.clear()
    undone = False
    turns = {0: 0, 1: 0}
    shown = None  # a new match opens behind the privacy screen (issue 27), for whoever is to act
    privacy_screens = 0
    while min(turns.values()) < 2:
        page.wait_for_function(SETTLED_ANY_GAME, timeout=STEP_TIMEOUT_MS)
        if page.locator("[data-testid=deal-sheet]").count():
            page.click("[data-testid=continue]")
            continue
        if page.locator("[data-testid=privacy-screen]").count():
            seat = check_privacy(page, people, shown)
            privacy_screens += 1
            page.click("[data-testid=privacy-ready]")
            page.wait_for_selector(f".me[data-seat='{seat}']", timeout=STEP_TIMEOUT_MS)
            continue
        shown, view = check_turn(page, people)
        if UNDO_OFFERED[-1] and not undone:
            # Undo takes back this person's last decision only (and the bots' moves after it).
            actors = turn(saved_record(page))["actors"]
            last = max(index for index, seat in enumerate(actors) if seat == shown)
            page.click("[data-testid=table-undo]")
            page.wait_for_function(f"window.cardtable.currentRecord().actions.length === {last}", timeout=STEP_TIMEOUT_MS)
            undone = True
            continue
        turns[shown] += 1
        act(page, view)
        page.wait_for_function(f"window.cardtable.currentRecord().actions.length > {view['move']}",
                               timeout=STEP_TIMEOUT_MS)
    assert privacy_screens >= 2
    check_view_requests(page, people)
    if game == "zevaka":  # a draw, then placing the card drawn: your own last decision can be undone
        assert undone and False in UNDO_OFFERED


def test_a_finished_match_names_the_people_in_the_history_and_counts_seat_0(new_page, site_url):
    """A pass-and-play save (schema 2 with `people`) resumes at the privacy screen and plays to
    the end; the history names the people; the statistics count it unless the setting is off."""
    from positions import resume_on_load
    from test_history import near_the_end

    record = near_the_end(options={"largest": 3})
    page = new_page(PHONE)
    resume_on_load(page, record, people=["Ann", "Ben", None], viewer=0)
    page.goto(f"{site_url}?{FAST}")
    page.wait_for_selector("[data-testid=privacy-screen]", timeout=60_000)
    people = {0: "Ann", 1: "Ben"}
    while (now := state(page)) != "final-sheet":
        if now == "privacy-screen":
            seat = check_privacy(page, people, None)
            page.click("[data-testid=privacy-ready]")
            page.wait_for_selector(f".me[data-seat='{seat}']", timeout=STEP_TIMEOUT_MS)
        elif now == "deal-sheet":
            page.click("[data-testid=continue]")
        else:
            _, view = check_turn(page, people)
            act_oh_hell(page, view, set())
            page.wait_for_function(f"window.cardtable.currentRecord().actions.length > {view['move']}",
                                   timeout=STEP_TIMEOUT_MS)
    final_view = python_view(page.evaluate("window.cardtable.currentRecord()"))
    entry = json.loads(page.evaluate("localStorage.getItem('cardtable.v2.history')"))["entries"][-1]
    assert entry["people"] == ["Ann", "Ben", None] and entry["counted"] is True
    assert entry["won"] == (0 in final_view["winner"])  # seat 0's result, whoever saw the end
    page.click("[data-testid=new-game]")
    page.click("[data-testid=open-history]")
    assert "pass and play: Ann, Ben" in page.inner_text("[data-testid=history-entry]")
    assert page.inner_text("[data-testid=stats-row][data-game=oh_hell] [data-testid=stats-played]") == "1"
    # The setting leaves such matches out of the statistics (the history keeps them).
    page.click("[data-testid=history-back]")
    page.wait_for_selector("[data-testid=start-screen]", timeout=STEP_TIMEOUT_MS)
    page.click("[data-testid=open-settings]")
    page.uncheck("[data-testid=setting-pnp-stats]")
    assert json.loads(page.evaluate("localStorage.getItem('cardtable.v2.prefs')"))["passAndPlayStats"] is False
    stats = page.evaluate("""async (entry) => {
      const { statistics } = await import('./js/history.js');
      return [statistics([entry]).length, statistics([{ ...entry, counted: false }]).length];
    }""", entry)
    assert stats == [1, 0]


# ---- issue 27, item 5: no path shows or hands out another person's hidden cards ----------
def reach_privacy_screen(page, game="kozel", people=None):
    people = people or {0: "Anna", 2: "Boris"}
    start_pass_and_play(page, game, 4, people)
    while state(page) != "privacy-screen":
        page.wait_for_function("window.cardtable.currentRecord() !== null")
        to_act, view = check_turn(page, people)
        act_kozel(page, view, set())
        page.wait_for_function(f"window.cardtable.currentRecord().actions.length > {view['move']}", timeout=STEP_TIMEOUT_MS)
    return people


def test_play_again_goes_through_the_privacy_screen(new_page, site_url):
    """Before: the person who played the last move tapped Play again and saw seat 0's new hand."""
    from positions import resume_on_load
    from test_history import near_the_end

    record = near_the_end(options={"largest": 3})
    page = new_page(PHONE)
    resume_on_load(page, record, people=["Ann", "Ben", None], viewer=0)
    page.goto(f"{site_url}?{FAST}&seed=1")  # the next match's first decision is seat 0's
    people = {0: "Ann", 1: "Ben"}
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
    # Any card of the new deal that shows, even for a moment, is seen by whoever holds the phone.
    page.evaluate("""() => {
      window.cardsShown = [];
      new MutationObserver(() => {
        if (window.cardtable.currentRecord()?.seed !== 1) return; // the finished match's table
        for (const node of document.querySelectorAll('#app [data-card]')) window.cardsShown.push(node.dataset.card);
      }).observe(document.getElementById('app'), { childList: true, subtree: true });
    }""")
    page.click("[data-testid=play-again]")
    page.wait_for_function("window.cardtable.currentRecord() && window.cardtable.currentRecord().seed === 1",
                           timeout=STEP_TIMEOUT_MS)
    page.wait_for_selector(SETTLED, timeout=STEP_TIMEOUT_MS)
    assert page.locator("[data-testid=privacy-screen]").count() == 1
    assert page.locator("[data-card], [data-testid=hand]").count() == 0
    page.wait_for_timeout(1000)  # and it stays hidden until a tap
    assert page.locator("[data-card], [data-testid=hand]").count() == 0
    assert page.evaluate("window.cardsShown") == []
    assert page.inner_text("[data-testid=privacy-title]") == "Pass the phone to Ann"


def test_an_export_during_a_pass_and_play_match_withholds_its_hands(new_page, open_app, tmp_path):
    """Before: from the privacy screen, ‹ Games → History → Export all data wrote the record,
    which gives every hand."""
    page = new_page(PHONE)
    open_app(page, f"{FAST}&seed=5")
    reach_privacy_screen(page)
    page.click("[data-testid=leave]")
    page.wait_for_selector("[data-testid=start-screen]", timeout=STEP_TIMEOUT_MS)
    page.click("[data-testid=open-history]")
    page.wait_for_selector("[data-testid=history-screen]", timeout=STEP_TIMEOUT_MS)
    with page.expect_download() as download:
        page.click("[data-testid=export-data]")
    path = tmp_path / "export.json"
    download.value.save_as(path)
    text = path.read_text()
    exported = json.loads(text)
    record = saved_record(page, "kozel")
    assert exported["saves"] == []
    hands = [card for entry in record["chance"] if entry.get("kind") == "deal" for card in entry["cards"]]
    assert json.dumps(hands) not in text and '"chance"' not in text
    assert "left out" in page.inner_text("[data-testid=history-message]")
    # The match itself is untouched, and it is exported once it is over (a solo save is exported as ever).
    assert json.loads(page.evaluate("localStorage.getItem('cardtable.v2.save.kozel')"))["people"]


def test_the_table_tools_show_nothing_that_rebuilds_the_deal(new_page, open_app):
    """Before: the tools dialog showed "match #<seed>" on your own turn; ?seed= in a second tab
    dealt the same hands."""
    page = new_page(PHONE)
    open_app(page, f"{FAST}&seed=987654")
    people = {0: "Anna", 2: "Boris"}
    start_pass_and_play(page, "kozel", 4, people)
    while state(page) == "privacy-screen":
        page.click("[data-testid=privacy-ready]")
        page.wait_for_selector("[data-testid=privacy-screen]", state="detached", timeout=STEP_TIMEOUT_MS)
    check_turn(page, people)
    page.click("[data-testid=open-tools]")
    text = page.inner_text("[data-testid=table-tools]")
    page.click("[data-testid=close-tools]")
    seed = saved_record(page, "kozel")["seed"]
    assert str(seed) not in text and "#" not in text, text


def test_start_from_the_privacy_screen_asks_before_replacing_the_match(new_page, open_app):
    """Item 1 in pass-and-play: anyone could reach Start from the privacy screen and replace
    the match silently."""
    page = new_page(PHONE)
    open_app(page, f"{FAST}&seed=5")
    reach_privacy_screen(page)
    saved = saved_record(page, "kozel")
    page.click("[data-testid=leave]")
    page.wait_for_selector("[data-testid=start-screen]", timeout=STEP_TIMEOUT_MS)
    page.click("[data-testid=game-choice][data-game=kozel]")
    page.click("[data-testid=start]")
    page.wait_for_selector("[data-testid=replace-match]", timeout=STEP_TIMEOUT_MS)
    assert saved_record(page, "kozel") == saved
    page.click("[data-testid=replace-cancel]")
    assert saved_record(page, "kozel") == saved
