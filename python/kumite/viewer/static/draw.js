// kumite viewer: draws one view (docs/viewer.md) into an element. Pure drawing: every value comes
// from the engine's view; no rule of any game is computed here. Boards are drawn by the modules
// registered in Kumite.boards (board_hex.js, board_grid.js); anything unknown falls back to text.
"use strict";
var Kumite = window.Kumite || {};
window.Kumite = Kumite;
Kumite.boards = Kumite.boards || {};
Kumite.SVG = "http://www.w3.org/2000/svg";

Kumite.el = function (tag, attrs, children) {
  var e = document.createElement(tag);
  for (var k in (attrs || {})) {
    var v = attrs[k];
    if (v === null || v === undefined) continue;
    if (k === "text") e.textContent = String(v);
    else if (k === "cls") e.className = v;
    else if (k === "style") e.setAttribute("style", v);
    else e.setAttribute(k, String(v));
  }
  (children || []).forEach(function (c) { if (c) e.appendChild(c); });
  return e;
};
Kumite.svg = function (tag, attrs) {
  var e = document.createElementNS(Kumite.SVG, tag);
  for (var k in (attrs || {})) if (attrs[k] !== null && attrs[k] !== undefined) e.setAttribute(k, String(attrs[k]));
  return e;
};
Kumite.playerColor = function (p) {
  var colors = ["#2e6fb0", "#c0392b", "#27945a", "#8e44ad", "#d68910", "#148f9a"];
  return (typeof p === "number" && p >= 0) ? colors[p % colors.length] : "#888";
};
Kumite.cardColor = function (c) {
  var named = { yellow: "#e2b714", green: "#3a9b4f", red: "#c0392b", blue: "#2e6fb0", rage: "#7d3c98",
    common: "#999", unique: "#d4a017", starter: "#bbb", boss: "#6e2c00" };
  if (!c) return "#999";
  return named[c] || c;
};
// Groups of a player's graph (Senjutsu's kamae zones) by name, else by their order.
Kumite.groupColor = function (group, i) {
  var named = { gate: "#777", aggression: "#c0392b", balance: "#2e6fb0", resolve: "#27945a" };
  return named[group] || ["#777", "#d68910", "#8e44ad", "#148f9a", "#27945a", "#c0392b"][i % 6];
};
Kumite.tags = function (tags) {
  if (!tags || !tags.length) return null;
  return Kumite.el("div", { cls: "tags" }, tags.map(function (t) { return Kumite.el("span", { cls: "tag", text: t }); }));
};

Kumite.drawText = function (text) {
  return Kumite.el("pre", { cls: "kumite-text", text: text === undefined ? "" : text });
};

Kumite.drawPlayers = function (players, toMove) {
  var box = Kumite.el("div", { cls: "players" });
  players.forEach(function (pl, i) {
    var id = (pl.id === undefined) ? i : pl.id;
    var card = Kumite.el("div", { cls: "player" + (toMove === id ? " to-move" : "") + (pl.graph ? " has-graph" : ""), "data-player": id,
      style: "--pc:" + Kumite.playerColor(id) });
    card.appendChild(Kumite.el("div", { cls: "name", title: Kumite.describe(pl.name),
      text: "P" + id + " " + (pl.name || "") + (toMove === id ? "  ◀ to move" : "") }));
    (pl.stats || []).forEach(function (s) {
      var hasMax = typeof s.max === "number" && s.max > 0;
      var row = Kumite.el("div", { cls: "stat", "data-stat": s.key || s.label });
      row.appendChild(Kumite.el("span", { cls: "stat-label", text: s.label || s.key }));
      var track = Kumite.el("div", { cls: hasMax ? "track" : "track no-max" });
      if (hasMax && typeof s.value === "number") {
        var w = Math.max(0, Math.min(1, s.value / s.max)) * 100;
        track.appendChild(Kumite.el("div", { cls: "fill", style: "width:" + w.toFixed(1) + "%" }));
      }
      row.appendChild(track);
      row.appendChild(Kumite.el("span", { cls: "stat-value", text: hasMax ? s.value + "/" + s.max : s.value }));
      card.appendChild(row);
    });
    var t = Kumite.tags(pl.tags);
    if (t) card.appendChild(t);
    if (pl.graph) card.appendChild(Kumite.drawGraph(pl.graph, Kumite.playerColor(id)));
    box.appendChild(card);
  });
  return box;
};

