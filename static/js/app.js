// Liar's Table as an app: the service worker that shows an offline page, and a buzz or chime
// when it becomes this phone's turn, so nobody has to keep looking at the screen.
(function () {
  "use strict";

  // Once the worker runs, the page tells it the files it loaded, which the worker keeps (those of
  // a page it did not yet control too, as the first page a phone opens is): those loaded so far,
  // then each as it loads, as the browser may ask for the tab's icon or a typeface only later.
  // Taps and pushes (fetch, XHR) are the table's, never kept: they are not told.
  if ("serviceWorker" in navigator) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js").then(function () { return navigator.serviceWorker.ready; }).then(function (registration) {
        new PerformanceObserver(function (list) {
          var used = list.getEntries().filter(function (entry) {
            return entry.initiatorType !== "fetch" && entry.initiatorType !== "xmlhttprequest";
          }).map(function (entry) { return new URL(entry.name).pathname; });
          if (used.length && registration.active) registration.active.postMessage({ used: used });
        }).observe({ type: "resource", buffered: true });
      }).catch(function () { /* the app still works without it */ });
    });
  }

  // Kept on this phone only. The display stays quiet unless someone switches it on there.
  var KEY = "liars-table:turn-alert";
  var MODES = ["off", "buzz", "buzz-chime"];
  var LABELS = { "off": "off", "buzz": "buzz", "buzz-chime": "buzz and chime" };

  function isDisplay() { return document.body.classList.contains("is-display"); }

  function mode() {
    var saved = null;
    try { saved = window.localStorage.getItem(KEY); } catch (e) { /* storage blocked: defaults */ }
    if (MODES.indexOf(saved) >= 0) return saved;
    return isDisplay() ? "off" : "buzz";
  }

  function showMode() {
    var button = document.getElementById("turn-alert");
    if (!button) return;
    var current = mode();
    button.textContent = "Your-turn alert: " + LABELS[current];
    button.setAttribute("aria-pressed", String(current !== "off"));
  }

  var audio = null;
  function chime() {
    if (!window.AudioContext) return;
    if (!audio) audio = new AudioContext();
    [660, 880].forEach(function (pitch, i) {
      var start = audio.currentTime + i * 0.14;
      var osc = audio.createOscillator();
      var gain = audio.createGain();
      osc.frequency.value = pitch;
      gain.gain.setValueAtTime(0.18, start);
      gain.gain.exponentialRampToValueAtTime(0.001, start + 0.25);
      osc.connect(gain).connect(audio.destination);
      osc.start(start);
      osc.stop(start + 0.26);
    });
  }

  function alertTurn() {
    var current = mode();
    if (current === "off") return;
    // A phone buzzes only once its page has been tapped (the browser refuses it before, and says so).
    var tapped = !navigator.userActivation || navigator.userActivation.hasBeenActive;
    if (navigator.vibrate && tapped) navigator.vibrate([120, 80, 120]);
    if (current === "buzz-chime") chime();
    document.dispatchEvent(new CustomEvent("table:your-turn"));
  }

  // Only a change to "your turn" alerts: not the page opening on it, nor each redraw while it lasts.
  // It also brings the phone back to the top, where what to do now is, unless its owner is typing.
  var wasMine = null;
  function checkTurn() {
    var card = document.querySelector("#live .now");
    if (!card) return;
    var mine = card.classList.contains("my-turn");
    if (wasMine === false && mine) {
      var typing = document.activeElement && document.activeElement.matches("input, textarea, select");
      if (!typing) window.scrollTo(0, 0);
      alertTurn();
    }
    wasMine = mine;
  }

  document.addEventListener("DOMContentLoaded", function () { showMode(); checkTurn(); });
  document.addEventListener("htmx:oobAfterSwap", checkTurn);
  document.addEventListener("htmx:afterSettle", checkTurn);

  document.addEventListener("click", function (evt) {
    if (!(evt.target.closest && evt.target.closest("#turn-alert"))) return;
    var next = MODES[(MODES.indexOf(mode()) + 1) % MODES.length];
    try { window.localStorage.setItem(KEY, next); } catch (e) { /* this page only */ }
    showMode();
    if (next === "buzz-chime") chime();  // a tap is what lets a page make sound: say how it sounds
  });
})();
