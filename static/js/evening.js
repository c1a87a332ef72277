// "Share the evening": the summary's picture goes to the phone's share sheet as a file where the
// phone can share files (the Web Share API), and is downloaded where it cannot (the link's own
// `download`, which needs no script at all).
(function () {
  "use strict";

  var SELECTOR = "a[data-share-evening]";
  // The picture, fetched once the summary is on the screen: a phone opens its share sheet only
  // during the tap itself, and waiting for a download inside the tap can outlast that.
  var ready = null;  // { href, file }
  var fetching = null;

  function prepare() {
    var link = document.querySelector(SELECTOR);
    if (!link || !navigator.canShare || !navigator.share || !window.File || !window.fetch) return;
    if (document.body.classList.contains("is-display")) return;  // a TV shows the summary, it shares nothing
    var href = link.getAttribute("href");
    if ((ready && ready.href === href) || fetching === href) return;
    fetching = href;
    fetch(href, { credentials: "same-origin" }).then(function (response) {
      return response.ok ? response.blob() : null;
    }).then(function (blob) {
      fetching = null;
      if (!blob) return;
      var file = new File([blob], link.getAttribute("download") || "evening.png", { type: "image/png" });
      // A phone that can share a link but not a file (many desktops) keeps the download.
      if (navigator.canShare({ files: [file] })) ready = { href: href, file: file };
    }).catch(function () { fetching = null; });
  }

  function download(file, name) {
    var url = URL.createObjectURL(file);
    var a = document.createElement("a");
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
  }

  document.addEventListener("click", function (evt) {
    var link = evt.target.closest && evt.target.closest(SELECTOR);
    if (!link || !ready || ready.href !== link.getAttribute("href")) return;  // the link downloads it
    evt.preventDefault();
    var file = ready.file;
    navigator.share({ files: [file], title: link.dataset.title || document.title }).catch(function (err) {
      // Closing the share sheet is the person's choice; any other failure still gives them the picture.
      if (!err || err.name !== "AbortError") download(file, link.getAttribute("download") || "evening.png");
    });
  });

  document.addEventListener("DOMContentLoaded", prepare);
  document.addEventListener("htmx:oobAfterSwap", function (evt) {
    if (evt.detail.target && evt.detail.target.id === "region-evening") prepare();
  });
})();
