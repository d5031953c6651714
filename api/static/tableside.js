// What the table-side pages (/, /play, /pair, /games/{id}/setup) share: building elements, calling the JSON API with
// the game's token as this device keeps it (api/static/device.js; sent as Authorization: Bearer only, never in a URL),
// showing a refusal's translated sentence beside the field it names, and the options' inputs, each labelled by what
// it means.
"use strict";
window.meldbookTable = (function () {
  const text = window.meldbookText;
  const device = window.meldbookDevice;

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children) if (child !== null && child !== undefined) node.append(child);
    return node;
  }

  function tokenKey(game) { return "meldbook-token:" + game; }

  // Send a JSON body; resolves to {ok, status, body}. A refusal's body is its problem document.
  async function send(method, url, body, options) {
    const headers = { Accept: "application/json", "Content-Type": "application/json" };
    const token = options && options.game ? device.token(options.game) : null;
    if (token) headers.Authorization = "Bearer " + token;
    if (options && options.key) headers["Idempotency-Key"] = options.key;
    if (options && options.night) headers["X-Night-Token"] = options.night;
    let response;
    try {
      response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (error) {
      return { ok: false, status: 0, body: { code: "network", detail: String(error) } };
    }
    let parsed = {};
    try { parsed = await response.json(); } catch (error) { parsed = {}; }
    return { ok: response.ok, status: response.status, body: parsed };
  }

  // A refusal's sentence in the page's language, with the service's own detail (English) beside it.
  function sentence(problem) {
    if (problem.code === "network") return text("network_error");
    const translated = text("problem:" + (problem.code || "meldbook-error"));
    return problem.detail ? translated + " (" + problem.detail + ")" : translated;
  }

  // Show a refusal in `node`: its sentence in the page's language; the service's own detail (English) beside it on
  // an English page, and behind "Details" on a page in another language.
  function refuse(node, problem) {
    if (problem.code === "network") { node.textContent = sentence(problem); return node; }
    const translated = text("problem:" + (problem.code || "meldbook-error"));
    node.replaceChildren(...[].concat(window.meldbookWithDetail(translated, problem.detail, (s, d) => s + " (" + d + ")")));
    return node;
  }

  // Clear every refusal shown in `root`.
  function clearRefusals(root) {
    for (const node of root.querySelectorAll("[data-refusal]")) node.textContent = "";
    for (const node of root.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
  }

  // Show a refusal beside the field it names (`players.1` beside `players.1`, else beside `players`), else in `fallback`.
  function showRefusal(root, problem, fallback) {
    const field = problem.field || "";
    const parts = field.split(".");
    let target = null;
    for (let n = parts.length; n > 0 && !target; n--) {
      const name = parts.slice(0, n).join(".");
      target = Array.from(root.querySelectorAll("[data-refusal]")).find((node) => node.dataset.refusal === name) || null;
    }
    const shown = refuse(target || fallback, problem);
    const input = Array.from(root.querySelectorAll("[data-field]")).find((node) => node.dataset.field === field);
    if (input) { input.setAttribute("aria-invalid", "true"); input.focus(); }
    return shown;
  }

  // An option's input, of the kind its type needs (a choice, one of the values known by name such as a board
  // layout, a whole number within its bounds, JSON for another structure, text), showing `value` and labelled by
  // what the option means (its name beside, small); `data-default` keeps the default (`base`, else the value
  // shown), so only changed options are sent.
  function optionInput(option, current, base) {
    const value = current === undefined ? option.default : current;
    const id = "option-" + option.name;
    const attrs = { id, "data-field": "options." + option.name, "data-option": option.name };
    let input;
    if (option.choices) {
      input = el("select", attrs);
      for (const choice of option.choices) {
        const shown = JSON.stringify(choice);
        input.append(el("option", { value: shown, selected: shown === JSON.stringify(value) }, choiceName(choice)));
      }
    } else if (option.known) {
      input = el("select", attrs);
      const now = canonical(value);
      for (const known of option.known) {
        input.append(el("option", { value: JSON.stringify(known.value), selected: canonical(known.value) === now,
          "data-known": known.name }, translated(known.description).text));
      }
      if (!option.known.some((known) => canonical(known.value) === now)) {
        input.append(el("option", { value: now, selected: true, "data-known": "" }, text("layout_as_declared")));
      }
    } else if (typeof option.default === "number" || option.minimum !== undefined) {
      input = el("input", { ...attrs, type: "number", step: 1, min: option.minimum, max: option.maximum,
        inputmode: "numeric" });
      input.value = value === null ? "" : String(value);
    } else if (option.default !== null && typeof option.default === "object") {
      input = el("textarea", { ...attrs, rows: 4, spellcheck: "false" });
      input.value = JSON.stringify(value);
    } else {
      input = el("input", { ...attrs, type: "text", maxlength: 40 });
      input.value = value === null ? "" : String(value);
    }
    input.dataset.default = JSON.stringify(base === undefined ? value : base);
    const meaning = translated(option.description || option.name);
    return el("p", { class: "field option" },
      el("label", { for: id, class: "description", lang: meaning.lang }, meaning.text), input,
      el("code", { class: "option-name" }, option.name),  // its name in the notation (Option.<name>)
      el("small", { class: "refusal", "data-refusal": "options." + option.name, role: "alert" }));
  }

  // A value as JSON with every object's keys in order: two layouts compare equal however their keys were written.
  function canonical(value) {
    return JSON.stringify(value, (key, v) => (v && typeof v === "object" && !Array.isArray(v)
      ? Object.keys(v).sort().reduce((o, k) => (o[k] = v[k], o), {}) : v));
  }

  // A choice's value as the page names it: "yes" for true, a word's value in the page's language ("pot_share" as
  // "pot share", or its Norwegian), a number as it is.
  function choiceName(choice) {
    if (choice === true) return text("choice_yes");
    if (choice === false) return text("choice_no");
    const key = "choice:" + choice;
    const named = text(key);
    return named === key ? String(choice) : named;
  }

  // An option's description (or a known value's) in the page's language where the catalogue has it, else as
  // GET /variants gives it, marked as English: {text, lang}.
  function translated(english) {
    const key = "option:" + english;
    const shown = text(key);
    return shown === key ? { text: english, lang: "en" } : { text: shown, lang: null };
  }

  // An option's value as typed: the choice's JSON, a whole number, JSON for a structure, text otherwise.
  function optionValue(input) {
    const raw = input.value;
    if (input.tagName === "SELECT") return JSON.parse(raw);
    if (input.type === "number") return raw === "" ? null : Number(raw);
    if (input.tagName === "TEXTAREA") { try { return JSON.parse(raw); } catch (error) { return raw; } }
    return raw === "" ? null : raw;
  }

  // The options whose inputs in `root` show another value than they first showed.
  function changedOptions(root) {
    const options = {};
    for (const input of root.querySelectorAll("[data-option]")) {
      const value = optionValue(input);
      if (JSON.stringify(value) !== input.dataset.default && value !== null) options[input.dataset.option] = value;
    }
    return options;
  }

  function recordPath(game) { return "/games/" + encodeURIComponent(game) + "/record"; }

  return { el, send, optionInput, optionValue, changedOptions, sentence, refuse, clearRefusals, showRefusal,
    rememberedGames: device.games, rememberGame: device.rememberGame, tokenKey, recordPath, text, device };
})();
