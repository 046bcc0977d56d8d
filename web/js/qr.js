// QR codes for the connection codes: drawn as SVG, read from the camera or a picture.
// The encoder and decoder are the `qr` npm package, vendored by build.py into vendor/qr/ and
// loaded only when a code is shown or read. Reading uses the browser's BarcodeDetector where
// it has one that knows QR codes (Chrome on Android, Safari on macOS), else that decoder.

import { el } from "./dom.js";

const SVG = "http://www.w3.org/2000/svg";
const QUIET_ZONE = 4; // modules of white around the code, as the standard asks
// How often a camera frame is looked at: enough to feel instant, little work for a phone.
const FRAME_MS = 150;

const encoder = () => import("../vendor/qr/index.js");
const decoder = () => import("../vendor/qr/decode.js");

// An <svg> of `text` as a QR code (one path; crisp at any size). `label` is its accessible name.
export async function qrSvg(text, label) {
  const { encodeQR } = await encoder();
  const modules = encodeQR(text, "raw", { ecc: "medium", border: QUIET_ZONE });
  const size = modules.length;
  let path = "";
  modules.forEach((row, y) => row.forEach((dark, x) => {
    if (dark) path += `M${x} ${y}h1v1h-1z`;
  }));
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("class", "qr-code");
  svg.setAttribute("shape-rendering", "crispEdges");
  const background = document.createElementNS(SVG, "rect");
  background.setAttribute("width", String(size));
  background.setAttribute("height", String(size));
  background.setAttribute("fill", "#fff");
  const marks = document.createElementNS(SVG, "path");
  marks.setAttribute("d", path);
  marks.setAttribute("fill", "#000");
  svg.append(background, marks);
  svg.dataset.modules = String(size - 2 * QUIET_ZONE);
  return svg;
}

let nativeDetector;
async function detector() {
  if (nativeDetector !== undefined) return nativeDetector;
  nativeDetector = null;
  try {
    if ("BarcodeDetector" in window && (await window.BarcodeDetector.getSupportedFormats()).includes("qr_code")) {
      nativeDetector = new window.BarcodeDetector({ formats: ["qr_code"] });
    }
  } catch {
    nativeDetector = null;
  }
  return nativeDetector;
}

// Which reader this browser uses: "native" (BarcodeDetector) or "library".
export async function qrReader() {
  return (await detector()) ? "native" : "library";
}

// The text of the QR code in a canvas, or null when none can be read.
async function readCanvas(canvas, { thorough = false } = {}) {
  const native = await detector();
  if (native) {
    const [found] = await native.detect(canvas);
    return found?.rawValue ?? null;
  }
  const { decodeQR } = await decoder();
  const image = canvas.getContext("2d", { willReadFrequently: true }).getImageData(0, 0, canvas.width, canvas.height);
  try {
    return decodeQR(image, thorough ? { effort: Infinity, timeLimit: Infinity } : {});
  } catch {
    return null; // no code in this picture
  }
}

// The text of the QR code in a picture (a File or Blob: a photo, a screenshot), or null.
export async function readQrPicture(file) {
  const bitmap = await createImageBitmap(file);
  // A small code in a big photo is found more easily at a moderate size.
  const scale = Math.min(1, 1600 / Math.max(bitmap.width, bitmap.height));
  const canvas = el("canvas", { width: Math.round(bitmap.width * scale), height: Math.round(bitmap.height * scale) });
  canvas.getContext("2d", { willReadFrequently: true }).drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close?.();
  return readCanvas(canvas, { thorough: true });
}

// Whether this browser can give the page a camera (a secure page on a device with one).
export function cameraAvailable() {
  return Boolean(navigator.mediaDevices?.getUserMedia) && window.isSecureContext;
}

// Reads codes from the back camera into `video` until onCode(text) returns true (or stop()).
// Rejects when the camera cannot be had (refused, none, in use).
export async function scanWithCamera(video, onCode) {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
  video.srcObject = stream;
  video.muted = true;
  video.setAttribute("playsinline", "");
  await video.play().catch(() => {});
  const canvas = el("canvas");
  let stopped = false;
  let timer = null;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  const look = async () => {
    if (stopped) return;
    if (video.videoWidth > 0) {
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      canvas.getContext("2d", { willReadFrequently: true }).drawImage(video, 0, 0);
      const text = await readCanvas(canvas).catch(() => null);
      if (stopped) return;
      if (text && onCode(text)) {
        stop();
        return;
      }
    }
    timer = setTimeout(look, FRAME_MS);
  };
  look();
  return stop;
}
