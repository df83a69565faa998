// The final standings as a picture: drawn here as SVG, rendered to PNG in a canvas, then shared
// with the Web Share API (as a file) where the phone can, downloaded otherwise. Delegated, so that a
// button a live update swaps in (static/js/live.js) works too.
(function () {
  "use strict";

  var WIDTH = 600;
  var ROW = 56;

  function xml(text) {
    return String(text).replace(/[<>&"']/g, function (c) {
      return { "<": "&lt;", ">": "&gt;", "&": "&amp;", "\"": "&quot;", "'": "&#39;" }[c];
    });
  }

  // A total as the page's language writes numbers (12.345 in German), as the sheet shows it.
  function number(value) {
    return typeof value === "number" ? new Intl.NumberFormat(document.documentElement.lang || undefined).format(value) : value;
  }

  function drawSvg(data) {
    var height = 150 + data.rows.length * ROW + 50;
    var parts = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + WIDTH + "\" height=\"" + height + "\" viewBox=\"0 0 " + WIDTH + " " + height + "\">",
      "<rect width=\"100%\" height=\"100%\" fill=\"#f4f1ea\"/>",
      "<rect x=\"0\" y=\"0\" width=\"" + WIDTH + "\" height=\"110\" fill=\"#1d1b16\"/>",
      "<text x=\"30\" y=\"62\" font-family=\"system-ui, sans-serif\" font-size=\"34\" font-weight=\"800\" fill=\"#ffffff\">\uD83C\uDFC6 " + xml(data.title) + "</text>",
      "<text x=\"30\" y=\"94\" font-family=\"system-ui, sans-serif\" font-size=\"18\" fill=\"#d9d2c3\">" + xml(data.subtitle) + "</text>"
    ];
    data.rows.forEach(function (row, i) {
      var y = 140 + i * ROW;
      var first = i === 0;
      parts.push("<rect x=\"20\" y=\"" + y + "\" width=\"" + (WIDTH - 40) + "\" height=\"" + (ROW - 8) + "\" rx=\"10\" fill=\"" + (first ? "#e3f3e8" : "#fffdf8") + "\" stroke=\"#d9d2c3\"/>");
      parts.push("<text x=\"40\" y=\"" + (y + 32) + "\" font-family=\"system-ui, sans-serif\" font-size=\"22\" font-weight=\"700\" fill=\"#5c5648\">" + (i + 1) + ".</text>");
      parts.push("<text x=\"80\" y=\"" + (y + 32) + "\" font-family=\"system-ui, sans-serif\" font-size=\"22\" font-weight=\"" + (first ? 800 : 600) + "\" fill=\"#1d1b16\">" + xml(row.name) + "</text>");
      if (row.note) parts.push("<text x=\"" + (WIDTH - 150) + "\" y=\"" + (y + 32) + "\" text-anchor=\"end\" font-family=\"system-ui, sans-serif\" font-size=\"16\" fill=\"#5c5648\">" + xml(row.note) + "</text>");
      parts.push("<text x=\"" + (WIDTH - 40) + "\" y=\"" + (y + 32) + "\" text-anchor=\"end\" font-family=\"system-ui, sans-serif\" font-size=\"24\" font-weight=\"800\" fill=\"#1d1b16\">" + xml(number(row.score)) + "</text>");
    });
    parts.push("<text x=\"" + (WIDTH - 30) + "\" y=\"" + (height - 20) + "\" text-anchor=\"end\" font-family=\"system-ui, sans-serif\" font-size=\"14\" fill=\"#5c5648\">Deckside</text>");
    parts.push("</svg>");
    return parts.join("");
  }

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
    var button = event.target.closest && event.target.closest("[data-standings]");
    if (!button) return;
    var data = JSON.parse(button.dataset.standings);
    toPng(drawSvg(data)).then(function (blob) {
      var name = button.dataset.filename || "standings.png";
      var file = window.File ? new File([blob], name, { type: "image/png" }) : null;
      if (file && navigator.canShare && navigator.canShare({ files: [file] })) {
        return navigator.share({ files: [file], title: data.title }).catch(function (error) {
          if (!error || error.name !== "AbortError") download(blob, name);
        });
      }
      download(blob, name);
    });
  });
})();
