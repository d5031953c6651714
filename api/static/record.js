// The record page (GET /games/{id}/record): records a game at the table from the legal-actions contract of
// GET /games/{id} (read with the token kept in this tab's sessionStorage, sent as Authorization: Bearer only). It
// draws the table (api/static/table.js), whose turn it is, the actions (api/static/record_forms.js) and the score
// sheet with the hands' confirmations; sends each move with the version last read (If-Match), an Idempotency-Key
// (the same again when a network error leaves the answer unknown) and X-Device-Label; shows a refusal's sentence in
// place, keeping what was typed; voids the last move after a confirmation; lets a seat confirm each scored hand,
// keeping the digest it confirmed on this device (localStorage) and checking it against the record on every reading,
// or dispute it instead (a seat or the recorder, saying why);
// and follows the game's stream, reading the game again when another device records.
"use strict";
(function () {
  const text = window.meldbookText;
  const root = document.getElementById("record");
  if (!root) return;
  const { el, parts } = window.meldbookTable;
  const forms = window.meldbookForms;
  const cards = window.meldbookCards;
  const game = root.dataset.game;
  const tokenKey = "meldbook-token:" + game;
  const deviceKey = "meldbook-device";
  const $ = (id) => document.getElementById(id);
  const picker = cards.picker($("picker"));
  const drafts = {};
  let doc = null;
  let pending = null; // {fingerprint, key}: a move whose answer a network error lost
  let stream = null;
  let reading = null;
  let following = null;
  let loads = 0; // each read of the game is numbered: only the latest read's answer is drawn

  function token() { return sessionStorage.getItem(tokenKey); }

  function headers(extra) {
    const sent = Object.assign({ Accept: "application/json" }, extra || {});
    if (token()) sent.Authorization = "Bearer " + token();
    return sent;
  }

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function refusalText(body) {
    const sentence = body.code ? text("problem:" + body.code) : (body.title || "");
    return body.detail && body.detail !== sentence ? sentence + " — " + body.detail : sentence;
  }

  function say(node, words) {
    node.textContent = words || "";
    node.hidden = !words;
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
      const same = doc && doc.version === body.version;
      doc = body;
      if (same) return; // the stream's news of a version already read: nothing to draw again
      draw();
      if (!stream && !following && !doc.over) follow();
      if (doc.over && stream) { stream.close(); stream = null; }
      sheet();
    } catch (error) {
      if (mine === loads) say($("refusal"), text("unreadable", { error: error.message }));
    }
  }

  function draw() {
    $("title").textContent = doc.title || doc.variant;
    $("subtitle").textContent = doc.variant + ": " + doc.players.join(", ");
    root.dataset.version = doc.version;
    const legal = doc.legal_actions || [];
    $("turn").textContent = doc.over ? text("game_over") : doc.to_move.length ? text("to_act", { players: doc.to_move.join(", ") }) : "";
    // The card field being filled (focused, or served by the picker) is found again in the forms drawn anew.
    const serving = picker.current();
    const active = document.activeElement && document.activeElement.dataset && document.activeElement.dataset.field
      ? document.activeElement : serving && serving.input;
    const focused = active && active.form ? active.dataset.field : null;
    const focusedForm = focused ? active.form.dataset.action + ":" + active.form.dataset.player : null;
    $("actions").replaceChildren(...legal.map(entryNode), ...(doc.table_actions || []).filter((e) => e.type !== "void").map(entryNode));
    $("no-actions").hidden = legal.length > 0 || (doc.table_actions || []).length > 0;
    const undoable = (doc.table_actions || []).find((e) => e.type === "void");
    $("undo").disabled = !undoable;
    $("undo").dataset.move = undoable ? undoable.moves[undoable.moves.length - 1] : "";
    if (!undoable) $("undo-form").hidden = true;
    $("table").replaceChildren(...parts(doc, doc.version, ""));
    $("table").querySelector(".words").remove();
    if (focused) {
      const again = [...document.querySelectorAll("#actions form")].find((f) => f.dataset.action + ":" + f.dataset.player === focusedForm);
      const input = again && again.querySelector('[data-field="' + CSS.escape(focused) + '"]');
      if (input) input.focus();
    }
    if (serving && !serving.input.isConnected && picker.current() === serving) picker.leave(serving);
  }

  function entryNode(entry) {
    const box = el("div", { class: "entry", "data-action": entry.type, "data-player": entry.player || "" });
    const concrete = entry.choices || (entry.unseen ? [] : entry.examples || []);
    if (entry.template) box.append(forms.build(entry, { doc: doc, drafts: drafts, picker: picker, send: send }));
    if (concrete.length) {
      const row = el("div", { class: "choices" });
      for (const body of concrete) {
        const button = el("button", { type: "button", class: "choice", "data-body": JSON.stringify(body) }, forms.describe(body));
        button.addEventListener("click", () => {
          // An action the table confirms (ending the game, say) takes a second tap.
          if ((entry.confirm || []).length && button.dataset.armed !== "true") {
            button.dataset.armed = "true";
            button.textContent = text("tap_again", { words: forms.describe(body) });
            return;
          }
          send(body, { entry: entry, key: null, refusal: null });
        });
        row.append(button);
      }
      if (entry.template) row.prepend(el("span", { class: "label" }, text("suggested")));
      box.prepend(...(entry.template ? [] : [el("h3", {}, text("action:" + entry.type) + (entry.player ? " · " + entry.player : ""))]), row);
    }
    return box;
  }

  function routeOf(entry) {
    return entry && entry.route ? entry.route.replace(/^POST /, "").replace("{id}", game) : "/games/" + game + "/moves";
  }

  function named(body) {
    const found = [];
    JSON.stringify(body, (key, value) => { if (typeof value === "string" && cards.canonical(value)) found.push(value); return value; });
    return found;
  }

  async function send(body, how) {
    if (!doc) return;
    const where = how.refusal || $("refusal");
    const sent = Object.assign({}, body, { expected_version: doc.version });
    const path = routeOf(how.entry);
    const fingerprint = path + " " + JSON.stringify(sent);
    if (!pending || pending.fingerprint !== fingerprint) pending = { fingerprint: fingerprint, key: newKey() };
    const device = localStorage.getItem(deviceKey) || text("default_device");
    root.setAttribute("aria-busy", "true");
    let answer;
    try {
      answer = await fetch(path, { method: "POST", body: JSON.stringify(sent), headers: headers({
        "Content-Type": "application/json", "Idempotency-Key": pending.key, "If-Match": '"' + doc.version + '"',
        "X-Device-Label": device }) });
    } catch (error) {
      say(where, text("unsent", { error: error.message }));
      root.removeAttribute("aria-busy");
      return; // the key is kept: sending again is the same request
    }
    pending = null;
    const reply = await answer.json().catch(() => ({}));
    root.removeAttribute("aria-busy");
    if (!answer.ok) {
      say(where, refusalText(reply));
      if (where !== $("refusal")) say($("refusal"), "");
      if (answer.status === 409 || answer.status === 412) await reread(where);
      return;
    }
    if (how.key) delete drafts[how.key];
    cards.remember(named(body));
    say($("refusal"), "");
    say(where, "");
    $("last-sent").textContent = text("recorded", { words: forms.describe(body) });
    await load();
  }

  // A stale version: read the game again, keeping what was typed, and say so where the refusal was.
  async function reread(where) {
    const said = where.textContent;
    await load();
    const again = where.isConnected ? where : null;
    if (!again) say($("refusal"), said);
  }

  async function sheet() {
    if (!doc) return;
    const answer = await fetch("/games/" + game + "/settlement", { headers: headers() }).catch(() => null);
    if (!answer || !answer.ok) return;
    const balances = (await answer.json()).balances.filter((b) => b.player);
    const unit = ["points", "chips", "money"].find((u) => balances.some((b) => b.unit === u));
    const mine = balances.filter((b) => b.unit === unit);
    let listed = null;
    const asked = await fetch("/games/" + game + "/confirmations", { headers: headers() }).catch(() => null);
    if (asked && asked.ok) listed = await asked.json();
    const confirmed = listed ? listed.items : null;
    const me = seatPlayer();
    const disputes = await disputesOf();
    if (!doc) return; // another token was given while the sheet was read: its own reading draws the sheet
    const hands = [...new Set(mine.flatMap((b) => b.by_hand.map((h) => h.hand)))].sort((a, b) => a - b);
    const head = el("tr", {}, el("th", {}, text("hand_column")), ...doc.players.map((p) => el("th", {}, p)));
    if (confirmed) head.append(el("th", {}, text("confirmed_column")));
    const rows = hands.map((hand) => {
      const row = el("tr", { "data-hand": hand }, el("th", {}, hand));
      for (const p of doc.players) {
        const b = mine.find((x) => x.player === p);
        const change = b ? (b.by_hand.find((h) => h.hand === hand) || { change: 0 }).change : 0;
        row.append(el("td", { "data-player": p, "data-change": change }, change));
      }
      if (confirmed) {
        const who = confirmed.filter((c) => c.hand === hand).map((c) => c.player + (c.matches === false ? " ≠" : " ✓"));
        const cell = el("td", { class: "confirmed" }, who.join(", "));
        for (const d of disputes.filter((x) => x.hand === hand)) {
          cell.append(el("span", { class: "disputed", "data-dispute": d.id, "data-status": d.status },
            text("disputed_by", { who: d.opened_by.replace(/^seat:/, ""), id: d.id, status: text("dispute_" + d.status) })));
        }
        const scored = String(hand) in listed.scored;
        const open = me && scored && !confirmed.some((c) => c.hand === hand && c.player === me);
        if (open) cell.append(confirmButton(hand));
        if (scored && mayDispute()) cell.append(disputeButton(hand, listed.scored[String(hand)]));
        row.append(cell);
      }
      return row;
    });
    const total = el("tr", { class: "total" }, el("th", {}, text("total_row")),
      ...doc.players.map((p) => { const b = mine.find((x) => x.player === p); return el("td", { "data-player": p }, b ? b.total : 0); }));
    $("sheet-unit").textContent = unit ? text("unit_" + unit) : "";
    $("sheet").replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows, total));
    await kept();
  }

  // The player of a seat's token, else null (the recorder, a viewer or no token confirm nothing from here).
  function seatPlayer() {
    return doc && doc.role && doc.role.startsWith("seat:") ? doc.role.slice(5) : null;
  }

  // Whether this token may open a dispute from here: a seat, or the recorder.
  function mayDispute() {
    return Boolean(doc && doc.role && (doc.role === "recorder" || doc.role.startsWith("seat:")));
  }

  async function disputesOf() {
    if (!mayDispute()) return [];
    const answer = await fetch("/games/" + game + "/disputes", { headers: headers() }).catch(() => null);
    return answer && answer.ok ? (await answer.json()).items || [] : [];
  }

  // Post a confirmation or a dispute from the score sheet: the answer's body, or null once its refusal (or the
  // network's failure) is shown under the sheet.
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

  // A player who does not confirm a hand's result disputes it instead, saying why (and the figure he claims).
  function disputeButton(hand, at) {
    const button = el("button", { type: "button", class: "dispute-hand", "data-hand": hand }, text("dispute_hand"));
    button.addEventListener("click", () => {
      const claim = el("textarea", { class: "dispute-claim", rows: 3, maxlength: 4000, required: true,
        "aria-label": text("dispute_claim") });
      const figure = el("input", { type: "number", class: "dispute-figure", inputmode: "numeric",
        "aria-label": text("dispute_figure") });
      const form = el("form", { class: "dispute-form", "data-hand": hand },
        el("label", {}, text("dispute_claim"), claim), el("label", {}, text("dispute_figure"), figure),
        el("button", { type: "submit", class: "primary" }, text("dispute_send")));
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        const body = { target: "hand", at: at, claim: claim.value.trim() };
        if (figure.value !== "") body.figure = Number(figure.value);
        const reply = await postFromSheet("/games/" + game + "/disputes", body);
        if (!reply) return;
        $("last-sent").textContent = text("disputed_hand", { hand: hand, id: reply.id });
        await sheet();
      });
      button.replaceWith(form);
      claim.focus();
    });
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
      if (!answer || !answer.ok) return;
      url = (await answer.json()).url + "&";
    }
    if (asked !== following) return; // a newer call is opening the stream
    const opened = new EventSource(url + "last_event_id=" + (doc ? doc.version : 0));
    opened.addEventListener("message", (event) => {
      if (doc && Number(event.lastEventId) <= doc.version) return;
      clearTimeout(reading);
      reading = setTimeout(load, 150);
    });
    opened.addEventListener("error", () => {
      if (opened.readyState === EventSource.CLOSED && stream === opened) setTimeout(follow, 2000);
    });
    stream = opened;
  }

  $("undo").addEventListener("click", () => {
    $("undo-form").hidden = false;
    $("undo-confirm").textContent = text("void_move", { move: $("undo").dataset.move });
    $("undo-reason").focus();
  });
  $("undo-cancel").addEventListener("click", () => { $("undo-form").hidden = true; });
  $("undo-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const entry = (doc.table_actions || []).find((e) => e.type === "void");
    if (!entry) return;
    await send({ kind: "void", from_move: Number($("undo").dataset.move), reason: $("undo-reason").value.trim() },
      { entry: entry, key: null, refusal: $("undo-refusal") });
    if ($("undo-refusal").hidden) { $("undo-form").hidden = true; $("undo-reason").value = ""; }
  });

  $("device").value = localStorage.getItem(deviceKey) || text("default_device");
  $("token").value = token() || "";
  $("token-form").hidden = Boolean(token());
  $("token-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const typed = $("token").value.trim();
    if (typed) sessionStorage.setItem(tokenKey, typed); else sessionStorage.removeItem(tokenKey);
    if ($("device").value.trim()) localStorage.setItem(deviceKey, $("device").value.trim());
    $("token-form").hidden = Boolean(typed);
    if (stream) { stream.close(); stream = null; }
    following = null;
    doc = null; // another token may see another game: draw it whatever its version
    say($("refusal"), "");
    load();
  });
  $("change-token").addEventListener("click", () => { $("token-form").hidden = false; $("token").focus(); });
  load();
})();
