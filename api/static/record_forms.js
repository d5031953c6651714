// The record page's actions, built from the legal-actions contract alone (README, Legal actions): a button per
// concrete choice, and a short form per template. A template's fields become inputs by their shape: "<card>" a card
// field, a list of "<card>" a card field for that many cards (or any number, for a list of one), a list of lists a
// group of card fields that grows ("another meld"), a list of objects rows that grow, an object a field per key
// (a hand per player), "<int>" a number within the entry's `bounds`, "<A|B|C>" a choice, a number named `meld` a
// meld of the table, a move named by a correction one of its `moves`, any other "<...>" text; the rest is sent as
// listed. What was typed stays in `drafts` (by form and field), so a refusal or a new reading of the game keeps it.
"use strict";
window.meldbookForms = (function () {
  const text = window.meldbookText;
  const { el } = window.meldbookTable;
  const cards = window.meldbookCards;
  const CHOICE = /^<([^<>|]+(\|[^<>|]+)+)>$/;
  const SKIPPED = ["type", "player", "expected_version", "kind"];

  function fieldName(name) {
    const key = "field_" + name;
    const shown = text(key);
    return shown === key ? name : shown;
  }

  function placeholder(value) {
    return typeof value === "string" && value.startsWith("<") && value.endsWith(">");
  }

  // A body in words: the action's name and what it names.
  function describe(body) {
    const parts = [text("action:" + (body.type || body.kind))];
    for (const [key, value] of Object.entries(body)) {
      if (SKIPPED.includes(key) || key === "confirm" || key === "reason") continue;
      if (key === "meld") parts.push(text("on_meld", { meld: value }));
      else if (key === "source") parts.push(text(value));
      else if (key === "from_move" || key === "move") parts.push(text("from_move", { move: value }));
      else if (Array.isArray(value)) parts.push(value.map((v) => (Array.isArray(v) ? v.join(" ") : typeof v === "object" ? describe(v) : v)).join(" · "));
      else if (typeof value === "object" && value !== null) parts.push(Object.entries(value).map(([k, v]) => k + ": " + [].concat(v).join(" ")).join("; "));
      else if (typeof value === "number") parts.push(fieldName(key) + " " + value);
      else if (typeof value !== "boolean") parts.push(String(value));
    }
    return parts.join(" ");
  }

  function build(entry, ctx) {
    const key = (entry.type || "") + ":" + (entry.player || "");
    const draft = (ctx.drafts[key] = ctx.drafts[key] || {});
    const form = el("form", { class: "template", "data-action": entry.type, "data-player": entry.player || "", novalidate: "" });
    const fields = [];

    function remember(path, value) { draft[path] = value; }

    function cardField(path, label, count, single) {
      const input = el("input", { type: "text", class: "cards-input", "data-field": path, autocomplete: "off",
        autocapitalize: "characters", spellcheck: "false", inputmode: "text", "aria-label": label });
      input.value = draft[path] || "";
      const counter = el("output", { class: "count", "data-count-for": path });
      const box = el("label", { class: "card-field" }, el("span", { class: "label" }, label), input, counter);
      const field = { input: input, label: label, count: count, allowed: entry.allowed_cards || null, anchor: box };
      function recount() {
        const n = cards.read(input.value).length;
        counter.textContent = count ? n + "/" + count : String(n);
        counter.className = "count" + (count && n === count ? " full" : count && n > count ? " over" : "");
        remember(path, input.value);
      }
      field.advance = () => {
        if (!count || cards.read(input.value).length < count) return;
        const at = fields.indexOf(field);
        const next = fields.slice(at + 1).find((f) => f.input && (!f.count || cards.read(f.input.value).length < f.count));
        if (next) next.input.focus();
      };
      input.addEventListener("input", recount);
      input.addEventListener("focus", () => ctx.picker.serve(field));
      recount();
      fields.push(field);
      return { node: box, read: () => {
        const list = cards.read(input.value);
        return !list.length ? undefined : single && list.length === 1 ? list[0] : list;
      } };
    }

    function simple(path, name, value) {
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
          const bounds = (entry.bounds || {})[name] || [];
          input = el("input", { type: "number", inputmode: "numeric", "data-field": path, min: bounds[0], max: bounds[1] });
        }
      } else if (CHOICE.test(value)) {
        input = el("select", { "data-field": path }, el("option", { value: "" }, "—"),
          ...value.slice(1, -1).split("|").map((o) => el("option", { value: o }, o)));
      } else {
        input = el("input", { type: "text", "data-field": path, autocomplete: "off" });
      }
      if (draft[path] !== undefined) input.value = draft[path];
      input.addEventListener("input", () => remember(path, input.value));
      input.addEventListener("change", () => remember(path, input.value));
      const numeric = moves || value === "<int>" || typeof value === "number";
      return {
        node: el("label", { class: "plain-field" }, el("span", { class: "label" }, fieldName(name)), input),
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
      more.addEventListener("click", () => { add(); const f = fields[fields.length - 1]; if (f && f.input) f.input.focus(); });
      for (let i = 0; i < Math.max(1, draft[path + "#"] || 1); i++) add();
      return {
        node: el("fieldset", {}, el("legend", {}, fieldName(name)), list, more),
        read: () => { const got = items.map((i) => i.read()).filter((v) => v !== undefined); return got.length ? got : undefined; },
      };
    }

    function field(value, path, name) {
      if (value === "<card>") return cardField(path, fieldName(name), 1, true);
      if (Array.isArray(value)) {
        if (value.every((v) => v === "<card>")) return cardField(path, fieldName(name), value.length > 1 ? value.length : 0);
        return growing(path, name, value[0]);
      }
      if (value && typeof value === "object") {
        const parts = Object.entries(value).map(([k, v]) => [k, field(v, path ? path + "." + k : k, k)]);
        const node = path ? el("fieldset", {}, el("legend", {}, fieldName(name))) : el("div", { class: "fields" });
        for (const [, part] of parts) if (part.node) node.append(part.node);
        return {
          node: node,
          read: () => {
            const got = {};
            for (const [k, part] of parts) { const v = part.read(); if (v !== undefined) got[k] = v; }
            return Object.keys(got).some((k) => placeholder(value[k]) || typeof value[k] === "object" || k === "meld") ? got : undefined;
          },
        };
      }
      if (placeholder(value) || (typeof value === "number" && name === "meld")) return simple(path, name, value);
      return { node: null, read: () => (name === "expected_version" ? undefined : value) };
    }

    const root = field(entry.template, "", "");
    const title = el("h3", {}, text("action:" + entry.type) + (entry.player ? " · " + entry.player : ""));
    const refusal = el("p", { class: "refusal", role: "alert", hidden: "" });
    const submit = el("button", { type: "submit", class: "primary" }, text("record_it"));
    form.append(title, root.node, refusal, submit);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      ctx.send(root.read() || {}, { entry: entry, key: key, refusal: refusal });
    });
    return form;
  }

  return { build: build, describe: describe };
})();
