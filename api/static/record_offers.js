// What the record page offers for the cards a player taps in his hand, from the legal-actions contract alone: every
// concrete body (a choice, or a template's legal example unless it stands for cards only the table knows) is keyed
// by the cards of the hand it names; the bodies whose key is the selection are offered as buttons, those that name no
// card of the hand (take the discard, pass, a bid) always. A template whose one open field takes cards of the hand
// (a poker hand) is filled with the selection; one whose one open field is a card from outside the hand (a cut, a
// card drawn from the stock) is served by the card grid, a tap recording it. Labels that would read alike say what
// differs. While moves wait for the connection, the page cannot know what the rules allow next: `unchecked` offers
// the variant's action kinds (GET /variants) as bodies the service checks when they arrive. None of this is a rule.
"use strict";
window.meldbookOffers = (function () {
  const text = window.meldbookText;
  const forms = window.meldbookForms;
  const cards = window.meldbookCards;
  const NOT_FROM_HAND = ["declare", "expected_version"];

  // The cards a body names, in order (a deuce's declared card is not a card held).
  function named(body) {
    const found = [];
    (function walk(value, key) {
      if (NOT_FROM_HAND.includes(key)) return;
      if (typeof value === "string") { if (cards.canonical(value) === value) found.push(value); return; }
      if (Array.isArray(value)) { value.forEach((v) => walk(v, key)); return; }
      if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, k);
    })(body, "");
    return found;
  }

  // The cards of `hand` a body names, each once as the hand holds it, sorted.
  function keyOf(body, hand) {
    const pool = [...hand];
    const key = [];
    for (const code of named(body)) {
      const at = pool.indexOf(code);
      if (at >= 0) { key.push(code); pool.splice(at, 1); }
    }
    return key.sort();
  }

  function same(a, b) {
    const x = [...a].sort();
    const y = [...b].sort();
    return x.length === y.length && x.every((c, i) => c === y[i]);
  }

  // The bodies an entry offers as buttons: its choices, or its examples (not those of cards the record places
  // nowhere, nor those of an entry that stands in for another, which its form alone offers).
  function concrete(entry) {
    return entry.choices || (entry.unseen || entry.instead_of ? [] : entry.examples || []);
  }

  // The open fields of a template: [{path, shape: "card" | "cards", count}], and whether any other is open. A
  // number named `meld` is open too: it names a meld of the table, any the rules allow (the form offers each), not
  // only the one the template shows (a lay-off from a hand the record does not name lists the first meld).
  function holes(template) {
    const found = [];
    let other = false;
    (function walk(value, path) {
      if (value === "<card>") { found.push({ path: path, shape: "card", count: 1 }); return; }
      if (typeof value === "number" && path.split(".").pop() === "meld") { other = true; return; }
      if (Array.isArray(value) && value.length && value.every((v) => v === "<card>")) {
        found.push({ path: path, shape: "cards", count: value.length > 1 ? value.length : 0 });
        return;
      }
      if (forms.placeholder(value)) { other = true; return; }
      if (Array.isArray(value)) { if (value.some((v) => typeof v === "object")) other = true; return; }
      if (value && typeof value === "object") {
        for (const [k, v] of Object.entries(value)) walk(v, path ? path + "." + k : k);
      }
    })(template, "");
    return { found: found, other: other };
  }

  // Whether every card a template allows is in the hand: its field takes cards of the hand.
  function fromHand(entry, hand) {
    const allowed = entry.allowed_cards;
    return Boolean(allowed && allowed.length && allowed.every((c) => hand.includes(c)));
  }

  // The one field a template leaves open when it is a card or cards, else null.
  function onlyHole(entry) {
    if (!entry.template) return null;
    const open = holes(entry.template);
    return !open.other && open.found.length === 1 ? open.found[0] : null;
  }

  // The template with its one open field set to `value`, less the version the page adds when it sends.
  function filled(template, path, value) {
    const body = JSON.parse(JSON.stringify(template));
    delete body.expected_version;
    const keys = path.split(".");
    let at = body;
    for (const k of keys.slice(0, -1)) at = at[k];
    at[keys[keys.length - 1]] = value;
    return body;
  }

  // The template an entry's grid serves: a card from outside the hand (a cut, a draw from the stock, a discard from
  // a hand the record does not name), recorded with one tap.
  function gridTarget(entry, hand) {
    const hole = onlyHole(entry);
    if (!hole || hole.shape !== "card" || fromHand(entry, hand)) return null;
    return { entry: entry, path: hole.path, allowed: entry.allowed_cards || null,
      body: (code) => filled(entry.template, hole.path, code) };
  }

  // The body a template makes of the selection, when its one open field takes cards of the hand.
  function fromSelection(entry, hand, selection) {
    const hole = onlyHole(entry);
    if (!hole || !fromHand(entry, hand) || !selection.length) return null;
    if (hole.shape === "card") return selection.length === 1 ? filled(entry.template, hole.path, selection[0]) : null;
    if (hole.count && selection.length !== hole.count) return null;
    return filled(entry.template, hole.path, [...selection]);
  }

  function bare(body) {
    const copy = Object.assign({}, body);
    delete copy.expected_version;
    return copy;
  }

  // A body in words, with the cards of the meld it lays off on.
  function label(body, doc) {
    let words = forms.describe(body);
    if (typeof body.meld === "number" && body.type === "lay_off") {
      const meld = ((doc && doc.state.melds) || []).find((m) => Number(m.id) === body.meld);
      if (meld) words += " (" + meld.cards.join(" ") + ")";
    }
    return words;
  }

  // Give every offer a label; where two read alike, add the player, then each field that tells them apart.
  function labelled(offers, doc) {
    for (const offer of offers) offer.label = label(offer.body, doc);
    const groups = {};
    for (const offer of offers) (groups[offer.label] = groups[offer.label] || []).push(offer);
    for (const group of Object.values(groups)) {
      if (group.length < 2) continue;
      const keys = [...new Set(group.flatMap((o) => Object.keys(o.body)))].filter((k) => k !== "expected_version"
        && new Set(group.map((o) => JSON.stringify(o.body[k]))).size > 1);
      for (const offer of group) {
        const said = keys.map((k) => (k === "player" ? offer.body.player : forms.describe({ [k]: offer.body[k] }).trim()))
          .filter(Boolean);
        if (said.length) offer.label += " (" + said.join(", ") + ")";
      }
    }
    return offers;
  }

  // A body that says no more than another one of the same entry but the card it takes (taking the discard, with and
  // without naming its top card): only the one that names the card is offered.
  function saysLess(body, others) {
    return others.some((o) => o !== body && "card" in o && !("card" in body)
      && Object.keys(body).every((k) => JSON.stringify(body[k]) === JSON.stringify(o[k])));
  }

  // Going out with the cards tapped, composed from the contract's own listed bodies: the melds its `meld` choices list,
  // the lay-offs its `lay_off` choices list and a card its `discard` choices list, when together they use exactly the
  // cards tapped and the rest of the hand (at most the one card to discard). The service checks the whole on arrival;
  // the page only puts together what the contract offered piece by piece.
  function goingOut(entry, entries, hand, selection) {
    const template = entry.template || {};
    if (!Array.isArray(template.melds) || !Array.isArray(template.lay_offs) || !selection.length) return [];
    const listed = (type) => entries.filter((e) => e.type === type && e.player === entry.player).flatMap((e) => e.choices || []);
    const melds = listed("meld").map((b) => b.cards).filter(Array.isArray);
    const layOffs = listed("lay_off").filter((b) => typeof b.card === "string" && typeof b.meld === "number");
    const discards = listed("discard").map((b) => b.card);
    const rest = [...hand];
    for (const code of selection) { const at = rest.indexOf(code); if (at < 0) return []; rest.splice(at, 1); }
    if (rest.length > 1 || (rest.length === 1 && !discards.includes(rest[0]))) return [];
    const found = [];
    let tries = 0;
    // Cover the cards left with listed melds and lay-offs, and (when the hand keeps none) at most one discard.
    function cover(left, made, laid, discard) {
      if (found.length >= 3 || ++tries > 500) return;
      if (!left.length) { found.push({ melds: made, lay_offs: laid, discard: discard }); return; }
      const first = left[0];
      for (const meld of melds.filter((m) => m.includes(first))) {
        const remaining = [...left];
        const fits = meld.every((c) => { const at = remaining.indexOf(c); if (at < 0) return false; remaining.splice(at, 1); return true; });
        if (fits) cover(remaining, [...made, meld], laid, discard);
      }
      for (const lay of layOffs.filter((l) => l.card === first)) {
        cover(left.slice(1), made, [...laid, { card: lay.card, meld: lay.meld }], discard);
      }
      if (discard === null && !rest.length && discards.includes(first)) cover(left.slice(1), made, laid, first);
    }
    cover([...selection].sort(cardOrder), [], [], rest.length ? rest[0] : null);
    return found.map((way) => Object.assign({ type: entry.type, player: entry.player, melds: way.melds,
      lay_offs: way.lay_offs }, way.discard !== null ? { discard: way.discard } : {}));
  }

  function cardOrder(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
  }

  // A body as one text that does not depend on the order of its melds and lay-offs.
  function canonicalBody(body) {
    const copy = bare(body);
    if (Array.isArray(copy.melds)) copy.melds = copy.melds.map((m) => [...m].sort()).sort();
    if (Array.isArray(copy.lay_offs)) copy.lay_offs = copy.lay_offs.map((l) => JSON.stringify(l)).sort();
    return JSON.stringify(Object.keys(copy).sort().reduce((o, k) => (o[k] = copy[k], o), {}));
  }

  // Everything offered to a player with this hand and selection:
  // {matched: [{body, entry}], free: [...], more: n (bodies that need more cards), grid: [targets]}.
  function offers(entries, hand, selection, doc) {
    const matched = [];
    const free = [];
    const grid = [];
    let more = 0;
    for (const entry of entries) {
      const bodies = concrete(entry);
      for (const body of bodies) {
        if (saysLess(body, bodies)) continue;
        const key = keyOf(body, hand);
        if (!key.length) free.push({ body: bare(body), entry: entry });
        else if (same(key, selection)) matched.push({ body: bare(body), entry: entry });
        else if (selection.length && selection.every((c) => key.includes(c))) more++;
      }
      const made = [fromSelection(entry, hand, selection), ...goingOut(entry, entries, hand, selection)].filter(Boolean);
      for (const body of made) {
        if (!matched.some((o) => canonicalBody(o.body) === canonicalBody(body))) matched.push({ body: body, entry: entry });
      }
      const target = gridTarget(entry, hand);
      if (target) grid.push(target);
    }
    return { matched: labelled(matched, doc), free: labelled(free, doc), more: more, grid: grid };
  }

  // Whether an entry is met by the buttons and the grid alone, so that its form may wait behind "another way".
  function direct(entry, hand) {
    if (gridTarget(entry, hand)) return true;
    const hole = onlyHole(entry);
    if (hole && fromHand(entry, hand)) return true;
    return concrete(entry).some((body) => keyOf(body, hand).length > 0);
  }

  // The action kinds of the variant as a page may offer them unchecked, for `player` with this selection, while moves
  // wait for the connection: {matched, free, grid, forms} built from GET /variants' kinds and their fields.
  function unchecked(kinds, player, hand, selection, doc) {
    const matched = [];
    const free = [];
    const grid = [];
    const templates = [];
    // The kinds the contract listed last come first (the next move is most likely one of them).
    const lately = new Set([...(doc.legal_actions || []), ...(doc.table_actions || [])].map((e) => e.type));
    const ordered = kinds.filter((k) => !k.table_action).sort((a, b) => lately.has(b.type) - lately.has(a.type));
    for (const kind of ordered) {
      const fields = kind.fields.filter((f) => f.kind !== "seeds" && f.kind !== "confirm");
      const required = fields.filter((f) => f.required);
      const base = { type: kind.type, player: player };
      const choiceFields = required.filter((f) => f.choices);
      const open = fields.filter((f) => !f.choices);
      const openRequired = required.filter((f) => !f.choices);
      const combos = choiceFields.reduce((all, f) => all.flatMap((c) => f.choices.map((v) => Object.assign({}, c, { [f.name]: v }))), [{}]);
      const entry = { type: kind.type, player: player };
      const oneCard = open.length === 1 && open[0].kind === "card" ? open[0] : null;
      if (!open.length || (oneCard && !oneCard.required && choiceFields.length)) {
        for (const combo of combos) free.push({ body: Object.assign({}, base, combo), entry: entry });
      }
      if (oneCard) {
        for (const combo of combos) {
          grid.push({ entry: entry, allowed: null, label: forms.describe(Object.assign({}, base, combo)),
            body: (code) => Object.assign({}, base, combo, { [oneCard.name]: code }) });
        }
        if (oneCard.required && !choiceFields.length && selection.length === 1) {
          matched.push({ body: Object.assign({}, base, { [oneCard.name]: selection[0] }), entry: entry });
        }
      } else if (openRequired.length === 1 && openRequired[0].kind === "cards" && selection.length && !choiceFields.length) {
        matched.push({ body: Object.assign({}, base, { [openRequired[0].name]: [...selection] }), entry: entry });
      } else if (openRequired.length === 2 && openRequired.some((f) => f.kind === "card")
                 && openRequired.some((f) => f.name === "meld") && selection.length === 1) {
        const cardName = openRequired.find((f) => f.kind === "card").name;
        for (const meld of (doc.state.melds || [])) {
          matched.push({ body: Object.assign({}, base, { [cardName]: selection[0], meld: Number(meld.id) }), entry: entry });
        }
      }
      if (open.length && !oneCard) {
        const template = Object.assign({}, base);
        for (const f of fields.filter((x) => x.kind !== "card_map")) {
          template[f.name] = SHAPES[f.kind] ? SHAPES[f.kind](f, doc) : "<" + (f.choices ? f.choices.join("|") : f.kind) + ">";
        }
        templates.push({ type: kind.type, player: player, template: template, unchecked: true,
          examples: [Object.fromEntries(Object.entries(template).filter(([k]) => k === "type" || k === "player"
            || required.some((f) => f.name === k)))] });
      }
    }
    return { matched: labelled(matched, doc), free: labelled(free, doc), more: 0, grid: grid, forms: templates };
  }

  // A field of GET /variants' kinds as a template's shape.
  const SHAPES = {
    card: () => "<card>",
    cards: () => ["<card>"],
    melds: () => [["<card>"]],
    lay_offs: () => [{ card: "<card>", meld: 0 }],
    int: (f) => (f.name === "meld" ? 0 : "<int>"),
    text: (f) => (f.choices ? "<" + f.choices.join("|") + ">" : "<text>"),
    count_map: (f, doc) => Object.fromEntries((doc.players || []).map((p) => [p, "<int>"])), // a number per player
  };

  return { offers: offers, unchecked: unchecked, direct: direct, named: named, keyOf: keyOf, labelled: labelled,
    gridTarget: gridTarget, label: label, text: text };
})();
