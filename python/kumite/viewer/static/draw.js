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
    var card = Kumite.el("div", { cls: "player" + (toMove === id ? " to-move" : ""), "data-player": id,
      style: "--pc:" + Kumite.playerColor(id) });
    card.appendChild(Kumite.el("div", { cls: "name", text: "P" + id + " " + (pl.name || "") + (toMove === id ? "  ◀ to move" : "") }));
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
    box.appendChild(card);
  });
  return box;
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
  var e = Kumite.el("div", { cls: cls, "data-name": c.name || "", title: (c.name || "") + (c.text ? "\n" + c.text : ""),
    style: "--cc:" + Kumite.cardColor(c.color) });
  e.appendChild(Kumite.el("div", { cls: "card-name", text: c.name || "?" }));
  if (face) e.appendChild(face(c.face));
  else if (c.text) e.appendChild(Kumite.el("div", { cls: "card-text", text: c.text }));
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
// broken view is shown as text with the problem.
Kumite.draw = function (target, view) {
  target.textContent = "";
  try {
    if (!view || typeof view !== "object") throw new Error("the view is not an object");
    var root = Kumite.el("div", { cls: "view", "data-kind": view.kind });
    if (view.kind === "scene") {
      var head = Kumite.el("div", { cls: "panel" });
      if (view.title) head.appendChild(Kumite.el("div", { cls: "view-title", text: view.title }));
      if (view.status) head.appendChild(Kumite.el("div", { cls: "view-status", text: view.status }));
      if (view.result) head.appendChild(Kumite.el("div", { cls: "view-result", id: "view-result", text: view.result }));
      root.appendChild(head);
      if (view.players && view.players.length) root.appendChild(Kumite.el("div", { cls: "panel" }, [Kumite.drawPlayers(view.players, view.to_move)]));
      if (view.board) root.appendChild(Kumite.el("div", { cls: "panel" }, [Kumite.drawBoard(view.board, view)]));
      if (view.info && view.info.length) {
        var dl = Kumite.el("dl", { cls: "info" });
        view.info.forEach(function (i) { dl.appendChild(Kumite.el("dt", { text: i.label })); dl.appendChild(Kumite.el("dd", { text: i.value })); });
        root.appendChild(Kumite.el("div", { cls: "panel" }, [dl]));
      }
      if (view.zones && view.zones.length) root.appendChild(Kumite.el("div", { cls: "panel" }, [Kumite.drawZones(view.zones, view.players)]));
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
