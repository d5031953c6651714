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

// The service's own detail of a refusal (English) beside its translated sentence: on an English page, as text with
// the page's separator (`sentence (detail)`, `sentence — detail`); on a page in another language, the sentence and
// the detail behind "Details" (marked as English), as the nodes that show them.
window.meldbookWithDetail = function (sentence, detail, joined) {
  if (!detail || detail === sentence) return sentence;
  if (document.documentElement.lang === "en") return joined(sentence, detail);
  const box = document.createElement("details");
  const summary = document.createElement("summary");
  const english = document.createElement("span");
  box.className = "detail";
  summary.textContent = window.meldbookText("details");
  english.lang = "en";
  english.textContent = detail;
  box.append(summary, english);
  return [sentence + " ", box];
};
