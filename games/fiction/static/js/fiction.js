// Fiction's clue-token picker: "Share" stays disabled, with the reason beside it, until the
// row holds exactly the lies allowed. The server checks again; this only saves a refused tap.
// Clue check's token pickers are labelled with the letters typed.
// And the Fact/Fiction form shows the letters of the guess its token is for.
(function () {
  "use strict";

  function check(form) {
    var allowed = (form.dataset.allowed || "1").split(",").map(Number);
    var lies = 0;
    form.querySelectorAll(".pick").forEach(function (tile) {
      var clue = tile.querySelector("select").value;
      var lie = clue !== tile.dataset.honest;
      tile.dataset.clue = clue;
      tile.classList.toggle("has-lie", lie);
      if (lie) lies += 1;
    });
    var button = form.querySelector("button.share");
    var why = form.querySelector(".share-why");
    var ok = allowed.indexOf(lies) !== -1;
    var reason = ok ? "" : "Change " + form.dataset.wanted + "; you changed " + lies + ".";
    button.disabled = !ok;
    if (ok) button.removeAttribute("title"); else button.title = reason;
    if (why) why.textContent = reason;
  }

  // Clue check: each token picker is labelled with the letter typed above it. Only the labels
  // change; the field being typed in is left alone.
  function label(form) {
    var word = form.querySelector("input[name=guess]").value.trim().toUpperCase();
    form.querySelectorAll("select[name=clues]").forEach(function (select, i) {
      var letter = word.charAt(i);
      var tag = form.querySelector("label[for='" + select.id + "']");
      if (tag) tag.textContent = letter || "·";
      select.setAttribute("aria-label", "Clue token under " + (letter || "letter " + (i + 1)));
    });
  }

  // A Fact/Fiction token's letter buttons are those of the guess chosen above them: the other
  // guesses' buttons are hidden and disabled, so no hidden letter is sent or required.
  function showGuess(form) {
    var select = form.querySelector("select[data-ff-turn]");
    var turn = select ? select.value : "";
    form.querySelectorAll("fieldset.ff-guess").forEach(function (set) {
      var shown = set.dataset.turn === turn;
      set.hidden = !shown;
      set.querySelectorAll("input[type=radio]").forEach(function (radio) {
        radio.disabled = !shown || radio.hasAttribute("data-off");
        if (!shown) radio.checked = false;
      });
    });
  }

  function checkAll() {
    document.querySelectorAll("form.picker").forEach(check);
    document.querySelectorAll("form.check-form").forEach(label);
    document.querySelectorAll("form.ff-form").forEach(showGuess);
  }

  document.addEventListener("change", function (evt) {
    var form = evt.target.closest && evt.target.closest("form.picker");
    if (form) check(form);
    if (evt.target.matches && evt.target.matches("select[data-ff-turn]")) showGuess(evt.target.form);
  });
  document.addEventListener("input", function (evt) {
    var form = evt.target.closest && evt.target.closest("form.check-form");
    if (form) label(form);
  });
  document.addEventListener("reset", function (evt) {  // the field empties after the reset event
    if (evt.target.matches && evt.target.matches("form.check-form")) setTimeout(function () { label(evt.target); }, 0);
  });
  // A live update redraws the button as the server knows it; the choices on this phone decide.
  ["DOMContentLoaded", "htmx:afterSettle", "htmx:oobAfterSwap", "htmx:load"].forEach(function (name) {
    document.addEventListener(name, checkAll);
  });
  checkAll();
})();
