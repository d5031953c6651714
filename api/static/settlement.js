// The settlement panel of the viewer page (api/templates/_settlement.html): each player's balances, read again in
// the caller's view (GET /games/{id}/settlement, with the page's token), and "why this balance?": one player's
// entries in order (GET /games/{id}/settlement/players/{player}), each with who paid the player or was paid (the
// entry's other account: its source, or its destination), its move in words, its rule's sentence (in the page's
// language), its status (a reversed line struck through; its reversal and replacement marked) and the running
// total, each linking to its frame, which the viewer (api/static/view.js, through root.viewer) then shows.
"use strict";
(function () {
  const text = window.meldbookText;
  const root = document.getElementById("viewer");
  const panel = document.getElementById("balances");
  if (!root || !panel || !root.viewer) return;
  const { go, headers, el } = root.viewer;
  const game = root.dataset.game;
  const currency = root.dataset.currency || null;
  const amount = (value, unit, sign) => window.meldbookMoney.amount(value, unit, currency, sign);
  const $ = (id) => document.getElementById(id);
  let chosen = null;
  // Reads are numbered, as the viewer's are: an answer that comes back after a later read of the same thing began
  // (the token changed while the spectator's answer was on its way) is dropped.
  let explaining = 0;
  let balancing = 0;

  async function read(path) {
    const answer = await fetch("/games/" + game + path, { headers: headers() });
    const body = await answer.json();
    if (!answer.ok) throw new Error(body.detail || body.title || "refused");
    return body;
  }

  // An account of the ledger as the explanation names it: a player by name, the pot, a bet, the score sheet...
  function accountName(account) {
    const colon = account.indexOf(":");
    const kind = colon < 0 ? account : account.slice(0, colon);
    const name = colon < 0 ? "" : account.slice(colon + 1);
    if (kind === "player") return name;
    if (kind === "bet") return text("account_bet", { player: name });
    if (kind === "side-pot") return text("side_pot", { number: name });
    if (kind === "space") return text("account_space", { space: name });
    if (kind === "ace") return text("ace_corner", { suit: window.meldbookTable.symbols[name] || name });
    if (["pot", "kitty", "bank", "score-sheet"].includes(kind)) return text("account_" + kind.replace("-", "_"));
    return account;
  }

  // Who the entry's money, chips or points came from (the player's account received them) or went to.
  function counterparty(entry, account) {
    const received = entry.destination === account;
    const other = received ? entry.source : entry.destination;
    return el("span", { class: "counterparty", "data-account": other },
      text(received ? "from_account" : "to_account", { account: accountName(other) }));
  }

  function drawBalances(settlement) {
    for (const row of panel.querySelectorAll(".balance")) {
      const player = row.dataset.player;
      const totals = settlement.balances.filter((b) => b.player === player);
      const shown = totals.map((b) => el("span", { class: "total", "data-unit": b.unit, "data-total": b.total },
        ...(b.unit === "money" ? [amount(b.total, b.unit)] : [b.total + " ", el("span", { class: "unit" }, text("unit_" + b.unit))])));
      if (!shown.length) shown.push(el("span", { class: "unavailable" }, text("nothing_yet")));
      row.querySelector(".totals").replaceChildren(...shown.flatMap((node) => [" ", node]));
    }
  }

  // Each reversed entry beside the reversal that undoes it: the first later reversal in its unit that takes back
  // exactly its change (a correction posts its reversals in the order of the entries they undo).
  function partners(entries) {
    const found = new Map();
    entries.forEach((entry, i) => {
      if (entry.status !== "reversed") return;
      const j = entries.findIndex((other, k) => k > i && !found.has(k) && other.status === "reversal" &&
        other.unit === entry.unit && other.change === -entry.change);
      if (j < 0) return;
      found.set(i, entries[j]);
      found.set(j, entry);
    });
    return found;
  }

  // The rule's sentence in the page's language, by the rule's id; a rule the catalogue does not translate keeps the
  // API's English, marked so for a reader in another language.
  function ruleSentence(rule) {
    const key = "rule:" + rule.id;
    const shown = text(key);
    const english = shown === key;
    return el("span", { class: "rule", lang: english ? "en" : null, title: rule.id + " (" + rule.source + ")" },
      english ? rule.sentence : shown);
  }

  function entryItem(entry, partner, account) {
    const link = el("a", { class: "frame", href: "?hand=" + entry.hand + "&at=" + entry.move, "data-move": entry.move },
      text("move_of_hand", { move: entry.move, hand: entry.hand }));
    link.addEventListener("click", (event) => {
      event.preventDefault();
      go(entry.move);
    });
    const line = el("span", { class: "line" },
      el("span", { class: "change" }, amount(entry.change, entry.unit, true)), " ",
      counterparty(entry, account), " ",
      el("span", { class: "action" }, entry.phrase ? window.meldbookSaid(entry.phrase) : entry.action), " ",
      ruleSentence(entry.rule));
    const status = entry.status === "counted" ? "" : entry.status;
    const item = el("li", { class: "entry " + entry.status, "data-version": entry.version, "data-move": entry.move,
      "data-unit": entry.unit, "data-change": entry.change, "data-running": entry.running_total,
      "data-status": entry.status, "data-partner": partner ? partner.version : null },
      link, " ", line, " ", status ? el("b", { class: "status" }, text("status_" + status)) : "");
    if (partner) {
      item.append(" ", el("small", { class: "partner" }, entry.status === "reversed"
        ? text("undone_by", { move: partner.move }) : text("undoes", { move: partner.move })));
    }
    item.append(el("span", { class: "running" }, "= " + amount(entry.running_total, entry.unit)));
    return item;
  }

  async function explain(player) {
    chosen = player;
    const mine = ++explaining;
    $("explanation").hidden = false;
    $("explanation-title").textContent = text("why_balance", { player: player });
    $("explanation-status").textContent = text("reading");
    $("explanation").setAttribute("aria-busy", "true");
    try {
      const body = await read("/settlement/players/" + encodeURIComponent(player));
      if (mine !== explaining) return;
      const paired = partners(body.entries);
      $("explanation-entries").replaceChildren(...body.entries.map((entry, i) =>
        entryItem(entry, paired.get(i), body.account)));
      const totals = body.balances.map((b) => amount(b.total, b.unit)).join(", ") || text("nothing");
      $("explanation-status").textContent = text("entries_adding_up", { count: body.entries.length, totals: totals });
    } catch (error) {
      if (mine === explaining) {
        $("explanation-status").textContent = text("explanation_unreadable", { error: error.message });
      }
    } finally {
      if (mine === explaining) $("explanation").removeAttribute("aria-busy");
    }
  }

  async function refresh() {
    const mine = ++balancing;
    try {
      const settlement = await read("/settlement");
      if (mine === balancing) drawBalances(settlement);
    } catch (error) {
      if (mine === balancing) {
        $("explanation-status").textContent = text("settlement_unreadable", { error: error.message });
      }
    }
    if (mine !== balancing) return;
    if (chosen) await explain(chosen);
  }

  for (const button of panel.querySelectorAll(".explain")) {
    button.hidden = false;
    button.addEventListener("click", () => explain(button.dataset.player));
  }
  root.addEventListener("viewer:token", refresh);
  refresh();
})();
