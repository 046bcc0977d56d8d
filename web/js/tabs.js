// One tab owns a game's save at a time (docs/persistence.md): the tab whose table shows the
// game holds the Web Lock "cardtable.save.<game>". Another tab that opens the same game is
// refused and may take over: it asks the owner (BroadcastChannel) to let go; the owner stops
// its match (every move is already saved), shows the start screen and releases the lock; the
// new owner then reads the save afresh. Without Web Locks (old browsers) every claim succeeds.

const CHANNEL = "cardtable-tabs";
const lockName = (game) => `cardtable.save.${game}`;
const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;
let held = null; // {game, release, onTakenOver}

function hold(game, onTakenOver, lock, resolve) {
  if (!lock) {
    resolve(false);
    return undefined;
  }
  return new Promise((release) => {
    held = { game, release, onTakenOver };
    resolve(true);
  });
}

// True if this tab now owns `game` (or already did); false if another tab does.
// onTakenOver() runs here when another tab takes the game over.
export function claimGame(game, onTakenOver) {
  if (held?.game === game) {
    held.onTakenOver = onTakenOver;
    return Promise.resolve(true);
  }
  releaseGame();
  if (!navigator.locks) return Promise.resolve(true);
  return new Promise((resolve) => {
    navigator.locks.request(lockName(game), { ifAvailable: true }, (lock) => hold(game, onTakenOver, lock, resolve))
      .catch(() => resolve(true)); // locks refused (an opaque origin): behave as one tab
  });
}

// Asks the owning tab to let go, then waits for the game's lock.
export function takeOverGame(game, onTakenOver) {
  releaseGame();
  if (!navigator.locks) return Promise.resolve(true);
  channel?.postMessage({ type: "release", game });
  return new Promise((resolve) => {
    navigator.locks.request(lockName(game), (lock) => hold(game, onTakenOver, lock, resolve))
      .catch(() => resolve(true));
  });
}

export function releaseGame() {
  const current = held;
  held = null;
  current?.release();
}

if (channel) {
  channel.onmessage = ({ data }) => {
    if (data?.type !== "release" || !held || held.game !== data.game) return;
    const { onTakenOver } = held;
    try {
      onTakenOver?.(); // stops the match before the lock goes
    } finally {
      releaseGame();
    }
  };
}
