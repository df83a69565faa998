// A game's life on the sheet: "Send this game to BG Stats" shares the play's file (Web Share with files, as
// on phones) and, where a browser cannot share files, lets the link download it as it is.
(function () {
  "use strict";
  var link = document.querySelector(".bgstats-export");
  if (!link) return;
  var status = document.querySelector(".bgstats-status");
  link.addEventListener("click", function (event) {
    if (!window.File || !navigator.canShare) return; // the link downloads the file
    var probe;
    try { probe = new File(["{}"], "x.bgsplay", { type: "application/json" }); } catch (e) { return; }
    if (!navigator.canShare({ files: [probe] })) return;
    event.preventDefault();
    fetch(link.href, { credentials: "same-origin" })
      .then(function (answer) { if (!answer.ok) throw new Error(answer.status); return answer.blob(); })
      .then(function (blob) {
        var file = new File([blob], link.getAttribute("download"), { type: "application/json" });
        return navigator.share({ files: [file], title: link.textContent.trim() });
      })
      .catch(function (error) {
        if (error && error.name === "AbortError") return; // the person closed the share sheet
        if (status) status.textContent = link.dataset.tFailed;
      });
  });
})();
