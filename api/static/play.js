// The /play page: lists the games (this device's, from localStorage by id and title only; the public ones, from
// GET /games a page at a time, newest first) and creates one with POST /games under an Idempotency-Key, so that a
// retry on a flaky connection answers the game already created. A refusal is shown beside the field it names and
// nothing typed is lost; the recorder token goes into this tab's sessionStorage (and the device's localStorage where
// the person trusts this device: api/static/device.js) and is shown once.
"use strict";
(function () {
  const root = document.getElementById("play");
  if (!root) return;
  const t = window.meldbookTable;
  const text = t.text;
  const $ = (id) => document.getElementById(id);
  const form = $("new-game");
  let variants = [];
  let sent = null; // the last body sent and its Idempotency-Key: the same body is retried under the same key
  let nextCursor = null;

  // A fresh Idempotency-Key: 128 random bits as hex (crypto.randomUUID is missing on a plain-HTTP table network).
  function newKey() {
    return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function variant() { return variants.find((v) => v.name === $("variant").value) || variants[0]; }

  function playerRow(name) {
    const row = t.el("li", { class: "player" });
    const input = t.el("input", { class: "player-name", maxlength: 40, autocomplete: "off",
      "aria-label": text("player_name") });
    input.value = name || "";
    const up = t.el("button", { type: "button", class: "up", "aria-label": text("move_up") }, "↑");
    const down = t.el("button", { type: "button", class: "down", "aria-label": text("move_down") }, "↓");
    const remove = t.el("button", { type: "button", class: "remove", "aria-label": text("remove_player") }, "✕");
    up.addEventListener("click", () => { if (row.previousElementSibling) row.parentNode.insertBefore(row, row.previousElementSibling); renumber(); });
    down.addEventListener("click", () => { if (row.nextElementSibling) row.parentNode.insertBefore(row.nextElementSibling, row); renumber(); });
    remove.addEventListener("click", () => { row.remove(); renumber(); });
    row.append(input, up, down, remove, t.el("small", { class: "refusal", role: "alert" }));
    return row;
  }

  function renumber() {
    const rows = Array.from($("players").children);
    rows.forEach((row, seat) => {
      row.querySelector("input").dataset.field = "players." + seat;
      row.querySelector("small").dataset.refusal = "players." + seat;
    });
    const max = variant() ? variant().players.max : 8;
    $("add-player").disabled = rows.length >= max;
  }

  // The variant's options, each showing its default for the deal mode chosen (a recorded game never voids a hand
  // for want of stock, say), or the value typed into it before.
  function showVariant() {
    const chosen = variant();
    const options = $("options");
    const typed = t.changedOptions(options);
    options.replaceChildren(...chosen.options.map((option) => {
      const byMode = option.default_by_deal_mode || {};
      const shown = $("deal_mode").value in byMode ? byMode[$("deal_mode").value] : option.default;
      return t.optionInput(option, option.name in typed ? typed[option.name] : shown, shown);
    }));
    const rows = $("players");
    while (rows.children.length < chosen.players.min) rows.append(playerRow(""));
    while (rows.children.length > chosen.players.max) rows.lastElementChild.remove();
    renumber();
  }

  function body() {
    const options = t.changedOptions($("options"));
    return {
      variant: $("variant").value,
      players: Array.from($("players").querySelectorAll("input")).map((input) => input.value),
      options,
      deal_mode: $("deal_mode").value,
      recording: $("recording").value,
      access: $("access").value,
      title: $("title").value,
    };
  }

  async function create(event) {
    event.preventDefault();
    t.clearRefusals(form);
    $("create-status").textContent = "";
    const wanted = body();
    const fingerprint = JSON.stringify(wanted);
    if (!sent || sent.fingerprint !== fingerprint) sent = { fingerprint, key: newKey() };
    $("create").disabled = true;
    $("create-status").textContent = text("creating");
    const answer = await t.send("POST", "/games", wanted, { key: sent.key });
    $("create").disabled = false;
    $("create-status").textContent = "";
    if (!answer.ok) {
      t.showRefusal(form, answer.body, $("create-status"));
      return;
    }
    const game = answer.body.id;
    t.device.keep(game, answer.body.token, $("trust").checked);
    t.rememberGame(game, wanted.title, wanted.variant, "recorder");
    form.hidden = true;
    $("recorder-token").textContent = answer.body.token;
    $("go-record").href = t.recordPath(game);
    $("go-setup").href = "/games/" + encodeURIComponent(game) + "/setup";
    $("created").hidden = false;
    $("go-record").focus();
    showMine();
    showPublic(false);
  }

  async function copyToken() {
    try {
      await navigator.clipboard.writeText($("recorder-token").textContent);
      $("copy-token").textContent = text("copied");
    } catch (error) {
      const range = document.createRange();
      range.selectNodeContents($("recorder-token"));
      getSelection().removeAllRanges();
      getSelection().addRange(range);
    }
  }

  function gameItem(game, here) {
    const title = game.title || (game.variant ? game.variant : text("untitled"));
    const link = t.el("a", { href: here ? t.recordPath(game.id) : "/games/" + encodeURIComponent(game.id) + "/view" }, title);
    const about = game.players ? " · " + game.players.join(", ") : "";
    const when = game.created_at ? " · " + new Date(game.created_at).toLocaleString(document.body.dataset.locale || document.documentElement.lang) : "";
    return t.el("li", { "data-game": game.id }, link, t.el("small", {}, (game.variant || "") + about + when));
  }

  function showMine() {
    const mine = t.rememberedGames();
    $("my-games").replaceChildren(...mine.map((game) => gameItem(game, true)));
    $("no-games").hidden = mine.length > 0;
  }

  async function showPublic(more) {
    const url = "/games?limit=10" + (more && nextCursor ? "&cursor=" + encodeURIComponent(nextCursor) : "");
    const answer = await t.send("GET", url);
    if (!answer.ok) { t.refuse($("public-status"), answer.body); return; }
    const items = answer.body.items.map((game) => gameItem(game, false));
    if (more) $("public-games").append(...items); else $("public-games").replaceChildren(...items);
    nextCursor = answer.body.next_cursor;
    $("more-games").hidden = !nextCursor;
    $("public-status").textContent = answer.body.total ? "" : text("no_public_games");
  }

  async function start() {
    const answer = await t.send("GET", "/variants");
    if (!answer.ok) { t.refuse($("create-status"), answer.body); return; }
    variants = answer.body.variants;
    $("variant").replaceChildren(...variants.map((v) => t.el("option", { value: v.name }, v.title)));
    showVariant();
  }

  $("trust").checked = t.device.trusted();
  $("variant").addEventListener("change", () => { $("options").replaceChildren(); showVariant(); });
  $("deal_mode").addEventListener("change", showVariant);
  $("add-player").addEventListener("click", () => {
    const row = playerRow("");
    $("players").append(row);
    renumber();
    row.querySelector("input").focus();
  });
  form.addEventListener("submit", create);
  $("copy-token").addEventListener("click", copyToken);
  $("more-games").addEventListener("click", () => showPublic(true));
  showMine();
  showPublic(false);
  start();
})();
