// The offline page stands in for the page the phone asked for: reload it as soon as the server answers.
(function () {
  "use strict";
  var tries = 0;
  function attempt() {
    var status = document.getElementById("offline-status");
    tries += 1;
    fetch(window.location.href, { method: "HEAD", cache: "no-store" }).then(function (response) {
      if (response.ok || response.status < 500) window.location.reload();
      else if (status) status.textContent = "The server answered but is not ready. Trying again…";
    }).catch(function () {
      if (status) status.textContent = "Still unreachable (tried " + tries + " times). Trying again…";
    });
  }
  setInterval(attempt, 4000);
  window.addEventListener("online", attempt);
  document.addEventListener("click", function (evt) {
    if (evt.target.closest && evt.target.closest("#offline-retry")) attempt();
  });
})();
