// The play page of `kumite serve`: choose a game, options and seats, then play through buttons.
// The server applies every action and sends back what the viewing seat may see; this script only
// draws it and posts the chosen action.
"use strict";
(function () {
  var K = Kumite, data = JSON.parse(document.getElementById("kumite-data").textContent);
  var $ = function (id) { return document.getElementById(id); };
  var game = null, current = null, botTimer = null, built = 0;
  var SEATS = ["human", "random", "mcts:50", "mcts:200", "mcts:1000", "mcts:200:heuristic"].concat(data.custom_bots || []);

  function showError(message) {
    var box = $("error");
    box.textContent = message || "";
    box.style.display = message ? "block" : "none";
  }
  function post(path, body) {
    return fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
      .then(function (r) {
        return r.json().then(function (j) { if (!r.ok) throw new Error(j.error || r.statusText); return j; });
      });
  }
  function buildSeats(n) {
    var box = $("seats");
    var old = Array.prototype.map.call(box.querySelectorAll("select"), function (s) { return s.value; });
    box.textContent = "";
    for (var p = 0; p < n; p++) {
      var sel = K.el("select", { id: "seat-" + p, "data-seat": p }, SEATS.map(function (s) { return K.el("option", { value: s, text: s }); }));
      sel.value = old[p] || (p === 0 ? "human" : "random");
      box.appendChild(K.el("label", { text: "P" + p + " " }, [sel]));
    }
    box.setAttribute("data-built", ++built);
  }
  function chooseGame(name) {
    game = data.games.filter(function (g) { return g.name === name; })[0];
    $("options").value = JSON.stringify(game.options, null, 1);
    buildSeats(game.num_players);
  }
  function readOptions() {
    try { return JSON.parse($("options").value || "{}"); }
    catch (e) { throw new Error("The options are not valid JSON: " + e.message); }
  }
  $("game").onchange = function () { chooseGame($("game").value); };
  data.games.forEach(function (g) { $("game").appendChild(K.el("option", { value: g.name, text: g.name })); });
  chooseGame(data.games[0].name);
  $("apply-options").onclick = function () {
    showError("");
    try {
      post("/api/describe", { game: game.name, options: readOptions() })
        .then(function (d) { buildSeats(d.num_players); }).catch(function (e) { showError(e.message); });
    } catch (e) { showError(e.message); }
  };

  function render(frame) {
    current = frame;
    K.draw($("view"), frame.view);
    document.body.setAttribute("data-step", frame.step);
    document.body.setAttribute("data-terminal", frame.terminal ? "1" : "0");
    $("who").textContent = frame.terminal ? "Game over" :
      "P" + frame.to_move + " (" + frame.seats[frame.to_move] + ") to move" + (frame.viewpoint === null ? " · you see everything" : " · you see what P" + frame.viewpoint + " sees");
    var legal = $("legal");
    legal.textContent = "";
    frame.legal.forEach(function (a) {
      var b = K.el("button", { cls: "action", "data-action": a.action, text: a.text });
      b.onclick = function () { act(a.action); };
      legal.appendChild(b);
    });
    // The server sends the log from step `log_from` on: only the new steps when this page has
    // drawn the rest for the same viewpoint, else (a new game, another viewpoint) all of it.
    var log = $("log");
    if (log.getAttribute("data-game") !== frame.id || log.getAttribute("data-viewpoint") !== String(frame.viewpoint) ||
        log.children.length !== frame.log_from) {
      log.textContent = "";
      log.setAttribute("data-game", frame.id);
      log.setAttribute("data-viewpoint", String(frame.viewpoint));
    }
    for (var i = log.children.length; i < frame.log_from + frame.log.length; i++) {
      var s = frame.log[i - frame.log_from];
      var actEl = s.text === null ? K.el("span", { cls: "act withheld", title: "another seat's choice; its events follow", text: (i + 1) + ". P" + s.player })
        : K.el("span", { cls: "act", text: (i + 1) + ". P" + s.player + ": " + s.text });
      var li = K.el("li", { "data-step": i + 1 }, [actEl]);
      if (s.events.length) li.appendChild(K.el("ul", {}, s.events.map(function (e) { return K.el("li", { cls: "event", text: e }); })));
      log.appendChild(li);
    }
    log.scrollTop = log.scrollHeight; // the log scrolls, never the window
    var dl = $("download");
    dl.href = "/api/record?id=" + encodeURIComponent(frame.id);
    dl.style.display = frame.step > 0 ? "inline" : "none";
    $("result").textContent = frame.terminal ? (frame.result || "") + "  returns: " + frame.returns.map(function (r, p) { return "P" + p + " " + r; }).join(", ") : "";
    if (!frame.terminal && !frame.legal.length) {
      botTimer = setTimeout(function () {
        post("/api/step", since(frame)).then(render).catch(function (e) { showError(e.message); });
      }, Number($("speed").value));
    }
  }
  // What the page has drawn of the log, so the server sends only what is new.
  function since(frame) {
    return { id: frame.id, since: $("log").children.length, viewpoint: frame.viewpoint };
  }
  function act(action) {
    showError("");
    var body = since(current);
    body.action = action;
    post("/api/act", body).then(render).catch(function (e) { showError(e.message); });
  }
  $("start").onclick = function () {
    showError("");
    if (botTimer) { clearTimeout(botTimer); botTimer = null; }
    var seats = Array.prototype.map.call($("seats").querySelectorAll("select"), function (s) { return s.value; });
    try {
      post("/api/new", { game: game.name, options: readOptions(), seats: seats, seed: Number($("seed").value) || 0 })
        .then(render).catch(function (e) { showError(e.message); });
    } catch (e) { showError(e.message); }
  };
  $("record-file").onchange = function () {
    var f = $("record-file").files[0];
    if (!f) return;
    f.text().then(function (text) {
      return fetch("/replay", { method: "POST", body: text }).then(function (r) { return r.text(); });
    }).then(function (html) { document.open(); document.write(html); document.close(); });
  };
  // Deep links: /?game=senjutsu&seed=3&p0=human&p1=mcts:200&options={...} starts that game.
  function deepLink() {
    var q = new URLSearchParams(window.location.search);
    if (!q.get("game")) return;
    var name = q.get("game");
    if (!data.games.some(function (g) { return g.name === name; })) {
      showError("Unknown game " + JSON.stringify(name) + " in the link: one of " + data.games.map(function (g) { return g.name; }).join(", "));
      return;
    }
    $("game").value = name;
    chooseGame(name);
    var options = game.options;
    if (q.get("options")) {
      try { options = Object.assign({}, game.options, JSON.parse(q.get("options"))); }
      catch (e) { showError("The link's options are not valid JSON: " + e.message); return; }
    }
    $("options").value = JSON.stringify(options, null, 1);
    if (q.get("seed")) $("seed").value = q.get("seed");
    post("/api/describe", { game: name, options: options }).then(function (d) {
      var seats = [];
      for (var p = 0; p < d.num_players; p++) seats.push(q.get("p" + p) || (p === 0 ? "human" : "random"));
      seats.forEach(function (s) {
        if (SEATS.indexOf(s) < 0) SEATS.push(s);
      });
      buildSeats(d.num_players);
      seats.forEach(function (s, p) { $("seat-" + p).value = s; });
      $("start").onclick();
    }).catch(function (e) { showError(e.message); });
  }
  deepLink();
  document.body.setAttribute("data-ready", "1");
})();
