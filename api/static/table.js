// The table of one frame, drawn with the elements, classes and data that api/templates/_table.html renders (change
// both): the seats with their cards, the piles, the melds (a wild card as the card it stands for), the Royal Rummy
// board and poker pots. The viewer (view.js) and the record page (record.js) draw with it.
"use strict";
window.meldbookTable = (function () {
  const text = window.meldbookText;
  const symbols = { C: "♣", D: "♦", H: "♥", S: "♠" };

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value !== null && value !== undefined) node.setAttribute(key, String(value));
    }
    for (const child of children) node.append(child);
    return node;
  }

  function face(code) {
    if (code === "JK") return { rank: "JK", suit: "", colour: "joker" };
    const suit = code.slice(-1);
    return { rank: code.slice(0, -1), suit: symbols[suit], colour: "CS".includes(suit) ? "black" : "red" };
  }

  function card(code, standsFor) {
    const wild = standsFor && standsFor !== code;
    const shown = face(wild ? standsFor : code);
    const node = el("span", { class: "card " + shown.colour + (wild ? " wild" : ""), "data-card": code,
      "data-stands-for": wild ? standsFor : null });
    if (wild) node.append(el("span", { class: "was" }, face(code).rank));
    node.append(shown.rank, el("span", { class: "suit" }, shown.suit));
    return node;
  }

  function zone(value, path) {
    const node = el("span", { class: "zone", "data-zone": path });
    const cards = Array.isArray(value) ? value : (value.cards || []);
    for (const code of cards) node.append(card(code));
    if (!Array.isArray(value)) {
      const hidden = (value.count || 0) - cards.length;
      if (hidden > 0 || cards.length === 0) node.append(el("span", { class: "card back", "data-count": hidden }, hidden));
    }
    return node;
  }

  function spaceLabel(account) {
    const [kind, name] = account.split(":");
    if (kind === "ace") return text("ace_corner", { suit: symbols[name] || name });
    if (kind === "space") { const key = "space:" + name; return text(key) === key ? name : text(key); }
    return account === "pot" || account === "kitty" ? text(account) : account;
  }

  function chips(text, attrs) {
    return el("span", Object.assign({ class: "chips" }, attrs), text);
  }

  // The table of a game's state document (`doc`: players, to_move, state) at a move, as a list of elements.
  function parts(doc, move, words) {
    const table = doc.state;
    const amounts = (table.scores && Object.keys(table.scores).length ? table.scores : table.stacks) || {};
    const seats = el("ul", { class: "seats" });
    for (const player of doc.players) {
      const amount = amounts[player] || 0;
      const title = el("h3", {}, player);
      if (table.dealer === player) title.append(" ", el("small", {}, text("dealer")));
      title.append(" ", el("span", { class: "amount", "data-score": amount }, amount));
      const seat = el("li", { class: "seat" + (doc.to_move.includes(player) ? " to-move" : ""), "data-player": player },
        title);
      if (table.hands && table.hands[player]) seat.append(zone(table.hands[player], "hands." + player));
      const played = table.rummy && table.rummy.played;
      if (played && played[player]) seat.append(el("p", { class: "played" }, text("played") + " ", zone(played[player], "rummy.played." + player)));
      const bets = table.poker && table.poker.bets;
      if (bets && player in bets) seat.append(el("p", { class: "bet" }, text("bet") + " ", chips(bets[player], { "data-bet": bets[player] })));
      seats.append(seat);
    }
    const piles = el("div", { class: "piles" });
    for (const name of ["stock", "dummy", "dead"]) {
      if (table[name] && typeof table[name] === "object") piles.append(el("p", { class: "pile" }, text(name) + " ", zone(table[name], name)));
    }
    if (Array.isArray(table.discard)) piles.append(el("p", { class: "pile" }, text("discard") + " ", zone(table.discard, "discard")));
    if (typeof table.pot === "number") {  // Roby's pot: money, in the game's currency
      const pot = window.meldbookMoney ? window.meldbookMoney.money(table.pot, doc.currency || null) : String(table.pot);
      piles.append(el("p", { class: "pile" }, text("pot") + " ", chips(pot, { "data-account": "pot", "data-amount": table.pot })));
    }
    const shown = [el("p", { class: "words", "data-move": move }, text("move_words", { move: move, words: words })), seats, piles];
    if (table.melds && table.melds.length) {
      const melds = el("ul", { class: "melds" });
      for (const meld of table.melds) {
        const item = el("li", { class: "meld", "data-meld": meld.id }, meld.owner + ":");
        meld.cards.forEach((code, i) => item.append(" ", card(code, meld.stands_for ? meld.stands_for[i] : null)));
        melds.append(item);
      }
      shown.push(melds);
    }
    if (table.board_chips && Object.keys(table.board_chips).length) {
      const board = el("ul", { class: "board" });
      const space = (account, count) => el("li", { class: "space", "data-account": account, "data-chips": count },
        spaceLabel(account) + " ", el("b", {}, count));
      for (const [account, count] of Object.entries(table.board_chips)) board.append(space(account, count));
      shown.push(board);
    }
    const pots = (table.poker && table.poker.pots) || [];
    if (pots.length) {
      const list = el("ul", { class: "pots", "aria-label": text("poker_pots") });
      pots.forEach((pot, i) => list.append(el("li", { class: "space pot-share", "data-pot": pot.pot, "data-chips": pot.chips },
        i === 0 ? text("main_pot") : text("side_pot", { number: i }), " ", el("b", {}, pot.chips), " ", el("small", {}, pot.eligible.join(", ")))));
      shown.push(list);
    }
    return shown;
  }

  return { el: el, face: face, card: card, zone: zone, parts: parts, symbols: symbols };
})();
