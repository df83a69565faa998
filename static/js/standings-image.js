// The final standings as a picture: the server draws it as SVG (templates/sheets/_picture.svg, in a
// <template> beside the button: ranked rows, wrapped subtitle, right to left in Hebrew); here it is
// rendered to PNG in a canvas, then shared with the Web Share API (as a file) where the phone can,
// downloaded otherwise. Delegated, so that a button a live update swaps in (static/js/live.js) works too.
(function () {
  "use strict";

  function toPng(svg) {
    return new Promise(function (resolve, reject) {
      var image = new Image();
      image.onload = function () {
        var canvas = document.createElement("canvas");
        canvas.width = image.width * 2;
        canvas.height = image.height * 2;
        var context = canvas.getContext("2d");
        context.scale(2, 2);
        context.drawImage(image, 0, 0);
        canvas.toBlob(function (blob) { return blob ? resolve(blob) : reject(new Error("no PNG")); }, "image/png");
      };
      image.onerror = function () { reject(new Error("the picture could not be drawn")); };
      image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
    });
  }

  function download(blob, name) {
    var link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = name;
    document.body.appendChild(link);
    link.click();
    setTimeout(function () { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-picture]");
    if (!button) return;
    var picture = document.getElementById(button.dataset.picture);
    if (!picture) return;
    var svg = picture.innerHTML.trim().replace(/&nbsp;/g, "&#160;"); // HTML serialises it so; XML does not know it
    var title = button.dataset.title || "";
    toPng(svg).then(function (blob) {
      var name = button.dataset.filename || "standings.png";
      var file = window.File ? new File([blob], name, { type: "image/png" }) : null;
      if (file && navigator.canShare && navigator.canShare({ files: [file] })) {
        return navigator.share({ files: [file], title: title }).catch(function (error) {
          if (!error || error.name !== "AbortError") download(blob, name);
        });
      }
      download(blob, name);
    });
  });
})();
