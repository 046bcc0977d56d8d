// The codes that connect two phones (docs/one-table.md): an SDP offer or answer cut down to
// what the connection needs (the ICE user fragment and password, the DTLS certificate's
// fingerprint and the candidates), packed into bytes and written in Crockford's base32:
// digits and capitals only, so a QR code holds it in its dense alphanumeric mode and a person
// can read it out without mixing up O and 0. Two check bytes catch a code copied wrong.
// Everything else of the SDP is the same for every data channel and is written back from
// TEMPLATE.

import { t } from "./i18n.js";

const VERSION = 1;
const KINDS = ["offer", "answer"];
const BASE32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const FAMILIES = ["ipv4", "ipv6", "mdns"];
const TYPES = ["host", "srflx"];
// A phone has one or two networks; more candidates only make the code longer.
export const MAX_CANDIDATES = 4;
// The link in the host's QR code: a phone's own camera app opens the page with the code.
export const LINK_KEY = "j";

export class CodeError extends Error {}

// ---- bytes ----------------------------------------------------------------------------

function checksum(bytes) {
  let hash = 0x811c9dc5; // FNV-1a, folded to 16 bits
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return [(hash >>> 24) ^ ((hash >>> 8) & 0xff), (hash >>> 16 & 0xff) ^ (hash & 0xff)];
}

function toBase32(bytes) {
  let bits = 0;
  let value = 0;
  let text = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) text += BASE32[(value << (5 - bits)) & 31];
  return text;
}

function fromBase32(text) {
  const cleaned = text.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  const bytes = [];
  let bits = 0;
  let value = 0;
  for (const char of cleaned) {
    const digit = BASE32.indexOf(char);
    if (digit < 0) throw new CodeError(t("The code has a character that cannot be in it: {char}", { char }));
    value = ((value << 5) | digit) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return bytes;
}

// Strings of ICE characters (RFC 5245: letters, digits, + and /) at 6 bits a character.
function packIceText(text, out) {
  if (text.length > 255 || [...text].some((char) => !ICE_CHARS.includes(char))) {
    throw new CodeError(t("This browser's connection details cannot be put into a code."));
  }
  out.push(text.length);
  let bits = 0;
  let value = 0;
  for (const char of text) {
    value = (value << 6) | ICE_CHARS.indexOf(char);
    bits += 6;
    while (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out.push((value << (8 - bits)) & 0xff);
}

function unpackIceText(reader) {
  const length = reader.byte();
  const bytes = reader.take(Math.ceil((length * 6) / 8));
  let text = "";
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 6 && text.length < length) {
      text += ICE_CHARS[(value >>> (bits - 6)) & 63];
      bits -= 6;
    }
    value &= (1 << bits) - 1;
  }
  return text;
}

function reader(bytes) {
  let at = 0;
  const take = (n) => {
    if (at + n > bytes.length) throw new CodeError(t("The code is incomplete: part of it is missing."));
    at += n;
    return bytes.slice(at - n, at);
  };
  return { take, byte: () => take(1)[0], get done() { return at === bytes.length; } };
}

// ---- addresses ------------------------------------------------------------------------

function ipv6Bytes(text) {
  const [head, tail = null] = text.split("::");
  const groups = (part) => (part ? part.split(":") : []);
  const left = groups(head);
  const right = tail === null ? [] : groups(tail);
  const missing = 8 - left.length - right.length;
  if ((tail === null && missing !== 0) || missing < 0) return null;
  const all = [...left, ...Array(missing).fill("0"), ...right];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null;
  return all.flatMap((group) => [parseInt(group, 16) >> 8, parseInt(group, 16) & 0xff]);
}

function addressBytes(address) {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(address)) return { family: "ipv4", bytes: address.split(".").map(Number) };
  const mdns = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i.exec(address);
  if (mdns) {
    const hex = mdns.slice(1).join("");
    return { family: "mdns", bytes: Array.from({ length: 16 }, (_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16)) };
  }
  const v6 = address.includes(":") ? ipv6Bytes(address) : null;
  return v6 ? { family: "ipv6", bytes: v6 } : null; // another host name: left out
}

function addressText(family, bytes) {
  const hex = bytes.map((byte) => byte.toString(16).padStart(2, "0")).join("");
  if (family === "ipv4") return bytes.join(".");
  if (family === "mdns") {
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
  }
  return hex.match(/.{4}/g).map((group) => group.replace(/^0{1,3}/, "")).join(":");
}

// ---- SDP ------------------------------------------------------------------------------

function sdpLine(sdp, pattern) {
  const match = sdp.match(pattern);
  if (!match) throw new CodeError(t("This browser's connection details cannot be put into a code."));
  return match[1].trim();
}

// The candidates of an SDP, best first: UDP, first component, host or server-reflexive.
export function sdpCandidates(sdp) {
  const found = [];
  for (const match of sdp.matchAll(/a=candidate:\S+ 1 udp (\d+) (\S+) (\d+) typ (\w+)/gi)) {
    const [, priority, address, port, type] = match;
    const parsed = addressBytes(address);
    if (parsed && TYPES.includes(type)) found.push({ priority: Number(priority), ...parsed, port: Number(port), type });
  }
  return found.sort((a, b) => b.priority - a.priority);
}

