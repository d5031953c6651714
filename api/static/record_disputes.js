// The disputes of a game on its record page, exactly as GET /games/{id}/disputes shows them to the page's token:
// each claim with the figure claimed, who opened it and on which hand, its evidence and its state (open, or the
// ruling that closed it). A seat or the recorder opens one on a scored hand (the score sheet's "Dispute": the form
// opens below the sheet, full width) and adds evidence (a move of the replay, with a note); whoever the game says
// rules on its disputes (`may_rule`: the arbiter, or the recorder where no arbiter was issued) rules from here,
// with or without one of the corrections the contract lists (POST .../ruling with `apply_correction`).
"use strict";
window.meldbookDisputes = function (ctx) {
  // ctx: {game, headers(extra), doc(), refusalText(body) (text, or the nodes that show it), said(words), reload()}
  const text = window.meldbookText;
  const { el } = window.meldbookTable;
  const forms = window.meldbookForms;
  const $ = (id) => document.getElementById(id);
  let items = [];

  function who(role) {
    if (!role) return "";
    if (role === "recorder") return text("role_recorder");
    if (role === "arbiter") return text("role_arbiter");
    return role.replace(/^seat:/, "");
  }

  async function post(path, body, refusal) {
    const answer = await fetch(path, { method: "POST", body: JSON.stringify(body),
      headers: ctx.headers({ "Content-Type": "application/json" }) }).catch((error) => ({ ok: false, error: error }));
    const reply = answer.json ? await answer.json().catch(() => ({})) : {};
    if (!answer.ok) {
      refusal.replaceChildren(...[].concat(answer.error ? text("unsent", { error: answer.error.message }) : ctx.refusalText(reply)));
      refusal.hidden = false;
      return null;
    }
    refusal.hidden = true;
    return reply;
  }

  async function read() {
    const doc = ctx.doc();
    if (!doc || !doc.role) { items = []; return items; }
    const answer = await fetch("/games/" + ctx.game + "/disputes", { headers: ctx.headers() }).catch(() => null);
    items = answer && answer.ok ? (await answer.json()).items || [] : [];
    return items;
  }

  function evidenceLine(piece) {
    const where = piece.kind === "replay" ? text("evidence_replay", { hand: piece.ref.replay.hand, move: piece.ref.replay.at })
      : piece.kind === "annotation" ? text("evidence_annotation", { id: piece.ref.annotation })
        : text("evidence_event", { version: piece.at });
    return el("li", { class: "evidence", "data-evidence": piece.id },
      where + (piece.note ? ": " + piece.note : "") + " — " + who(piece.by));
  }

  function evidenceForm(dispute) {
    const refusal = el("p", { class: "refusal", role: "alert", hidden: "" });
    const hand = el("input", { type: "number", min: 1, inputmode: "numeric", value: dispute.hand, class: "evidence-hand" });
    const move = el("input", { type: "number", min: 1, inputmode: "numeric", class: "evidence-move", required: "" });
    const note = el("input", { type: "text", maxlength: 4000, class: "evidence-note" });
    const form = el("form", { class: "evidence-form", "data-dispute": dispute.id },
      el("label", {}, text("evidence_hand"), hand), el("label", {}, text("evidence_move"), move),
      el("label", {}, text("evidence_note"), note), refusal,
      el("button", { type: "submit" }, text("evidence_add")));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const body = { replay: { hand: Number(hand.value), at: Number(move.value) }, note: note.value.trim() };
      const reply = await post("/games/" + ctx.game + "/disputes/" + dispute.id + "/evidence", body, refusal);
      if (reply) { ctx.said(text("evidence_added", { id: dispute.id })); await show(); }
    });
    return el("details", { class: "add-evidence" }, el("summary", {}, text("evidence_add")), form);
  }

  // The ruler's form: the ruling in words, closed as it is or with one of the corrections the contract lists.
  function rulingForm(dispute) {
    const doc = ctx.doc();
    const refusal = el("p", { class: "refusal", role: "alert", hidden: "" });
    const words = el("textarea", { class: "ruling-text", rows: 2, maxlength: 4000, required: "",
      "aria-label": text("ruling_text") });
    async function rule(correction, where) {
      const ruling = words.value.trim();
      const said = where || refusal;
      if (!ruling) { said.textContent = text("ruling_needed"); said.hidden = false; words.focus(); return; }
      const body = { ruling: ruling };
      if (correction) {
        body.correction = Object.assign({}, correction);
        delete body.correction.expected_version;
        body.apply_correction = true;
      }
      const reply = await post("/games/" + ctx.game + "/disputes/" + dispute.id + "/ruling", body, said);
      if (reply) { ctx.said(text("ruled", { id: dispute.id })); await ctx.reload(); }
    }
    const plain = el("form", { class: "ruling-form", "data-dispute": dispute.id },
      el("label", {}, text("ruling_text"), words), refusal,
      el("button", { type: "submit", class: "primary rule" }, text("rule_close")));
    plain.addEventListener("submit", (event) => { event.preventDefault(); rule(null); });
    const corrections = (doc.table_actions || []).filter((e) => e.template && (e.route || "").includes("corrections"));
    const box = el("div", { class: "ruling" }, plain);
    if (corrections.length) {
      const options = el("details", { class: "with-correction" }, el("summary", {}, text("rule_with_correction")));
      for (const entry of corrections) {
        const form = forms.build(entry, { doc: doc, drafts: {}, jokers: false, grid: { serve() {} },
          send: (body, how) => rule(Object.assign({ kind: entry.template.kind }, body), how.refusal) });
        form.querySelector("button.primary").textContent = text("rule_apply");
        options.append(form);
      }
      box.append(options);
    }
    return box;
  }

  function article(dispute) {
    const doc = ctx.doc();
    const status = text("dispute_" + dispute.status);
    const head = el("h3", {}, text("dispute_title", { id: dispute.id, hand: dispute.hand, status: status }));
    const node = el("article", { class: "dispute", id: "dispute-" + dispute.id, "data-dispute": dispute.id,
      "data-status": dispute.status }, head);
    node.append(el("p", { class: "claim" }, el("b", {}, who(dispute.opened_by) + ": "), dispute.claim || ""));
    if (dispute.figure !== null && dispute.figure !== undefined) {
      node.append(el("p", { class: "figure" }, text("figure_claimed", { figure: dispute.figure })));
    }
    if ((dispute.evidence || []).length) node.append(el("ul", { class: "evidence-list" }, ...dispute.evidence.map(evidenceLine)));
    const ruling = dispute.ruling;
    if (ruling) {
      node.append(el("p", { class: "ruling-text-shown" }, ruling.withheld
        ? text("ruling_withheld", { who: who(ruling.by) })
        : text("ruling_by", { who: who(ruling.by), ruling: ruling.text || "" })
          + (ruling.correction_applied ? " " + text("ruling_corrected", { version: ruling.corrected_at }) : "")));
    }
    if (dispute.status === "open") {
      if (doc.role === "recorder" || (doc.role || "").startsWith("seat:")) node.append(evidenceForm(dispute));
      if (doc.may_rule) node.append(rulingForm(dispute));
    }
    return node;
  }

  async function show() {
    await read();
    const panel = $("disputes");
    panel.hidden = items.length === 0;
    $("dispute-list").replaceChildren(...items.map(article));
    return items;
  }

  // The form that opens a dispute on a scored hand, below the score sheet (the whole width of the page).
  function open(hand, at) {
    const box = $("dispute-open");
    const refusal = el("p", { class: "refusal", role: "alert", hidden: "" });
    const claim = el("textarea", { class: "dispute-claim", rows: 3, maxlength: 4000, required: "" });
    const figure = el("input", { type: "number", class: "dispute-figure", inputmode: "numeric" });
    const cancel = el("button", { type: "button" }, text("cancel"));
    const form = el("form", { class: "dispute-form", "data-hand": hand },
      el("h3", {}, text("dispute_open_title", { hand: hand })),
      el("label", {}, text("dispute_claim"), claim), el("label", {}, text("dispute_figure"), figure), refusal,
      el("p", { class: "buttons" }, el("button", { type: "submit", class: "primary" }, text("dispute_send")), cancel));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const body = { target: "hand", at: at, claim: claim.value.trim() };
      if (figure.value !== "") body.figure = Number(figure.value);
      const reply = await post("/games/" + ctx.game + "/disputes", body, refusal);
      if (!reply) return;
      box.replaceChildren();
      ctx.said(text("disputed_hand", { hand: hand, id: reply.id }));
      await ctx.reload();
    });
    cancel.addEventListener("click", () => box.replaceChildren());
    box.replaceChildren(form);
    claim.focus();
  }

  return { show: show, open: open, items: () => items };
};
