// The viewer page (GET /games/{id}/view): steps through a hand's frames, fetched from GET /games/{id}/replay.
// It draws each frame with the elements, classes and data that api/templates/_table.html renders: change both.
// A token entered on the page stays in this tab's sessionStorage and goes out as Authorization: Bearer only; the
// token box is shut for a spectator until its button opens it (and open at once when the tab keeps a token).
// The annotations of the hand come from GET /games/{id}/annotations; those of the move shown (and of its hand and
// the game) are listed, and with a token an annotation is added at the move shown (POST, the same header).
// It follows a live game through GET /games/{id}/stream (an EventSource; with a token, through a stream ticket,
// the one credential allowed in a URL): when new events arrive it reads the replay again, and steps forward
// when it was showing the game's latest move. It lends api/static/settlement.js its `go`, `headers` and `el` (root.viewer)
// and tells it (a "viewer:token" event on the root) when the token changes.
"use strict";
(function () {
  const text = window.meldbookText;
  const root = document.getElementById("viewer");
  if (!root) return;
  const game = root.dataset.game;
  const tokenKey = "meldbook-token:" + game;
  const $ = (id) => document.getElementById(id);
  // A move's events come down the stream together: the replay is read once, this long after the last of them.
  const SETTLE_MS = 40;
  let hands = [];
  let frames = [];
  let index = 0;
  let hand = Number(root.dataset.hand);
  let notes = null;
  // Each read of a hand is numbered: an answer that comes back after a later read began is dropped, so the frame
  // shown is always that of the viewer's last step, whatever order the answers arrive in.
  let reading = 0;

  function headers() {
    const sent = { Accept: "application/json" };
    const token = sessionStorage.getItem(tokenKey);
    if (token) sent.Authorization = "Bearer " + token;
    return sent;
  }
  let stream = null;
  let lastEvent = 0;
  let refreshing = null;

  const drawing = window.meldbookTable;
  const el = drawing.el;

  function draw(frame) {
    const words = frame.phrase ? window.meldbookSaid(frame.phrase) : frame.words;
    $("table").replaceChildren(...drawing.parts(frame.state, frame.move, words));
  }

  function show(i) {
    index = Math.max(0, Math.min(frames.length - 1, i));
    const frame = frames[index];
    draw(frame);
    const last = latestMove();
    $("prev").disabled = frame.move <= 0;
    $("next").disabled = frame.move >= last;
    $("scrubber").value = frame.move;
    $("move").value = frame.move;
    root.dataset.move = frame.move;
    drawNotes();
    const params = query();
    params.set("at", frame.move);
    history.replaceState(null, "", "?" + params);
  }

  function query(of = hand) {
    const params = new URLSearchParams({ hand: of });
    const view = root.dataset.view;
    if (view.startsWith("seat:")) {
      params.set("view", "seat");
      params.set("player", view.slice(5));
    } else if (view === "seat" && root.dataset.player) {
      params.set("view", "seat");
      params.set("player", root.dataset.player);
    } else if (view) {
      params.set("view", view);
    }
    return params;
  }

  function noteItem(note) {
    const item = el("li", { class: "annotation", "data-annotation": note.id, "data-target": note.target,
      "data-move": note.move });
    if (note.glyph) {
      const key = "glyph:" + note.glyph;
      item.append(el("b", { class: "glyph", "data-glyph": note.glyph }, text(key) === key ? note.glyph : text(key)), " ");
    }
    const where = note.target === "event" ? text("on_move", { move: note.move }) : text("on_" + note.target);
    const line = note.line.length ? ", " + text("with_line", { count: note.line.length }) : "";
    item.append(el("span", { class: "comment" }, note.comment),
      el("small", {}, note.author + " (" + note.role + "), " + where + line));
    return item;
  }

  function drawNotes() {
    if (notes === null) return; // until the first list is read, the server's stays
    const move = Number(root.dataset.move);
    const shown = notes.filter((note) => note.target !== "event" || note.move === move);
    $("annotations").replaceChildren(...shown.map(noteItem));
    $("no-annotations").hidden = shown.length > 0;
  }

  async function loadNotes() {
    try {
      const answer = await fetch("/games/" + game + "/annotations?limit=200&hand=" + hand, { headers: headers() });
      if (!answer.ok) return;
      notes = (await answer.json()).items;
      drawNotes();
    } catch (error) {
      $("note-status").textContent = text("annotations_unreadable", { error: error.message });
    }
  }

  // Whether the game has ended, as far as the frames read show: a stream would bring nothing more.
  function over() {
    return hand === hands.length && frames.length > 0 && frames[frames.length - 1].state.over === true;
  }

  function latestMove() {
    return hands.length ? hands[hands.length - 1].last_move : 0;
  }

  async function load(wanted, move) {
    const mine = ++reading;
    root.setAttribute("aria-busy", "true");
    try {
      const answer = await fetch("/games/" + game + "/replay?" + query(wanted), { headers: headers() });
      const body = await answer.json();
      if (mine !== reading) return; // a later step asked for another hand or move
      if (!answer.ok) {
        $("status").textContent = body.detail || body.title || "the replay could not be read";
        return;
      }
      $("status").textContent = text("showing_view", { view: text("view_" + body.view) });
      hands = body.hands;
      frames = body.frames;
      hand = body.hand;
      const span = hands[hand - 1];
      $("scrubber").min = span.first_move;
      $("scrubber").max = span.last_move;
      $("hand").value = hand;
      $("move").max = latestMove();
      show(Math.max(0, frames.findIndex((f) => f.move === move)));
      await loadNotes();
      if (!stream && !over()) follow();
    } catch (error) {
      if (mine === reading) $("status").textContent = text("replay_unreadable", { error: error.message });
    } finally {
      if (mine === reading) root.removeAttribute("aria-busy");
    }
  }

  // The stream says something was recorded: read the replay again, a moment after the last event of a move.
  function recorded(event) {
    lastEvent = Math.max(lastEvent, Number(event.lastEventId) || 0);
    clearTimeout(refreshing);
    refreshing = setTimeout(refresh, SETTLE_MS);
  }

  // Whether it follows the game is decided when the answer is back, on the frame shown then: the viewer may have
  // stepped away from the latest move (or to it) while the replay was read.
  async function refresh() {
    if (!frames.length) return;
    const params = query();
    params.delete("hand");
    const answer = await fetch("/games/" + game + "/replay?" + params, { headers: headers() });
    if (!answer.ok) return;
    const body = await answer.json();
    const following = frames[index].move === latestMove();
    hands = body.hands;
    for (const span of hands) {
      if (![...$("hand").options].some((o) => Number(o.value) === span.hand)) $("hand").append(el("option", { value: span.hand }, span.hand));
    }
    $("move").max = latestMove();
    if (following || body.hand === hand) {
      const shown = frames[index].move;
      frames = body.frames;
      hand = body.hand;
      const span = hands[hand - 1];
      $("scrubber").min = span.first_move;
      $("scrubber").max = span.last_move;
      $("hand").value = hand;
      show(following ? frames.length - 1 : Math.max(0, frames.findIndex((f) => f.move === shown)));
      if (over() && stream) {
        stream.close();
        stream = null;
      }
    } else {
      $("next").disabled = frames[index].move >= latestMove();
    }
  }

  // Open the game's stream in the page's view: a public game's spectator needs no ticket; a token asks for one.
  async function follow() {
    if (stream) stream.close();
    stream = null;
    let url = "/games/" + game + "/stream?";
    const token = sessionStorage.getItem(tokenKey);
    if (token) {
      const body = {};
      const params = query();
      if (params.get("view")) body.view = params.get("view");
      if (params.get("player")) body.player = params.get("player");
      try {
        const answer = await fetch("/games/" + game + "/stream-tickets", {
          method: "POST", body: JSON.stringify(body),
          headers: { ...headers(), "Content-Type": "application/json" },
        });
        if (!answer.ok) return;
        url = (await answer.json()).url + "&";
      } catch (error) {
        return;
      }
    }
    const last = lastEvent || (frames.length ? frames[frames.length - 1].versions.last : 0);
    const opened = new EventSource(url + "last_event_id=" + last);
    opened.addEventListener("message", recorded);
    opened.addEventListener("error", () => {
      // A refused reconnect (an expired ticket) closes the EventSource: ask again, from the last event it had.
      if (opened.readyState === EventSource.CLOSED && stream === opened) setTimeout(follow, 2000);
    });
    stream = opened;
  }

  function go(move) {
    const span = hands.find((h) => h.first_move <= move && move <= h.last_move);
    if (!span) return;
    if (span.hand !== hand) {
      load(span.hand, move);
      return;
    }
    // A step within the hand shown is the viewer's latest: a read of another hand still on its way is dropped.
    reading++;
    root.removeAttribute("aria-busy");
    $("hand").value = hand;
    show(frames.findIndex((f) => f.move === move));
  }

  function step(by) {
    if (!frames.length) return;
    go(frames[index].move + by);
  }

  $("prev").addEventListener("click", (event) => { event.preventDefault(); step(-1); });
  $("next").addEventListener("click", (event) => { event.preventDefault(); step(1); });
  $("scrubber").addEventListener("input", () => go(Number($("scrubber").value)));
  $("hand").addEventListener("change", () => load(Number($("hand").value), -1));
  $("move").form.addEventListener("submit", (event) => { event.preventDefault(); go(Number($("move").value)); });
  $("hand").form.addEventListener("submit", (event) => { event.preventDefault(); load(Number($("hand").value), -1); });
  document.addEventListener("keydown", (event) => {
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    if (event.key === "ArrowLeft") { event.preventDefault(); step(-1); }
    if (event.key === "ArrowRight") { event.preventDefault(); step(1); }
  });

  const annotate = $("annotate");
  annotate.hidden = !sessionStorage.getItem(tokenKey);
  annotate.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!frames.length) return;
    const body = { target: $("note-target").value, at: frames[index].versions.last, comment: $("note-comment").value };
    if ($("note-glyph").value) body.glyph = $("note-glyph").value;
    try {
      const answer = await fetch("/games/" + game + "/annotations", { method: "POST",
        headers: Object.assign(headers(), { "Content-Type": "application/json" }), body: JSON.stringify(body) });
      const reply = await answer.json();
      if (!answer.ok) {
        $("note-status").textContent = reply.detail || reply.title || "the annotation was refused";
        return;
      }
      $("note-comment").value = "";
      $("note-status").textContent = text("annotation_added");
      await loadNotes();
    } catch (error) {
      $("note-status").textContent = text("annotation_unsent", { error: error.message });
    }
  });

  // The token box stays shut for a spectator until asked for (its button); a tab that keeps a token opens it.
  const form = $("token-form");
  const toggle = $("token-toggle");
  function openTokenBox(open) {
    form.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
  }
  toggle.hidden = false;
  openTokenBox(Boolean(sessionStorage.getItem(tokenKey)));
  toggle.addEventListener("click", () => {
    openTokenBox(form.hidden);
    if (!form.hidden) $("token").focus();
  });
  $("token").value = sessionStorage.getItem(tokenKey) || "";
  $("view").value = root.dataset.view.startsWith("seat") ? "seat:" + root.dataset.player : root.dataset.view;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const token = $("token").value.trim();
    if (token) sessionStorage.setItem(tokenKey, token);
    else sessionStorage.removeItem(tokenKey);
    annotate.hidden = !token;
    root.dataset.view = $("view").value;
    root.dispatchEvent(new Event("viewer:token"));
    lastEvent = 0;
    if (stream) stream.close();
    stream = null;
    load(hand, frames.length ? frames[index].move : Number(root.dataset.move));
  });
  $("forget-token").addEventListener("click", () => {
    sessionStorage.removeItem(tokenKey);
    $("token").value = "";
    annotate.hidden = true;
    root.dataset.view = "";
    root.dispatchEvent(new Event("viewer:token"));
    lastEvent = 0;
    if (stream) stream.close();
    stream = null;
    load(hand, frames[index].move);
  });

  root.viewer = { go: go, headers: headers, el: el };
  load(hand, Number(root.dataset.move));
})();
