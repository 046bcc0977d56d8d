// Sound effects made on the spot with WebAudio: no audio files, nothing to download. The
// AudioContext is created at the first sound (after a tap, so browsers allow it); the player
// can switch sounds off in the settings (prefs.sound, false = muted; on by default).

import { readPrefs } from "./storage.js";

// Each sound: notes of [start s, frequency Hz, length s, type, loudness 0..1].
const SOUNDS = {
  card: [[0, 900, 0.05, "triangle", 0.35], [0.01, 260, 0.06, "sine", 0.25]],
  trick: [[0, 660, 0.12, "sine", 0.3], [0.09, 880, 0.18, "sine", 0.3]],
  turn: [[0, 523, 0.1, "sine", 0.22], [0.12, 784, 0.16, "sine", 0.22]],
  won: [[0, 523, 0.14, "triangle", 0.3], [0.13, 659, 0.14, "triangle", 0.3], [0.26, 784, 0.14, "triangle", 0.3],
    [0.39, 1047, 0.35, "triangle", 0.3]],
};

let context = null;
// The names of the sounds made, newest last (the tests read it: window.cardtable.sounds()).
const made = [];

export function soundOn() {
  return readPrefs().sound !== false;
}

export function playSound(name) {
  const notes = SOUNDS[name];
  if (!notes || !soundOn()) return;
  const Context = window.AudioContext ?? window.webkitAudioContext;
  if (!Context) return;
  try {
    context ??= new Context();
    if (context.state === "suspended") context.resume().catch(() => {});
    const start = context.currentTime + 0.01;
    for (const [at, frequency, length, type, loudness] of notes) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = type;
      oscillator.frequency.value = frequency;
      // A quick rise and an exponential fall: a soft click or chime, never a hard edge.
      gain.gain.setValueAtTime(0.0001, start + at);
      gain.gain.exponentialRampToValueAtTime(loudness * 0.5, start + at + 0.008);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + at);
      oscillator.stop(start + at + length + 0.02);
    }
    made.push(name);
    if (made.length > 50) made.shift();
  } catch {
    // No sound is better than a broken table.
  }
}

export function soundsMade() {
  return [...made];
}
