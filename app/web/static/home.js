// Load a chosen record file into the text box, so the person sees what will be checked.
(function () {
  "use strict";
  var file = document.getElementById("file");
  var box = document.getElementById("record");
  if (!file || !box || !window.FileReader) { return; }
  file.addEventListener("change", function () {
    var chosen = file.files && file.files[0];
    if (!chosen) { return; }
    var reader = new FileReader();
    reader.onload = function () {
      box.value = String(reader.result).replace(/^\uFEFF/, "");
      file.value = "";  // the text box now holds the record; do not send it twice
    };
    reader.readAsText(chosen);
  });
})();
