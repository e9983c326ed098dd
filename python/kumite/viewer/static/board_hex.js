// Board type "hex" (docs/viewer.md): pointy-top axial cells {q, r, terrain, label} and pieces
// {q, r, player, label, name, facing, tags}; facing counts sixths of a turn clockwise from east.
"use strict";
(function () {
  var S = 30, R3 = Math.sqrt(3);
  var fills = { open: "#f3efe2", blocked: "#555", hazard: "#f2b8a9", cracked: "#d9c7a3", red_mark: "#f0b0a8", cracked_red: "#d98a7a", water: "#a9cce3", forest: "#a9d8a9" };
  function center(q, r) { return [S * R3 * (q + r / 2), S * 1.5 * r]; }
  function corners(cx, cy, s) {
    var pts = [];
    for (var i = 0; i < 6; i++) {
      var a = Math.PI / 180 * (60 * i - 30);
      pts.push((cx + s * Math.cos(a)).toFixed(1) + "," + (cy + s * Math.sin(a)).toFixed(1));
    }
    return pts.join(" ");
  }
  Kumite.boards.hex = function (board) {
    var K = Kumite, cells = board.cells || [], pieces = board.pieces || [];
    var xs = [], ys = [];
    cells.concat(pieces).forEach(function (c) { var p = center(c.q, c.r); xs.push(p[0]); ys.push(p[1]); });
    if (!xs.length) { xs = [0]; ys = [0]; }
    var pad = S + 6, minx = Math.min.apply(null, xs) - pad, miny = Math.min.apply(null, ys) - pad;
    var w = Math.max.apply(null, xs) - minx + pad, h = Math.max.apply(null, ys) - miny + pad;
    var svg = K.svg("svg", { viewBox: [minx.toFixed(1), miny.toFixed(1), w.toFixed(1), h.toFixed(1)].join(" "), role: "img" });
    cells.forEach(function (c) {
      var p = center(c.q, c.r);
      var g = K.svg("g", { "class": "hex", "data-q": c.q, "data-r": c.r, "data-terrain": c.terrain || "open" });
      g.appendChild(K.svg("polygon", { points: corners(p[0], p[1], S - 1), fill: fills[c.terrain] || c.fill || "#e5e1d5", stroke: "#9a927c", "stroke-width": 1.2 }));
      var coord = K.svg("text", { x: p[0], y: p[1] + S * 0.72, "text-anchor": "middle", "font-size": 7, fill: "#a49c86" });
      coord.textContent = c.q + "," + c.r;
      g.appendChild(coord);
      if (c.label) {
        var t = K.svg("text", { x: p[0], y: p[1] - S * 0.45, "text-anchor": "middle", "font-size": 10, fill: "#7b241c" });
        t.textContent = c.label;
        g.appendChild(t);
      }
      svg.appendChild(g);
    });
    pieces.forEach(function (pc) {
      var p = center(pc.q, pc.r), col = K.playerColor(pc.player);
      var g = K.svg("g", { "class": "piece", "data-player": pc.player, "data-q": pc.q, "data-r": pc.r,
        "data-facing": pc.facing === undefined ? "" : pc.facing });
      var title = K.svg("title");
      title.textContent = (pc.name || pc.label || "") + (pc.tags && pc.tags.length ? " (" + pc.tags.join(", ") + ")" : "");
      g.appendChild(title);
      if (typeof pc.facing === "number") {
        var a = pc.facing * 60, tip = S * 0.95;
        var arrow = K.svg("polygon", { points: tip + ",0 " + (S * 0.5) + "," + (-S * 0.32) + " " + (S * 0.5) + "," + (S * 0.32),
          fill: col, transform: "translate(" + p[0].toFixed(1) + "," + p[1].toFixed(1) + ") rotate(" + a.toFixed(1) + ")" });
        g.appendChild(arrow);
      }
      g.appendChild(K.svg("circle", { cx: p[0], cy: p[1], r: S * 0.55, fill: col, stroke: pc.tags && pc.tags.length ? "#000" : "#fff",
        "stroke-width": 2, "stroke-dasharray": pc.tags && pc.tags.length ? "3,2" : null }));
      var t = K.svg("text", { x: p[0], y: p[1] + 4, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#fff" });
      t.textContent = pc.label || ("P" + pc.player);
      g.appendChild(t);
      if (typeof pc.value === "number") {
        var v = K.svg("text", { x: p[0], y: p[1] - S * 0.62, "text-anchor": "middle", "font-size": 9, fill: "#222" });
        v.textContent = pc.value;
        g.appendChild(v);
      }
      svg.appendChild(g);
    });
    // A legend of the terrain on this board, with the colours drawn, and of its cell labels.
    var names = { open: "open", blocked: "blocked (no entry)", hazard: "hazard (the number is its damage)", cracked: "cracked floor",
      red_mark: "marked red: cracked on the back side, plain floor until the stage flips", cracked_red: "cracked floor, also marked red (cracked on the back side)",
      water: "water (no entry)", forest: "trees (no entry)" };
    var seen = {}, legend = K.el("div", { cls: "legend", "data-legend": "hex" });
    cells.forEach(function (c) {
      var t = c.terrain || "open";
      if (seen[t]) return;
      seen[t] = 1;
      legend.appendChild(K.el("span", { "data-terrain": t }, [K.el("span", { cls: "swatch", style: "background:" + (fills[t] || c.fill || "#e5e1d5") }),
        K.el("span", { text: names[t] || t })]));
    });
    if (cells.some(function (c) { return c.label === "S"; })) {
      legend.appendChild(K.el("span", { "data-label": "S" }, [K.el("b", { text: "S " }), K.el("span", { text: "start hex: a samurai sets up on it or on a hex next to it, unless an opponent set up by that start hex (SJ-4.6)" })]));
    }
    if (pieces.some(function (pc) { return typeof pc.facing === "number"; })) {
      legend.appendChild(K.el("span", { text: "a piece's arrow: where it faces" }));
    }
    legend.appendChild(K.el("span", { text: "q,r: the hex's coordinates, as the actions name them" }));
    return K.el("div", { cls: "hex-board" }, [svg, legend]);
  };
})();
