// LIE: tap counters (hand, count at reveal, bid quantity) and a bid picker that offers only legal bids.
// The server checks everything again; this only makes the phone quick and honest to tap.
(function () {
  "use strict";
  if (window.lieLoaded) return;
  window.lieLoaded = true;

  function counted(form) {
    return Array.prototype.slice.call(form.querySelectorAll("input[data-counted]"));
  }

  function total(form) {
    return counted(form).reduce(function (sum, el) { return sum + (parseInt(el.value, 10) || 0); }, 0);
  }

  // Each counter stays within its own min and max, and the counted ones together within the cards held.
  function refresh(form) {
    var cap = form.dataset.cap ? parseInt(form.dataset.cap, 10) : null;
    var sum = total(form);
    form.querySelectorAll("[data-counter]").forEach(function (row) {
      var input = row.querySelector("input");
      var value = parseInt(input.value, 10) || 0;
      var min = parseInt(input.min, 10) || 0;
      var max = input.max === "" ? Infinity : parseInt(input.max, 10);
      var full = cap !== null && input.hasAttribute("data-counted") && sum >= cap;
      row.querySelector('[data-step="-1"]').disabled = value <= min;
      row.querySelector('[data-step="1"]').disabled = value >= max || full;
    });
    var shown = form.querySelector("[data-total]");
    if (shown) shown.textContent = String(sum);
    if (form.hasAttribute("data-lie-bid")) refreshBid(form);
  }

  function spoken(quantity, radio) {
    return quantity + " " + (quantity === 1 ? radio.dataset.one : radio.dataset.name);
  }

  // Why the bid in the fields cannot be made, in the words the server would refuse it with; "" if it can.
  function bidProblem(form, quantity, checked) {
    var box = form.querySelector('input[name="quantity"]');
    var startQ = parseInt(form.dataset.startQuantity, 10);
    var startF = parseInt(form.dataset.startFace, 10);
    var max = parseInt(box.max, 10);
    if (!(quantity > 0)) return "Type how many, from " + startQ + " to " + max + ".";
    if (quantity > max) return "Only " + max + " cards are in play: bid at most " + max + " of a face.";
    if (quantity > startQ || (quantity === startQ && parseInt(checked.value, 10) >= startF)) return "";
    var current = form.dataset.currentQuantity;
    var lowest = form.querySelector('input[name="face"][value="' + startF + '"]');
    var face = form.querySelector('input[name="face"][value="' + form.dataset.currentFace + '"]');
    return spoken(quantity, checked) + " does not beat " + spoken(parseInt(current, 10), face) +
      ": bid at least " + spoken(startQ, lowest) + ".";
  }

  // At the lowest quantity only faces from the lowest bid's face up are legal. The button says
  // the bid as it stands in the fields; one that cannot be made is refused here, with the reason.
  function refreshBid(form) {
    var raw = form.querySelector('input[name="quantity"]').value;
    var quantity = /^[0-9]+$/.test(raw) ? parseInt(raw, 10) : NaN;
    var startQ = parseInt(form.dataset.startQuantity, 10);
    var startF = parseInt(form.dataset.startFace, 10);
    var radios = form.querySelectorAll('input[name="face"]');
    var checked = null;
    radios.forEach(function (r) {
      r.disabled = !(quantity > startQ) && parseInt(r.value, 10) < startF;
      if (r.checked && !r.disabled) checked = r;
    });
    if (!checked) {
      checked = form.querySelector('input[name="face"][value="' + startF + '"]');
      if (quantity > startQ) checked = form.querySelector('input[name="face"]:checked:not(:disabled)') || checked;
      if (checked) checked.checked = true;
    }
    var problem = checked ? bidProblem(form, quantity, checked) : "";
    var label = form.querySelector("[data-bid-label]");
    if (label && checked) {
      label.textContent = quantity > 0 ? "Bid " + spoken(quantity, checked) : "Bid";
      label.disabled = Boolean(problem);
    }
    var why = form.querySelector("[data-bid-why]");
    if (why) {
      why.textContent = problem;
      why.hidden = !problem;
    }
    var odds = document.querySelector('[data-odds-for="' + form.id + '"]');
    if (odds && checked) {
      var chance = JSON.parse(odds.dataset.odds)[quantity + "-" + checked.value];
      odds.textContent = chance ? "Odds helper: the chance that this bid is there is " + chance + "." : "";
    }
  }

  document.addEventListener("click", function (evt) {
    var button = evt.target.closest && evt.target.closest("[data-step]");
    if (!button) return;
    var row = button.closest("[data-counter]");
    var form = button.closest("form");
    var input = row.querySelector("input");
    var max = input.max === "" ? Infinity : parseInt(input.max, 10);
    var value = Math.max(parseInt(input.min, 10) || 0, Math.min(max, (parseInt(input.value, 10) || 0) + parseInt(button.dataset.step, 10)));
    var cap = form.dataset.cap ? parseInt(form.dataset.cap, 10) : null;
    if (cap !== null && input.hasAttribute("data-counted") && total(form) - (parseInt(input.value, 10) || 0) + value > cap) return;
    input.value = String(value);
    input.dispatchEvent(new Event("input", { bubbles: true }));  // marks it touched: live updates keep it
    refresh(form);
  });

  document.addEventListener("input", function (evt) {
    var form = evt.target.closest && evt.target.closest("form");
    if (form && (form.querySelector("[data-counter]"))) refresh(form);
    if (form && form.hasAttribute("data-lie-taps")) refreshTaps(form);
  });
  document.addEventListener("change", function (evt) {
    var form = evt.target.closest && evt.target.closest("form[data-lie-bid]");
    if (form) refresh(form);
  });

  // A hand of cards on the table: one tap a card, on the face showing. Each face's count is a
  // hidden field; the hand so far is drawn from them as dice, each a button that takes it back.
  function refreshTaps(form) {
    var cap = parseInt(form.dataset.cap, 10);
    var sum = total(form);
    form.querySelectorAll("[data-tap]").forEach(function (button) { button.disabled = sum >= cap; });
    var chips = form.querySelector("[data-chips]");
    if (chips) {
      chips.textContent = "";
      counted(form).forEach(function (input) {
        var tap = form.querySelector('[data-tap="' + input.dataset.face + '"]');
        for (var i = 0; i < (parseInt(input.value, 10) || 0); i++) {
          var chip = document.createElement("button");
          chip.type = "button";
          chip.className = "lie-chip";
          chip.dataset.untap = input.dataset.face;
          chip.innerHTML = '<span class="sr-only">Take back </span>' + tap.querySelector(".die").outerHTML;
          chips.appendChild(chip);
        }
      });
    }
    var shown = form.querySelector("[data-total]");
    if (shown) shown.textContent = String(sum);
  }

  document.addEventListener("click", function (evt) {
    var button = evt.target.closest && evt.target.closest("[data-tap], [data-untap]");
    if (!button) return;
    var form = button.closest("form[data-lie-taps]");
    if (!form) return;
    var face = button.dataset.tap || button.dataset.untap;
    var input = form.querySelector('input[data-face="' + face + '"]');
    var value = (parseInt(input.value, 10) || 0) + (button.dataset.tap ? 1 : -1);
    if (value < 0 || (button.dataset.tap && total(form) >= parseInt(form.dataset.cap, 10))) return;
    input.value = String(value);
    input.dispatchEvent(new Event("input", { bubbles: true }));  // marks it touched: live updates keep it
  });

  // Dealt cards: each card's chosen end, "" for an unused card.
  function turnedUp(form) {
    return Array.prototype.slice.call(form.querySelectorAll('input[type="radio"]:checked'))
      .map(function (el) { return el.value; }).filter(function (value) { return value !== ""; });
  }

  document.addEventListener("change", function (evt) {
    var form = evt.target.closest && evt.target.closest("form[data-lie-dealt]");
    var shown = form && form.querySelector("[data-total]");
    if (shown) shown.textContent = String(turnedUp(form).length);
  });

  // Every dealt card starts unused: a hand with none turned is asked about before it is sent.
  document.addEventListener("htmx:confirm", function (evt) {
    var form = evt.detail.elt;
    if (!form || !form.matches || !form.matches("form[data-lie-dealt]") || turnedUp(form).length) return;
    if (!window.confirm("Set this hand with no cards used? Tap an end of each card to use it.")) evt.preventDefault();
  });

  // A hand is sent as one face per card used: faces=4&faces=4&faces=2.
  document.addEventListener("htmx:configRequest", function (evt) {
    var form = evt.detail.elt;
    if (!form || !form.hasAttribute || !form.hasAttribute("data-lie-hand")) return;
    var params = evt.detail.parameters;
    params.delete("faces");
    if (form.hasAttribute("data-lie-dealt")) {
      form.querySelectorAll('input[type="radio"]').forEach(function (el) { params.delete(el.name); });
      turnedUp(form).forEach(function (face) { params.append("faces", face); });
      return;
    }
    counted(form).forEach(function (el) {
      for (var i = 0; i < (parseInt(el.value, 10) || 0); i++) params.append("faces", el.dataset.face);
    });
  });

  function refreshAll() {
    document.querySelectorAll("form").forEach(function (form) {
      if (form.querySelector("[data-counter]")) refresh(form);
      if (form.hasAttribute("data-lie-taps")) refreshTaps(form);
    });
  }
  document.addEventListener("DOMContentLoaded", refreshAll);
  document.addEventListener("htmx:oobAfterSwap", refreshAll);
  document.addEventListener("htmx:load", refreshAll);
  if (document.readyState !== "loading") refreshAll();
})();
