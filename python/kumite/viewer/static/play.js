// The play page of `kumite serve`: choose a game, options and seats, then play through buttons.
// The server applies every action and sends back what the viewing seat may see; this script only
// draws it and posts the chosen action.
"use strict";
(function () {
  var K = Kumite, data = JSON.parse(document.getElementById("kumite-data").textContent);
  var $ = function (id) { return document.getElementById(id); };
  var game = null, current = null, botTimer = null, built = 0, started = null;
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

  // ----- The options form: menus of the game's content (game.content()) for the options that
  // name it, a box per flag or number, a control for each option that is off by default (null),
  // and JSON for the rest. -----
  // Null by default, by what they take: a folder of the user's content, a seat (or the seeded
  // coin flip), a number that turns a variant on, or a team number per seat.
  var OPEN = {
    content_dir: { kind: "folder", off: "none (shipped content)" },
    first_attacker: { kind: "seat", off: "coin flip" },
    first_player: { kind: "seat", off: "coin flip" },
    round_strings: { kind: "count", off: "off (no round timer)" },
    stage_rounds: { kind: "count", off: "off (no round limit)" },
    max_turns: { kind: "count", off: "off (no turn limit)" },
    teams: { kind: "teams", off: "free-for-all" }
  };
  function openField(id, key, v, n) {
    var o = OPEN[key], field;
    if (o.kind === "seat") {
      var entries = [K.el("option", { value: "", text: o.off })];
      for (var p = 0; p < n; p++) entries.push(K.el("option", { value: String(p), text: "P" + p }));
      field = K.el("select", { id: id, "data-option": key, "data-open": o.kind }, entries);
      field.value = v === null || v === undefined ? "" : String(v);
    } else {
      var title = (o.kind === "teams" ? "a team number per seat, e.g. 0,1,0,1; " : "") + "empty: " + o.off;
      field = K.el("input", { type: o.kind === "count" ? "number" : "text", id: id, "data-option": key, "data-open": o.kind,
        placeholder: o.off, title: title, value: v === null || v === undefined ? "" : Array.isArray(v) ? v.join(",") : String(v) });
    }
    return field;
  }
  function category(key) {
    var c = game.content || {};
    if (c[key]) return key;
    if (c[key + "s"]) return key + "s";
    return null;
  }
  function isNameList(v) {
    return Array.isArray(v) && v.every(function (x) { return x === null || typeof x === "string"; });
  }
  // A list option gives one entry per seat; "(default)" is offered where the default leaves it open.
  function openDefault(key) {
    var d = game.options[key];
    return !d.length || d.some(function (x) { return x === null; });
  }
  function contentSelect(id, key, cat, value, open) {
    var entries = (open ? [{ id: "", name: "(default)", text: "the game's default" }] : []).concat(game.content[cat]);
    var sel = K.el("select", { id: id, "data-option": key }, entries.map(function (e) {
      return K.el("option", { value: e.id, text: e.name, title: e.text });
    }));
    sel.value = value === null || value === undefined ? "" : value;
    if (sel.selectedIndex < 0) {  // an id from the user's own content
      sel.appendChild(K.el("option", { value: value, text: value }));
      sel.value = value;
    }
    return sel;
  }
  function seatsFor(options, v) {
    if (typeof options.players === "number") return options.players;
    return v.length || game.num_players;
  }
  function buildForm(options) {
    var box = $("options-form");
    box.textContent = "";
    Object.keys(game.options).forEach(function (key) {
      var v = key in options ? options[key] : game.options[key], cat = category(key), field, id = "opt-" + key;
      var label = key.replace(/_/g, " ");
      if (OPEN[key] && game.options[key] === null) {
        field = openField(id, key, v, seatsFor(options, []));
      } else if (cat && (typeof v === "string" || (v === null && typeof game.options[key] === "string"))) {
        field = contentSelect(id, key, cat, v, false);
      } else if (cat && isNameList(v)) {
        var n = seatsFor(options, v), open = openDefault(key), used = v.slice();
        field = K.el("span", { cls: "option-list", id: id, "data-option": key, "data-list": "1" });
        for (var i = 0; i < n; i++) {
          var value = i < v.length ? v[i] : null;
          if (value === null && !open) {  // a new seat takes the first entry nobody has yet
            var free = game.content[cat].filter(function (e) { return used.indexOf(e.id) < 0; })[0] || game.content[cat][0];
            value = free.id;
            used.push(value);
          }
          field.appendChild(contentSelect(id + "-" + i, key, cat, value, open));
        }
      } else if (typeof v === "boolean") {
        field = K.el("input", { type: "checkbox", id: id, "data-option": key });
        field.checked = v;
      } else if (typeof v === "number") {
        field = K.el("input", { type: "number", id: id, "data-option": key, value: v });
      } else if (typeof v === "string") {
        field = K.el("input", { type: "text", id: id, "data-option": key, value: v });
      } else {
        field = K.el("input", { type: "text", id: id, "data-option": key, "data-json": "1", value: JSON.stringify(v),
          title: "JSON; null keeps the default" });
      }
      field.onchange = optionsChanged;
      box.appendChild(K.el("label", { cls: "option", text: label + " " }, [field]));
    });
  }
  function readForm() {
    var options = {};
    Object.keys(game.options).forEach(function (key) {
      var f = $("opt-" + key);
      if (!f) return;
      var open = f.getAttribute("data-open");
      if (open) {
        if (f.value === "") options[key] = null;
        else if (open === "folder") options[key] = f.value;
        else if (open === "teams") options[key] = f.value.split(/[\s,]+/).filter(Boolean).map(function (t) {
          if (!/^\d+$/.test(t)) throw new Error("Option " + key + " is a team number per seat (e.g. 0,1,0,1), not " + JSON.stringify(t));
          return Number(t);
        });
        else if (isNaN(Number(f.value))) throw new Error("Option " + key + " must be a number, or empty for " + OPEN[key].off);
        else options[key] = Number(f.value);
      } else if (f.getAttribute("data-list")) {
        var values = Array.prototype.map.call(f.querySelectorAll("select"), function (s) { return s.value || null; });
        var allOpen = values.every(function (x) { return x === null; });
        options[key] = allOpen && !game.options[key].length ? [] : values;
      } else if (f.type === "checkbox") {
        options[key] = f.checked;
      } else if (f.type === "number") {
        if (f.value === "" || isNaN(Number(f.value))) throw new Error("Option " + key + " must be a number");
        options[key] = Number(f.value);
      } else if (f.getAttribute("data-json")) {
        try { options[key] = JSON.parse(f.value || "null"); }
        catch (e) { throw new Error("Option " + key + " is not valid JSON: " + e.message); }
      } else {
        options[key] = f.value;
      }
    });
    return options;
  }
  // A changed option may change the seats (players) and the entries per seat: ask the engine.
  function optionsChanged() {
    showError("");
    var options;
    try { options = readForm(); } catch (e) { showError(e.message); return; }
    post("/api/describe", { game: game.name, options: options }).then(function (d) {
      buildSeats(d.num_players);
      buildForm(options);
    }).catch(function (e) { showError(e.message); });
  }
  function chooseGame(name, options) {
    game = data.games.filter(function (g) { return g.name === name; })[0];
    K.names = {};
    Object.keys(game.content || {}).forEach(function (cat) { K.learnNames(game.content[cat]); });
    $("howto").href = "/howto/" + encodeURIComponent(name);
    buildForm(options || game.options);
    buildSeats(game.num_players);
  }
  $("game").onchange = function () { chooseGame($("game").value); };
  data.games.forEach(function (g) { $("game").appendChild(K.el("option", { value: g.name, text: g.name })); });
  chooseGame(data.games[0].name);

  // ----- Drawing a frame: the view, the viewing seat's hand pinned under it, the choices. -----
  // The board shrinks to what is left of the view's height above the pinned hand, so both are in
  // sight without scrolling.
  function fitBoard() {
    var svg = $("view").querySelector(".board svg"), sc = $("view-scroll");
    if (!svg) return;
    svg.style.maxHeight = "none";
    var r = svg.getBoundingClientRect(), below = svg.parentNode.getBoundingClientRect().bottom - r.bottom;  // the legend
    var top = r.top - sc.getBoundingClientRect().top + sc.scrollTop;
    svg.style.maxHeight = Math.max(120, sc.clientHeight - top - below - 16) + "px";
  }
  window.addEventListener("resize", fitBoard);
  function render(frame) {
    current = frame;
    var vp = frame.viewpoint, dock = $("hand-dock");
    var hand = vp === null ? null : ((frame.view && frame.view.zones) || []).filter(function (z) {
      return z.owner === vp && /(^|\.)hand$/.test(String(z.id));
    })[0];
    K.draw($("view"), frame.view, hand ? { el: dock, zone: hand.id } : null);
    if (!hand) dock.textContent = "";
    dock.style.display = hand ? "" : "none";
    fitBoard();
    document.body.setAttribute("data-step", frame.step);
    document.body.setAttribute("data-terminal", frame.terminal ? "1" : "0");
    $("who").textContent = frame.terminal ? "Game over" :
      "P" + frame.to_move + " (" + frame.seats[frame.to_move] + ") to move" + (vp === null ? " · you see everything" : " · you see what P" + vp + " sees");
    var legal = $("legal");
    legal.textContent = "";
    frame.legal.forEach(function (a) {
      var b = K.el("button", { cls: "action", "data-action": a.action, text: a.text, title: K.explain(a.text) });
      b.onclick = function () { act(a.action); };
      legal.appendChild(b);
    });
    // The server sends the log from step `log_from` on: only the new steps when this page has
    // drawn the rest for the same viewpoint, else (a new game, another viewpoint) all of it.
    var log = $("log");
    if (log.getAttribute("data-game") !== frame.id || log.getAttribute("data-viewpoint") !== String(vp) ||
        log.children.length !== frame.log_from) {
      log.textContent = "";
      log.setAttribute("data-game", frame.id);
      log.setAttribute("data-viewpoint", String(vp));
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
    $("rematch-box").style.display = frame.terminal && started ? "" : "none";
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
  function start(request) {
    showError("");
    if (botTimer) { clearTimeout(botTimer); botTimer = null; }
    return post("/api/new", request).then(function (frame) {
      started = request;
      $("setup").open = false;  // the choices and the log take the side column during a game
      render(frame);
    }).catch(function (e) { showError(e.message); });
  }
  $("start").onclick = function () {
    var seats = Array.prototype.map.call($("seats").querySelectorAll("select"), function (s) { return s.value; });
    try {
      start({ game: game.name, options: readForm(), seats: seats, seed: Number($("seed").value) || 0 });
    } catch (e) { showError(e.message); }
  };
  // A rematch: the same game and options with the next seed, the seats as they were or each
  // moved one place on (so two players swap in a duel).
  function rematch(turn) {
    var r = started, seats = r.seats.slice();
    if (turn) seats.unshift(seats.pop());
    var seed = (r.seed + 1) % 9007199254740992;
    $("seed").value = seed;
    seats.forEach(function (s, p) { if ($("seat-" + p)) $("seat-" + p).value = s; });
    start({ game: r.game, options: r.options, seats: seats, seed: seed });
  }
  $("rematch").onclick = function () { rematch(false); };
  $("rematch-swap").onclick = function () { rematch(true); };
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
    buildForm(options);
    if (q.get("seed")) $("seed").value = q.get("seed");
    post("/api/describe", { game: name, options: options }).then(function (d) {
      var seats = [];
      for (var p = 0; p < d.num_players; p++) seats.push(q.get("p" + p) || (p === 0 ? "human" : "random"));
      seats.forEach(function (s) {
        if (SEATS.indexOf(s) < 0) SEATS.push(s);
      });
      buildSeats(d.num_players);
      seats.forEach(function (s, p) { $("seat-" + p).value = s; });
      start({ game: name, options: options, seats: seats, seed: Number($("seed").value) || 0 });
    }).catch(function (e) { showError(e.message); });
  }
  deepLink();
  document.body.setAttribute("data-ready", "1");
})();
