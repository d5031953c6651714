// Cards on the record page: reading what is typed, and the one-tap card grid.
//
// Typed cards follow the project's spellings (README, Cards: `10h`, `th`, `qs`, `A♠`, `JK`), two characters a card
// when a ten is typed `t`; they may run together without separators (`ahkd10sts`) or be separated by spaces or
// commas. What cannot be a card (`zz`, `1h`, `11s`, a joker where the pack has none) is junk: `parse` sets it apart,
// so that a field refuses it rather than count it. The grid is 4 × 13 buttons, a suit a row (plus the joker where
// the variant's pack holds one), one tap a card; the cards a field may not name (the contract's `allowed_cards`) are
// greyed and cannot be tapped. It is one tab stop: the arrow keys move inside it. It holds no rules: it serves the
// card field or the one-card action the page points it at.
"use strict";
window.meldbookCards = (function () {
  const text = window.meldbookText;
  const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  const SUIT_OF = { C: "C", D: "D", H: "H", S: "S", "♣": "C", "♦": "D", "♥": "H", "♠": "S" };
  const SUITS = ["C", "D", "H", "S"];
  const SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠" };
  const SEPARATOR = /[\s,;]/;
  const RANK_START = /^[A2-9TJQK1]$/;
  const RECENT = "meldbook-recent-cards";

  // One word as a card in its canonical spelling ("10H", "JK"), or null.
  function canonical(word) {
    const w = word.trim().toUpperCase();
    if (w === "JK") return "JK";
    const suit = SUIT_OF[w.slice(-1)];
    let rank = w.slice(0, -1);
    if (rank === "T") rank = "10";
    return suit && RANKS.includes(rank) ? rank + suit : null;
  }

  // The card that starts at `at` in `s` (upper case): {card, length}, or {prefix: true} when `s` ends in the first
  // characters of one, or null.
  function cardAt(s, at, jokers) {
    if (s.startsWith("JK", at)) return jokers ? { card: "JK", length: 2 } : null;
    let rank = s[at];
    let length = 1;
    if (rank === "1") {
      if (at + 1 === s.length) return { prefix: true };
      if (s[at + 1] !== "0") return null;
      rank = "10";
      length = 2;
    } else if (rank === "T") {
      rank = "10";
    } else if (!RANK_START.test(rank)) {
      return null;
    }
    if (at + length === s.length) return { prefix: true };
    const suit = SUIT_OF[s[at + length]];
    return suit ? { card: rank + suit, length: length + 1 } : null;
  }

  // What a typed text holds: its cards (canonical), its junk (each run of what cannot be a card, as typed) and the
  // start of a card still being typed at its end (`rest`).
  function parse(typed, jokers) {
    const s = String(typed || "").toUpperCase();
    const cards = [];
    const junk = [];
    let rest = "";
    let bad = "";
    let at = 0;
    const flush = () => { if (bad) { junk.push(bad); bad = ""; } };
    while (at < s.length) {
      if (SEPARATOR.test(s[at])) { flush(); at++; continue; }
      const found = cardAt(s, at, jokers);
      if (found && found.prefix) { flush(); rest = s.slice(at); break; }
      if (found) { flush(); cards.push(found.card); at += found.length; continue; }
      bad += s[at];
      at++;
    }
    flush();
    return { cards: cards, junk: junk, rest: rest };
  }

  // The cards of a typed text, junk left out.
  function read(typed, jokers) {
    return parse(typed, jokers).cards;
  }

  function recent() {
    try { return JSON.parse(sessionStorage.getItem(RECENT) || "[]"); } catch (error) { return []; }
  }

  function remember(cards) {
    const kept = [...cards.filter((c) => canonical(c)), ...recent()];
    sessionStorage.setItem(RECENT, JSON.stringify([...new Set(kept)].slice(0, 12)));
  }

  // The grid in `panel`, for a pack with or without jokers. `serve(target)` points it at a target:
  // {label, allowed: [codes] or null, chosen: () => [codes], pick(code)}; `serve(null)` hides it.
  function grid(panel, jokers) {
    const { el } = window.meldbookTable;
    let target = null;
    let focusAt = null; // the card whose button holds the one tab stop

    // One button a card, made once; each drawing sets what it shows (allowed, chosen) in place, so that a tap does
    // not replace the button tapped.
    function cell(code) {
      const suit = code === "JK" ? "" : code.slice(-1);
      const face = code === "JK" ? [el("span", { class: "rank" }, "JK")]
        : [el("span", { class: "rank" }, code.slice(0, -1)), el("span", { class: "suit" }, SYMBOL[suit])];
      const button = el("button", {
        type: "button", class: "grid-card " + (code === "JK" ? "joker" : "CS".includes(suit) ? "black" : "red"),
        "data-card": code, "aria-label": cardName(code), tabindex: "-1" }, ...face);
      button.addEventListener("click", () => {
        focusAt = code;
        if (target) target.pick(code);
      });
      return button;
    }

    function show(button) {
      const code = button.dataset.card;
      const allowed = !target.allowed || target.allowed.includes(code);
      const chosen = target.chosen ? target.chosen().includes(code) : false;
      button.setAttribute("aria-pressed", chosen ? "true" : "false");
      button.disabled = !(allowed || chosen);
    }

    let built = null;
    function build() {
      const title = el("p", { class: "grid-title", id: "grid-title" });
      const rows = SUITS.map((suit) => el("div", { class: "grid-row", "data-suit": suit },
        ...RANKS.map((rank) => cell(rank + suit))));
      if (jokers) rows.push(el("div", { class: "grid-row jokers" }, cell("JK")));
      const body = el("div", { class: "grid-cards", role: "group", "aria-labelledby": "grid-title" }, ...rows);
      body.addEventListener("keydown", move);
      const extra = el("div", { class: "grid-extra" });
      panel.replaceChildren(title, body, extra);
      return { title: title, extra: extra };
    }

    function buttons() { return [...panel.querySelectorAll(".grid-card")]; }

    function rovingStop() {
      const all = buttons().filter((b) => !b.disabled);
      const stop = all.find((b) => b.dataset.card === focusAt) || all[0];
      for (const b of buttons()) b.tabIndex = b === stop ? 0 : -1;
    }

    // Arrow keys move inside the grid, skipping greyed cards: left and right along a suit, up and down across suits.
    function move(event) {
      const from = event.target.closest(".grid-card");
      if (!from) return;
      const steps = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
      let next = null;
      if (event.key === "Home" || event.key === "End") {
        const open = buttons().filter((b) => !b.disabled);
        next = event.key === "Home" ? open[0] : open[open.length - 1];
      } else if (steps[event.key]) {
        const rows = [...panel.querySelectorAll(".grid-row")].map((row) => [...row.querySelectorAll(".grid-card")]);
        let r = rows.findIndex((row) => row.includes(from));
        let c = rows[r].indexOf(from);
        const [dr, dc] = steps[event.key];
        for (let tries = 0; tries < 60 && !next; tries++) {
          r = (r + dr + rows.length) % rows.length;
          c = dr ? Math.min(c, rows[r].length - 1) : (c + dc + rows[r].length) % rows[r].length;
          if (!rows[r][c].disabled) next = rows[r][c];
        }
      }
      if (!next) return;
      event.preventDefault();
      focusAt = next.dataset.card;
      rovingStop();
      next.focus();
    }

    function draw() {
      if (!target) { panel.hidden = true; return; }
      if (!built || !panel.contains(built.title)) built = build();
      panel.hidden = false;
      panel.dataset.sends = target.sends ? JSON.stringify(target.sends) : "";
      built.title.textContent = target.label;
      built.extra.replaceChildren(...(target.extra ? [target.extra] : []));
      for (const button of buttons()) show(button);
      rovingStop();
    }

    return {
      serve(next) { target = next; draw(); },
      current() { return target; },
      redraw: draw,
    };
  }

  // A card in words for a screen reader: "10 ♥", "joker".
  function cardName(code) {
    return code === "JK" ? text("joker") : code.slice(0, -1) + " " + SYMBOL[code.slice(-1)];
  }

  return { canonical: canonical, parse: parse, read: read, remember: remember, recent: recent, grid: grid,
    cardName: cardName, RANKS: RANKS, SUITS: SUITS };
})();
