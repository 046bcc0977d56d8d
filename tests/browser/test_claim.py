"""Claim the rest (issue 16): on your lead with every remaining trick sure, the table offers
"Claim the rest"; one tap plays the deal out and the score sheet gives you every trick."""

from conftest import BOOT_TIMEOUT_MS, FAST, PHONE, STEP_TIMEOUT_MS, act_as_human, python_view, saved_record, wait_for_human
from games.oh_hell import GAME as OH_HELL
from positions import resume_on_load
from stacking import dealing_order, deck_52_low_first


def three_top_trumps_record():
    """4 players, a 3-card first deal, spades trumps, dealer North: you bid first, lead, and
    hold the three top trumps."""
    hands = [["AS", "KS", "QS"], ["2H", "3H", "4H"], ["2D", "3D", "4D"], ["2C", "3C", "4C"]]
    chance = [{"kind": "dealer", "value": 3}, {"kind": "deal", "cards": dealing_order(hands, 3, deck_52_low_first())},
              {"kind": "trump", "value": "S"}]
    return OH_HELL.record(OH_HELL.new_match(4, {"largest": 3}, seed=7, _chance=chance))


def test_claim_the_rest_takes_every_trick(new_page, site_url):
    page = new_page(PHONE)
    record = three_top_trumps_record()
    resume_on_load(page, record)
    page.goto(f"{site_url}?{FAST}")
    page.wait_for_selector("[data-testid=table-screen]", timeout=BOOT_TIMEOUT_MS)
    assert wait_for_human(page) == "bid"
    assert page.locator("[data-testid=table-claim]").count() == 0  # not while bidding
    act_as_human(page, "bid")
    page.wait_for_selector("[data-testid=table-claim]:enabled", timeout=STEP_TIMEOUT_MS)
    before = saved_record(page)
    assert python_view(before)["can_claim"]
    page.click("[data-testid=table-claim]")
    page.wait_for_function(
        f"() => JSON.parse(localStorage.getItem('cardtable.v2.save.oh_hell')).record.actions.length >= "
        f"{len(before['actions']) + 12}", timeout=STEP_TIMEOUT_MS)
    after = saved_record(page)
    row = python_view(after)["sheet"]["rows"][0]
    assert [cell["tricks"] for cell in row["cells"]] == [3, 0, 0, 0]
