// The settlement panel of the viewer page (api/templates/_settlement.html): each player's balances, read again in
// the caller's view (GET /games/{id}/settlement, with the page's token), and "why this balance?": one player's
// entries in order (GET /games/{id}/settlement/players/{player}), each with its move in words, its rule, its status
// (a reversed line struck through; its reversal and replacement marked) and the running total, each linking to its
// frame, which the viewer (api/static/view.js, through root.viewer) then shows.
"use strict";
(function () {
  const root = document.getElementById("viewer");
  const panel = document.getElementById("balances");
  if (!root || !panel || !root.viewer) return;
  const { go, headers, el } = root.viewer;
  const game = root.dataset.game;
  const $ = (id) => document.getElementById(id);
  let chosen = null;

  async function read(path) {
    const answer = await fetch("/games/" + game + path, { headers: headers() });
    const body = await answer.json();
    if (!answer.ok) throw new Error(body.detail || body.title || "refused");
    return body;
  }

  function signed(number) {
    return number > 0 ? "+" + number : String(number);
  }

  function drawBalances(settlement) {
    for (const row of panel.querySelectorAll(".balance")) {
      const player = row.dataset.player;
      const totals = settlement.balances.filter((b) => b.player === player);
      const shown = totals.map((b) => el("span", { class: "total", "data-unit": b.unit, "data-total": b.total },
        b.total + " " + b.unit));
      if (!shown.length) shown.push(el("span", { class: "unavailable" }, "nothing yet"));
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

  function entryItem(entry, partner) {
    const link = el("a", { class: "frame", href: "?hand=" + entry.hand + "&at=" + entry.move, "data-move": entry.move },
      "move " + entry.move + ", hand " + entry.hand);
    link.addEventListener("click", (event) => {
      event.preventDefault();
      go(entry.move);
    });
    const line = el("span", { class: "line" },
      el("span", { class: "change" }, signed(entry.change) + " " + entry.unit), " ",
      el("span", { class: "action" }, entry.action), " ",
      el("span", { class: "rule", title: entry.rule.id + " (" + entry.rule.source + ")" }, entry.rule.sentence));
    const status = entry.status === "counted" ? "" : entry.status;
    const item = el("li", { class: "entry " + entry.status, "data-version": entry.version, "data-move": entry.move,
      "data-unit": entry.unit, "data-change": entry.change, "data-running": entry.running_total,
      "data-status": entry.status, "data-partner": partner ? partner.version : null },
      link, " ", line, " ", status ? el("b", { class: "status" }, status) : "");
    if (partner) {
      item.append(" ", el("small", { class: "partner" }, entry.status === "reversed"
        ? "undone by the reversal at move " + partner.move : "undoes the struck line of move " + partner.move));
    }
    item.append(el("span", { class: "running" }, "= " + entry.running_total + " " + entry.unit));
    return item;
  }

  async function explain(player) {
    chosen = player;
    $("explanation").hidden = false;
    $("explanation-title").textContent = "Why " + player + "'s balance?";
    $("explanation-status").textContent = "Reading…";
    $("explanation").setAttribute("aria-busy", "true");
    try {
      const body = await read("/settlement/players/" + encodeURIComponent(player));
      if (chosen !== player) return;
      const paired = partners(body.entries);
      $("explanation-entries").replaceChildren(...body.entries.map((entry, i) => entryItem(entry, paired.get(i))));
      const totals = body.balances.map((b) => b.total + " " + b.unit).join(", ") || "nothing";
      $("explanation-status").textContent = body.entries.length + " entries, adding up to " + totals +
        ". Each links to its move in the viewer above.";
    } catch (error) {
      $("explanation-status").textContent = "The explanation could not be read (" + error.message + ").";
    } finally {
      if (chosen === player) $("explanation").removeAttribute("aria-busy");
    }
  }

  async function refresh() {
    try {
      drawBalances(await read("/settlement"));
    } catch (error) {
      $("explanation-status").textContent = "The settlement could not be read (" + error.message + ").";
    }
    if (chosen) await explain(chosen);
  }

  for (const button of panel.querySelectorAll(".explain")) {
    button.hidden = false;
    button.addEventListener("click", () => explain(button.dataset.player));
  }
  root.addEventListener("viewer:token", refresh);
  refresh();
})();