// The best host candidates, and room for two server-reflexive ones (a STUN server's answer,
// which phones on different networks need), host ones first.
function chooseCandidates(found) {
  const reflexive = found.filter((candidate) => candidate.type === "srflx").slice(0, 2);
  const local = found.filter((candidate) => candidate.type === "host").slice(0, MAX_CANDIDATES - reflexive.length);
  return [...local, ...reflexive];
}

// The code of a local description ({type, sdp}); the candidates only if `candidates`.
export function encodeDescription({ type, sdp }, { candidates = true } = {}) {
  const kind = KINDS.indexOf(type);
  if (kind < 0) throw new CodeError(t("This browser's connection details cannot be put into a code."));
  const out = [(VERSION << 4) | kind];
  packIceText(sdpLine(sdp, /a=ice-ufrag:(.*)/), out);
  packIceText(sdpLine(sdp, /a=ice-pwd:(.*)/), out);
  const fingerprint = sdpLine(sdp, /a=fingerprint:sha-256 (.*)/i).split(":").map((pair) => parseInt(pair, 16));
  if (fingerprint.length !== 32 || fingerprint.some(Number.isNaN)) {
    throw new CodeError(t("This browser's connection details cannot be put into a code."));
  }
  out.push(...fingerprint);
  const chosen = candidates ? chooseCandidates(sdpCandidates(sdp)) : [];
  out.push(chosen.length);
  for (const candidate of chosen) {
    out.push((FAMILIES.indexOf(candidate.family) << 1) | TYPES.indexOf(candidate.type), ...candidate.bytes,
      candidate.port >> 8, candidate.port & 0xff);
  }
  out.push(...checksum(out));
  return toBase32(out);
}

const TEMPLATE = (lines, setup) => [
  "v=0", `o=- ${Date.now()} 2 IN IP4 127.0.0.1`, "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS",
  "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0", ...lines,
  "a=ice-options:trickle", `a=setup:${setup}`, "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144", "",
].join(`\r\n`); // SDP lines end in CRLF

// The description a code stands for; `expected` ("offer" or "answer") is the kind wanted.
// Throws CodeError, in words a player understands, for anything but a whole, unchanged code.
export function decodeCode(text, expected) {
  const code = codeFromText(text);
  if (!code) throw new CodeError(t("There is no code here."));
  const bytes = fromBase32(code);
  if (bytes.length < 3) throw new CodeError(t("The code is incomplete: part of it is missing."));
  const body = bytes.slice(0, -2);
  const [high, low] = checksum(body);
  if (bytes[bytes.length - 2] !== high || bytes[bytes.length - 1] !== low) {
    throw new CodeError(t("The code is damaged: a character is wrong or missing."));
  }
  const read = reader(body);
  const head = read.byte();
  if (head >> 4 !== VERSION) throw new CodeError(t("This code comes from another version of the app. Update the app on both phones."));
  const type = KINDS[head & 7];
  if (type !== expected) {
    throw new CodeError(type === "offer" ? t("This is a host's code: scan it on the phone that joins.")
      : t("This is a guest's answer: scan it on the host's phone."));
  }
  const ufrag = unpackIceText(read);
  const pwd = unpackIceText(read);
  const fingerprint = read.take(32).map((byte) => byte.toString(16).padStart(2, "0").toUpperCase()).join(":");
  const count = read.byte();
  if (count > MAX_CANDIDATES) throw new CodeError(t("The code is damaged: a character is wrong or missing."));
  const lines = [];
  for (let index = 0; index < count; index += 1) {
    const flags = read.byte();
    const family = FAMILIES[flags >> 1];
    if (!family) throw new CodeError(t("The code is damaged: a character is wrong or missing."));
    const address = addressText(family, read.take(family === "ipv4" ? 4 : 16));
    const [high8, low8] = read.take(2);
    const candidateType = TYPES[flags & 1];
    const related = candidateType === "srflx" ? " raddr 0.0.0.0 rport 0" : "";
    lines.push(`a=candidate:${index + 1} 1 udp ${2122260223 - index * 256} ${address} ${(high8 << 8) | low8} typ ${candidateType}${related}`);
  }
  if (!read.done) throw new CodeError(t("The code is damaged: a character is wrong or missing."));
  lines.push(`a=ice-ufrag:${ufrag}`, `a=ice-pwd:${pwd}`, `a=fingerprint:sha-256 ${fingerprint}`);
  return { type, sdp: TEMPLATE(lines, type === "offer" ? "actpass" : "active") };
}

// A code pasted or scanned: the link of a QR code (…#j=CODE) or the code alone.
export function codeFromText(text) {
  const value = String(text ?? "").trim();
  const marker = value.indexOf(`#${LINK_KEY}=`);
  return marker >= 0 ? value.slice(marker + LINK_KEY.length + 2) : value;
}

// The link a phone's camera app opens: this page, with the host's code.
export function joinLink(code, base = `${location.origin}${location.pathname}`) {
  return `${base}#${LINK_KEY}=${code}`;
}
