// Share in one tap: the Web Share API where the phone has it, the clipboard otherwise.
// Delegated, so that buttons a live update swaps in (static/js/live.js) work too.
(function () {
  "use strict";

  function say(button, text) {
    var status = button.closest(".share, .share-link");
    status = status && status.querySelector(".share-status");
    if (status) status.textContent = text;
  }

  function copy(button, url) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(url).then(function () { say(button, button.dataset.tCopied); });
    }
    var input = button.parentNode.querySelector("input.copy-source");
    if (input) {
      input.focus();
      input.select();
      try { if (document.execCommand("copy")) say(button, button.dataset.tCopied); } catch (e) { /* selected: copy by hand */ }
    }
    return Promise.resolve();
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-share-url]");
    if (!button) return;
    var url = button.dataset.shareUrl;
    if (navigator.share) {
      navigator.share({ title: button.dataset.shareTitle, url: url }).catch(function (error) {
        if (!error || error.name !== "AbortError") copy(button, url);
      });
    } else {
      copy(button, url);
    }
  });
})();
