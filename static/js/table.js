// Liar's Table: the small amount of script the table page needs beyond htmx.
// - keep the live socket connected (reconnect on wake, ask for a fresh view),
// - skip redrawing regions whose content has not changed, and morph the ones that have
//   without touching what a person is typing, ticking or counting (idiomorph),
// - draw the shared clock from the server's deadline and ask the server at zero,
// - keep the screen awake while a game is running.
(function () {
  "use strict";

  function csrfToken() {
    var meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.content : "";
  }

  document.addEventListener("htmx:configRequest", function (evt) {
    evt.detail.headers["X-CSRFToken"] = csrfToken();
  });

  // Say so when a tap did not get through, rather than leaving the button looking dead.
  function flash(text) {
    var slot = document.getElementById("flash");
    if (!slot) return;
    slot.innerHTML = "";
    var p = document.createElement("p");
    p.className = "flash flash-error";
    p.setAttribute("role", "alert");
    p.textContent = text;
    slot.appendChild(p);
  }
  // A tap whose reply never came may still have been applied. Remember it; once the
  // socket is back, ask the server (without applying anything) and say which it was.
  var lastRequest = null;
  var unanswered = null;

  document.addEventListener("htmx:configRequest", function (evt) {
    if (evt.detail.verb !== "post") return;
    lastRequest = { path: evt.detail.path, data: new URLSearchParams(evt.detail.formData), at: Date.now() };
  });

  document.addEventListener("htmx:sendError", function (evt) {
    if (evt.detail.elt && evt.detail.elt.id === "live") return;  // the page's own clock asking, not a tap
    unanswered = lastRequest;
    flash("No connection: checking whether your tap reached the table once you are back online…");
  });

  function checkUnanswered() {
    var req = unanswered;
    unanswered = null;
    if (!req || Date.now() - req.at > 5 * 60 * 1000) return;
    req.data.set("_check", "1");
    fetch(req.path, {
      method: "POST", body: req.data, credentials: "same-origin",
      headers: { "X-CSRFToken": csrfToken(), "HX-Request": "true" },
    }).then(function (response) { return response.text(); }).then(function (html) {
      htmx.swap("#flash", html, { swapStyle: "innerHTML" });
    }).catch(function () { unanswered = req; });
  }

  // A tap the table could not reach (503: its database was out of reach, nothing was applied)
  // is sent again by itself every few seconds, as it was first sent (same version, so it
  // applies once, or is refused if the table moved on), for a minute, or until another tap.
  var RETRY_FOR = 60 * 1000;
  var retryTimer = null;
  var taps = 0;  // counts taps sent: a retry whose tap is no longer the latest stops

  function retryLater(req, since) {
    var tap = taps;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(function () {
      fetch(req.path, {
        method: "POST", body: req.data, credentials: "same-origin",
        headers: { "X-CSRFToken": csrfToken(), "HX-Request": "true" },
      }).then(function (response) {
        return response.text().then(function (html) {
          if (tap !== taps) return;  // another tap went out meanwhile: its answer is the one to show
          htmx.swap("#flash", html, { swapStyle: "innerHTML" });
          if (response.status === 503 && Date.now() - since < RETRY_FOR) retryLater(req, since);
        });
      }).catch(function () {
        if (tap === taps && Date.now() - since < RETRY_FOR) retryLater(req, since);
      });
    }, 3000 + Math.random() * 2000);
  }

  document.addEventListener("htmx:configRequest", function (evt) {
    // the page's own clock asking is no tap: it leaves a tap's retries alone
    if (evt.detail.verb === "post" && !(evt.detail.elt && evt.detail.elt.id === "live")) {
      taps += 1;
      clearTimeout(retryTimer);
    }
  });
  document.addEventListener("htmx:afterRequest", function (evt) {
    var xhr = evt.detail.xhr;
    var config = evt.detail.requestConfig;
    if (!xhr || xhr.status !== 503 || !config || config.verb !== "post") return;
    taps += 1;
    retryLater({ path: config.path, data: new URLSearchParams(config.formData) }, Date.now());
  });

  // A form marked data-reset-on-success empties once its move is applied (a refused one keeps
  // what was typed); a form marked data-confirm asks first. No inline script: the page runs
  // under a Content-Security-Policy without it.
  document.addEventListener("htmx:afterRequest", function (evt) {
    var form = evt.detail.elt;
    if (form && form.matches && form.matches("form[data-reset-on-success]") && evt.detail.xhr &&
        evt.detail.xhr.status < 300) {
      form.reset();
    }
  });
  document.addEventListener("submit", function (evt) {
    var form = evt.target;
    if (form.dataset && form.dataset.confirm && !window.confirm(form.dataset.confirm)) evt.preventDefault();
  });

  // A form marked data-try asks the table, as the person types, whether the move would be
  // accepted (nothing is applied) and shows the rules' reason before anything is sent.
  var tryTimer = null;
  var tries = 0;  // counts tries and sends: a try answered after its form was sent is stale

  function tryForm(form) {
    var verdict = form.querySelector("[data-try-verdict]");
    var button = form.querySelector("button[type=submit], button:not([type])");
    // A refusal the table can overrule ("allow it anyway") leaves the button on: sending it
    // is how the overruling button is offered.
    function show(text, blocks) {
      if (verdict) {
        verdict.textContent = text;
        verdict.classList.toggle("warning", !!text && !blocks);
      }
      if (!button) return;
      if (text && blocks) {
        button.setAttribute("data-refused", "");
        button.disabled = true;
      } else if (button.hasAttribute("data-refused")) {  // only undo what this check did
        button.removeAttribute("data-refused");
        button.disabled = false;
      }
    }
    if (!form.checkValidity()) { show("", false); return; }
    var data = new FormData(form);
    var version = document.getElementById("table-version");
    var acting = document.getElementById("acting-as");
    if (version) data.set("version", version.value);
    if (acting) data.set("as_seat", acting.value);
    data.set("_try", "1");
    var mine = ++tries;
    fetch(form.getAttribute("hx-post"), {
      method: "POST", body: data, credentials: "same-origin",
      headers: { "X-CSRFToken": csrfToken(), "HX-Request": "true" },
    }).then(function (response) {
      return response.text().then(function (html) {
        if (mine !== tries) return;  // the form was sent (or tried again) meanwhile: this verdict is old
        // The table answers a tried move with a 200 whose X-Try-Verdict says "accepted",
        // "warning" or "refused" (a question, not a failed request: no console error). A
        // refusal disables the button; a warning on a move that would apply only says so.
        var verdict = response.headers.get("X-Try-Verdict");
        if (response.status !== 200 || !verdict) { show("", false); return; }
        var refused = verdict === "refused";
        var doc = new DOMParser().parseFromString(html, "text/html");
        var message = doc.querySelector(refused ? ".flash" : ".flash-warning");
        show(message ? message.textContent : "", refused && !!message && !doc.querySelector(".flash-remedy"));
      });
    }).catch(function () { show("", false); });
  }

  document.addEventListener("input", function (evt) {
    var form = evt.target.closest && evt.target.closest("form[data-try]");
    if (!form) return;
    clearTimeout(tryTimer);
    tryTimer = setTimeout(function () { tryForm(form); }, 350);
  });
  // Sent: what was typed is the table's to judge now, not a try's still on its way.
  document.addEventListener("submit", function (evt) {
    if (!evt.target.matches || !evt.target.matches("form[data-try]")) return;
    clearTimeout(tryTimer);
    tries++;
  }, true);

  // A refusal is said at the field, in the app's words: a move the table refused (its reason
  // also heads the page), or a field the browser finds empty or out of range, whose own bubble
  // (vanishing, in the browser's words) is not shown.
  function fieldMessage(form, text) {
    var slot = form.querySelector("[data-try-verdict]") || form.querySelector(".field-error");
    if (!slot && !text) return;
    if (!slot) {
      slot = document.createElement("p");
      slot.className = "field-error try-verdict";
      slot.setAttribute("role", "alert");
      form.appendChild(slot);
    }
    slot.textContent = text;
  }

  function fieldProblem(el) {
    var v = el.validity;
    if (v.valueMissing) {
      return el.type === "radio" || el.type === "checkbox" || el.tagName === "SELECT" ? "Choose one first." : "Fill this in first.";
    }
    if (v.rangeUnderflow) return "At least " + el.min + ".";
    if (v.rangeOverflow) return "At most " + el.max + ".";
    if (v.badInput || v.stepMismatch) return "A whole number, please.";
    return el.validationMessage;  // a game's own (setCustomValidity), or a case the app does not word
  }

  document.addEventListener("invalid", function (evt) {
    var el = evt.target;
    var form = el.form;
    if (!form || !form.closest("#live")) return;
    evt.preventDefault();
    if (form.dataset.invalidShown === "1") return;  // one message for the first field, not one per field
    form.dataset.invalidShown = "1";
    setTimeout(function () { delete form.dataset.invalidShown; }, 0);
    fieldMessage(form, fieldProblem(el));
    el.focus();
  }, true);

  document.addEventListener("table:refused", function (evt) {
    var form = evt.target && evt.target.closest && evt.target.closest("form");
    if (form && evt.detail && evt.detail.message) fieldMessage(form, evt.detail.message);
  });

  // One message at a time: a refusal of a form's move is said at its field, so the head of the
  // page does not say it again (a button the game offers for it, "allow it anyway", stays
  // there). Done once the reply has settled: the regions it redrew may have redrawn the form.
  var refusalShown = null;  // the field slot a refusal last filled, cleared when the table moves on

  document.addEventListener("htmx:afterSettle", function (evt) {
    var slot = evt.detail.target;
    if (!slot || slot.id !== "flash") return;
    var elt = evt.detail.requestConfig && evt.detail.requestConfig.elt;
    var form = elt && elt.closest ? elt.closest("form") : null;
    var said = slot.querySelector(".flash[data-reason]");
    if (!said || !form || !form.isConnected) {
      // Said at the head of the page: brought onto the screen if the tap came from further down
      // (a tap's own answer only: a retry's, every few seconds, does not pull the page about).
      if (elt && slot.querySelector(".flash-error, .flash-warning")) intoView([slot]);
      return;
    }
    fieldMessage(form, said.textContent);
    refusalShown = form.querySelector("[data-try-verdict]") || form.querySelector(".field-error");
    said.remove();
    // What the table offers for it ("allow it anyway") goes with it, just after the form: the
    // reason and its answer are read together (outside the form, so it sends only its own fields).
    dropRemedy();
    var remedy = slot.querySelector(".flash-remedy");
    if (remedy) form.after(remedy);
    intoView(remedy ? [refusalShown, remedy] : [refusalShown]);
  });

  function dropRemedy() {
    document.querySelectorAll("#live .flash-remedy").forEach(function (b) {
      if (!b.closest("#flash")) b.remove();
    });
  }

  // A refusal is seen on the phone that tapped without scrolling: if any of it is off the
  // screen, the page scrolls by the least that brings all of it on (or its top, if it is taller).
  function intoView(elements) {
    var shown = elements.filter(function (e) { return e && e.isConnected && e.getClientRects().length; });
    if (!shown.length) return;
    var top = Math.min.apply(null, shown.map(function (e) { return e.getBoundingClientRect().top; }));
    var bottom = Math.max.apply(null, shown.map(function (e) { return e.getBoundingClientRect().bottom; }));
    var margin = 8;
    var height = window.innerHeight;
    if (bottom > height - margin) window.scrollBy(0, Math.min(bottom - height + margin, top - margin));
    else if (top < margin) window.scrollBy(0, top - margin);
  }

  ["input", "change"].forEach(function (name) {
    document.addEventListener(name, function (evt) {
      var form = evt.target.form;
      if (!form) return;
      // a changed move is not the one refused: the offer for that one goes
      var next = form.nextElementSibling;
      if (next && next.classList.contains("flash-remedy")) next.remove();
      if (!form.matches("[data-try]")) fieldMessage(form, "");
    });
  });

  // Every tap shows it is on its way until the answer comes, and cannot be tapped twice.
  function tapped(evt) {
    var elt = evt.detail.elt;
    if (!elt || elt.id === "live") return null;
    return elt.tagName === "FORM" ? (evt.detail.requestConfig && evt.detail.requestConfig.submitter) ||
      elt.querySelector("button[type=submit], button:not([type])") : elt;
  }
  document.addEventListener("htmx:beforeRequest", function (evt) {
    var button = tapped(evt);
    if (button && button.classList) {
      button.classList.add("busy");
      button.setAttribute("aria-busy", "true");
    }
  });
  document.addEventListener("htmx:afterRequest", function (evt) {
    var button = tapped(evt);
    if (button && button.classList) {
      button.classList.remove("busy");
      button.removeAttribute("aria-busy");
    }
  });
  document.addEventListener("htmx:responseError", function () {
    flash("Something went wrong on the server; nothing was changed. Try again.");
  });

  // A region whose content hash is unchanged is left alone, and one drawn for an older
  // version of the table (a reply that arrived after the socket's newer push) never
  // replaces a newer one.
  document.addEventListener("htmx:oobBeforeSwap", function (evt) {
    var incoming = evt.detail.fragment && evt.detail.fragment.firstElementChild;
    var target = evt.detail.target;
    if (!incoming || !target || !incoming.dataset) return;
    if (incoming.dataset.h && incoming.dataset.h === target.dataset.h) {
      evt.detail.shouldSwap = false;
    } else if (Number(incoming.dataset.v) < Number(target.dataset.v)) {
      evt.detail.shouldSwap = false;
    }
  });

  // The reply to a tap whose button a live update has already redrawn is still swapped
  // into this page (htmx would look for its regions inside the detached button's form).
  document.addEventListener("htmx:beforeSwap", function (evt) {
    var elt = evt.detail.requestConfig && evt.detail.requestConfig.elt;
    if (elt && !elt.isConnected && evt.detail.shouldSwap) {
      evt.detail.shouldSwap = false;
      htmx.swap("#flash", evt.detail.serverResponse, { swapStyle: "innerHTML" });
    }
  });

  // A control the person has typed in, ticked or changed keeps its value, checked and
  // selected state through a live update: only its owner, a reset, or a fresh element
  // (a new id, e.g. the next round's form) changes it. Everything else follows the server.
  var OWNED = { value: 1, checked: 1, selected: 1 };

  function touched(el) {
    var control = el.tagName === "OPTION" ? el.closest("select") : el;
    return !!(control && control.dataset && control.dataset.touched === "1");
  }

  document.addEventListener("input", function (evt) {
    if (evt.target && evt.target.dataset) evt.target.dataset.touched = "1";
  });
  document.addEventListener("change", function (evt) {
    if (evt.target && evt.target.dataset) evt.target.dataset.touched = "1";
  });
  document.addEventListener("reset", function (evt) {
    evt.target.querySelectorAll("[data-touched]").forEach(function (el) { delete el.dataset.touched; });
  });

  if (window.Idiomorph) {
    Idiomorph.defaults.callbacks.beforeAttributeUpdated = function (name, el) {
      if (name === "data-touched") return false;  // the mark is the phone's, not the server's
      return !(OWNED[name] && touched(el));
    };
  }

  // Lists of the table's seats (the people, a game's players) are drawn once for every
  // phone, so each phone marks its own row: the row's data-seat is this page's seat, and a
  // .you-mark inside it says "(you)", or "(acting for)" on the host's page for a player without a phone.
  function markMine() {
    var me = document.body.dataset.seat;
    document.querySelectorAll(".region [data-seat]").forEach(function (row) {
      var mine = row.dataset.seat === me;
      row.classList.toggle("mine", mine);
      row.querySelectorAll(".you-mark").forEach(function (mark) {
        mark.textContent = !mine ? "" : document.body.dataset.acting ? " (acting for)" : " (you)";
      });
    });
  }
  document.addEventListener("DOMContentLoaded", markMine);
  document.addEventListener("htmx:oobAfterSwap", markMine);

  // --- a choice made but not sent survives a reload ------------------------
  // What this phone has typed, ticked or picked in a form of the table and not yet sent is
  // kept in this tab's sessionStorage, per table and seat (it never leaves the phone), and put
  // back when the page is drawn again. It goes once its form's move is applied, or once its
  // form has gone from the page (each form's id names the turn it is for: the table moved on).
  // A control sent as it changes (hx-trigger) holds nothing half-made, so it is not kept.
  var keptForms = new WeakSet();

  function keptKey() {
    var live = document.getElementById("live");
    var seat = document.body.dataset.seat;
    return live && seat ? "kept:" + live.dataset.code + ":" + seat : null;
  }

  function readKept() {
    try { return JSON.parse(window.sessionStorage.getItem(keptKey()) || "{}") || {}; } catch (e) { return {}; }
  }

  function writeKept(all) {
    var key = keptKey();
    if (!key) return;
    try {
      if (Object.keys(all).length) window.sessionStorage.setItem(key, JSON.stringify(all));
      else window.sessionStorage.removeItem(key);
    } catch (e) { /* storage full or refused: nothing is kept, nothing breaks */ }
  }

  function keepable(el) {
    var form = el && el.form;
    if (!form || !form.id || !(el.name || el.id) || el.disabled || !form.closest("#live")) return null;
    if (el.type === "hidden" || el.type === "submit" || el.type === "button" || el.type === "file") return null;
    if (form.hasAttribute("hx-trigger") || el.hasAttribute("hx-trigger")) return null;
    return form;
  }

  // A control's slot: a radio group by its name (it holds the id of the radio chosen), any
  // other control by its id, or by its name and place in the form.
  function slot(el) {
    if (el.type === "radio") return "radio:" + el.name;
    if (el.id) return "id:" + el.id;
    return "at:" + el.name + ":" + Array.prototype.indexOf.call(el.form.elements, el);
  }

  function keep(evt) {
    var el = evt.target;
    var form = keepable(el);
    if (!form) return;
    var all = readKept();
    var kept = all[form.id] || {};
    if (el.type === "radio") kept[slot(el)] = el.checked ? el.id || el.value : null;
    else if (el.type === "checkbox") kept[slot(el)] = el.checked;
    else if (el.multiple) kept[slot(el)] = Array.prototype.filter.call(el.options, function (o) { return o.selected; })
      .map(function (o) { return o.value; });
    else kept[slot(el)] = el.value;
    all[form.id] = kept;
    writeKept(all);
  }
  document.addEventListener("input", keep);
  document.addEventListener("change", keep);

  function putBack(form, kept) {
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!keepable(el) || el.dataset.touched === "1" || !(slot(el) in kept)) return;
      var value = kept[slot(el)];
      if (el.type === "radio") {
        if (value === null || (el.id || el.value) !== value) return;
        el.checked = true;
      } else if (el.type === "checkbox") {
        el.checked = !!value;
      } else if (el.multiple) {
        Array.prototype.forEach.call(el.options, function (o) { o.selected = value.indexOf(o.value) >= 0; });
      } else {
        el.value = value;
      }
      el.dataset.touched = "1";  // the phone's own choice again: live updates leave it alone
      // The page's scripts redraw what depends on it (a bid's label, the lie count, the letters shown).
      el.dispatchEvent(new Event("input", { bubbles: true }));
      el.dispatchEvent(new Event("change", { bubbles: true }));
    });
  }

  function restoreKept() {
    var all = readKept();
    var changed = false;
    restoring = true;  // the limits wait for the whole choice: a box is not skipped half-way
    try {
      Object.keys(all).forEach(function (id) {
        var form = document.getElementById(id);
        if (!form || form.tagName !== "FORM") {  // the table moved on: that choice no longer applies
          delete all[id];
          changed = true;
        } else if (!keptForms.has(form)) {
          keptForms.add(form);
          putBack(form, all[id]);
        }
      });
    } finally {
      restoring = false;
    }
    if (changed) writeKept(all);
    limitPicks();
  }
  document.addEventListener("DOMContentLoaded", restoreKept);
  document.addEventListener("htmx:oobAfterSwap", restoreKept);

  // --- a limit on how many boxes a set may tick ----------------------------
  // A set of check boxes marked data-pick-max="n" (Half Truth: at most three answers, exactly
  // three correct ones) stops at n as it is tapped: once n are ticked the others are disabled,
  // rather than refused after sending; unticking one frees them. Drawn again after every
  // redraw, since the server's markup knows nothing of what this phone has ticked.
  var restoring = false;

  function limitPicks() {
    document.querySelectorAll("[data-pick-max]").forEach(function (set) {
      var most = Number(set.dataset.pickMax);
      var boxes = set.querySelectorAll("input[type=checkbox]");
      var ticked = Array.prototype.filter.call(boxes, function (box) { return box.checked; }).length;
      boxes.forEach(function (box) { box.disabled = !box.checked && ticked >= most; });
    });
  }
  document.addEventListener("change", function (evt) {
    if (!restoring && evt.target.closest && evt.target.closest("[data-pick-max]")) limitPicks();
  });
  document.addEventListener("DOMContentLoaded", limitPicks);
  document.addEventListener("htmx:oobAfterSwap", limitPicks);

  document.addEventListener("htmx:afterRequest", function (evt) {
    var elt = evt.detail.elt;
    var form = elt && elt.closest ? elt.closest("form") : null;
    if (!form || !form.id || !evt.detail.xhr || evt.detail.xhr.status >= 300) return;
    var all = readKept();
    if (!(form.id in all)) return;
    delete all[form.id];  // sent and applied: the table holds it now
    writeKept(all);
  });

  // --- the socket ---------------------------------------------------------
  // Retry soon and never wait more than two seconds: a phone at the table should not
  // sit out a turn because its first few tries met a dead network or a restarting server.
  if (window.htmx) {
    htmx.config.wsReconnectDelay = function (retry) {
      return Math.min(2000, 400 * Math.pow(1.6, retry)) * (0.5 + Math.random() / 2);
    };
  }
  // The page names the digest of each region it shows (render.held) as its socket opens (the
  // HTML has just drawn them, or the socket before this one sent them) and when it asks to sync,
  // so the server sends only the regions that differ: a region left out is not redrawn anyway
  // (htmx:oobBeforeSwap above), and one the page lacks is always sent.
  function held() {
    return Array.prototype.map.call(document.querySelectorAll("#live section.region[data-h]"), function (el) {
      return el.id.replace(/^region-/, "") + "." + el.dataset.h;
    }).join("-");
  }
  // And with every request it makes: a tap's answer carries the regions that changed, as a push does.
  document.addEventListener("htmx:configRequest", function (evt) {
    var has = held();
    if (has) evt.detail.headers["X-Regions-Held"] = has;
  });
  if (window.htmx) {
    var makeSocket = htmx.createWebSocket;  // the socket extension's, which it lets a page wrap
    htmx.createWebSocket = function (url) {
      var has = held();
      if (has) url += (url.indexOf("?") < 0 ? "?" : "&") + "has=" + has;
      return makeSocket ? makeSocket(url) : new WebSocket(url);
    };
  }
  var socket = null;  // htmx's wrapper, which reconnects
  var ws = null;  // the browser's socket under it, for the one found dead without a close
  var answerTimer = null;  // set while a sync or ping waits for its answer
  var open = false;
  var FINAL = [4403, 4410];
  // The server is up but cannot push (its channel layer, Redis, is down): not live, and
  // worth asking again about every second, so the phone is back soon after it is.
  var LAYER_DOWN = 4503;

  function setConn(text, cls) {
    var el = document.getElementById("conn");
    if (!el) return;
    el.textContent = text;
    el.className = "conn " + (cls || "");
  }

  // "Reconnecting…" stays up until the server has sent this socket the current view (it
  // does so first thing): a socket that is accepted and dropped at once never counts as live.
  document.addEventListener("htmx:wsOpen", function (evt) {
    socket = evt.detail.socketWrapper;
    ws = evt.detail.event && evt.detail.event.target;
    open = true;
    checkUnanswered();
  });

  // The server pings every socket (render.PING) and shows this phone away on every screen when
  // no answer comes: answered at once, shown or hidden. Like every message, it is also an answer
  // to whatever this page asked (below).
  var SERVER_PING = '<span id="ping" hidden hx-swap-oob="true"></span>';

  function heard(detail) {
    if (detail.message === SERVER_PING) detail.socketWrapper.send('{"type":"pong"}');
    clearTimeout(answerTimer);
    answerTimer = null;
    if (!open || document.body.dataset.live === "1") return;
    document.body.dataset.live = "1";
    setConn("", "ok");
  }

  document.addEventListener("htmx:wsAfterMessage", function (evt) { heard(evt.detail); });

  // A seat that is no more (removed by the host, or never here): the game goes from the screen,
  // so nothing is left to tap that would only be refused, and a link joins the table afresh.
  function gone(text) {
    document.body.dataset.gone = "1";
    setConn(text, "bad");
    var el = document.getElementById("conn");
    var live = document.getElementById("live");
    if (!el || !live) return;
    var again = document.createElement("a");
    again.className = "btn";
    again.href = "/t/" + live.dataset.code + "/";
    again.textContent = "Open this table afresh";
    el.appendChild(document.createTextNode(" "));
    el.appendChild(again);
    window.scrollTo(0, 0);
  }

  function notLive() {
    open = false;
    document.body.dataset.live = "0";
  }

  document.addEventListener("htmx:wsClose", function (evt) {
    notLive();
    var code = evt.detail.event && evt.detail.event.code;
    socket = evt.detail.socketWrapper || socket;
    if (FINAL.indexOf(code) >= 0) {
      gone(code === 4410 ? "You were removed from this table." : "This phone has no seat at this table.");
      return;
    }
    setConn("Reconnecting…", "warn");
    if (code === LAYER_DOWN) {
      setTimeout(reconnect, 600 + Math.random() * 600);
      return;
    }
    // htmx retries abnormal closes itself; a clean close (server restart) is ours to retry.
    if ([1006, 1011, 1012, 1013].indexOf(code) < 0) {
      setTimeout(reconnect, 500 + Math.random() * 1500);
    }
  });

  function reconnect() {
    if (open || !socket) return;
    socket.reconnect();
  }

  // A socket can die without a close (a phone asleep, a network that vanished under it):
  // it still looks open and nothing arrives. So whenever the page asks the server something
  // (waking, back online, and a ping every 20 s while it is shown) an answer must come
  // within 4 s, or that socket is dropped, the phone shows it is not live, and a new one opens.
  var ANSWER_WITHIN = 4000;

  function expectAnswer() {
    if (answerTimer) return;
    answerTimer = setTimeout(function () {
      answerTimer = null;
      if (!open || !socket) return;
      notLive();
      setConn("Reconnecting…", "warn");
      if (ws) {  // its close may come much later, or never: it must not close the new socket then
        ws.onclose = null;
        ws.onerror = null;
        try { ws.close(); } catch (e) { /* already gone */ }
      }
      socket.reconnect();
    }, ANSWER_WITHIN);
  }

  function ask(type) {
    socket.send(JSON.stringify(type === "sync" ? { type: type, has: held() } : { type: type }));
    expectAnswer();
  }

  function catchUp() {
    if (!socket) return;
    if (open) {
      ask("sync");
      checkUnanswered();
    } else {
      reconnect();
    }
  }

  setInterval(function () {
    if (socket && open && document.visibilityState === "visible") ask("ping");
  }, 20000);

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") {
      catchUp();
      keepAwake();
    }
  });
  window.addEventListener("online", catchUp);
  window.addEventListener("pageshow", function (evt) { if (evt.persisted) catchUp(); });

  // --- drafts: a move being typed, shown on the other phones of its side -----
  var draftTimer = null;
  var draftSent = "";

  function sendDraft(text) {
    if (!socket || !open || text === draftSent) return;
    draftSent = text;
    socket.send(JSON.stringify({ type: "draft", text: text }));
  }

  document.addEventListener("input", function (evt) {
    if (!evt.target.matches || !evt.target.matches("[data-draft]")) return;
    var input = evt.target;
    clearTimeout(draftTimer);
    draftTimer = setTimeout(function () { sendDraft(input.isConnected ? input.value : ""); }, 250);
  });
  // A draft ends when its box empties: reset, or sent (its form may be gone by then, redrawn).
  function endDraft(form) {
    if (!form || !form.querySelector || !form.querySelector("[data-draft]")) return;
    clearTimeout(draftTimer);
    sendDraft("");
  }
  document.addEventListener("reset", function (evt) { endDraft(evt.target); });
  document.addEventListener("htmx:afterRequest", function (evt) {
    if (evt.detail.xhr && evt.detail.xhr.status < 300) endDraft(evt.detail.elt);
  });

  // A draft (render.draft) goes into this screen's guess box. One that arrives after the box
  // went (the game ended, or the turn passed, while a teammate was typing) has no place here:
  // it is dropped rather than swapped, which htmx would log as an error. It still counts as
  // word from the server, so the socket is known to work.
  var DRAFT = '<p id="draft"';

  document.addEventListener("htmx:wsBeforeMessage", function (evt) {
    var message = evt.detail.message;
    if (typeof message !== "string" || message.indexOf(DRAFT) !== 0 || document.getElementById("draft")) return;
    evt.preventDefault();
    heard(evt.detail);
  });

  var draftShown = null;
  document.addEventListener("htmx:oobAfterSwap", function (evt) {
    if (!evt.detail.target || evt.detail.target.id !== "draft") return;
    clearTimeout(draftShown);  // a draft nobody has touched for a while has been given up
    draftShown = setTimeout(function () {
      var draft = document.getElementById("draft");
      if (draft) draft.textContent = "";
    }, 8000);
  });

  // --- the clock ----------------------------------------------------------
  var tickSentFor = null;
  var tickSentAt = 0;

  function fmt(ms) {
    var s = Math.max(0, Math.ceil(ms / 1000));
    var m = Math.floor(s / 60);
    s = s % 60;
    return m + ":" + (s < 10 ? "0" : "") + s;
  }

  function clockState(el) {
    // Server time at render minus our time at arrival: draws every phone from one clock.
    if (!el.dataset.arrived) {
      el.dataset.arrived = String(Date.now());
    }
    var left = Number(el.dataset.leftMs);
    if (el.dataset.running === "1") {
      left -= Date.now() - Number(el.dataset.arrived);
    }
    return { left: left, duration: Number(el.dataset.durationMs) || 1 };
  }

  function drawClocks() {
    var clocks = document.querySelectorAll(".clock");
    clocks.forEach(function (el) {
      var st = clockState(el);
      var time = el.querySelector(".clock-time");
      var bar = el.querySelector(".clock-bar span");
      var pct = Math.max(0, Math.min(100, (100 * st.left) / st.duration));
      // Four times a second, but the page is touched only where what it shows has changed: a
      // write of the same text or width still has the phone lay the page out again.
      var label = fmt(st.left);
      if (time && time.textContent !== label) time.textContent = label;
      var width = Math.round(pct * 10) / 10 + "%";
      if (bar && bar.style.width !== width) bar.style.width = width;
      var pb = el.querySelector(".clock-bar");
      var now = String(Math.round(pct));
      if (pb && pb.getAttribute("aria-valuenow") !== now) pb.setAttribute("aria-valuenow", now);
      el.classList.toggle("low", st.left < 60000);
      var final = el.dataset.running === "1" && st.left > 0 && st.left <= 10000;
      el.classList.toggle("final", final);
      if (final) countdownBeep(Math.ceil(st.left / 1000));
      if (el.dataset.running === "1" && st.left <= 0) {
        askServerAboutClock(el);
      }
    });
  }

  function askServerAboutClock(el) {
    var live = document.getElementById("live");
    if (!live) return;
    // A clock the server finds not yet due stays as it is on this page (its digest is the
    // clock's deadline, render.TIME_OF_DRAWING): ask again every few seconds until it is.
    var key = el.dataset.nowMs;
    if (tickSentFor === key && Date.now() - tickSentAt < 5000) return;
    tickSentFor = key;
    tickSentAt = Date.now();
    // The server, not this phone, decides whether time is up.
    setTimeout(function () {
      htmx.ajax("POST", live.dataset.tickUrl, { target: "#flash", swap: "innerHTML", source: live });
    }, 300);
  }

  // The table display may switch on a beep for each of the last ten seconds.
  var sound = { on: false, ctx: null, last: null };

  function countdownBeep(second) {
    if (!sound.on || !sound.ctx || sound.last === second) return;
    sound.last = second;
    var osc = sound.ctx.createOscillator();
    var gain = sound.ctx.createGain();
    osc.frequency.value = second <= 3 ? 880 : 660;
    gain.gain.setValueAtTime(0.2, sound.ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, sound.ctx.currentTime + 0.15);
    osc.connect(gain).connect(sound.ctx.destination);
    osc.start();
    osc.stop(sound.ctx.currentTime + 0.16);
  }

  document.addEventListener("click", function (evt) {
    var toggle = evt.target.closest && evt.target.closest("#sound-toggle");
    if (!toggle) return;
    sound.on = !sound.on;
    if (sound.on && !sound.ctx && window.AudioContext) sound.ctx = new AudioContext();
    toggle.setAttribute("aria-pressed", String(sound.on));
    toggle.textContent = "♪ Countdown sound: " + (sound.on ? "on" : "off");
  });

  setInterval(drawClocks, 250);
  document.addEventListener("htmx:load", drawClocks);
  // A morphed clock comes back with the server's "--:--": draw it again at once, no flicker.
  document.addEventListener("htmx:oobAfterSwap", drawClocks);

  // --- keep the screen awake during a game ---------------------------------
  var wakeLock = null;

  function tableIs(status) {
    var v = document.getElementById("table-version");
    return !!v && v.dataset.status === status;
  }

  function playing() {
    return tableIs("playing");
  }

  function keepAwake() {
    if (!("wakeLock" in navigator) || document.visibilityState !== "visible") return;
    if (playing() && !wakeLock) {
      navigator.wakeLock.request("screen").then(function (lock) {
        wakeLock = lock;
        lock.addEventListener("release", function () { wakeLock = null; });
      }).catch(function () { wakeLock = null; });
    } else if (!playing() && wakeLock) {
      wakeLock.release();
      wakeLock = null;
    }
  }

  document.addEventListener("htmx:oobAfterSwap", keepAwake);

  var lastStatus = (document.getElementById("table-version") || { dataset: {} }).dataset.status;

  // A message answers one tap: once anyone else changes the table it no longer applies.
  // The invite folds away once play starts.
  var flashVersion = null;

  function tableVersion() {
    var v = document.getElementById("table-version");
    return v ? Number(v.value) : 0;
  }

  document.addEventListener("htmx:afterSettle", function (evt) {
    if (evt.detail.target && evt.detail.target.id === "flash") flashVersion = tableVersion();
  });

  document.addEventListener("htmx:oobAfterSwap", function (evt) {
    var id = evt.detail.target && evt.detail.target.id;
    if (id === "table-version") {
      var flash = document.getElementById("flash");
      if (flash && flashVersion !== null && tableVersion() > flashVersion) {
        flash.innerHTML = "";
        flashVersion = null;
        if (refusalShown) refusalShown.textContent = "";  // the refusal said at its field goes too
        refusalShown = null;
        dropRemedy();
      }
      var status = document.getElementById("table-version").dataset.status;
      var invite = document.getElementById("invite");
      if (invite && status !== lastStatus) invite.open = status === "lobby";
      if (status !== lastStatus) window.scrollTo(0, 0);
      lastStatus = status;
    }
  });

  // The host picked another game for the table: a push or the reply to the tap sends the new
  // game's parts (render.parts) ahead of its regions. The page puts its regions' empty slots in
  // place of the old game's, and takes on its stylesheet and script; every other region, and
  // anything typed in it, stays as it is.
  document.addEventListener("htmx:oobAfterSwap", function (evt) {
    if (!evt.detail.target || evt.detail.target.id !== "game-parts") return;
    var parts = document.getElementById("game-parts");
    if (!parts || !parts.dataset.game || parts.dataset.game === document.body.dataset.game) return;
    document.body.dataset.game = parts.dataset.game;
    var main = document.querySelector("#live > .tv-main");
    var names = parts.dataset.regions.split(" ").filter(Boolean);
    var wanted = {};
    names.forEach(function (name) { wanted["region-" + name] = true; });
    Array.prototype.forEach.call(main.querySelectorAll(":scope > section.region"), function (el) {
      if (!wanted[el.id]) el.remove();
    });
    names.forEach(function (name) {
      var slot = document.getElementById("region-" + name);
      if (!slot) {
        slot = document.createElement("section");
        slot.id = "region-" + name;
        slot.className = "region region-" + name;
        slot.dataset.h = "";
        slot.dataset.v = "0";
      }
      main.appendChild(slot);
    });
    // The old stylesheet goes once the new one is in, so the screen is never drawn without one.
    var sheet = document.querySelector('link[rel="stylesheet"]');
    if (sheet && sheet.getAttribute("href") !== parts.dataset.stylesheet) {
      var next = document.createElement("link");
      next.rel = "stylesheet";
      next.href = parts.dataset.stylesheet;
      next.addEventListener("load", function () { sheet.remove(); });
      sheet.after(next);
    }
    var src = parts.dataset.script;
    if (src && !document.querySelector('script[src="' + src + '"]')) {
      var script = document.createElement("script");
      script.src = src;
      document.head.appendChild(script);
    }
    var code = document.getElementById("live").dataset.code;
    document.title = parts.dataset.name + " · " + code;
    var named = document.querySelector(".tv-game");
    if (named) named.textContent = parts.dataset.name;
    window.scrollTo(0, 0);  // another game's lobby is read from the top, as a page opened afresh
  });

  // News for everyone (the game started or ended, a round called off: anything marked
  // data-news) is read from the top of the screen, not below where the phone was scrolled.
  var lastNews = newsOf();
  function newsOf() {
    return Array.prototype.map.call(document.querySelectorAll("[data-news]"), function (el) {
      return el.textContent.trim();
    }).join("\n");
  }
  document.addEventListener("htmx:wsAfterMessage", function () {
    var news = newsOf();
    if (news && news !== lastNews) window.scrollTo(0, 0);
    lastNews = news;
  });
  document.addEventListener("DOMContentLoaded", keepAwake);
})();
