// The record page's forms, built from the legal-actions contract alone (README, Legal actions): a short form per
// template, whose fields follow its shape: "<card>" a card field, a list of "<card>" a card field for that many cards
// (or any number, for a list of one), a list of lists a group of card fields that grows ("another meld"), a list of
// objects rows that grow, an object a field per key (a hand per player), "<int>" a number within the entry's
// `bounds`, "<A|B|C>" a choice, a number named `meld` a meld of the table, a move named by a correction one of its
// `moves`, any other "<...>" text; the rest is sent as listed. A key that one of the template's legal examples
// leaves out is optional (a deal's hands: every hand, or none). A card field reads what is typed as it is typed:
// cards may run together (`ahkdts`), junk is refused in the field and not counted, and once a field holds its count
// the next field takes what follows, so a whole deal is typed in one go and sent with one Enter. The card grid
// (record_cards.js) serves the card field the page points it at. What was typed stays in `drafts` (by form and
// field), so a refusal or a new reading of the game keeps it. `describe` names a body in words.
"use strict";
window.meldbookForms = (function () {
  const text = window.meldbookText;
  const { el } = window.meldbookTable;
  const cards = window.meldbookCards;
  const CHOICE = /^<([^<>|]+(\|[^<>|]+)+)>$/;
  const SKIPPED = ["type", "player", "expected_version", "kind", "confirm", "table_action"];
  let fieldCount = 0;

  function fieldName(name) {
    const key = "field_" + name;
    const shown = text(key);
    return shown === key ? name : shown;
  }

  // A value the contract names by a code ("wrong_count", "stock") in the page's words, where the catalogue has it.
  function valueName(value) {
    const key = "value:" + value;
    const shown = text(key);
    return shown === key ? String(value) : shown;
  }

  function placeholder(value) {
    return typeof value === "string" && value.startsWith("<") && value.endsWith(">");
  }

  function cardList(list) {
    return list.filter((c) => !placeholder(c)).join(" ");
  }

  // A body in words: the action's name and what it names ("draw stock 5C", "go out: 2C 2D 2H · 10S on meld 3, then
  // discard 5D", "deal Ann: ...; Bob: ... · upcard 9H"). A template's placeholders are left out.
  function describe(body) {
    const parts = [text("action:" + (body.type || body.kind))];
    for (const [key, value] of Object.entries(body)) {
      if (SKIPPED.includes(key) || placeholder(value)) continue;
      if (key === "meld" && typeof value === "number") parts.push(text("on_meld", { meld: value }));
      else if (key === "source") parts.push(text("from_" + value) === "from_" + value ? text(value) : text("from_" + value));
      else if (key === "from_move" || key === "move") parts.push(text("from_move", { move: value }));
      else if (key === "reason") { if (text("value:" + value) !== "value:" + value) parts.push(valueName(value)); }
      else if (key === "upcard") parts.push("· " + text("upcard_is", { card: value }));
      else if (key === "rules" && typeof value === "number") parts.push(text("rules_version_is", { version: value }));
      else if (key === "declare" && Array.isArray(value)) parts.push(text("declared_as", { cards: cardList(value) }));
      else if (key === "discard" && typeof value === "string") parts.push(text("then_discard", { card: value }));
      else if (key === "lay_offs" && Array.isArray(value)) {
        if (value.length) parts.push("· " + value.map((lo) => text("laid_on", { card: lo.card, meld: lo.meld })).join(", "));
      } else if (key === "hands" && value && typeof value === "object") {
        parts.push(Object.entries(value).map(([p, list]) => p + ": " + cardList([].concat(list))).join("; "));
      } else if (Array.isArray(value)) {
        const nested = value.some((v) => v && typeof v === "object");
        parts.push(value.map((v) => (Array.isArray(v) ? cardList(v) : v && typeof v === "object" ? words(v) : v))
          .filter((v) => v !== "" && !placeholder(v)).join(nested ? " · " : " "));
      } else if (value && typeof value === "object") parts.push(words(value));
      else if (typeof value === "number") parts.push(fieldName(key) + " " + value);
      else if (typeof value !== "boolean") parts.push(valueName(value));
    }
    return parts.filter((p) => p !== "").join(" ");
  }

  // An object inside a body (one row of a list) in words: its fields, each named.
  function words(value) {
    return Object.entries(value).filter(([, v]) => !placeholder(v))
      .map(([k, v]) => (k === "meld" ? text("on_meld", { meld: v }) : Array.isArray(v) ? cardList(v) : String(v))).join(" ");
  }

  // The top-level keys a template may leave out: those one of its legal examples leaves out.
  function optionalKeys(entry) {
    const keys = Object.keys(entry.template || {});
    return new Set(keys.filter((k) => (entry.examples || []).some((example) => !(k in example))));
  }

  // ctx: {doc, drafts, send, jokers, grid: {serve(field), serving()}}; the form, with `fields`: its card fields.
  function build(entry, ctx) {
    const key = (entry.type || "") + ":" + (entry.player || "");
    const draft = (ctx.drafts[key] = ctx.drafts[key] || {});
    const form = el("form", { class: "template", "data-action": entry.type, "data-player": entry.player || "", novalidate: "" });
    const optional = optionalKeys(entry);
    const fields = [];

    function remember(path, value) { draft[path] = value; }

    function cardField(path, label, count, single) {
      const id = "card-field-" + (++fieldCount);
      const labelled = el("span", { class: "label", id: id + "-label" }, label);
      const input = el("input", { type: "text", class: "cards-input", id: id, "data-field": path, autocomplete: "off",
        autocapitalize: "characters", spellcheck: "false", inputmode: "text", enterkeyhint: "send",
        "aria-labelledby": id + "-label", "aria-describedby": id + "-note" });
      input.value = draft[path] || "";
      const counter = el("output", { class: "count", "data-count-for": path, for: id });
      const note = el("small", { class: "field-note", id: id + "-note", role: "status" });
      const box = el("div", { class: "card-field", "data-field-box": path }, labelled, input, counter, note);
      const field = { input: input, path: path, label: label, count: count, single: single, box: box, form: form,
        allowed: entry.allowed_cards || null, optional: optional.has(path.split(".")[0]) };
      field.cards = () => cards.read(input.value, ctx.jokers);
      field.full = () => Boolean(count) && field.cards().length >= count;
      function recount() {
        const junk = cards.parse(input.value, ctx.jokers).junk;
        note.textContent = junk.length ? text("not_cards", { junk: junk.join(", ") }) : "";
        const n = field.cards().length;
        counter.textContent = count ? n + "/" + count : String(n);
        counter.className = "count" + (count && n === count ? " full" : count && n > count ? " over" : "");
        remember(path, input.value);
      }
      // What was typed, read as it is typed: cards are counted and spelt as the project spells them; junk is refused
      // in the field (said beside it, not counted, left for the person to mend); a field that holds its count hands
      // what follows to the next one.
      function tidy() {
        const typed = cards.parse(input.value, ctx.jokers);
        const next = count && typed.cards.length >= count ? field.next() : null;
        let carried = "";
        if (!typed.junk.length) {
          const kept = next ? typed.cards.slice(0, count) : [...typed.cards, typed.rest];
          carried = next ? [...typed.cards.slice(count), typed.rest].filter(Boolean).join(" ") : "";
          const shown = kept.filter(Boolean).join(" ");
          if (shown !== input.value) input.value = shown;
        }
        recount();
        if (!next) return;
        if (carried || document.activeElement === input) {
          if (carried) next.input.value = [next.input.value, carried].filter(Boolean).join(" ");
          next.input.focus();
          if (carried) next.input.dispatchEvent(new Event("input", { bubbles: true }));
        } else {
          ctx.grid.serve(next);
        }
      }
      field.next = () => {
        const at = fields.indexOf(field);
        return fields.slice(at + 1).find((f) => !f.full()) || null;
      };
      // A card tapped on the grid: added, or taken out again if the field holds it already.
      field.pick = (code) => {
        const now = field.cards();
        const at = now.indexOf(code);
        if (at >= 0) now.splice(at, 1);
        else if (!count || now.length < count) now.push(code);
        else return;
        input.value = now.join(" ");
        recount();
        cards.remember([code]);
        if (count && now.length === count) {
          const next = field.next();
          ctx.grid.serve(next || field);
        } else {
          ctx.grid.serve(field);
        }
      };
      input.addEventListener("input", tidy);
      input.addEventListener("focus", () => ctx.grid.serve(field));
      box.addEventListener("click", (event) => { if (event.target !== input) ctx.grid.serve(field); });
      recount();
      fields.push(field);
      return { node: box, read: () => {
        const list = field.cards();
        return !list.length ? undefined : single && list.length === 1 ? list[0] : list;
      } };
    }

    function simple(path, name, value, label) {
      let input;
      const moves = entry.moves && (name === "from_move" || name === "move");
      if (moves) {
        input = el("select", { "data-field": path }, ...entry.moves.slice().reverse().map((m) => el("option", { value: m }, m)));
      } else if (value === "<int>" || typeof value === "number") {
        if (name === "meld") {
          input = el("select", { "data-field": path }, el("option", { value: "" }, "—"));
          const onTable = ctx.doc.state.melds || [];
          for (const meld of onTable) {
            input.append(el("option", { value: meld.id }, meld.id + ": " + meld.owner + " " + meld.cards.join(" ")));
          }
          // The melds this move lays get the ids the template's bounds reach beyond the table's.
          const reach = ((entry.bounds || {}).meld || [])[1];
          const laid = onTable.map((m) => Number(m.id));
          for (let id = Math.max(0, ...laid) + 1; reach && id <= reach; id++) {
            input.append(el("option", { value: id }, text("new_meld", { meld: id, nth: id - Math.max(0, ...laid) })));
          }
        } else {
          // A number's bounds by its field's path, else by the top field it sits in (a count per player), else its name.
          const all = entry.bounds || {};
          const bounds = all[path] || all[path.split(".")[0]] || all[name] || [];
          input = el("input", { type: "number", inputmode: "numeric", "data-field": path, min: bounds[0], max: bounds[1] });
        }
      } else if (CHOICE.test(value)) {
        input = el("select", { "data-field": path }, el("option", { value: "" }, "—"),
          ...value.slice(1, -1).split("|").map((o) => el("option", { value: o }, valueName(o))));
      } else {
        input = el("input", { type: "text", "data-field": path, autocomplete: "off" });
      }
      if (draft[path] !== undefined) input.value = draft[path];
      input.addEventListener("input", () => remember(path, input.value));
      input.addEventListener("change", () => remember(path, input.value));
      const numeric = moves || value === "<int>" || typeof value === "number";
      return {
        node: el("label", { class: "plain-field" }, el("span", { class: "label" }, label || fieldName(name)), input),
        read: () => (input.value === "" ? undefined : numeric ? Number(input.value) : input.value),
      };
    }

    function growing(path, name, template) {
      const list = el("div", { class: "group", "data-field": path });
      const items = [];
      const add = () => {
        const item = field(template, path + "." + items.length, name + " " + (items.length + 1));
        items.push(item);
        list.append(item.node);
        remember(path + "#", items.length);
      };
      const more = el("button", { type: "button", class: "more", "data-more": path }, text("add_another", { field: fieldName(name) }));
      more.addEventListener("click", () => {
        add();
        const f = fields[fields.length - 1];
        if (f) ctx.grid.serve(f);
      });
      for (let i = 0; i < Math.max(1, draft[path + "#"] || 1); i++) add();
      return {
        node: el("fieldset", {}, el("legend", {}, fieldName(name)), list, more),
        read: () => { const got = items.map((i) => i.read()).filter((v) => v !== undefined); return got.length ? got : undefined; },
      };
    }

    function field(value, path, name) {
      const shown = (path && optional.has(path) ? text("optional_field", { field: fieldName(name) }) : fieldName(name));
      if (value === "<card>") return cardField(path, shown, 1, true);
      if (Array.isArray(value)) {
        if (value.every((v) => v === "<card>")) return cardField(path, shown, value.length > 1 ? value.length : 0);
        return growing(path, name, value[0]);
      }
      if (value && typeof value === "object") {
        const parts = Object.entries(value).map(([k, v]) => [k, field(v, path ? path + "." + k : k, k)]);
        const node = path ? el("fieldset", {}, el("legend", {}, shown)) : el("div", { class: "fields" });
        for (const [, part] of parts) if (part.node) node.append(part.node);
        return {
          node: node,
          read: () => {
            const got = {};
            for (const [k, part] of parts) { const v = part.read(); if (v !== undefined) got[k] = v; }
            // A whole body is sent as filled (a deal naming no hand); a row inside it only once something is filled.
            if (!path) return got;
            return Object.keys(got).some((k) => placeholder(value[k]) || typeof value[k] === "object" || k === "meld") ? got : undefined;
          },
        };
      }
      if (placeholder(value) || (typeof value === "number" && name === "meld")) return simple(path, name, value, shown);
      return { node: null, read: () => (name === "expected_version" ? undefined : value) };
    }

    const root = field(entry.template, "", "");
    const fixed = Object.fromEntries(Object.entries(entry.template).filter(([, v]) => typeof v !== "object"));
    const title = el("h3", {}, describe(fixed) + (entry.player ? " · " + entry.player : ""));
    const refusal = el("p", { class: "refusal", role: "alert", hidden: "" });
    const submit = el("button", { type: "submit", class: "primary" }, text("record_it"));
    form.append(title, root.node, refusal, submit);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      ctx.send(root.read() || {}, { entry: entry, key: key, refusal: refusal });
    });
    form.fields = fields;
    // The field the grid serves first: the first required one still short of its count, else the first short one.
    form.firstField = () => fields.find((f) => !f.optional && !f.full()) || fields.find((f) => !f.full()) || fields[0] || null;
    return form;
  }

  return { build: build, describe: describe, placeholder: placeholder, valueName: valueName };
})();
