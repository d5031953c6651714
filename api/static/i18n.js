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
