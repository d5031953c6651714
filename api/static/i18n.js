// The pages' texts in the page's language: the server writes them as JSON into the body's data-messages (api/i18n.py), and
// text(key, {name: value}) fills each %(name)s of one. A refusal's sentence is text("problem:" + code).
"use strict";
window.meldbookText = (function () {
  const texts = JSON.parse(document.body.dataset.messages || "{}");
  return function text(key, values) {
    let shown = Object.prototype.hasOwnProperty.call(texts, key) ? texts[key] : key;
    for (const [name, value] of Object.entries(values || {})) shown = shown.split("%(" + name + ")s").join(String(value));
    return shown;
  };
})();

// A move's words (a replay frame's `phrase`: an English template, its values, and its context) in the page's language:
// the template as the catalogue translates it (an action kind's name under "action:", the rest under "phrase:"), each
// value said the same way.
window.meldbookSaid = (function () {
  const texts = JSON.parse(document.body.dataset.messages || "{}");
  return function said(phrase) {
    const key = (phrase.context === "action" ? "action:" : "phrase:") + phrase.text;
    let shown = Object.prototype.hasOwnProperty.call(texts, key) ? texts[key] : phrase.text;
    for (const [name, value] of Object.entries(phrase.values || {})) {
      shown = shown.split("%(" + name + ")s").join(typeof value === "object" && value ? said(value) : String(value));
    }
    return shown;
  };
})();
