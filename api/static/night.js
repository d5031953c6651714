// The night's page (/nights/{id} in a browser): who pays whom, the sheet with each party's lines and the entries behind
// them, the games (added and taken out with the night's token and each game's recorder token), a CSV download and a
// print layout. It reads the night through the JSON API with the night's token as this device keeps it
// (api/static/device.js), sent only as X-Night-Token, never in a URL; money is formatted by api/static/money.js.
"use strict";
(function () {
  const t = window.meldbookTable;
  const { el, text, device } = t;
  const money = window.meldbookMoney;
  const root = document.getElementById("night");
  const night = root.dataset.night;
  const $ = (id) => document.getElementById(id);
  let sheet = null;

  function nightHeaders(extra) {
    const headers = Object.assign({ Accept: "application/json" }, extra || {});
    const token = device.nightToken(night);
    if (token) headers["X-Night-Token"] = token;
    return headers;
  }

  function refuse(where, problem) {
    where.hidden = false;
    t.refuse(where, problem);
  }

  // A party or an account as the page names it: the banker and the pot by name, a player by his.
  function partyName(name) {
    if (name === "[banker]") return text("night_banker");
    if (name === "pot" || name === "bank") return text("account_" + name);
    return name.startsWith("player:") ? name.slice(7) : name;
  }

  function amount(minor) { return money.money(minor, sheet.currency); }

  function gameName(game) {
    const variant = text("variant:" + game.variant);
    return game.title ? variant + " · " + game.title : variant;
  }

  async function load() {
    let answer;
    try {
      answer = await fetch("/nights/" + encodeURIComponent(night), { headers: nightHeaders() });
    } catch (error) {
      refuse($("night-refusal"), { code: "network" });
      return;
    }
    const body = await answer.json().catch(() => ({}));
    if (!answer.ok) {
      if (answer.status === 404) {
        $("night-refusal").hidden = false;
        $("night-refusal").textContent = text("night_not_found");
      } else {
        refuse($("night-refusal"), body);
      }
      $("night-token-form").hidden = false;
      $("night-token").focus();
      return;
    }
    $("night-refusal").hidden = true;
    sheet = body;
    device.rememberNight(night, sheet.title);
    draw();
  }

  function draw() {
    $("night-title").textContent = sheet.title || text("night_untitled");
    document.title = (sheet.title || text("night_untitled")) + " · Meldbook";
    drawMoney();
    drawTransfers();
    drawSheet();
    drawLines();
    drawGames();
    const kept = Boolean(device.nightToken(night));
    $("token-kept").hidden = !kept;
    $("night-token-form").hidden = kept;
  }

  function drawMoney() {
    const said = [sheet.currency ? text("night_currency", { currency: sheet.currency }) : text("night_no_currency")];
    if (sheet.chip_value) said.push(text("night_chip_value", { amount: amount(sheet.chip_value.amount) }));
    if (sheet.robins_stake) said.push(text("night_stake", { amount: amount(sheet.robins_stake.amount) }));
    $("night-money").textContent = said.join(" · ");
  }

  function drawTransfers() {
    $("transfers").replaceChildren(...sheet.transfers.map((transfer) => el("li", { class: "transfer" },
      el("span", { class: "payer" }, partyName(transfer.from)), " ", text("night_pays"), " ",
      el("span", { class: "payee" }, partyName(transfer.to)), " ",
      el("strong", { class: "amount", "data-minor": transfer.amount }, amount(transfer.amount)))));
    $("no-transfers").hidden = sheet.transfers.length > 0 || !sheet.check.holds;
    $("check").textContent = sheet.check.holds ? text("night_check_holds") : text("night_check_broken",
      { total: amount(sheet.check.total) });
    $("check").className = "check " + (sheet.check.holds ? "holds" : "refusal");
    const playing = sheet.games.filter((game) => game.in_play);
    $("in-play").hidden = playing.length === 0;
    $("in-play-list").replaceChildren(...playing.map((game) => el("li", { "data-game": game.id },
      text("night_in_play", { game: gameName(game), amount: amount(game.in_play.money) }))));
  }

  function drawSheet() {
    const head = el("tr", {}, el("th", { scope: "col" }, text("night_party")),
      ...sheet.games.map((game) => el("th", { scope: "col", class: "number game-col" }, gameName(game))),
      el("th", { scope: "col", class: "number" }, text("night_net")));
    const rows = sheet.parties.map((party) => {
      const byGame = new Map(party.lines.map((line) => [line.game, line.money]));
      return el("tr", { "data-party": party.name },
        el("th", { scope: "row" }, partyName(party.name)),
        ...sheet.games.map((game) => el("td", { class: "number game-col" }, byGame.has(game.id) ? amount(byGame.get(game.id)) : "")),
        el("td", { class: "number net", "data-minor": party.net }, amount(party.net)));
    });
    const total = el("tr", { class: "total" }, el("th", { scope: "row" }, text("total_row")),
      ...sheet.games.map((game) => el("td", { class: "number game-col" },
        amount(Object.values(game.nets).reduce((sum, net) => sum + net, 0)))),
      el("td", { class: "number" }, amount(sheet.check.total)));
    $("sheet").replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows, total));
  }

  // Each party's lines, one per game, with the settlement entries behind each figure.
  function drawLines() {
    const games = new Map(sheet.games.map((game) => [game.id, game]));
    $("party-lines").replaceChildren(...sheet.parties.map((party) => {
      const box = el("details", { class: "party", "data-party": party.name },
        el("summary", {}, text("night_lines_of", { party: partyName(party.name), net: amount(party.net) })));
      for (const line of party.lines) {
        const figure = text("unit_" + line.unit) + ": " + line.figure;
        const rate = line.rate === null ? text("night_no_rate") : text("night_rate", { rate: amount(line.rate) });
        const item = el("div", { class: "line", "data-game": line.game },
          el("p", {}, el("strong", {}, gameName(games.get(line.game)) + " "), figure + ", " + rate + " = " + amount(line.money)));
        const entries = el("ul", { class: "entries" }, ...line.entries.map((entry) => el("li", { "data-version": entry.version },
          text("night_entry", { move: entry.move, hand: entry.hand, amount: entry.amount, unit: text("unit_" + entry.unit),
            from: partyName(entry.source), to: partyName(entry.destination) }))));
        item.append(entries);
        box.append(item);
      }
      return box;
    }));
  }

  function drawGames() {
    $("night-games").replaceChildren(...sheet.games.map((game) => {
      const remove = el("button", { type: "button", class: "take-out", "data-game": game.id }, text("night_take_out"));
      remove.addEventListener("click", () => takeOut(game));
      return el("li", { class: "night-game", "data-game": game.id },
        el("a", { href: "/games/" + encodeURIComponent(game.id) + "/view" }, gameName(game)), " ",
        el("span", { class: "hint" }, game.over ? text("night_game_over") : text("night_game_playing")), " ", remove);
    }));
    $("no-night-games").hidden = sheet.games.length > 0;
    const inNight = new Set(sheet.games.map((game) => game.id));
    const mine = device.games().filter((game) => !inNight.has(game.id) && device.token(game.id));
    const choices = [el("option", { value: "" }, mine.length ? text("night_choose_game") : text("night_no_device_games")),
      ...mine.map((game) => el("option", { value: game.id }, (game.title || text("untitled")) + " · " + text("variant:" + game.variant)))];
    $("device-games").replaceChildren(...choices);
  }

  // A game's recorder token: the one typed (for the game typed), else the one this device keeps.
  function gameToken(game) {
    const typed = $("game-token").value.trim();
    if (typed && $("game-id").value.trim() === game) return typed;
    return device.token(game);
  }

  async function change(method, url, game, body) {
    const token = gameToken(game);
    const headers = nightHeaders({ "Content-Type": "application/json" });
    if (token) headers.Authorization = "Bearer " + token;
    try {
      const answer = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { ok: answer.ok, body: answer.status === 204 ? {} : await answer.json().catch(() => ({})) };
    } catch (error) {
      return { ok: false, body: { code: "network" } };
    }
  }

  async function takeOut(game) {
    $("games-status").textContent = "";
    if (!window.confirm(text("night_take_out_confirm", { game: gameName(game) }))) return;
    const answer = await change("DELETE", "/nights/" + encodeURIComponent(night) + "/games/" + encodeURIComponent(game.id), game.id);
    if (!answer.ok) { t.refuse($("games-status"), answer.body); return; }
    await load();
  }

  $("add-game").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = $("add-game");
    t.clearRefusals(form);
    const game = $("game-id").value.trim() || $("device-games").value;
    if (!game) { form.querySelector("[data-refusal=game]").textContent = text("night_choose_game_first"); return; }
    const answer = await change("POST", "/nights/" + encodeURIComponent(night) + "/games", game, { game: game });
    if (!answer.ok) { t.showRefusal(form, answer.body, form.querySelector("[data-refusal=game]")); return; }
    $("game-id").value = "";
    $("game-token").value = "";
    $("other-game").open = false;
    await load();
  });

  $("night-token-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const typed = $("night-token").value.trim();
    if (!typed) return;
    device.keepNight(night, typed, device.trusted());
    $("night-token").value = "";
    load();
  });

  // The CSV, asked for with the night's token in its header and saved from the answer (no token in any URL).
  $("download-csv").addEventListener("click", async () => {
    $("csv-status").textContent = "";
    let answer;
    try {
      answer = await fetch("/nights/" + encodeURIComponent(night) + "/sheet.csv", { headers: nightHeaders({ Accept: "text/csv" }) });
    } catch (error) {
      t.refuse($("csv-status"), { code: "network" });
      return;
    }
    if (!answer.ok) { t.refuse($("csv-status"), await answer.json().catch(() => ({}))); return; }
    const name = "meldbook-night-" + night.slice(0, 8) + ".csv";
    const link = el("a", { href: URL.createObjectURL(await answer.blob()), download: name, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    $("csv-status").textContent = text("night_csv_saved", { name: name });
  });

  $("print").addEventListener("click", () => window.print());

  load();
})();
