// The replay without reloading the page: the previous/next links (and the arrow keys)
// fetch the same page at the other step and swap the replay section. Without this script
// the links work as plain links.
(function () {
  "use strict";
  function go(url) {
    fetch(url, { headers: { Accept: "text/html" } })
      .then(function (answer) { if (!answer.ok) throw new Error(answer.status); return answer.text(); })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("replay");
        var old = document.getElementById("replay");
        if (fresh && old) { old.replaceWith(fresh); history.replaceState(null, "", url); }
      })
      .catch(function () { window.location.href = url; });
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("#replay .passos a");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    go(link.href);
  });
  document.addEventListener("keydown", function (event) {
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    var rel = { ArrowLeft: "prev", ArrowRight: "next" }[event.key];
    var link = rel && document.querySelector('#replay .passos a[rel="' + rel + '"]');
    if (link) { event.preventDefault(); go(link.href); }
  });
})();
