// The /pair page: a phone takes its seat. The code comes from the URL's fragment (the QR code on the recorder's
// screen encodes /pair#<code>; a fragment never reaches the server) or is typed; POST /pairings/redeem answers the
// seat's token, which goes into this tab's sessionStorage (and, on a device its user trusts, into its localStorage:
// api/static/device.js), and the page goes to the game's record page.
"use strict";
(function () {
  const form = document.getElementById("pair");
  if (!form) return;
  const t = window.meldbookTable;
  const $ = (id) => document.getElementById(id);

  async function redeem(code) {
    t.clearRefusals(form);
    $("pair-status").textContent = t.text("joining");
    $("join").disabled = true;
    const answer = await t.send("POST", "/pairings/redeem", { code });
    $("join").disabled = false;
    $("pair-status").textContent = "";
    if (!answer.ok) {
      t.showRefusal(form, { ...answer.body, field: "code" }, $("pair-status"));
      return;
    }
    t.device.keep(answer.body.game, answer.body.token, $("trust").checked);
    t.rememberGame(answer.body.game, "", "", "seat:" + answer.body.player);
    $("pair-status").textContent = t.text("joined", { player: answer.body.player });
    window.location.assign(answer.body.view);
  }

  $("trust").checked = t.device.trusted();
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    redeem($("code").value);
  });
  const fromFragment = decodeURIComponent(window.location.hash.slice(1));
  if (fromFragment) {
    history.replaceState(null, "", window.location.pathname); // the code leaves the address bar and the history
    $("code").value = fromFragment;
    redeem(fromFragment);
  }
})();
