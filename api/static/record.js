// The record page (GET /games/{id}/record): records a game at the table from the legal-actions contract of
// GET /games/{id}, read with the token this device keeps for the game (api/static/device.js; sent as
// Authorization: Bearer only). The first screen holds whose turn it is, his hand (the seat's own; in the recorder's
// full view, the hand of the player acting) drawn as cards to tap, the actions the contract lists for the cards
// tapped (record_offers.js), the card grid where the next action names a card (record_cards.js) and the forms of the
// other templates (record_forms.js); the table's irregularities and corrections wait behind one "Table" menu. Every
// move goes through the queue (record_queue.js): sent at once with the version last read (If-Match and
// expected_version), an Idempotency-Key and X-Device-Label, or kept on the device while the connection is down and
// sent in order when it returns. A refusal is shown where the move was entered, what was typed kept. Below: the
// table (table.js), the score sheet with each hand's confirmations, the disputes (record_disputes.js) and the
// digests this seat confirmed. It follows the game's stream, reading the game again when another device records.
"use strict";
(function () {
  const text = window.meldbookText;
  const root = document.getElementById("record");
  if (!root) return;
  const { el, parts } = window.meldbookTable;
  const forms = window.meldbookForms;
  const cards = window.meldbookCards;
  const offersOf = window.meldbookOffers;
  const device = window.meldbookDevice;
  const money = window.meldbookMoney;
  const game = root.dataset.game;
  const $ = (id) => document.getElementById(id);
  const SUIT_ORDER = { S: 0, H: 1, C: 2, D: 3 };
  // A move's events come down the stream together: the game is read once, this long after the last of them.
  const SETTLE_MS = 40;
  const drafts = {};
  const inPlace = {}; // where each move's refusal is shown, by its Idempotency-Key (this page's life only)
  let doc = null;
  let variant = null; // GET /variants' entry of the game's variant
  let actor = null; // the player the page records for now
  let selected = []; // indices of the hand's cards tapped
  let handShown = []; // the hand's cards as drawn, in order
  let hiddenCards = 0; // how many cards of the hand the record does not name
  let served = null; // the card field the grid serves, when it serves a form
  let grid = null;
  let gridJokers = false; // whether the grid holds the joker
  let stream = null;
  let reading = null;
  let following = null;
  let loads = 0; // each read of the game is numbered: only the latest read's answer is drawn

  function token() { return device.token(game); }

  function headers(extra) {
    const sent = Object.assign({ Accept: "application/json" }, extra || {});
    if (token()) sent.Authorization = "Bearer " + token();
    return sent;
  }

  // A refusal in words: the code's sentence in the page's language, and the service's own detail (English): beside
  // it on an English page, behind "Details" on a page in another language. Text, or the nodes that show it.
  function refusalText(body) {
    const sentence = body.code ? text("problem:" + body.code) : (body.title || "");
    return window.meldbookWithDetail(sentence, body.detail, (s, d) => s + " — " + d);
  }

  function say(node, words) {
    if (Array.isArray(words)) node.replaceChildren(...words); else node.textContent = words || "";
    node.hidden = !words || words.length === 0;
  }

  const queue = window.meldbookQueue(game, {
    version: () => (doc ? doc.version : 0),
    post: post,
    answered: answered,
    refused: refused,
    changed: showQueue,
  });
  const disputes = window.meldbookDisputes({
    game: game, headers: headers, doc: () => doc, refusalText: refusalText,
    said: (words) => { $("last-sent").textContent = words; }, reload: () => sheet(),
  });

  async function variantOf(name) {
    if (variant && variant.name === name) return variant;
    const answer = await fetch("/variants", { headers: { Accept: "application/json" } }).catch(() => null);
    if (answer && answer.ok) variant = ((await answer.json()).variants || []).find((v) => v.name === name) || null;
    return variant;
  }

  async function load() {
    const mine = ++loads;
    try {
      const answer = await fetch("/games/" + game, { headers: headers() });
      const body = await answer.json();
      if (mine !== loads) return; // a later read is on its way: an earlier version must not be drawn over it
      if (!answer.ok) {
        say($("refusal"), refusalText(body));
        $("token-form").hidden = false;
        return;
      }
      await variantOf(body.variant);
      if (mine !== loads) return;
      // The pack's jokers join the grid once the variant is known, whichever reading first learns it (the first
      // one fails when the page waits for a token).
      if (variant && variant.jokers && !gridJokers) { grid = cards.grid($("grid"), true); gridJokers = true; }
      const same = doc && doc.version === body.version;
      if (!same) {
        selected = [];
        preferTarget = false;
        // A field the grid served keeps it across a new reading only while it is being filled.
        if (served && !served.cards().length && document.activeElement !== served.input) served = null;
      }
      doc = body;
      if (same) return; // the stream's news of a version already read: nothing to draw again
      device.rememberGame(game, doc.title, doc.variant, doc.role);
      draw();
      if (!stream && !following && !doc.over) follow();
      if (doc.over && stream) { stream.close(); stream = null; }
      sheet();
    } catch (error) {
      if (mine === loads) say($("refusal"), text("unreadable", { error: error.message }));
    }
  }

  function seatPlayer() {
    return doc && doc.role && doc.role.startsWith("seat:") ? doc.role.slice(5) : null;
  }

  // The players the page may record for now: those the legal actions name, in seat order.
  function actors() {
    const named = new Set((doc.legal_actions || []).map((e) => e.player).filter(Boolean));
    return doc.players.filter((p) => named.has(p));
  }

  function chooseActor() {
    const me = seatPlayer();
    if (me) { actor = me; return; }
    const open = actors();
    if (queue.offline()) {
      if (!actor || !doc.players.includes(actor)) actor = doc.to_move[0] || doc.players[0];
      return;
    }
    if (!open.includes(actor)) actor = open.find((p) => doc.to_move.includes(p)) || open[0] || doc.to_move[0] || null;
  }

  function handOf(player) {
    const hands = (doc.state && doc.state.hands) || {};
    const held = hands[player];
    if (!held) return { cards: [], hidden: 0 };
    const list = Array.isArray(held) ? held : held.cards || [];
    const hidden = Array.isArray(held) ? 0 : Math.max(0, (held.count || 0) - list.length);
    return { cards: list, hidden: hidden };
  }

  function cardOrder(a, b) {
    const rank = (c) => (c === "JK" ? 99 : cards.RANKS.indexOf(c.slice(0, -1)));
    const suit = (c) => (c === "JK" ? 9 : SUIT_ORDER[c.slice(-1)]);
    return suit(a) - suit(b) || rank(a) - rank(b);
  }

  function selection() { return selected.map((i) => handShown[i]).filter(Boolean); }

  // The cards the moves waiting for the connection name for the player: those of his hand are marked as used.
  function waitingCards(player) {
    return queue.moves().filter((m) => (m.body.player || "") === player).flatMap((m) => offersOf.named(m.body));
  }

  function draw() {
    $("title").textContent = doc.title || doc.variant;
    $("subtitle").textContent = doc.variant + ": " + doc.players.join(", ");
    root.dataset.version = doc.version;
    chooseActor();
    const me = seatPlayer();
    const waiting = me && !doc.over && doc.to_move.length && !doc.to_move.includes(me);
    $("turn").textContent = doc.over ? text("game_over") : waiting ? text("waiting_for", { players: doc.to_move.join(", ") })
      : doc.to_move.length ? text("to_act", { players: doc.to_move.join(", ") }) : "";
    drawActors();
    drawPlay();
    drawMenu();
    const undoable = (doc.table_actions || []).find((e) => e.type === "void");
    $("undo").disabled = !undoable;
    $("undo").hidden = !undoable;
    $("undo").dataset.move = undoable ? undoable.moves[undoable.moves.length - 1] : "";
    if (!undoable) $("undo-form").hidden = true;
    $("table").replaceChildren(...parts(doc, doc.version, ""));
    $("table").querySelector(".words").remove();
    $("trust-offer").hidden = !token() || device.kept(game);
    $("setup-link").hidden = doc.role !== "recorder";
    $("setup-link").href = "/games/" + game + "/setup";
  }

  function drawActors() {
    const open = queue.offline() && !seatPlayer() ? doc.players : actors();
    const box = $("actors");
    box.hidden = seatPlayer() !== null || open.length < 2;
    box.replaceChildren(el("span", { class: "label" }, text("acting_for")), ...open.map((p) => {
      const button = el("button", { type: "button", class: "actor", "data-player": p, "aria-pressed": String(p === actor) }, p);
      button.addEventListener("click", () => { actor = p; selected = []; drawActors(); drawPlay(); });
      return button;
    }));
  }

  // The hand, the offers for the selection, the grid and the forms of the player acting.
  function drawPlay() {
    const offline = queue.offline();
    const held = actor ? handOf(actor) : { cards: [], hidden: 0 };
    const usedLeft = offline ? waitingCards(actor) : [];
    // The hand is shown while it matters to what the player may do: not while all he may do is name cards from
    // outside it (a cut, a deal, when his hand is last hand's leftovers), nor for an entry that stands in for another
    // (the hand recorded by its result instead of its deal).
    const matters = offline || entriesOf(actor).some((e) => !e.unseen && !e.instead_of
      && (e.choices || e.examples || []).length);
    handShown = matters ? [...held.cards].sort(cardOrder) : [];
    hiddenCards = held.hidden;
    const hand = $("hand");
    const title = $("hand-title");
    $("hand-box").hidden = !(handShown.length || held.hidden) || !matters;
    title.textContent = actor ? text("hand_of", { player: actor, count: handShown.length + held.hidden }) : "";
    hand.replaceChildren(...handShown.map((code, i) => {
      const button = el("button", { type: "button", class: "hand-card " + face(code), "data-card": code, "data-index": i,
        "aria-pressed": String(selected.includes(i)), "aria-label": cards.cardName(code) }, ...faceParts(code));
      const at = usedLeft.indexOf(code);
      if (at >= 0) { usedLeft.splice(at, 1); button.classList.add("queued"); }
      button.addEventListener("click", () => {
        selected = selected.includes(i) ? selected.filter((x) => x !== i) : [...selected, i];
        button.setAttribute("aria-pressed", String(selected.includes(i)));
        drawOffers();
      });
      return button;
    }));
    if (held.hidden) hand.append(el("span", { class: "card back", "data-count": held.hidden }, String(held.hidden)));
    drawOffers();
    drawForms();
  }

  function face(code) {
    return code === "JK" ? "joker" : "CS".includes(code.slice(-1)) ? "black" : "red";
  }

  function faceParts(code) {
    if (code === "JK") return [el("span", { class: "rank" }, "JK")];
    return [el("span", { class: "rank" }, code.slice(0, -1)), el("span", { class: "suit" }, window.meldbookTable.symbols[code.slice(-1)])];
  }

  function entriesOf(player) {
    return (doc.legal_actions || []).filter((e) => (e.player || "") === (player || ""));
  }

  function currentOffers() {
    const hand = handShown;
    if (queue.offline()) return offersOf.unchecked((variant && variant.actions) || [], actor, hand, selection(), doc);
    return offersOf.offers(entriesOf(actor), hand, selection(), doc);
  }

  function offerButton(offer, primary) {
    const button = el("button", { type: "button", class: "choice offer" + (primary ? " matched" : ""),
      "data-body": JSON.stringify(offer.body), "data-action": offer.body.type || offer.body.kind }, offer.label);
    button.addEventListener("click", () => {
      if ((offer.entry.confirm || []).length && button.dataset.armed !== "true") {
        button.dataset.armed = "true";
        button.textContent = text("tap_again", { words: offer.label });
        return;
      }
      send(offer.body, { entry: offer.entry, key: null, refusal: null });
    });
    return button;
  }

  function drawOffers() {
    const found = currentOffers();
    const chosen = selection();
    const box = $("offers");
    box.replaceChildren(...found.matched.map((o) => offerButton(o, true)), ...found.free.map((o) => offerButton(o, false)));
    let hint = "";
    if (queue.offline()) hint = text("unchecked_hint");
    else if (chosen.length && !found.matched.length) hint = found.more ? text("tap_more", { count: found.more }) : text("no_action_for_these");
    else if (!chosen.length && handShown.length && entriesOf(actor).some((e) => offersOf.direct(e, handShown) && !offersOf.gridTarget(e, handShown))) hint = text("tap_cards_hint");
    $("offer-hint").textContent = hint;
    $("offer-hint").hidden = !hint;
    $("clear-selection").hidden = chosen.length === 0;
    gridTargets = found.grid;
    serveGrid();
    const none = !(doc.legal_actions || []).length && !queue.offline();
    const me = seatPlayer();
    $("no-actions").hidden = !none || Boolean(doc.over) || Boolean(me && !doc.to_move.includes(me));
  }

  let gridTargets = [];
  let gridChoice = 0;
  let preferTarget = false; // the player pointed the grid at a one-card action rather than the hand he is entering

  // Point the grid at what the next action names: a one-card action of the player, else the form field served.
  function serveGrid() {
    if (!grid) return;
    const others = () => (gridTargets.length ? targetSwitch(true) : null);
    if (served && served.input.isConnected && !preferTarget) {
      grid.serve(Object.assign(fieldTarget(served), { extra: others() }));
      return;
    }
    served = null;
    // A form field for exactly the cards the hand lacks (a player entering his own hand) comes first.
    const shownForms = [...$("forms").querySelectorAll("form.template")].filter((f) => f.fields && !f.closest("details:not([open])"));
    const entering = hiddenCards && shownForms.flatMap((f) => f.fields).find((f) => f.count === hiddenCards && !f.full());
    if (entering && !preferTarget) {
      served = entering;
      grid.serve(Object.assign(fieldTarget(entering), { extra: others() }));
      return;
    }
    if (gridTargets.length) {
      for (const box of document.querySelectorAll(".card-field.serving")) box.classList.remove("serving");
      const target = gridTargets[Math.min(gridChoice, gridTargets.length - 1)];
      grid.serve({
        label: text("tap_card_for", { action: target.label || forms.describe(target.entry.template || target.body("")) }),
        allowed: target.allowed,
        chosen: () => [],
        pick: (code) => send(target.body(code), { entry: target.entry, key: null, refusal: null }),
        sends: target.body("<card>"),
        extra: gridTargets.length > 1 ? targetSwitch() : null,
      });
      return;
    }
    const form = shownForms.find((f) => f.fields.length);
    const field = form ? form.firstField() : null;
    if (field) { served = field; grid.serve(Object.assign(fieldTarget(field), { extra: others() })); return; }
    for (const box of document.querySelectorAll(".card-field.serving")) box.classList.remove("serving");
    grid.serve(null);
  }

  // Buttons that point the grid at another one-card action (`away`: the grid serves a form field now).
  function targetSwitch(away) {
    return el("p", { class: "grid-targets" }, text("tap_card_instead"), ...gridTargets.map((target, i) => {
      const button = el("button", { type: "button", "aria-pressed": String(!away && i === gridChoice),
        "data-sends": JSON.stringify(target.body("<card>")) }, target.label || forms.describe(target.entry.template));
      button.addEventListener("click", () => { gridChoice = i; preferTarget = true; served = null; serveGrid(); });
      return button;
    }));
  }

  function fieldTarget(field) {
    for (const box of document.querySelectorAll(".card-field.serving")) box.classList.remove("serving");
    field.box.classList.add("serving");
    return {
      label: text("picking_for", { field: field.label + (field.form.dataset.player ? " · " + field.form.dataset.player : "") }),
      allowed: field.allowed,
      chosen: () => [...field.form.fields].flatMap((f) => f.cards()),
      pick: (code) => field.pick(code),
    };
  }

  const gridHook = {
    serve(field) {
      served = field;
      preferTarget = false;
      if (field && grid) grid.serve(fieldTarget(field));
    },
  };

  function formContext() {
    return { doc: doc, drafts: drafts, send: send, jokers: Boolean(variant && variant.jokers), grid: gridHook };
  }

  // The forms of the player's templates that the buttons and the grid do not meet; those they do meet wait behind
  // "another way".
  function drawForms() {
    const keep = served && served.input.isConnected ? served.form.dataset.action + ":" + served.path : null;
    const focused = document.activeElement && document.activeElement.dataset && document.activeElement.dataset.field
      && document.activeElement.closest("#forms") ? document.activeElement : null;
    const focusKey = focused ? focused.form.dataset.action + ":" + focused.dataset.field : null;
    const nodes = [];
    const entries = queue.offline() ? currentOffers().forms : entriesOf(actor).filter((e) => e.template);
    for (const entry of entries) {
      if (!queue.offline() && offersOf.gridTarget(entry, handShown)) continue;
      const form = forms.build(entry, formContext());
      if (entry.instead_of) { // another way to record what another entry records (a hand by its result)
        nodes.push(el("details", { class: "another-way", "data-action": entry.type },
          el("summary", {}, text("instead", { action: text("action:" + entry.type) })), form));
        continue;
      }
      const direct = queue.offline() || offersOf.direct(entry, handShown);
      const suggested = (entry.examples || []).filter(() => !entry.unseen);
      if (direct) {
        if (queue.offline() || suggested.length !== 1 || (entry.template && Object.keys(entry.template).length > 4)) {
          nodes.push(el("details", { class: "another-way", "data-action": entry.type },
            el("summary", {}, text("another_way", { action: text("action:" + entry.type) })), form));
        }
      } else {
        nodes.push(el("div", { class: "entry", "data-action": entry.type, "data-player": entry.player || "" }, form));
      }
    }
    $("forms").replaceChildren(...nodes);
    served = null;
    if (keep) {
      const [action, path] = [keep.slice(0, keep.indexOf(":")), keep.slice(keep.indexOf(":") + 1)];
      for (const form of $("forms").querySelectorAll("form.template")) {
        if (form.dataset.action === action) served = form.fields.find((f) => f.path === path) || served;
      }
    }
    if (focusKey) {
      for (const input of $("forms").querySelectorAll("[data-field]")) {
        if (input.form.dataset.action + ":" + input.dataset.field === focusKey) input.focus();
      }
    }
    for (const details of $("forms").querySelectorAll("details")) details.addEventListener("toggle", serveGrid);
    serveGrid();
  }

  // The table's actions (irregularities, corrections, ending the game), behind the "Table" menu.
  function drawMenu() {
    const entries = (doc.table_actions || []).filter((e) => e.type !== "void");
    $("table-actions").replaceChildren(...entries.map(entryNode));
    $("no-table-actions").hidden = entries.length > 0;
  }

  function entryNode(entry) {
    const box = el("div", { class: "entry", "data-action": entry.type, "data-player": entry.player || "" });
    const concrete = entry.choices || (entry.unseen ? [] : entry.examples || []);
    if (entry.template) box.append(forms.build(entry, formContext()));
    if (concrete.length) {
      const offers = offersOf.labelled(concrete.map((body) => ({ body: body, entry: entry })), doc);
      const row = el("div", { class: "choices" }, ...offers.map((o) => offerButton(o, false)));
      if (entry.template) row.prepend(el("span", { class: "label" }, text("suggested")));
      box.prepend(row);
    }
    return box;
  }

  function routeOf(entry) {
    return entry && entry.route ? entry.route.replace(/^POST /, "").replace("{id}", game) : "/games/" + game + "/moves";
  }

  // A move entered: to the queue, which sends it at once unless others wait. A move chosen in the Table menu closes it.
  function send(body, how) {
    if (!doc) return;
    $("table-menu").open = false;
    const move = queue.add({
      path: routeOf(how.entry), body: Object.assign({}, body), version: doc.version, label: forms.describe(body),
      draft: how.key || null,
    });
    inPlace[move.key] = how.refusal || null;
    if (queue.offline()) { selected = []; drawPlay(); }
  }

  // One move to the service; {ok, status, body}, or {network: true} when no answer came.
  async function post(move) {
    root.setAttribute("aria-busy", "true");
    try {
      const answer = await fetch(move.path, { method: "POST", body: JSON.stringify(move.body), headers: headers({
        "Content-Type": "application/json", "Idempotency-Key": move.key, "If-Match": '"' + move.body.expected_version + '"',
        "X-Device-Label": device.label() || text("default_device") }) });
      const body = await answer.json().catch(() => ({}));
      return { ok: answer.ok, status: answer.status, body: body };
    } catch (error) {
      return { network: true, error: error };
    } finally {
      root.removeAttribute("aria-busy");
    }
  }

  async function answered(move, answer, last) {
    if (move.draft) delete drafts[move.draft];
    cards.remember(offersOf.named(move.body));
    const where = inPlace[move.key];
    if (where) say(where, "");
    say($("refusal"), "");
    $("last-sent").textContent = text("recorded", { words: move.label });
    delete inPlace[move.key];
    if (last) await load();
  }

  async function refused(move, answer, held) {
    const words = () => refusalText(answer.body); // new nodes for each place the refusal is shown
    if (held) {
      await load();
      return;
    }
    const where = inPlace[move.key] && inPlace[move.key].isConnected ? inPlace[move.key] : $("refusal");
    say(where, words());
    if (where !== $("refusal")) say($("refusal"), "");
    delete inPlace[move.key];
    if (answer.status === 409 || answer.status === 412) {
      await load();
      if (!where.isConnected) say($("refusal"), words());
    }
  }

  function showQueue() {
    const moves = queue.moves();
    const box = $("queue");
    box.hidden = moves.length === 0 || (moves.length === 1 && !moves[0].failed && moves[0].state === "waiting");
    $("queue-count").textContent = moves.length === 1 ? text("queue_one") : text("queue_many", { count: moves.length });
    let blocked = false;
    $("queue-list").replaceChildren(...moves.map((move) => {
      const item = el("li", { class: "queued-move", "data-state": blocked ? "held" : move.state, "data-key": move.key },
        el("span", { class: "words" }, move.label + (move.body.player ? " · " + move.body.player : "")));
      if (move.state === "refused") {
        item.append(el("span", { class: "refusal" }, ...[].concat(refusalText(move.problem || {}))),
          queueButton(text("queue_retry"), () => queue.retry(move.key)),
          queueButton(text("queue_drop"), () => queue.drop(move.key, false)),
          queueButton(text("queue_drop_rest"), () => queue.drop(move.key, true)));
      } else {
        item.append(el("small", { class: "status" }, blocked ? text("queue_held") : text("queue_waiting")));
      }
      if (move.state === "refused") blocked = true;
      return item;
    }));
    $("queue-offline").hidden = !queue.offline() || moves.length === 0;
    // Going offline (or back) changes what the page offers: the contract's actions, or the variant's unchecked.
    if (doc && queue.offline() !== wasOffline) { drawActors(); drawPlay(); }
    wasOffline = queue.offline();
  }
  let wasOffline = false;

  function queueButton(label, action) {
    const button = el("button", { type: "button" }, label);
    button.addEventListener("click", async () => { action(); await load(); });
    return button;
  }

  async function sheet() {
    if (!doc) return;
    const answer = await fetch("/games/" + game + "/settlement", { headers: headers() }).catch(() => null);
    if (!answer || !answer.ok) return;
    const balances = (await answer.json()).balances.filter((b) => b.player);
    const unit = ["points", "chips", "money"].find((u) => balances.some((b) => b.unit === u));
    const mine = balances.filter((b) => b.unit === unit);
    // Money is shown as money, in the game's currency; a game scored in points that is played for money too (Roby)
    // keeps a row of each player's money under its totals, whatever the hand.
    const shown = (value, inUnit) => inUnit === "money" ? money.money(value, doc.currency || null) : String(value);
    const cash = unit !== "money" ? balances.filter((b) => b.unit === "money") : [];
    let listed = null;
    const asked = await fetch("/games/" + game + "/confirmations", { headers: headers() }).catch(() => null);
    if (asked && asked.ok) listed = await asked.json();
    const confirmed = listed ? listed.items : null;
    const me = seatPlayer();
    const open = await disputes.show();
    if (!doc) return; // another token was given while the sheet was read: its own reading draws the sheet
    const hands = [...new Set(mine.flatMap((b) => b.by_hand.map((h) => h.hand)))].sort((a, b) => a - b);
    const head = el("tr", {}, el("th", {}, text("hand_column")), ...doc.players.map((p) => el("th", {}, p)));
    if (confirmed) head.append(el("th", {}, text("confirmed_column")));
    const rows = hands.map((hand) => {
      const row = el("tr", { "data-hand": hand }, el("th", {}, hand));
      for (const p of doc.players) {
        const b = mine.find((x) => x.player === p);
        const change = b ? (b.by_hand.find((h) => h.hand === hand) || { change: 0 }).change : 0;
        row.append(el("td", { "data-player": p, "data-change": change }, shown(change, unit)));
      }
      if (confirmed) {
        const who = confirmed.filter((c) => c.hand === hand).map((c) => c.player + (c.matches === false ? " ≠" : " ✓"));
        const cell = el("td", { class: "confirmed" }, who.join(", "));
        for (const d of open.filter((x) => x.hand === hand)) {
          cell.append(el("a", { class: "disputed", href: "#dispute-" + d.id, "data-dispute": d.id, "data-status": d.status },
            text("disputed_by", { who: d.opened_by.replace(/^seat:/, ""), id: d.id, status: text("dispute_" + d.status) })));
        }
        const scored = String(hand) in listed.scored;
        if (me && scored && !confirmed.some((c) => c.hand === hand && c.player === me)) cell.append(confirmButton(hand));
        if (scored && mayDispute()) cell.append(disputeButton(hand, listed.scored[String(hand)]));
        row.append(cell);
      }
      return row;
    });
    const total = el("tr", { class: "total" }, el("th", {}, text("total_row")),
      ...doc.players.map((p) => { const b = mine.find((x) => x.player === p); return el("td", { "data-player": p }, shown(b ? b.total : 0, unit)); }));
    const moneyRow = cash.length ? [el("tr", { class: "money" }, el("th", {}, text("unit_money")),
      ...doc.players.map((p) => { const b = cash.find((x) => x.player === p); const value = b ? b.total : 0;
        return el("td", { "data-player": p, "data-money": value }, shown(value, "money")); }))] : [];
    $("sheet-unit").textContent = unit ? text("unit_" + unit) : "";
    $("sheet").replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows, total, ...moneyRow));
    await kept();
  }

  // Whether this token may open a dispute from here: a seat, or the recorder.
  function mayDispute() {
    return Boolean(doc && doc.role && (doc.role === "recorder" || doc.role.startsWith("seat:")));
  }

  async function postFromSheet(path, body) {
    const answer = await fetch(path, { method: "POST", body: JSON.stringify(body),
      headers: headers({ "Content-Type": "application/json" }) }).catch((error) => ({ ok: false, error: error }));
    const reply = answer.json ? await answer.json().catch(() => ({})) : {};
    if (!answer.ok) {
      say($("confirm-refusal"), answer.error ? text("unsent", { error: answer.error.message }) : refusalText(reply));
      return null;
    }
    say($("confirm-refusal"), "");
    return reply;
  }

  // A player who does not confirm a hand's result disputes it instead: the form opens below the sheet.
  function disputeButton(hand, at) {
    const button = el("button", { type: "button", class: "dispute-hand", "data-hand": hand }, text("dispute_hand"));
    button.addEventListener("click", () => disputes.open(hand, at));
    return button;
  }

  // The digests this device kept of the hands its seat confirmed: {player: {hand: {digest, at}}}.
  const keptKey = "meldbook-confirmed:" + game;
  function keptDigests() {
    try { return JSON.parse(localStorage.getItem(keptKey) || "{}"); } catch (error) { return {}; }
  }

  function confirmButton(hand) {
    const button = el("button", { type: "button", class: "confirm-hand", "data-hand": hand }, text("confirm_hand"));
    button.addEventListener("click", async () => {
      const me = seatPlayer();
      button.disabled = true;
      const reply = await postFromSheet("/games/" + game + "/hands/" + hand + "/confirmations", {});
      if (!reply) { button.disabled = false; return; }
      const digests = keptDigests();
      digests[me] = Object.assign(digests[me] || {}, { [reply.hand]: { digest: reply.digest, at: reply.at } });
      localStorage.setItem(keptKey, JSON.stringify(digests));
      $("last-sent").textContent = text("confirmed_hand", { hand: reply.hand });
      await sheet();
    });
    return button;
  }

  // Each digest kept on this device for this seat, checked against the record as it is now (GET .../verify).
  async function kept() {
    const me = seatPlayer();
    const mine = me ? keptDigests()[me] || {} : {};
    const hands = Object.keys(mine).map(Number).sort((a, b) => a - b);
    $("kept").hidden = hands.length === 0;
    const items = await Promise.all(hands.map(async (hand) => {
      const { digest, at } = mine[hand];
      const query = "?digest=" + encodeURIComponent(digest) + "&at=" + encodeURIComponent(at);
      const answer = await fetch("/games/" + game + "/verify" + query, { headers: headers() }).catch(() => null);
      const checked = answer && answer.ok ? (await answer.json()).digest : null;
      const holds = checked ? checked.ok : null;
      const verdict = holds === null ? text("kept_unchecked") : holds ? text("kept_matches") : text("kept_differs");
      return el("li", { "data-hand": hand, "data-digest": digest, "data-matches": holds === null ? "" : String(holds) },
        text("kept_hand", { hand: hand, digest: digest.slice(0, 12) + "…" }) + " " + verdict);
    }));
    $("kept-list").replaceChildren(...items);
  }

  // The game's stream, through a ticket in the token's view: each new event means another reading of the game.
  async function follow() {
    if (stream) stream.close();
    stream = null;
    const asked = (following = {});
    let url = "/games/" + game + "/stream?";
    if (token()) {
      const answer = await fetch("/games/" + game + "/stream-tickets", { method: "POST", body: "{}",
        headers: headers({ "Content-Type": "application/json" }) }).catch(() => null);
      if (!answer || !answer.ok) { if (asked === following) setTimeout(follow, 3000); return; }
      url = (await answer.json()).url + "&";
    }
    if (asked !== following) return; // a newer call is opening the stream
    const opened = new EventSource(url + "last_event_id=" + (doc ? doc.version : 0));
    opened.addEventListener("message", (event) => {
      if (doc && Number(event.lastEventId) <= doc.version) return;
      if (queue.waiting()) return; // the page reads the game once its own moves are through
      clearTimeout(reading);
      reading = setTimeout(load, SETTLE_MS);
    });
    opened.addEventListener("error", () => {
      if (opened.readyState === EventSource.CLOSED && stream === opened) setTimeout(follow, 2000);
    });
    stream = opened;
  }

  $("clear-selection").addEventListener("click", () => { selected = []; drawPlay(); });
  $("undo").addEventListener("click", () => {
    $("undo-form").hidden = false;
    $("undo-confirm").textContent = text("void_move", { move: $("undo").dataset.move });
    $("undo-reason").focus();
  });
  $("undo-cancel").addEventListener("click", () => { $("undo-form").hidden = true; });
  $("undo-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const entry = (doc.table_actions || []).find((e) => e.type === "void");
    if (!entry) return;
    say($("undo-refusal"), "");
    send({ kind: "void", from_move: Number($("undo").dataset.move), reason: $("undo-reason").value.trim() },
      { entry: entry, key: null, refusal: $("undo-refusal") });
    $("undo-form").hidden = true;
    $("undo-reason").value = "";
  });

  $("device").value = device.label() || text("default_device");
  $("token").value = token() || "";
  $("token-trust").checked = device.trusted();
  $("token-form").hidden = Boolean(token());
  $("token-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const typed = $("token").value.trim();
    device.keep(game, typed, $("token-trust").checked);
    if ($("device").value.trim()) device.setLabel($("device").value.trim());
    $("token-form").hidden = Boolean(typed);
    if (stream) { stream.close(); stream = null; }
    following = null;
    doc = null; // another token may see another game: draw it whatever its version
    delete root.dataset.version; // and until it is read, the page shows no version of it
    say($("refusal"), "");
    load();
  });
  $("change-token").addEventListener("click", () => {
    $("table-menu").open = false;
    $("token-form").hidden = false;
    $("token").focus();
  });
  $("trust-device").addEventListener("click", () => {
    device.keep(game, token(), true);
    $("trust-offer").hidden = true;
  });
  $("forget-device").addEventListener("click", () => {
    if (!window.confirm(text("forget_confirm"))) return;
    device.forget();
    window.location.assign("/");
  });
  window.addEventListener("online", () => { queue.flush(); load(); });
  // Back from another page or tab (the setup page, where a seat's phone may have been switched off, which moves
  // no version the stream would tell of): read the game again.
  window.addEventListener("pageshow", (event) => {
    $("table-menu").open = false;
    if (event.persisted) load();
  });
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible" && doc) load(); });
  window.addEventListener("offline", showQueue);
  grid = cards.grid($("grid"), false);
  showQueue();
  load().then(() => queue.flush());
})();
