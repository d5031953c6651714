// The record page's moves on their way to the service, in order, kept on the device (localStorage,
// "meldbook-queue:<game>") so that a lost connection loses nothing. Every move is entered here first and sent at
// once; a move the network could not deliver waits, with those entered after it, and they are sent again in the
// order they were entered when the connection returns (the browser's "online" event, or a try every few seconds),
// each with the Idempotency-Key it was given when entered: a move whose answer was lost is answered again, never
// recorded twice. Each carries the version it was entered at, or, entered behind another, the version the one before
// it leaves. A move the service refuses on arrival stays in place with its refusal, and what followed it is held back
// until the person sends it again, drops it, or drops it with what followed.
"use strict";
window.meldbookQueue = function (game, hooks) {
  const KEY = "meldbook-queue:" + game;
  const RETRY_MS = 3000;
  let moves = stored();
  let flushing = false;
  let after = null; // the version the last move answered left the game at
  let timer = null;

  function stored() {
    try {
      const list = JSON.parse(localStorage.getItem(KEY) || "[]");
      return Array.isArray(list) ? list.filter((m) => m && m.path && m.body && m.key) : [];
    } catch (error) {
      return [];
    }
  }

  function save() {
    if (moves.length) localStorage.setItem(KEY, JSON.stringify(moves));
    else localStorage.removeItem(KEY);
    hooks.changed();
  }

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
  }

  // A move entered: {path, body, label, version (or null behind another), entry, ...}; sent at once when nothing waits.
  function add(move) {
    const queued = Object.assign({ key: newKey(), sent: false, state: "waiting", problem: null, failed: false }, move);
    if (moves.length) queued.version = null;
    moves.push(queued);
    save();
    flush();
    return queued;
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(flush, RETRY_MS);
  }

  // Send the waiting moves in order, until one is refused or the network fails.
  async function flush() {
    if (flushing) return;
    flushing = true;
    try {
      while (moves.length && moves[0].state === "waiting") {
        const move = moves[0];
        if (!move.sent) {
          const base = move.version !== null && move.version !== undefined ? move.version : after !== null ? after : hooks.version();
          move.body = Object.assign({}, move.body, { expected_version: base });
          move.sent = true; // from here on it is sent again exactly as it is: the same body under the same key
          save();
        }
        const answer = await hooks.post(move);
        if (answer.network || answer.status >= 500) {
          move.failed = true;
          save();
          schedule();
          return;
        }
        if (answer.ok) {
          after = answer.body.version;
          moves.shift();
          save();
          await hooks.answered(move, answer, moves.length === 0);
          continue;
        }
        const followed = moves.length > 1 || move.failed;
        if (!followed) {
          moves.shift(); // nothing waits behind it: the refusal is shown where the move was entered
          save();
          await hooks.refused(move, answer, false);
          return;
        }
        move.state = "refused";
        move.problem = answer.body;
        save();
        await hooks.refused(move, answer, true);
        return;
      }
    } finally {
      flushing = false;
    }
  }

  // A refused move entered again on the game as it is now: a new key, and the version read then.
  function retry(id) {
    const move = moves.find((m) => m.key === id);
    if (!move) return;
    Object.assign(move, { key: newKey(), sent: false, state: "waiting", problem: null, version: null });
    after = null;
    save();
    flush();
  }

  function drop(id, withFollowing) {
    const at = moves.findIndex((m) => m.key === id);
    if (at < 0) return;
    moves.splice(at, withFollowing ? moves.length - at : 1);
    for (const move of moves.slice(at)) if (!move.sent) move.version = null;
    after = null;
    save();
    flush();
  }

  return {
    add: add,
    flush: flush,
    retry: retry,
    drop: drop,
    moves: () => moves.slice(),
    waiting: () => moves.length,
    // Whether moves wait because the network failed (the page then offers the variant's kinds unchecked).
    offline: () => moves.some((m) => m.failed || m.state === "refused") || navigator.onLine === false,
  };
};