// A player's graph (docs/viewer.md): the first node in the centre, each other group of nodes on
// its own side, branches as lines, the current node ringed in the player's colour.
Kumite.drawGraph = function (g, color) {
  var nodes = g.nodes || [], W = 170, H = 112, cx = W / 2, cy = H / 2 - 6;
  var groups = [];
  nodes.forEach(function (n, i) { if (i > 0 && groups.indexOf(n.group) < 0) groups.push(n.group); });
  var at = nodes.map(function (n, i) {
    if (i === 0) return [cx, cy];
    var gi = groups.indexOf(n.group), members = nodes.filter(function (m, j) { return j > 0 && m.group === n.group; });
    var k = members.indexOf(n), spread = 0.55;
    var a = -Math.PI / 2 + 2 * Math.PI * gi / Math.max(1, groups.length) + (k - (members.length - 1) / 2) * spread;
    return [cx + 60 * Math.cos(a), cy + 36 * Math.sin(a)];
  });
  var svg = Kumite.svg("svg", { "class": "graph", viewBox: "0 0 " + W + " " + H, width: W, height: H, role: "img" });
  var title = Kumite.svg("title");
  title.textContent = g.title || "graph";
  svg.appendChild(title);
  (g.links || []).forEach(function (l) {
    var a = at[l[0]], b = at[l[1]];
    if (a && b) svg.appendChild(Kumite.svg("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: "#555", "stroke-width": 1.5 }));
  });
  nodes.forEach(function (n, i) {
    var gr = Kumite.svg("g", { "class": "node" + (n.current ? " current" : ""), "data-label": n.label, "data-group": n.group || "" });
    var tip = Kumite.svg("title");
    tip.textContent = n.label + (n.group ? " (" + n.group + ")" : "") + (n.current ? ": current" : "");
    gr.appendChild(tip);
    if (n.current) gr.appendChild(Kumite.svg("circle", { cx: at[i][0], cy: at[i][1], r: 11, fill: "none", stroke: color, "stroke-width": 3 }));
    gr.appendChild(Kumite.svg("circle", { cx: at[i][0], cy: at[i][1], r: 7, fill: Kumite.groupColor(n.group, groups.indexOf(n.group) + 1), stroke: "#fff", "stroke-width": 1.5 }));
    var label = Kumite.svg("text", { x: at[i][0], y: at[i][1] + 19, "text-anchor": "middle", "font-size": 9, fill: "#333" });
    label.textContent = n.label;
    gr.appendChild(label);
    svg.appendChild(gr);
  });
  return Kumite.el("div", { cls: "graph-box" }, [Kumite.el("div", { cls: "graph-title", text: g.title || "" }), svg]);
};

// Texts of the names a page knows (cards in the view, the game's content), so a button that
// names a card, or a character's name, can show what it does.
Kumite.names = {};
Kumite.learnNames = function (entries) {
  (entries || []).forEach(function (e) { if (e && e.name && e.text && !(e.name in Kumite.names)) Kumite.names[e.name] = e.text; });
};
Kumite.learnView = function (view) {
  ((view && view.zones) || []).forEach(function (z) {
    (z.cards || []).forEach(function (c) { if (c && c.name && (c.words || c.text)) Kumite.names[c.name] = c.words || c.text; });
  });
};
Kumite.describe = function (name) {
  return name && Kumite.names[name] ? name + ": " + Kumite.names[name] : null;
};
// The longest known name inside `text` (an action naming a card), described.
Kumite.explain = function (text) {
  var best = "";
  for (var n in Kumite.names) if (n.length > best.length && n.length > 2 && text.indexOf(n) >= 0) best = n;
  return best ? text + "\n" + Kumite.describe(best) : text;
};

Kumite.drawCard = function (c) {
  if (c.hidden) {
    return Kumite.el("div", { cls: "card hidden", "data-hidden": "1", title: (c.tags || []).join(", ") || "hidden card" },
      [Kumite.el("div", { text: "?" }), Kumite.tags(c.tags)]);
  }
  if (c.empty) return Kumite.el("div", { cls: "card empty", "data-empty": "1" }, [Kumite.el("div", { text: "empty" })]);
  var face = c.face && Kumite.faces && Kumite.faces[c.face.layout];
  var tags = c.tags || [];
  // Physical postures: a committed card lies sideways, a momentum card face down.
  var cls = "card" + (face ? " has-face" : "") + (tags.indexOf("committed") >= 0 ? " committed" : "") +
    (tags.indexOf("momentum") >= 0 ? " momentum" : "");
  // A card reads in its words where the game writes them (Senjutsu, UFS), as the log names it.
  var said = c.words || c.text;
  var e = Kumite.el("div", { cls: cls, "data-name": c.name || "", title: (c.name || "") + (said ? "\n" + said : ""),
    style: "--cc:" + Kumite.cardColor(c.color) });
  e.appendChild(Kumite.el("div", { cls: "card-name", text: c.name || "?" }));
  if (face) e.appendChild(face(c.face));
  else if (said) e.appendChild(Kumite.el("div", { cls: "card-text", text: said }));
  var t = Kumite.tags(c.tags);
  if (t) e.appendChild(t);
  return e;
};

Kumite.drawZone = function (z) {
  var cards = z.cards || [];
  var count = (typeof z.count === "number") ? z.count : cards.length;
  var box = Kumite.el("div", { cls: "zone", "data-zone": z.id || z.name, "data-count": count });
  if (z.layout === "pile") {
    box.appendChild(Kumite.el("div", { cls: "zone-name pile", text: (z.name || z.id) + ": " + count + " card" + (count === 1 ? "" : "s") }));
    if (cards.length) {
      var det = Kumite.el("details", {}, [Kumite.el("summary", { text: "show" })]);
      var row = Kumite.el("div", { cls: "cards" });
      cards.forEach(function (c) { row.appendChild(Kumite.drawCard(c)); });
      det.appendChild(row);
      box.appendChild(det);
    }
    return box;
  }
  box.appendChild(Kumite.el("div", { cls: "zone-name", text: (z.name || z.id) + " (" + count + ")" }));
  var row2 = Kumite.el("div", { cls: "cards" });
  cards.forEach(function (c) { row2.appendChild(Kumite.drawCard(c)); });
  box.appendChild(row2);
  return box;
};

Kumite.drawZones = function (zones, players) {
  var box = Kumite.el("div", { cls: "zones" });
  var owners = [], byOwner = {};
  zones.forEach(function (z) {
    var o = (z.owner === undefined || z.owner === null) ? "shared" : String(z.owner);
    if (!(o in byOwner)) { byOwner[o] = []; owners.push(o); }
    byOwner[o].push(z);
  });
  owners.forEach(function (o) {
    var p = o === "shared" ? null : Number(o);
    var name = "Table";
    if (p !== null) {
      var pl = (players || []).filter(function (x, i) { return (x.id === undefined ? i : x.id) === p; })[0];
      name = "P" + p + (pl && pl.name ? " " + pl.name : "");
    }
    var sec = Kumite.el("div", { cls: "zones-owner", "data-owner": o, style: "--pc:" + Kumite.playerColor(p) },
      [Kumite.el("div", { cls: "owner-name", text: name })]);
    byOwner[o].forEach(function (z) { sec.appendChild(Kumite.drawZone(z)); });
    box.appendChild(sec);
  });
  return box;
};

Kumite.drawBoard = function (board, view) {
  var draw = board && Kumite.boards[board.type];
  var box = Kumite.el("div", { cls: "board", "data-board": board && board.type });
  if (!draw) {
    box.appendChild(Kumite.el("div", { cls: "view-status", text: "(no drawing for board type " + JSON.stringify(board && board.type) + ")" }));
    box.appendChild(Kumite.drawText(JSON.stringify(board, null, 1)));
    return box;
  }
  box.appendChild(draw(board, view));
  return box;
};

// Draws `view` into `target` (replacing its content). Never leaves it blank: an unknown or
// broken view is shown as text with the problem. `dock` ({el, zone}) draws the zone with that id
// (the viewing player's hand) into `dock.el` instead, where the play page pins it.
Kumite.draw = function (target, view, dock) {
  target.textContent = "";
  if (dock) dock.el.textContent = "";
  Kumite.learnView(view);
  try {
    if (!view || typeof view !== "object") throw new Error("the view is not an object");
    var root = Kumite.el("div", { cls: "view", "data-kind": view.kind });
    if (view.kind === "scene") {
      var head = Kumite.el("div", { cls: "panel" });
      if (view.title) head.appendChild(Kumite.el("div", { cls: "view-title", text: view.title }));
      if (view.status) head.appendChild(Kumite.el("div", { cls: "view-status", text: view.status }));
      if (view.result) head.appendChild(Kumite.el("div", { cls: "view-result", id: "view-result", text: view.result }));
      root.appendChild(head);
      var players = view.players && view.players.length ? Kumite.el("div", { cls: "panel players-panel" }, [Kumite.drawPlayers(view.players, view.to_move)]) : null;
      if (view.board) {  // the board beside the players, so both fit a laptop's screen
        root.appendChild(Kumite.el("div", { cls: "scene-main" }, [Kumite.el("div", { cls: "panel board-panel" }, [Kumite.drawBoard(view.board, view)]), players]));
      } else if (players) {
        root.appendChild(players);
      }
      if (view.info && view.info.length) {
        var dl = Kumite.el("dl", { cls: "info" });
        view.info.forEach(function (i) { dl.appendChild(Kumite.el("dt", { text: i.label })); dl.appendChild(Kumite.el("dd", { text: i.value })); });
        root.appendChild(Kumite.el("div", { cls: "panel" }, [dl]));
      }
      var zones = view.zones || [];
      if (dock) {
        zones.filter(function (z) { return z.id === dock.zone; }).forEach(function (z) { dock.el.appendChild(Kumite.drawZone(z)); });
        zones = zones.filter(function (z) { return z.id !== dock.zone; });
      }
      if (zones.length) root.appendChild(Kumite.el("div", { cls: "panel" }, [Kumite.drawZones(zones, view.players)]));
      if (view.text) root.appendChild(Kumite.el("div", { cls: "panel" }, [Kumite.drawText(view.text)]));
    } else if (view.kind === "text") {
      if (view.result) root.appendChild(Kumite.el("div", { cls: "panel view-result", id: "view-result", text: view.result }));
      root.appendChild(Kumite.el("div", { cls: "panel" }, [Kumite.drawText(view.text)]));
    } else {
      root.appendChild(Kumite.el("div", { cls: "panel view-status", text: "Unknown view kind " + JSON.stringify(view.kind) + "; its data:" }));
      root.appendChild(Kumite.el("div", { cls: "panel" }, [Kumite.drawText(JSON.stringify(view, null, 1))]));
    }
    target.appendChild(root);
  } catch (err) {
    target.appendChild(Kumite.el("div", { cls: "error-box", id: "draw-error", text: "This view cannot be drawn: " + err.message }));
    try { target.appendChild(Kumite.drawText(JSON.stringify(view, null, 1))); } catch (e2) { /* nothing more to show */ }
  }
};

// A tap (or click) on a card shows its text in a tip beside it, for screens without hover, and so
// does a long press (or right click) on anything with a text, such as a choice's button, which a
// tap would play; a tap elsewhere closes it.
Kumite.showTip = function (el) {
  var tip = document.getElementById("tip");
  if (!tip) {
    tip = Kumite.el("div", { id: "tip", cls: "tip", role: "tooltip" });
    document.body.appendChild(tip);
  }
  tip.textContent = el.getAttribute("title");
  var r = el.getBoundingClientRect();
  tip.style.left = Math.max(4, Math.min(window.innerWidth - 300, r.left)) + "px";
  tip.style.top = (r.bottom + 4 > window.innerHeight - 80 ? Math.max(4, r.top - 84) : r.bottom + 4) + "px";
};
document.addEventListener("click", function (ev) {
  var card = ev.target.closest && ev.target.closest(".card[title]");
  var tip = document.getElementById("tip");
  if (card) Kumite.showTip(card);
  else if (tip) tip.remove();
});
document.addEventListener("contextmenu", function (ev) {
  var el = ev.target.closest && ev.target.closest("[title]");
  if (!el) return;
  ev.preventDefault();
  Kumite.showTip(el);
});
