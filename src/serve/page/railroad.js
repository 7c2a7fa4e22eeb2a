// The grammar's rules as railroad diagrams, drawn as SVG from the text of
// grammar/*.ebnf: a reader parses the ISO EBNF the files use (`,` `|`
// `{ }` `[ ]` `( )` `"a".."z"` `? special ?` `13 * x` and `(* comments *)`),
// and each diagram is laid out from the rule's expression, left to right.
"use strict";

const Railroad = (() => {
  const SVG = "http://www.w3.org/2000/svg";

  // Tokens of an EBNF text; comments are left out.
  function tokenize(text) {
    const tokens = [];
    let i = 0;
    while (i < text.length) {
      const c = text[i];
      if (/\s/.test(c)) { i++; continue; }
      if (text.startsWith("(*", i)) {
        const end = text.indexOf("*)", i + 2);
        i = end < 0 ? text.length : end + 2;
        continue;
      }
      if (c === '"' || c === "?") {
        const end = text.indexOf(c, i + 1);
        const stop = end < 0 ? text.length : end;
        const inner = text.slice(i + 1, stop);
        tokens.push(c === '"' ? { kind: "string", text: inner } : { kind: "special", text: inner.trim() });
        i = stop + 1;
        continue;
      }
      if (text.startsWith("..", i)) { tokens.push({ kind: "..", text: ".." }); i += 2; continue; }
      const word = /^[A-Za-z_][A-Za-z0-9_]*|^[0-9]+/.exec(text.slice(i));
      if (word) {
        tokens.push({ kind: /^[0-9]/.test(word[0]) ? "number" : "name", text: word[0] });
        i += word[0].length;
        continue;
      }
      tokens.push({ kind: c, text: c });
      i++;
    }
    return tokens;
  }

  // The rules of an EBNF text, in order: [{name, expression}].
  function parse(text) {
    const tokens = tokenize(text);
    let at = 0;
    const peek = () => tokens[at] || { kind: "end" };
    const expect = (kind) => {
      const token = tokens[at++];
      if (!token || token.kind !== kind) throw new Error(`expected ${kind} in the grammar`);
      return token;
    };
    function alternatives() {
      const items = [sequence()];
      while (peek().kind === "|") { at++; items.push(sequence()); }
      return items.length === 1 ? items[0] : { type: "choice", items };
    }
    function sequence() {
      const items = [factor()];
      while (peek().kind === ",") { at++; items.push(factor()); }
      return items.length === 1 ? items[0] : { type: "sequence", items };
    }
    function factor() {
      if (peek().kind === "number" && tokens[at + 1] && tokens[at + 1].kind === "*") {
        const times = tokens[at].text;
        at += 2;
        return { type: "times", times, item: primary() };
      }
      return primary();
    }
    function primary() {
      const token = tokens[at++] || { kind: "end" };
      switch (token.kind) {
        case "name": return { type: "rule", name: token.text };
        case "special": return { type: "special", text: token.text };
        case "string":
          if (peek().kind === "..") {
            at++;
            return { type: "terminal", text: `"${token.text}".."${expect("string").text}"` };
          }
          return { type: "terminal", text: `"${token.text}"` };
        case "(": { const inner = alternatives(); expect(")"); return inner; }
        case "{": { const inner = alternatives(); expect("}"); return { type: "repeat", item: inner }; }
        case "[": { const inner = alternatives(); expect("]"); return { type: "optional", item: inner }; }
        default: throw new Error(`unexpected ${token.kind} in the grammar`);
      }
    }
    const rules = [];
    while (at < tokens.length) {
      const name = expect("name").text;
      expect("=");
      const expression = alternatives();
      expect(";");
      rules.push({ name, expression });
    }
    return rules;
  }

  function element(name, attributes, parent) {
    const node = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
    if (parent) parent.appendChild(node);
    return node;
  }

  const GAP = 10;       // between the items of a sequence
  const ROUTE = 16;     // room at each side of a choice or a loop
  const CHAR = 7.3;     // the width of a character of the diagram's font

  // The size of an expression's diagram: its width, and its height above
  // (`up`) and below (`down`) the line that runs through it.
  function measure(node) {
    switch (node.type) {
      case "rule": case "terminal": case "special": {
        const text = node.type === "rule" ? node.name : node.text;
        Object.assign(node, { width: Math.ceil(text.length * CHAR) + 20, up: 11, down: 11 });
        break;
      }
      case "sequence":
        node.items.forEach(measure);
        node.width = node.items.reduce((sum, item) => sum + item.width, 0) + GAP * (node.items.length - 1);
        node.up = Math.max(...node.items.map((item) => item.up));
        node.down = Math.max(...node.items.map((item) => item.down));
        break;
      case "choice": {
        node.items.forEach(measure);
        node.width = Math.max(...node.items.map((item) => item.width)) + 2 * ROUTE;
        node.up = node.items[0].up;
        node.down = node.items[0].down + node.items.slice(1).reduce((sum, item) => sum + item.up + item.down + GAP, 0);
        break;
      }
      case "repeat": case "optional": case "times":
        measure(node.item);
        node.width = node.item.width + 2 * ROUTE;
        node.up = node.item.up + (node.type === "times" ? 14 : GAP);
        node.down = node.item.down + (node.type === "optional" ? 0 : GAP);
        break;
      default: throw new Error(`no diagram for ${node.type}`);
    }
    return node;
  }

  // A line from (x1, y1) to (x2, y2), bending where the heights differ.
  function route(parent, x1, y1, x2, y2) {
    if (y1 === y2) {
      element("path", { d: `M${x1} ${y1}H${x2}` }, parent);
      return;
    }
    const bend = Math.sign(x2 - x1) * 8;
    const rise = Math.sign(y2 - y1) * 8;
    element("path", {
      d: `M${x1} ${y1}q${bend} 0 ${bend} ${rise}V${y2 - rise}q0 ${rise} ${bend} ${rise}H${x2}`,
    }, parent);
  }

  // Draws `node` with its line entering at (x, y), and calls `link` with
  // each rule name's box so that the page can make it lead to its rule.
  function draw(node, parent, x, y, link) {
    switch (node.type) {
      case "rule": case "terminal": case "special": {
        const text = node.type === "rule" ? node.name : node.text;
        const group = element("g", { class: node.type === "rule" ? "nonterminal" : node.type }, parent);
        const box = node.type === "rule" ? link(element("a", { "data-rule": node.name }, group), node.name) : group;
        element("rect", {
          x, y: y - 11, width: node.width, height: 22, rx: node.type === "terminal" ? 11 : 0,
        }, box);
        const label = element("text", { x: x + node.width / 2, y }, box);
        label.textContent = text;
        break;
      }
      case "sequence": {
        let at = x;
        node.items.forEach((item, index) => {
          if (index > 0) { route(parent, at, y, at + GAP, y); at += GAP; }
          draw(item, parent, at, y, link);
          at += item.width;
        });
        break;
      }
      case "choice": {
        let below = y;
        node.items.forEach((item, index) => {
          if (index > 0) below += node.items[index - 1].down + GAP + item.up;
          const end = x + ROUTE + item.width;
          route(parent, x, y, x + ROUTE, below);
          draw(item, parent, x + ROUTE, below, link);
          route(parent, end, below, x + node.width - ROUTE, below);
          route(parent, x + node.width - ROUTE, below, x + node.width, y);
        });
        break;
      }
      case "repeat": case "optional": case "times": {
        const item = node.item;
        route(parent, x, y, x + ROUTE, y);
        draw(item, parent, x + ROUTE, y, link);
        route(parent, x + ROUTE + item.width, y, x + node.width, y);
        if (node.type !== "times") {
          // The way past: nothing at all is allowed.
          const over = y - item.up - GAP / 2;
          route(parent, x + 2, y, x + ROUTE, over);
          route(parent, x + ROUTE, over, x + node.width - ROUTE, over);
          route(parent, x + node.width - ROUTE, over, x + node.width - 2, y);
        }
        if (node.type !== "optional") {
          // The way back: once more.
          const under = y + item.down + GAP / 2;
          route(parent, x + ROUTE + item.width, y, x + node.width - 4, under);
          route(parent, x + node.width - 4, under, x + 4, under);
          route(parent, x + 4, under, x + ROUTE, y);
        }
        if (node.type === "times") {
          const label = element("text", { class: "label", x: x + node.width / 2, y: y - item.up - 7 }, parent);
          label.textContent = `exactly ${node.times} ×`;
        }
        break;
      }
      default: throw new Error(`no diagram for ${node.type}`);
    }
  }

  // The diagram of one rule, as an <svg class="railroad">.
  function diagram(rule, link) {
    const root = measure(structuredClone(rule.expression));
    const margin = 14;
    const width = root.width + 2 * margin + 20;
    const height = root.up + root.down + 2 * margin;
    const svg = element("svg", {
      class: "railroad", width, height, viewBox: `0 0 ${width} ${height}`,
      "data-rule": rule.name, role: "img", "aria-label": `railroad diagram of ${rule.name}`,
    });
    const y = margin + root.up;
    element("path", { d: `M${margin} ${y - 8}v16M${margin + 4} ${y - 8}v16M${margin} ${y}h10` }, svg);
    draw(root, svg, margin + 10, y, link);
    const end = margin + 10 + root.width;
    element("path", { d: `M${end} ${y}h10M${end + 6} ${y - 8}v16M${end + 10} ${y - 8}v16` }, svg);
    return svg;
  }

  return { parse, diagram };
})();
