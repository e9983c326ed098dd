// Board type "grid" (docs/viewer.md): rows × cols named areas; each cell {row, col, label,
// items} holds items {kind, label, player, value, group, tags} drawn as a stacked list.
"use strict";
(function () {
  var W = 210, LINE = 17, HEAD = 22;
  function fill(item) {
    if (typeof item.player === "number") return Kumite.playerColor(item.player);
    return { enemy: "#b9770e", boss: "#6e2c00", marker: "#e74c3c" }[item.kind] || "#7f8c8d";
  }
  Kumite.boards.grid = function (board) {
    var K = Kumite, rows = board.rows || [], cols = board.cols || [], cells = board.cells || [];
    var nr = Math.max(rows.length, 1 + Math.max.apply(null, cells.map(function (c) { return c.row || 0; }).concat([0])));
    var nc = Math.max(cols.length, 1 + Math.max.apply(null, cells.map(function (c) { return c.col || 0; }).concat([0])));
    var lines = {};
    cells.forEach(function (c) {
      var n = (c.items || []).length, groups = {};
      (c.items || []).forEach(function (i) { if (i.group) groups[i.group] = 1; });
      n += Object.keys(groups).length;
      lines[c.row] = Math.max(lines[c.row] || 3, n);
    });
    var heights = [], y0 = [20], left = 64;
    for (var r = 0; r < nr; r++) { heights.push(HEAD + LINE * (lines[r] || 3) + 8); y0.push(y0[r] + heights[r]); }
    var svg = K.svg("svg", { viewBox: "0 0 " + (left + nc * W + 4) + " " + (y0[nr] + 4), role: "img" });
    cols.forEach(function (name, c) {
      var t = K.svg("text", { x: left + c * W + W / 2, y: 14, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#555" });
      t.textContent = name; svg.appendChild(t);
    });
    rows.forEach(function (name, r) {
      var t = K.svg("text", { x: 4, y: y0[r] + heights[r] / 2, "font-size": 12, "font-weight": 700, fill: "#555" });
      t.textContent = name; svg.appendChild(t);
    });
    cells.forEach(function (c) {
      var x = left + (c.col || 0) * W, y = y0[c.row || 0], h = heights[c.row || 0];
      var g = K.svg("g", { "class": "cell", "data-row": c.row, "data-col": c.col });
      g.appendChild(K.svg("rect", { x: x + 2, y: y + 2, width: W - 4, height: h - 4, rx: 6, fill: c.fill || "#f3efe2", stroke: "#9a927c" }));
      if (c.label) {
        var lt = K.svg("text", { x: x + 8, y: y + 15, "font-size": 10, fill: "#a49c86" });
        lt.textContent = c.label; g.appendChild(lt);
      }
      var yy = y + HEAD, lastGroup = null;
      (c.items || []).forEach(function (it) {
        if (it.group && it.group !== lastGroup) {
          var gt = K.svg("text", { x: x + 8, y: yy + 12, "font-size": 10, "font-style": "italic", fill: "#6e2c00" });
          gt.textContent = it.group; g.appendChild(gt); yy += LINE; lastGroup = it.group;
        }
        var ig = K.svg("g", { "class": "item", "data-kind": it.kind || "", "data-player": typeof it.player === "number" ? it.player : null });
        var title = K.svg("title");
        title.textContent = (it.label || "") + (it.text ? " — " + it.text : "") + (it.tags && it.tags.length ? " (" + it.tags.join(", ") + ")" : "");
        ig.appendChild(title);
        ig.appendChild(K.svg("rect", { x: x + (it.group ? 16 : 8), y: yy + 1, width: W - (it.group ? 26 : 18), height: LINE - 2, rx: 4, fill: fill(it),
          opacity: it.tags && it.tags.indexOf("down") >= 0 ? 0.45 : 1 }));
        var label = (it.label || it.kind || "?") + (typeof it.value === "number" ? "  ♥" + it.value : "") +
          (it.tags && it.tags.length ? "  [" + it.tags.join(", ") + "]" : "");
        var t = K.svg("text", { x: x + (it.group ? 21 : 13), y: yy + 12, "font-size": 10.5, fill: "#fff" });
        t.textContent = label; ig.appendChild(t);
        g.appendChild(ig);
        yy += LINE;
      });
      svg.appendChild(g);
    });
    return svg;
  };
})();
