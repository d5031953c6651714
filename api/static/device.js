// What this device keeps for Meldbook, all of it here (README, "What a device stores"), under keys that start with
// "meldbook-" so that "forget this device" finds every one:
// - a game's token: in this tab's sessionStorage ("meldbook-token:<game>"), and also in localStorage when the person
//   chose to trust this device, so that the game opens again in a new tab or after a restart without the token;
//   a token goes out only as Authorization: Bearer, never in an address;
// - "meldbook-trusted": that the person trusts this device (the choice is offered ticked next time);
// - "meldbook-games": the games created or joined here, by id, title, variant and role (never a token);
// - "meldbook-device": the name given to this device (sent as X-Device-Label);
// - "meldbook-confirmed:<game>": the digests of the hands its seat confirmed (record.js);
// - "meldbook-queue:<game>": the moves waiting for the connection to return (record_queue.js);
// - "meldbook-night:<night>": a night's token, kept like a game's (home.js);
// - in sessionStorage, "meldbook-recent-cards": the cards tapped last in this tab.
"use strict";
window.meldbookDevice = (function () {
  const PREFIX = "meldbook-";
  const TOKEN = PREFIX + "token:";
  const NIGHT = PREFIX + "night:";
  const TRUSTED = PREFIX + "trusted";
  const GAMES = PREFIX + "games";
  const NIGHTS = PREFIX + "nights";
  const LABEL = PREFIX + "device";

  function read(storage, key) {
    try { return storage.getItem(key); } catch (error) { return null; }
  }

  // The token this tab (or, on a trusted device, this device) holds for a game, else null.
  function token(game) {
    return read(sessionStorage, TOKEN + game) || read(localStorage, TOKEN + game);
  }

  // Keep a game's token in this tab, and on the device too when `trusted`; an empty token forgets it.
  function keep(game, value, trusted) {
    if (!value) { forgetGame(game); return; }
    sessionStorage.setItem(TOKEN + game, value);
    if (trusted) {
      localStorage.setItem(TOKEN + game, value);
      localStorage.setItem(TRUSTED, "1");
    } else {
      localStorage.removeItem(TOKEN + game);
    }
  }

  // Whether this device keeps the game's token beyond this tab.
  function kept(game) { return Boolean(read(localStorage, TOKEN + game)); }

  // Whether the person trusted this device before: the trust box is offered ticked then.
  function trusted() { return read(localStorage, TRUSTED) === "1"; }

  function forgetGame(game) {
    sessionStorage.removeItem(TOKEN + game);
    localStorage.removeItem(TOKEN + game);
  }

  function nightToken(night) { return read(sessionStorage, NIGHT + night) || read(localStorage, NIGHT + night); }

  function keepNight(night, value, trust) {
    sessionStorage.setItem(NIGHT + night, value);
    if (trust) { localStorage.setItem(NIGHT + night, value); localStorage.setItem(TRUSTED, "1"); }
  }

  // Everything Meldbook keeps on this device and in this tab, gone: tokens, the games' list, the device's name,
  // confirmed digests and waiting moves. The language cookie is the server's and stays.
  function forget() {
    for (const storage of [localStorage, sessionStorage]) {
      const keys = [];
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (key && key.startsWith(PREFIX)) keys.push(key);
      }
      for (const key of keys) storage.removeItem(key);
    }
  }

  // A list this device keeps under a key: the entries that have an id, [] when there is none or it is unreadable.
  function keptList(key) {
    try {
      const list = JSON.parse(read(localStorage, key) || "[]");
      return Array.isArray(list) ? list.filter((entry) => entry && typeof entry.id === "string") : [];
    } catch (error) {
      return [];
    }
  }

  // The games this device created or joined: [{id, title, variant, role}], newest first.
  function games() { return keptList(GAMES); }

  // Remember a game on this device by id, title, variant and role only; the newest first, at most 50.
  function rememberGame(id, title, variant, role) {
    const before = games().find((g) => g.id === id) || {};
    const list = games().filter((g) => g.id !== id);
    list.unshift({ id: id, title: title || before.title || "", variant: variant || before.variant || "",
      role: role || before.role || "" });
    localStorage.setItem(GAMES, JSON.stringify(list.slice(0, 50)));
  }

  // The nights this device opened or read: [{id, title}], newest first (no token: that is kept apart, as a game's).
  function nights() { return keptList(NIGHTS); }

  // Remember a night on this device by id and title only; the newest first, at most 20.
  function rememberNight(id, title) {
    const list = nights().filter((n) => n.id !== id);
    list.unshift({ id: id, title: title || "" });
    localStorage.setItem(NIGHTS, JSON.stringify(list.slice(0, 20)));
  }

  function label() { return read(localStorage, LABEL) || ""; }
  function setLabel(value) { if (value) localStorage.setItem(LABEL, value); else localStorage.removeItem(LABEL); }

  // How many tokens this device keeps beyond the tab.
  function keptTokens() {
    let count = 0;
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key && (key.startsWith(TOKEN) || key.startsWith(NIGHT))) count++;
    }
    return count;
  }

  return { token: token, keep: keep, kept: kept, trusted: trusted, forgetGame: forgetGame, forget: forget,
    games: games, rememberGame: rememberGame, label: label, setLabel: setLabel, keptTokens: keptTokens,
    nightToken: nightToken, keepNight: keepNight, nights: nights, rememberNight: rememberNight };
})();
