// The setup page of a game (/games/{id}/setup), for its recorder: corrects players' names and options before the
// first move (PATCH /games/{id}/setup), offers each seat a pairing code with its QR code (POST /games/{id}/pairings),
// switches a seat's own phone off or on in a game recorded by seats (PUT /games/{id}/seats/{player}: without one,
// the recorder records for him; GET /games/{id} lists them as `no_device`), and discards a game created by mistake
// (POST /games/{id}/discard). The recorder token is the one this device keeps (api/static/device.js, or pasted once
// here) and goes out as Authorization: Bearer only.
"use strict";
(function () {
  const root = document.getElementById("setup");
  if (!root) return;
  const t = window.meldbookTable;
  const text = t.text;
  const $ = (id) => document.getElementById(id);
  const game = root.dataset.game;

  function needToken() {
    $("token-needed").hidden = Boolean(t.device.token(game));
    showDevices();
  }

  // Each seat's switch shows whether he has a phone of his own, as the game says (with the recorder's token).
  async function showDevices() {
    const switches = root.querySelectorAll(".device-input");
    if (!switches.length || !t.device.token(game)) return;
    const answer = await t.send("GET", "/games/" + game, undefined, { game });
    if (!answer.ok) return;
    for (const input of switches) {
      input.checked = !(answer.body.no_device || []).includes(input.dataset.player);
      input.disabled = false;
    }
  }

  async function markDevice(input) {
    const row = input.closest(".seat-row");
    row.querySelector("[data-refusal]").textContent = "";
    input.disabled = true;
    const answer = await t.send("PUT", "/games/" + game + "/seats/" + encodeURIComponent(input.dataset.player),
      { device: input.checked }, { game });
    input.disabled = false;
    if (!answer.ok) {
      input.checked = !input.checked;
      t.refuse(row.querySelector("[data-refusal]"), answer.body);
      return;
    }
    $("setup-status").textContent = text(input.checked ? "device_on" : "device_off", { player: input.dataset.player });
  }

  // A refusal beside the row or option it names: `players.2` is the third seat's row.
  function refuse(problem, fallback) {
    const field = problem.field || "";
    const seat = /^players\.(\d+)$/.exec(field);
    if (seat) {
      const row = root.querySelectorAll(".seat-row")[Number(seat[1])];
      if (row) { t.refuse(row.querySelector("[data-refusal]"), problem); return; }
    }
    if (field === "players") { t.refuse(fallback, problem); return; }
    t.showRefusal(root, problem, fallback);
  }

  async function amend() {
    t.clearRefusals(root);
    $("amend-status").textContent = "";
    const rename = {};
    for (const input of root.querySelectorAll(".rename-input")) {
      if (input.value !== input.dataset.player) rename[input.dataset.player] = input.value;
    }
    const answer = await t.send("PATCH", "/games/" + game + "/setup", { rename, options: t.changedOptions($("options")) },
      { game });
    if (!answer.ok) { refuse(answer.body, $("amend-status")); return; }
    window.location.reload();
  }

  async function pair(button) {
    const row = button.closest(".seat-row");
    row.querySelector("[data-refusal]").textContent = "";
    const answer = await t.send("POST", "/games/" + game + "/pairings", { player: button.dataset.player }, { game });
    if (!answer.ok) { t.refuse(row.querySelector("[data-refusal]"), answer.body); return; }
    const shown = row.querySelector(".pairing");
    shown.querySelector(".qr").src = answer.body.qr;
    shown.querySelector(".pair-code").textContent = answer.body.code;
    const until = new Date(answer.body.expires_at).toLocaleTimeString(document.body.dataset.locale || document.documentElement.lang);
    shown.querySelector(".pair-expiry").textContent = text("code_expires", { time: until });
    shown.hidden = false;
    button.textContent = text("new_code");
  }

  async function discard() {
    if (!window.confirm(text("discard_confirm"))) return;
    $("discard-status").textContent = "";
    const answer = await t.send("POST", "/games/" + game + "/discard", { reason: $("discard-reason").value }, { game });
    if (!answer.ok) { refuse(answer.body, $("discard-status")); return; }
    window.location.reload();
  }

  async function showOptions() {
    const holder = $("options");
    if (!holder) return;
    const answer = await t.send("GET", "/variants");
    if (!answer.ok) { t.refuse($("amend-status"), answer.body); return; }
    const variant = answer.body.variants.find((v) => v.name === holder.dataset.variant);
    const values = JSON.parse(holder.dataset.values);
    holder.replaceChildren(...variant.options.map((option) => t.optionInput(option, values[option.name])));
  }

  $("token-save").addEventListener("click", () => {
    const token = $("token-input").value.trim();
    if (token) t.device.keep(game, token, $("token-trust").checked);
    $("token-input").value = "";
    needToken();
  });
  for (const button of root.querySelectorAll(".pair-button")) button.addEventListener("click", () => pair(button));
  for (const input of root.querySelectorAll(".device-input")) input.addEventListener("change", () => markDevice(input));
  $("token-trust").checked = t.device.trusted();
  if ($("amend")) $("amend").addEventListener("click", amend);
  if ($("discard")) $("discard").addEventListener("click", discard);
  needToken();
  showOptions();
})();
