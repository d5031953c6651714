// The record page's card picker (api/templates/record.html): cards typed in the project's spellings (README, Cards:
// `10h`, `th`, `qs`, `A♠`, `JK`, several at once separated by spaces or commas) or tapped as a rank then a suit,
// the cards used last offered first. It offers the cards a template allows (the contract's `allowed_cards`) and
// holds no rules: a card it cannot read is sent as typed, for the service to refuse.
"use strict";
window.meldbookCards = (function () {
  const text = window.meldbookText;
  const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  const SUIT_OF = { C: "C", D: "D", H: "H", S: "S", "♣": "C", "♦": "D", "♥": "H", "♠": "S" };
  const SUITS = ["C", "D", "H", "S"];
  const RECENT = "meldbook-recent-cards";
  const { el, card } = window.meldbookTable;

  // One word as a card in its canonical spelling ("10H", "JK"), or null.
  function canonical(word) {
    const w = word.trim().toUpperCase();
    if (w === "JK") return "JK";
    const suit = SUIT_OF[w.slice(-1)];
    let rank = w.slice(0, -1);
    if (rank === "T") rank = "10";
    return suit && RANKS.includes(rank) ? rank + suit : null;
  }

  // The cards of a typed text, each canonical where it reads as a card, else as typed.
  function read(typed) {
    return typed.split(/[\s,;]+/).filter(Boolean).map((w) => canonical(w) || w);
  }

  function recent() {
    try { return JSON.parse(sessionStorage.getItem(RECENT) || "[]"); } catch (error) { return []; }
  }

  function remember(cards) {
    const kept = [...cards.filter((c) => canonical(c)), ...recent()];
    sessionStorage.setItem(RECENT, JSON.stringify([...new Set(kept)].slice(0, 12)));
  }

  // The picker panel: one for the page, serving the card field that has the focus.
  function picker(panel) {
    let field = null;
    let rank = null;

    function allowed() {
      return field && field.allowed ? field.allowed : null;
    }

    function allows(code) {
      const cards = allowed();
      return !cards || cards.includes(code);
    }

    function add(code) {
      if (!field) return;
      const input = field.input;
      input.value = (input.value.trim() ? input.value.trim() + " " : "") + code;
      input.dispatchEvent(new Event("input", { bubbles: true }));
      remember([code]);
      rank = null;
      draw();
      field.advance();
    }

    function tap(label, attrs, action) {
      const button = el("button", Object.assign({ type: "button" }, attrs), label);
      button.addEventListener("click", action);
      return button;
    }

    function draw() {
      if (!field) { panel.hidden = true; return; }
      panel.hidden = false;
      const used = recent().filter(allows).slice(0, 8);
      const row = el("div", { class: "recent", "aria-label": text("recent_cards") });
      for (const code of used) row.append(tap(card(code), { class: "pick-card", "data-pick": code }, () => add(code)));
      const ranks = el("div", { class: "ranks" });
      for (const r of RANKS) {
        const open = SUITS.some((s) => allows(r + s));
        ranks.append(tap(r, { class: "rank" + (r === rank ? " chosen" : ""), "data-rank": r, disabled: open ? null : "" },
          () => { rank = r; draw(); }));
      }
      if (allows("JK") && (!allowed() || allowed().includes("JK"))) ranks.append(tap("JK", { class: "rank", "data-rank": "JK" }, () => add("JK")));
      const suits = el("div", { class: "suits" });
      for (const s of SUITS) {
        const open = rank !== null && allows(rank + s);
        suits.append(tap(card(rank ? rank + s : "A" + s).querySelector(".suit").textContent,
          { class: "suit-pick " + ("CS".includes(s) ? "black" : "red"), "data-suit": s, disabled: open ? null : "" },
          () => add(rank + s)));
      }
      const title = el("p", { class: "picker-title" }, text("picking_for", { field: field.label }));
      panel.replaceChildren(title, ...(used.length ? [row] : []), ranks, suits);
    }

    return {
      current() { return field; },
      serve(target) {
        field = target;
        rank = null;
        (target.anchor || target.input).after(panel);
        draw();
      },
      leave(target) {
        if (field === target) { field = null; draw(); }
      },
    };
  }

  return { canonical: canonical, read: read, remember: remember, picker: picker, RANKS: RANKS };
})();
