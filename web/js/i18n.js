export function t(msgid, params = {}) { return msgid.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m)); }
export function currentLanguage() { return "en"; }
export function onLanguageChange() {}
