// What just happened at the table, in words for the live region ("West plays Queen of
// hearts", "East bids 3", "North wins the trick"), worked out from the view before and the
// view after one action. Only views are read, so a card this seat may not see is never
// named: Kozel's face-down passes, another seat's 2-player Spades draw and the 8-5-3
// exchanges between the two other players are said without their cards.

import { cardLabel, suitName } from "./cards.js";
import { listNames } from "./score-sheet.js";
import { N_, t, tn, translate } from "./i18n.js";
import { eventText, missText } from "./zevaka-table.js";
// The seat the table is drawn for (seat 0, or the person on turn in pass-and-play): "You".
import { viewer as HUMAN } from "./seats.js";

function cardList(cards) {
  return listNames(cards.map(cardLabel));
}

// "You play …" / "West plays …": two sentences, so every language can inflect both.
// The two msgids are marked with N_ at the call, where the extractor reads them.
function said(seat, names, mine, theirs, params = {}) {
  return seat === HUMAN ? translate(mine, params) : translate(theirs, { name: names[seat], ...params });
}

function dealKey(view) {
  return view.deal?.number ?? view.hand_number ?? null;
}

function flatPlays(view) {
  return [...(view.history ?? []).flatMap((trick) => trick.plays), ...(view.trick?.plays ?? [])];
}

// The plays and completed tricks an action added (one deal may have ended in between).
function trickNews(previous, next) {
  if (dealKey(previous) === dealKey(next)) {
    return {
      plays: flatPlays(next).slice(flatPlays(previous).length),
      tricks: (next.history ?? []).slice((previous.history ?? []).length),
    };
  }
  const last = next.last_trick;
  if (!last || !(previous.trick?.plays ?? []).length) return { plays: [], tricks: [] };
  return { plays: last.plays.slice(previous.trick.plays.length), tricks: [last] };
}

function trickWinner(trick, names) {
  if (trick.winner === null || trick.winner === undefined) return "";
  return said(trick.winner, names, N_("You win the trick"), N_("{name} wins the trick"));
}

function singlePlays(previous, next, names) {
  const { plays, tricks } = trickNews(previous, next);
  return [
    ...plays.map((play) => said(play.seat, names, N_("You play {card}"), N_("{name} plays {card}"), { card: cardLabel(play.card) })),
    ...tricks.map((trick) => trickWinner(trick, names)),
  ];
}

function newBids(previous, next, names, bidText = (n) => String(n)) {
  if (dealKey(previous) !== dealKey(next)) return [];
  const lines = [];
  (next.bids ?? []).forEach((bid, seat) => {
    if (bid === null || bid === undefined || (previous.bids ?? [])[seat] === bid) return;
    lines.push(said(seat, names, N_("You bid {bid}"), N_("{name} bids {bid}"), { bid: bidText(bid, seat) }));
  });
  return lines;
}

function ohHell(previous, next, names) {
  return [...newBids(previous, next, names), ...singlePlays(previous, next, names)];
}

function spades(previous, next, names) {
  const lines = [];
  if (previous.phase === "draw" && previous.to_act !== null && dealKey(previous) === dealKey(next)) {
    const seat = previous.to_act;
    const drawn = previous.draw?.card;
    if (seat === HUMAN && drawn) {
      const kept = next.hand.includes(drawn) && !(previous.hand ?? []).includes(drawn);
      const taken = next.hand.filter((card) => !previous.hand.includes(card) && card !== drawn);
      lines.push(kept ? t("You keep {card}", { card: cardLabel(drawn) })
        : t("You discard {card}", { card: cardLabel(drawn) }));
      if (taken.length) lines.push(t("You take {card}", { card: cardList(taken) }));
    } else if (seat !== HUMAN) {
      lines.push(t("{name} draws a card", { name: names[seat] }));
    }
  }
  if (previous.looked === false && next.looked) lines.push(t("You look at your cards"));
  lines.push(...newBids(previous, next, names, (bid, seat) => {
    if (bid !== 0) return String(bid);
    return next.blind?.[seat] ? t("blind nil") : t("nil");
  }));
  return [...lines, ...singlePlays(previous, next, names)];
}

function contractName(contract) {
  return contract === "NT" ? t("no trump") : suitName(contract);
}

