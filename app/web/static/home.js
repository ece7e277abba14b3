// Load a chosen record file into the text box, so the person sees what will be checked.
// Only UTF-8 is loaded here: a sheet a spreadsheet saved as UTF-16 ("Unicode Text") or in a
// legacy code page (Windows-1252, GBK, Big5) stays a file, sent as it is, and the service
// reads it in the order of tries of RECORDS.md ("Encodings"), as it does for the API and CLI.
(function () {
  "use strict";
  var file = document.getElementById("file");
  var box = document.getElementById("record");
  if (!file || !box || !window.FileReader || !window.TextDecoder) { return; }
  file.addEventListener("change", function () {
    var chosen = file.files && file.files[0];
    if (!chosen) { return; }
    var reader = new FileReader();
    reader.onload = function () {
      var bytes = new Uint8Array(reader.result);
      if (bytes.length >= 2 && ((bytes[0] === 0xFF && bytes[1] === 0xFE) ||
                                (bytes[0] === 0xFE && bytes[1] === 0xFF))) {
        return;  // UTF-16 with its byte-order mark: the service reads it
      }
      var text;
      try {
        text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      } catch (notUtf8) {
        return;  // not UTF-8: the file goes as it is
      }
      if (text.indexOf("\u0000") !== -1) { return; }  // UTF-16 without a mark
      box.value = text;
      file.value = "";  // the text box now holds the record; do not send it twice
    };
    reader.readAsArrayBuffer(chosen);
  });
})();
