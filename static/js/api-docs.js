// The API page: reads /api/openapi.json and lists each operation with its parameters, body and answers.
// No framework: a few DOM nodes per operation, schemas shown as indented JSON with their $refs resolved.
(function () {
  "use strict";

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // Resolve "#/components/schemas/X" references (once per name, so recursive shapes stay finite).
  function resolve(schema, doc, seen) {
    if (Array.isArray(schema)) return schema.map((item) => resolve(item, doc, seen));
    if (!schema || typeof schema !== "object") return schema;
    if (typeof schema.$ref === "string") {
      const name = schema.$ref.split("/").pop();
      if (seen.has(name)) return { $ref: name };
      const target = doc.components.schemas[name];
      return resolve(target, doc, new Set([...seen, name]));
    }
    const out = {};
    for (const [key, value] of Object.entries(schema)) {
      if (key === "title" || key === "examples" || key === "x-expected" || key === "x-item-name") continue;
      out[key] = resolve(value, doc, seen);
    }
    return out;
  }

  function block(title, content) {
    const wrap = el("section");
    wrap.append(el("h3", null, title));
    wrap.append(content);
    return wrap;
  }

  function list(items) {
    const ul = el("ul");
    for (const text of items) ul.append(el("li", null, text));
    return ul;
  }

  function operation(method, path, op, doc) {
    const details = el("details", "api-op");
    const summary = el("summary");
    summary.append(el("span", "api-method " + method, method.toUpperCase()), el("span", "api-path", path));
    summary.append(el("span", "api-summary", op.summary || ""));
    details.append(summary);
    const body = el("div");
    if (op.security) {
      const schemes = op.security.map((req) => Object.keys(req)[0] || "no key");
      body.append(block("Keys", list(["Bearer: " + schemes.join(" or ")])));
    }
    if (op.parameters && op.parameters.length) {
      body.append(block("Parameters", list(op.parameters.map((p) =>
        `${p.name} (${p.in}${p.required ? ", required" : ""})${p.description ? ": " + p.description : ""}`))));
    }
    if (op.requestBody) {
      const ref = op.requestBody.content["application/json"].schema.$ref;
      const examples = (ref && doc.components.schemas[ref.split("/").pop()].examples) || [];
      if (examples.length) {
        const sample = el("pre", null, JSON.stringify(examples[0], null, 1));
        sample.tabIndex = 0;
        body.append(block("Example", sample));
      }
      const schema = resolve(op.requestBody.content["application/json"].schema, doc, new Set());
      const pre = el("pre", null, JSON.stringify(schema, null, 2));
      pre.tabIndex = 0; // a scrollable region is reachable with the keyboard
      body.append(block("Body" + (op.requestBody.required ? "" : " (optional)"), pre));
    }
    body.append(block("Answers", list(Object.entries(op.responses).map(([status, answer]) =>
      `${status}: ${answer.description}`))));
    details.append(body);
    return details;
  }

  function render(doc) {
    const root = document.getElementById("api-operations");
    const byTag = new Map();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const tag = (op.tags && op.tags[0]) || "other";
        if (!byTag.has(tag)) byTag.set(tag, []);
        byTag.get(tag).push(operation(method, path, op, doc));
      }
    }
    for (const [tag, nodes] of byTag) {
      root.append(el("h2", "api-tag", tag));
      root.append(...nodes);
    }
    document.getElementById("api-status").textContent =
      `${doc.info.title}, version ${doc.info.version}: ${Object.keys(doc.paths).length} paths.`;
  }

  fetch("/api/openapi.json", { headers: { Accept: "application/json" } })
    .then((answer) => {
      if (!answer.ok) throw new Error("HTTP " + answer.status);
      return answer.json();
    })
    .then(render)
    .catch((error) => {
      document.getElementById("api-status").textContent = "The document could not be read: " + error.message;
    });
})();
