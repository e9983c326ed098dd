// Card faces (docs/viewer.md, "Card faces"): a card whose view has `face` data is drawn as the
// printed card, by the drawer registered for `face.layout`. Pure drawing of the engine's data.
"use strict";
(function () {
  var K = Kumite, R3 = Math.sqrt(3);
  K.faces = K.faces || {};

  // ----- Senjutsu: the position grid, relative to the samurai's facing (F at the top) -----
  // Card hexes are axial, relative to a samurai at (0, 0) facing east; turned a quarter so the
  // front is up, the pointy-top grid becomes flat-top.
  var DIRS = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];
  var TYPE_ICON = { attack: "⚔", meditation: "☯", core: "◆", stun: "✸" };
  function typeIcon(type) {
    if (type !== "defense") return K.el("span", { cls: "sj-type", title: type, "data-type": type, text: TYPE_ICON[type] || "?" });
    var svg = K.svg("svg", { "class": "sj-type", "data-type": type, viewBox: "0 0 12 14", width: 14, height: 16, role: "img" });
    var t = K.svg("title");
    t.textContent = type;
    svg.appendChild(t);
    svg.appendChild(K.svg("path", { d: "M1,1 h10 v5 q0,5 -5,7 q-5,-2 -5,-7 z", fill: "#2e6fb0" }));
    return svg;
  }
  function cardXY(q, r, s) {
    var x = s * R3 * (q + r / 2), y = s * 1.5 * r;
    return [y, -x]; // a quarter turn: east (the front) points up
  }
  function flatHex(cx, cy, s) {
    var pts = [];
    for (var i = 0; i < 6; i++) {
      var a = Math.PI / 3 * i;
      pts.push((cx + s * Math.cos(a)).toFixed(1) + "," + (cy + s * Math.sin(a)).toFixed(1));
    }
    return pts.join(" ");
  }
  function dist(q, r) { return (Math.abs(q) + Math.abs(r) + Math.abs(q + r)) / 2; }
  function spatial(ops) {
    return ops.some(function (o) { return o.op === "attack" || o.op === "defend" || o.op === "move" || o.op === "rotate"; });
  }
  function opWords(o) {
    var who = o.opponent ? "opponent " : "";
    switch (o.op) {
      case "attack": return "attack" + (o.bleed ? ", bleeding" : "") + (o.stun ? ", stun " + o.stun : "") + (o.push ? ", push " + o.push : "");
      case "defend": return "defend" + (o.evade ? " (evade)" : "");
      case "move": return who + "move " + o.n + (o.forced ? " (forced)" : "");
      case "rotate": return who + "rotate " + o.n;
      case "kamae": return "kamae " + o.n;
      case "advantage": return "take the advantage";
      case "draw": return "draw " + o.n;
      case "choose": return "choose one: " + o.options.map(opWords).join(" | ");
      default: return o.op;
    }
  }
  function star(cx, cy, r) {
    var pts = [];
    for (var i = 0; i < 10; i++) {
      var a = Math.PI / 5 * i - Math.PI / 2, rr = i % 2 ? r * 0.45 : r;
      pts.push((cx + rr * Math.cos(a)).toFixed(1) + "," + (cy + rr * Math.sin(a)).toFixed(1));
    }
    return pts.join(" ");
  }
  // One grid: the hexes within `radius`, the samurai with its arrow, and the part's actions.
  function sjGrid(ops, radius, timing) {
    var s = 13, size = (2 * radius + 1) * s * R3 + 12;
    var svg = K.svg("svg", { "class": "sj-grid", viewBox: [-size / 2, -size / 2, size, size].join(" "), width: size, height: size, role: "img" });
    var attack = {}, defend = {}, moves = [], marks = [];
    ops.forEach(function (o) {
      if (o.op === "attack") o.cells.forEach(function (c) { attack[c.q + "," + c.r] = { w: c.wounds, o: o, name: c.name }; });
      if (o.op === "defend") o.cells.forEach(function (c) { defend[c.q + "," + c.r] = o; });
      if (o.op === "move") moves.push(o);
    });
    for (var q = -radius; q <= radius; q++) {
      for (var r = -radius; r <= radius; r++) {
        if (dist(q, r) > radius) continue;
        var p = cardXY(q, r, s), key = q + "," + r, a = attack[key], d = defend[key];
        var kind = a ? "attack" : (d ? "defend" : (q === 0 && r === 0 ? "self" : "empty"));
        var g = K.svg("g", { "class": "sj-cell", "data-kind": kind, "data-q": q, "data-r": r, "data-wounds": a ? a.w : null });
        if (a || d) {
          var tip = K.svg("title");
          tip.textContent = (a ? (a.name || "") + ": " + a.w + " wound" + (a.w === 1 ? "" : "s") + (a.o.bleed ? ", bleeding" : "") : "")
            + (d ? (a ? "; " : "") + "defended" + (d.evade ? " (evade)" : "") : "");
          g.appendChild(tip);
        }
        g.appendChild(K.svg("polygon", { points: flatHex(p[0], p[1], s - 1), stroke: "#8a826c", "stroke-width": 0.8,
          fill: a ? "#f5c6bd" : (d ? "#c9def2" : (kind === "self" ? "#efe6cf" : "#fbf8ef")),
          "stroke-dasharray": d && d.evade ? "2,1.5" : null }));
        if (d) { // defence cover: a shield
          g.appendChild(K.svg("path", { "class": "sj-cover", d: "M" + (p[0] - 5) + "," + (p[1] - 5) + " h10 v4 q0,6 -5,8 q-5,-2 -5,-8 z",
            fill: "#2e6fb0", opacity: 0.85 }));
        }
        if (a) { // wound marks: one per wound, a drop when the attack bleeds
          for (var w = 0; w < a.w; w++) {
            var x = p[0] + (w - (a.w - 1) / 2) * 6;
            if (a.o.bleed) {
              g.appendChild(K.svg("path", { "class": "sj-wound sj-bleed", d: "M" + x + "," + (p[1] - 5) + " q4,5 0,8 q-4,-3 0,-8 z", fill: "#8e1b10" }));
            } else {
              g.appendChild(K.svg("rect", { "class": "sj-wound", x: x - 2.2, y: p[1] - 5, width: 4.4, height: 9, rx: 1, fill: "#c0392b",
                transform: "rotate(30 " + x + " " + p[1] + ")" }));
            }
          }
          if (a.o.stun) marks.push(["stun", p, a.o.stun]);
          if (a.o.push) marks.push(["push", p, a.o.push]);
        }
        svg.appendChild(g);
      }
    }
    moves.forEach(function (m) { // moves: arrows from the samurai, solid when forced
      m.dirs.forEach(function (d) {
        var steps = Math.min(m.n, radius), end = cardXY(DIRS[d][0] * steps, DIRS[d][1] * steps, s);
        // The seed's icons: a forced move is solid black, an optional one outlined; purple moves the opponent.
        var col = m.opponent ? "#8e44ad" : "#111", len = Math.sqrt(end[0] * end[0] + end[1] * end[1]);
        var ux = end[0] / len, uy = end[1] / len, tip = [end[0] * 0.9, end[1] * 0.9], base = [tip[0] - ux * 5, tip[1] - uy * 5];
        var g = K.svg("g", { "class": "sj-move" + (m.forced ? " forced" : " optional"), "data-dir": d });
        g.appendChild(K.svg("line", { x1: ux * 6, y1: uy * 6, x2: base[0], y2: base[1], stroke: col, "stroke-width": 2.4,
          "stroke-dasharray": m.forced ? null : "3,2" }));
        g.appendChild(K.svg("polygon", { fill: m.forced ? col : "#fff", stroke: col, "stroke-width": 1, points: [tip, [base[0] - uy * 3.5, base[1] + ux * 3.5], [base[0] + uy * 3.5, base[1] - ux * 3.5]]
          .map(function (p) { return p[0].toFixed(1) + "," + p[1].toFixed(1); }).join(" ") }));
        svg.appendChild(g);
      });
    });
    ops.filter(function (o) { return o.op === "rotate"; }).forEach(function (o) { // rotation: an arc around the samurai
      var g = K.svg("g", { "class": "sj-rotate", "data-n": o.n });
      var col = o.opponent ? "#8e44ad" : "#111", rr = s * 0.78;
      g.appendChild(K.svg("path", { d: "M" + (-rr * 0.7) + "," + (-rr * 0.7) + " A" + rr + "," + rr + " 0 1 1 " + (-rr) + "," + (rr * 0.1),
        fill: "none", stroke: col, "stroke-width": 1.4 }));
      g.appendChild(K.svg("polygon", { points: (-rr - 3) + "," + (rr * 0.1 - 3) + " " + (-rr + 3) + "," + (rr * 0.1 - 3) + " " + (-rr) + "," + (rr * 0.1 + 3), fill: col }));
      var t = K.svg("text", { x: rr + 2, y: -rr + 2, "font-size": 7, "font-weight": 700, fill: col });
      t.textContent = "×" + o.n;
      g.appendChild(t);
      svg.appendChild(g);
    });
    marks.forEach(function (m) {
      var p = m[1];
      if (m[0] === "stun") {
        svg.appendChild(K.svg("polygon", { "class": "sj-stun", points: star(p[0] + 8, p[1] - 8, 5), fill: "#e2b714", stroke: "#7d6608", "stroke-width": 0.5 }));
      } else {
        var t = K.svg("text", { "class": "sj-push", x: p[0] + 8, y: p[1] + 10, "font-size": 7, "text-anchor": "middle", fill: "#6e2c00" });
        t.textContent = "⇑" + m[2];
        svg.appendChild(t);
      }
    });
    // The samurai at the centre, its arrow to the front (the top edge).
    var me = K.svg("g", { "class": "sj-samurai" });
    me.appendChild(K.svg("circle", { cx: 0, cy: 0, r: 4.5, fill: "#222" }));
    me.appendChild(K.svg("polygon", { "class": "sj-arrow", points: "0,-11 -4,-5 4,-5", fill: "#222" }));
    svg.appendChild(me);
    if (timing !== undefined && timing !== "card") {
      var tt = K.svg("text", { "class": "sj-timing", x: -size / 2 + 3, y: -size / 2 + 10, "font-size": 9, "font-weight": 700, fill: "#333" });
      tt.textContent = timing === "=" ? "[=]" : "@" + timing;
      svg.appendChild(tt);
    }
    return svg;
  }
  K.faces.senjutsu = function (f) {
    var box = K.el("div", { cls: "face sj-face", "data-type": f.type });
    var init = (f.initiative || []).length ? f.initiative.join(" | ") : "=";
    var head = K.el("div", { cls: "sj-head" }, [
      K.el("span", { cls: "sj-init", "data-values": (f.initiative || []).length, title: "initiative" + ((f.initiative || []).length === 2 ? ": choose one of the two" : ""), text: init }),
      f.instant ? K.el("span", { cls: "sj-instant", text: "instant " + f.instant }) : null,
      f.requires ? K.el("span", { cls: "sj-requires", style: "background:" + K.groupColor(f.requires, 0), text: f.requires + " only" }) : null,
      typeIcon(f.type)]);
    box.appendChild(head);
    var cells = [];
    function collect(ops) {
      ops.forEach(function (o) {
        if (o.cells) o.cells.forEach(function (c) { cells.push(dist(c.q, c.r)); });
        if (o.op === "move") cells.push(Math.min(o.n, 2));
        if (o.options) collect(o.options);
      });
    }
    (f.parts || []).forEach(function (p) { collect(p.ops); });
    var radius = Math.max(1, Math.min(3, Math.max.apply(null, cells.concat([1]))));
    (f.parts || []).forEach(function (p, i) {
      var part = K.el("div", { cls: "sj-part", "data-part": i });
      if (spatial(p.ops)) part.appendChild(sjGrid(p.ops, radius, i === 0 ? undefined : p.timing));
      var words = p.ops.map(opWords).join("; ");
      var timing = i === 0 ? "" : (p.timing === "=" ? "[=] " : (p.timing === "card" ? "" : "@" + p.timing + " "));
      part.appendChild(K.el("div", { cls: "sj-words", text: timing + words }));
      box.appendChild(part);
    });
    (f.bonus || []).forEach(function (b) {
      box.appendChild(K.el("div", { cls: "sj-bonus", "data-zone": b.zone, style: "border-left-color:" + K.groupColor(b.zone, 0),
        text: "in " + b.zone + ": " + (b.text || b.ops.map(opWords).join("; ")) }));
    });
    if (f.rank !== undefined) box.appendChild(K.el("div", { cls: "sj-rank", title: "rank and number (deck building)", text: "rank " + f.rank + " · no. " + f.number }));
    return box;
  };

  // ----- UFS: difficulty, control, symbols, the attack and block icons, abilities -----
  var ZONE_ARROW = { high: "▲", mid: "▶", low: "▼" };
  var SYMBOL_COLOR = { air: "#8fd3e8", all: "#bbb", chaos: "#8e44ad", death: "#333", earth: "#8d6e3f", evil: "#6e2c00",
    fire: "#e25822", good: "#f1c40f", infinity: "#5d6d7e", life: "#27ae60", order: "#2e6fb0", void: "#111", water: "#2980b9" };
  K.faces.ufs = function (f) {
    var box = K.el("div", { cls: "face ufs-face", "data-kind": f.kind });
    box.appendChild(K.el("div", { cls: "ufs-top" }, [
      K.el("span", { cls: "ufs-difficulty", title: "difficulty", text: f.difficulty }),
      K.el("span", { cls: "ufs-kind", text: f.kind + (f.unique ? " · unique" : "") }),
      K.el("span", { cls: "ufs-control", title: "control", text: f.control })]));
    box.appendChild(K.el("div", { cls: "ufs-symbols" }, (f.symbols || []).map(function (s) {
      return K.el("span", { cls: "ufs-symbol", "data-symbol": s, title: s, style: "background:" + (SYMBOL_COLOR[s] || "#999"), text: s });
    })));
    var icons = K.el("div", { cls: "ufs-icons" });
    if (f.attack) {
      icons.appendChild(K.el("span", { cls: "ufs-attack", "data-speed": f.attack.speed, "data-zone": f.attack.zone, "data-damage": f.attack.damage,
        title: f.attack.zone + " attack: speed " + f.attack.speed + ", damage " + f.attack.damage }, [
        K.el("span", { cls: "ufs-speed", text: f.attack.speed }),
        K.el("span", { cls: "ufs-zone", text: ZONE_ARROW[f.attack.zone] || f.attack.zone }),
        K.el("span", { cls: "ufs-damage", text: f.attack.damage })]));
    }
    if (f.block) {
      var mod = (f.block.modifier >= 0 ? "+" : "") + f.block.modifier;
      icons.appendChild(K.el("span", { cls: "ufs-block", "data-modifier": f.block.modifier, "data-zone": f.block.zone,
        title: "blocks " + f.block.zone + " " + mod }, [
        K.el("span", { cls: "ufs-zone", text: ZONE_ARROW[f.block.zone] || f.block.zone }),
        K.el("span", { cls: "ufs-modifier", text: mod })]));
    }
    if (f.character) {
      icons.appendChild(K.el("span", { cls: "ufs-vitality", title: "vitality and hand size", text: "♥" + f.character.vitality + " · hand " + f.character.hand_size }));
    }
    if (icons.children.length) box.appendChild(icons);
    var lines = [];
    if (f.traits && f.traits.length) lines.push(K.el("div", { cls: "ufs-traits", text: f.traits.join(" · ") }));
    if (f.breaker) lines.push(K.el("div", { cls: "ufs-ability", text: "Breaker " + f.breaker }));
    (f.abilities || []).forEach(function (a) { lines.push(K.el("div", { cls: "ufs-ability", text: a })); });
    lines.forEach(function (l) { box.appendChild(l); });
    return box;
  };
})();