function eightFiveThree(previous, next, names) {
  const lines = [];
  const sameDeal = dealKey(previous) === dealKey(next);
  const eight = previous.deal.eight;
  if (sameDeal && !previous.peeked && next.peeked) {
    lines.push(said(eight, names, N_("You look at the talon"), N_("{name} looks at the talon")));
  }
  if (sameDeal && !previous.deal.contract && next.deal.contract) {
    lines.push(said(eight, names, N_("You name {contract}"), N_("{name} names {contract}"), { contract: contractName(next.deal.contract) }));
  }
  if (sameDeal) {
    for (const entry of next.exchange.log.slice(previous.exchange.log.length)) {
      const to = names[entry.receiver];
      if (entry.given === undefined) {
        lines.push(t("{name} passes a card face down to {to} and gets one back", { name: names[entry.giver], to }));
      } else if (entry.giver === HUMAN) {
        lines.push(t("You pass {card} to {to} and get back {back}",
          { card: cardLabel(entry.given), to, back: cardLabel(entry.returned) }));
      } else {
        lines.push(t("{name} passes you {card}; you give back {back}",
          { name: names[entry.giver], card: cardLabel(entry.given), back: cardLabel(entry.returned) }));
      }
    }
    const current = previous.exchange.current;
    if (previous.phase === "exchange" && current && next.exchange.log.length === previous.exchange.log.length) {
      lines.push(said(current.giver, names, N_("You stop passing"), N_("{name} stops passing")));
    }
    if (previous.phase === "talon") {
      if (next.swaps > previous.swaps) {
        const taken = (next.taken ?? []).filter((card) => !(previous.taken ?? []).includes(card));
        lines.push(taken.length ? t("You take {card} from the talon", { card: cardList(taken) })
          : t("{name} takes a card from the talon", { name: names[eight] }));
      } else if (next.hand_counts[eight] < previous.hand_counts[eight]) {
        const put = (next.discarded ?? []).filter((card) => !(previous.discarded ?? []).includes(card));
        lines.push(put.length ? t("You put {card} into the talon", { card: cardList(put) })
          : t("{name} puts a card into the talon", { name: names[eight] }));
      } else if (next.phase !== "talon") {
        lines.push(said(eight, names, N_("You keep your hand"), N_("{name} keeps the hand")));
      }
    }
  }
  return [...lines, ...singlePlays(previous, next, names)];
}

function kozelPlay(play, names) {
  const count = play.cards.length;
  if (play.kind === "pass") {
    if (play.cards.some((card) => !card)) {
      return said(play.seat, names, N_("You pass {count} face down"), N_("{name} passes {count} face down"),
        { count: count === 1 ? t("a card") : tn("{n} card", "{n} cards", count) });
    }
    return play.face_down
      ? t("You pass {cards} face down", { cards: cardList(play.cards) })
      : said(play.seat, names, N_("You pass {cards}"), N_("{name} passes {cards}"), { cards: cardList(play.cards) });
  }
  const params = { cards: cardList(play.cards) };
  return play.kind === "lead"
    ? said(play.seat, names, N_("You lead {cards}"), N_("{name} leads {cards}"), params)
    : said(play.seat, names, N_("You beat with {cards}"), N_("{name} beats with {cards}"), params);
}

function kozel(previous, next, names) {
  const lines = [];
  const molodka = next.trick?.molodka;
  if (dealKey(previous) === dealKey(next) && molodka !== null && molodka !== undefined
    && (previous.trick?.molodka === null || previous.trick?.molodka === undefined)) {
    lines.push(said(molodka, names, N_("You call molodka!"), N_("{name} calls molodka!")));
    lines.push(...next.trick.plays.map((play) => kozelPlay(play, names)));
    return lines;
  }
  const { plays, tricks } = trickNews(previous, next);
  if (!plays.length && !tricks.length && previous.phase === "molodka" && previous.to_act !== null) {
    lines.push(said(previous.to_act, names, N_("You decline the molodka"), N_("{name} declines the molodka")));
  }
  lines.push(...plays.map((play) => kozelPlay(play, names)));
  lines.push(...tricks.map((trick) => (trick.winner === null || trick.winner === undefined ? ""
    : said(trick.winner, names, N_("You take the trick"), N_("{name} takes the trick")))));
  return lines;
}

function zevaka(previous, next, names) {
  if (next.move === previous.move) return [];
  return (next.events ?? []).map((event) => (event.type === "missed"
    ? `«Прозевал!» ${missText(event, names)}`
    : eventText(event, names)));
}

const NARRATORS = { oh_hell: ohHell, spades, eight_five_three: eightFiveThree, kozel, zevaka };

// The sentences for one action (empty when nothing is worth saying).
export function narrate(previous, next, names) {
  const narrator = NARRATORS[next?.game];
  if (!narrator || !previous) return [];
  try {
    return narrator(previous, next, names).filter(Boolean);
  } catch (error) {
    console.error(error); // words are a courtesy: a view this code did not expect must not stop the game
    return [];
  }
}
