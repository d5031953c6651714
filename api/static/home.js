// The home page (/): the games this device holds (device.js: ids, titles, variants and roles; a token only where the
// person trusted the device), each opened on its record page; a seat taken with a pairing code (handed to /pair in
// the address's fragment, which no request carries); a night opened (POST /nights, its token shown once), and the
// nights this device opened or read; and "forget this device", which removes everything Meldbook keeps here.
"use strict";
(function () {
  const root = document.getElementById("home");
  if (!root) return;
  const t = window.meldbookTable;
  const device = window.meldbookDevice;
  const text = t.text;
  const $ = (id) => document.getElementById(id);

  function roleName(role) {
    if (role === "recorder") return text("role_recorder");
    if (role && role.startsWith("seat:")) return text("role_seat", { player: role.slice(5) });
    return "";
  }

  function gameItem(game) {
    const title = game.title || game.variant || text("untitled");
    const item = t.el("li", { "data-game": game.id },
      t.el("a", { href: t.recordPath(game.id), class: "open-game" }, title));
    const about = [game.variant, roleName(game.role),
      device.token(game.id) ? (device.kept(game.id) ? text("signed_in_device") : text("signed_in_tab")) : text("needs_token")];
    item.append(t.el("small", {}, about.filter(Boolean).join(" · ")));
    if (game.role === "recorder") {
      item.append(t.el("a", { href: "/games/" + encodeURIComponent(game.id) + "/setup", class: "setup-link" },
        text("setup_and_pairing")));
    }
    return item;
  }

  function showNights() {
    const nights = device.nights();
    $("my-nights").replaceChildren(...nights.map((night) => t.el("li", { "data-night": night.id },
      t.el("a", { href: "/nights/" + encodeURIComponent(night.id), class: "open-night" }, night.title || text("night_untitled")))));
    $("my-nights-box").hidden = nights.length === 0;
  }

  function showGames() {
    const games = device.games();
    $("my-games").replaceChildren(...games.map(gameItem));
    $("no-games").hidden = games.length > 0;
    const kept = device.keptTokens();
    $("device-status").textContent = kept ? text("device_keeps", { count: kept }) : text("device_keeps_none");
  }

  $("forget-device").addEventListener("click", () => {
    if (!window.confirm(text("forget_confirm"))) return;
    device.forget();
    showGames();
    showNights();
    $("device-status").textContent = text("device_forgotten");
  });

  $("join").addEventListener("submit", (event) => {
    event.preventDefault();
    const code = $("join-code").value.trim();
    if (code) window.location.assign("/pair#" + encodeURIComponent(code));
  });

  $("night-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = $("night-form");
    t.clearRefusals(form);
    $("night-status").textContent = "";
    const currency = $("night-currency").value.trim().toUpperCase();
    const body = { title: $("night-name").value.trim() };
    if ($("night-chip").value !== "") body.chip_value = { amount: Number($("night-chip").value), currency: currency };
    if ($("night-stake").value !== "") body.robins_stake = { amount: Number($("night-stake").value), currency: currency };
    const answer = await t.send("POST", "/nights", body);
    if (!answer.ok) { t.showRefusal(form, answer.body, $("night-status")); return; }
    device.keepNight(answer.body.id, answer.body.token, device.trusted());
    device.rememberNight(answer.body.id, answer.body.title);
    showNights();
    $("night-token").textContent = answer.body.token;
    $("night-sheet").href = "/nights/" + encodeURIComponent(answer.body.id);
    form.hidden = true;
    $("night-opened").hidden = false;
  });

  showGames();
  showNights();
})();
