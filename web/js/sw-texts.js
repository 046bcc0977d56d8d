// The service worker's own texts (a classic script, loaded by sw.js with importScripts): the
// page it shows when no complete copy of the app is stored and the server cannot be reached.
// `t` looks each text up in the catalog of the browser's language (catalogs.py extracts them).
self.swTexts = (t) => ({
  title: t("Card Table"),
  heading: t("The card table cannot start offline"),
  explanation: t("A file of the app stored on this device is damaged, and it is never used damaged. Connect to the internet and reload once: the stored copy is repaired, and the card table works offline again. Your saved games and history are not affected."),
  reload: t("Reload"),
});
