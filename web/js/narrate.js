// What just happened at the table, in words for the live region ("West plays Queen of
// hearts", "East bids 3", "North wins the trick"), worked out from the view before and the
// view after one action. Each game's table module says its own (spec.narrate); this module
// holds what they share. Only views are read, so a card this seat may not see is never
// named: Kozel's face-down passes, another seat's 2-player Spades draw and the 8-5-3
// exchanges between the two other players are said without their cards.

import { cardName } from "./cards.js";
import { listNames } from "./score-sheet.js";
import { translate } from "./i18n.js";
import { viewer } from "./seats.js";

export function cardList(cards) {
  return listNames(cards.map(cardName));
}

// "You play …" / "West plays …": two sentences, so every language can inflect both.
// The two msgids are marked with N_ at the call, where the extractor reads them.
export function said(seat, names, mine, theirs, params = {}) {
  return seat === viewer ? translate(mine, params) : translate(theirs, { name: names[seat], ...params });
}

export function dealKey(view) {
  return view.deal.number;
}

// The sentences for one action (empty when nothing is worth saying): the game's narrator
// (spec.narrate(previous, next, names)) guarded, since words are a courtesy.
export function narrate(previous, next, names, narrator) {
  if (!narrator || !previous) return [];
  try {
    return narrator(previous, next, names).filter(Boolean);
  } catch (error) {
    console.error(error); // a view this code did not expect must not stop the game
    return [];
  }
}
