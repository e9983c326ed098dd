// The replay page: steps through the views that Python computed from the record (one list per
// viewpoint) and the events of each step. Keyboard: ←/→ step, PgUp/PgDn ±10, Home/End, space
// plays or pauses, v switches the viewpoint.
"use strict";
(function () {
  var K = Kumite;
  function fail(message) {
    document.body.textContent = "";
    document.body.appendChild(K.el("div", { cls: "error-page", id: "error" }, [
      K.el("h1", { text: "This replay cannot be shown" }), K.el("pre", { text: message })]));
  }
  var data;
  try {
    data = JSON.parse(document.getElementById("kumite-data").textContent);
  } catch (e) { fail("The embedded replay data is not valid JSON: " + e.message); return; }
  if (!data || data.format !== 1 || data.kind !== "replay") {
    fail("Replay data format " + JSON.stringify(data && data.format) + " is not supported by this viewer (it reads format 1).");
    return;
  }
  var parts = data.parts, n = data.steps.length, cache = {};
  function view(vp, k) {
    var key = vp + ":" + k;
    if (cache[key]) return cache[key];
    var packed = data.views[vp][k], v = {};
    for (var name in packed.p) v[name] = parts[packed.p[name]];
    if (packed.z) v.zones = packed.z.map(function (i) { return parts[i]; });
    cache[key] = v;
    return v;
  }
  var step = 0, vp = data.viewpoints[0].id, timer = null;
  if (data.viewpoints.some(function (v) { return v.id === data.initial_viewpoint; })) vp = data.initial_viewpoint;
  var $ = function (id) { return document.getElementById(id); };
  var select = $("viewpoint");
  data.viewpoints.forEach(function (v) { select.appendChild(K.el("option", { value: v.id, text: v.name })); });
  $("title").textContent = "kumite replay · " + data.game + " · seed " + data.seed;
  var slider = $("slider");
  slider.max = n;

  function seesAction(s) { return vp === "all" || String(s.player) === vp; }
  function buildLog() {
    var log = $("log");
    log.textContent = "";
    data.steps.forEach(function (s, i) {
      var who = (s.player === null || s.player === undefined) ? "" : "P" + s.player + ": ";
      var li = K.el("li", { "data-step": i + 1 }, [
        K.el("span", { cls: "num", text: (i + 1) + ". " }),
        seesAction(s) ? K.el("span", { cls: "act", text: who + s.text })
          : K.el("span", { cls: "act withheld", title: "this choice is hidden from this viewpoint; its events follow", text: "P" + s.player })]);
      if (s.events.length) li.appendChild(K.el("ul", {}, s.events.map(function (e) { return K.el("li", { cls: "event", text: e.line }); })));
      li.addEventListener("click", function () { go(i + 1); });
      log.appendChild(li);
    });
  }
  function render() {
    K.draw($("view"), view(vp, step));
    $("counter").textContent = "step " + step + " / " + n;
    document.body.setAttribute("data-step", step);
    document.body.setAttribute("data-viewpoint", vp);
    slider.value = step;
    var items = $("log").children;
    for (var i = 0; i < items.length; i++) {
      items[i].className = (i + 1 > step ? "future" : "") + (i + 1 === step ? " current" : "");
    }
    // Scroll the log itself (never the window) so the current step is in sight.
    var log = $("log"), cur = log.querySelector("li.current");
    if (cur && (cur.offsetTop < log.scrollTop || cur.offsetTop + cur.offsetHeight > log.scrollTop + log.clientHeight)) {
      log.scrollTop = cur.offsetTop - log.clientHeight / 2;
    }
    $("play").textContent = timer ? "⏸ pause" : "▶ play";
  }
  function go(k) { step = Math.max(0, Math.min(n, k)); if (step === n) stop(); render(); }
  function stop() { if (timer) { clearInterval(timer); timer = null; } }
  function play() {
    if (timer) { stop(); render(); return; }
    if (step === n) step = 0;
    timer = setInterval(function () { go(step + 1); }, Number($("speed").value));
    render();
  }
  function setViewpoint(id) { vp = id; select.value = id; buildLog(); render(); }
  $("first").onclick = function () { go(0); };
  $("prev").onclick = function () { go(step - 1); };
  $("next").onclick = function () { go(step + 1); };
  $("last").onclick = function () { go(n); };
  $("play").onclick = play;
  slider.oninput = function () { go(Number(slider.value)); };
  select.onchange = function () { setViewpoint(select.value); };
  document.addEventListener("keydown", function (e) {
    if (e.target && (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") && e.target.type !== "range") return;
    var keys = { ArrowRight: 1, ArrowLeft: -1, PageDown: 10, PageUp: -10 };
    if (e.key in keys) { go(step + keys[e.key]); e.preventDefault(); }
    else if (e.key === "Home") { go(0); e.preventDefault(); }
    else if (e.key === "End") { go(n); e.preventDefault(); }
    else if (e.key === " ") { play(); e.preventDefault(); }
    else if (e.key === "v") {
      var ids = data.viewpoints.map(function (v) { return v.id; });
      setViewpoint(ids[(ids.indexOf(vp) + 1) % ids.length]);
    }
  });
  select.value = vp;
  buildLog();
  render();
  document.body.setAttribute("data-ready", "1");
})();
