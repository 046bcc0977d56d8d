// One WebRTC data channel between two phones, set up by showing codes (signal-code.js): no
// server of ours anywhere. The host makes an offer and shows its code; the guest reads it,
// answers, and shows the answer's code; the host reads that, and the phones talk directly.
// Without a STUN server the candidates are the phones' own addresses (a shared Wi-Fi or a
// hotspot, no internet needed); with one, also their public addresses (docs/one-table.md).

import { decodeCode, encodeDescription } from "./signal-code.js";

// Used only when the host ticks it (off by default): it tells each phone its public address.
export const PUBLIC_STUN = "stun:stun.l.google.com:19302";
// Gathering the addresses ends by itself within a second on a local network; an unreachable
// STUN server must not keep the code from showing.
const GATHER_TIMEOUT_MS = 4000;

function configuration(stun) {
  return { iceServers: stun ? [{ urls: PUBLIC_STUN }] : [] };
}

// Both sides make the same channel (negotiated: no extra round of signalling for it).
function tableChannel(connection) {
  return connection.createDataChannel("table", { negotiated: true, id: 0, ordered: true });
}

function gathered(connection) {
  return new Promise((resolve) => {
    const done = () => {
      if (connection.iceGatheringState !== "complete") return;
      connection.removeEventListener("icegatheringstatechange", done);
      resolve();
    };
    connection.addEventListener("icegatheringstatechange", done);
    setTimeout(resolve, GATHER_TIMEOUT_MS);
    done();
  });
}

// The link's events: onOpen(), onText(text) for each message, onState(state) with "open",
// "unsteady" (no answer for a while: the phone may be asleep; it can come back by itself) and
// "closed" (for good: a new code is needed).
function link(connection, channel, code) {
  const handlers = { onOpen: null, onText: null, onState: null };
  let state = "connecting";
  const setState = (next) => {
    if (state === next || state === "closed") return;
    state = next;
    handlers.onState?.(next);
  };
  channel.addEventListener("open", () => {
    setState("open");
    handlers.onOpen?.();
  });
  channel.addEventListener("message", (event) => handlers.onText?.(event.data));
  channel.addEventListener("close", () => setState("closed"));
  connection.addEventListener("connectionstatechange", () => {
    const now = connection.connectionState;
    if (now === "failed" || now === "closed") setState("closed");
    else if (now === "disconnected" && state === "open") setState("unsteady");
    else if (now === "connected" && state === "unsteady" && channel.readyState === "open") setState("open");
  });
  return {
    code,
    handlers,
    get state() {
      return state;
    },
    // Sends a message object as JSON; false when the channel is not open.
    send(message) {
      if (channel.readyState !== "open") return false;
      try {
        channel.send(typeof message === "string" ? message : JSON.stringify(message));
        return true;
      } catch {
        return false;
      }
    },
    close() {
      setState("closed");
      try {
        channel.close();
        connection.close();
      } catch {
        // already closed
      }
    },
    // The host's side: the guest's answer code (throws CodeError for a wrong one).
    async accept(answerText) {
      const answer = decodeCode(answerText, "answer");
      if (connection.signalingState !== "have-local-offer") throw new Error("this invitation was already answered");
      await connection.setRemoteDescription(answer);
    },
  };
}

// The host's side of one seat's link: its offer code, then accept(answer code).
export async function offerLink({ stun = false } = {}) {
  const connection = new RTCPeerConnection(configuration(stun));
  const channel = tableChannel(connection);
  await connection.setLocalDescription(await connection.createOffer());
  await gathered(connection);
  return link(connection, channel, encodeDescription(connection.localDescription));
}

// The guest's side: the host's code read (throws CodeError before anything starts), the
// answer code to show. The answer carries no address without STUN: the guest reaches the
// host, whose phone then knows where the guest is (a peer-reflexive candidate). A host that
// used a STUN server sent its public address: the guest then asks one too.
export async function answerLink(offerText) {
  const offer = decodeCode(offerText, "offer");
  const stun = / typ srflx/.test(offer.sdp);
  const connection = new RTCPeerConnection(configuration(stun));
  const channel = tableChannel(connection);
  await connection.setRemoteDescription(offer);
  await connection.setLocalDescription(await connection.createAnswer());
  await gathered(connection);
  return link(connection, channel, encodeDescription(connection.localDescription, { candidates: stun }));
}
