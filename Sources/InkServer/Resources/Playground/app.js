// The InkIndex playground: write on a canvas, watch the recognizer read it, save notes and search
// them over the JSON API of `inkindex serve` (README "Try it in a browser").
//
// The strokes are the record. The page keeps every stroke exactly as the pointer gave it (or as the
// server returned it) and draws only those; readings appear beside the ink or as labels, never in
// its place. No build tool and nothing from the network: this file is served as it is.
"use strict";

(() => {
  /** Quiet time after the last pen-up before the page is read (the library's scheduler rests 2 s). */
  const REST_MS = 1200;
  const SEARCH_TYPING_MS = 300;
  const ERASER_RADIUS_PX = 9;
  const INK_COLOR = "#1d2a44";
  const HIGHLIGHT_COLOR = "rgba(255, 196, 0, 0.55)";

  const $ = (id) => document.getElementById(id);
  const els = {
    health: $("health"), searchForm: $("search-form"), searchInput: $("search-input"),
    fullWords: $("full-words"), matchCase: $("match-case"), searchStatus: $("search-status"), hits: $("hits"),
    notes: $("notes"), notesEmpty: $("notes-empty"), newNote: $("new-note"),
    importButton: $("import"), importFile: $("import-file"),
    title: $("title"), pen: $("tool-pen"), eraser: $("tool-eraser"), undo: $("undo"), redo: $("redo"),
    clear: $("clear"), showLayout: $("show-layout"), language: $("language"), save: $("save"), del: $("delete"),
    exportInkML: $("export-inkml"), exportSVG: $("export-svg"), status: $("status"), error: $("error"),
    surface: $("surface"), canvas: $("ink"), overlay: $("overlay"), boxes: $("boxes"), readings: $("readings"),
  };
  const ctx = els.canvas.getContext("2d");

  const state = {
    /** @type {{id: string, points: number[][]}[]} wire strokes, verbatim */
    strokes: [],
    noteID: null,
    /** the open note's revision as last read or saved (sent as If-Match) */
    revision: null,
    savedTitle: "",
    dirty: false,
    tool: "pen",
    undo: [],
    redo: [],
    lines: [],
    layout: null,
    readingsCurrent: false,
    readingFailed: false,
    /** line indices whose every reading is shown */
    expanded: new Set(),
    hit: null,
    hoverRect: null,
    view: { scale: 1, dx: 0, dy: 0 },
    size: { width: 0, height: 0 },
    timeOrigin: null,
    timeOffset: 0,
    lastTime: 0,
    penSeen: false,
    token: sessionStorage.getItem("inkindex-token"),
  };

  // ---------------------------------------------------------------- API

  class ApiError extends Error {
    constructor(code, detail, status) {
      super(detail);
      this.code = code;
      this.status = status;
    }
  }

  async function api(method, path, body, options = {}) {
    const init = { method, headers: {}, signal: options.signal };
    if (options.contentType) {
      init.headers["Content-Type"] = options.contentType;
      init.body = body;
    } else if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    if (state.token) init.headers.Authorization = `Bearer ${state.token}`;
    // The revision this page last read: a change made elsewhere since is refused (412), not overwritten.
    if (options.revision !== undefined && options.revision !== null) init.headers["If-Match"] = `"${options.revision}"`;
    let response;
    try {
      response = await fetch(path, init);
    } catch (error) {
      if (error.name === "AbortError") throw error;
      throw new ApiError("network", `The server did not answer (${error.message}). Is inkindex serve running?`, 0);
    }
    if (response.status === 204) return null;
    const text = await response.text();
    let data = null;
    try { data = text ? JSON.parse(text) : null; } catch { data = null; }
    if (response.status === 401 && !options.retried) {
      const token = window.prompt(`${data?.detail ?? "This server needs a token."}\nToken (as given to inkindex serve --token):`);
      if (token) {
        state.token = token;
        sessionStorage.setItem("inkindex-token", token);
        return api(method, path, body, { ...options, retried: true });
      }
    }
    if (!response.ok) {
      throw new ApiError(data?.error ?? `http_${response.status}`, data?.detail ?? `${response.status} ${response.statusText}`, response.status);
    }
    return data;
  }

  const notePath = (id) => `/api/notes/${encodeURIComponent(id)}`;

  // ---------------------------------------------------------------- messages

  function showError(error) {
    if (error?.name === "AbortError") return;
    const detail = error instanceof ApiError ? error.message : String(error?.message ?? error);
    els.error.textContent = detail;
    els.error.hidden = false;
  }

  function clearError() {
    els.error.hidden = true;
    els.error.textContent = "";
  }

  function setStatus(text) { els.status.textContent = text; }

  // ---------------------------------------------------------------- identity and time

  function newStrokeID() {
    if (window.crypto?.randomUUID) return crypto.randomUUID();
    const bytes = new Uint8Array(16);
    if (window.crypto?.getRandomValues) crypto.getRandomValues(bytes);
    else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  /** Seconds within the note, monotonic; an opened note continues after its last timestamp. */
  function noteTime(eventTimeStamp) {
    if (state.timeOrigin === null) state.timeOrigin = eventTimeStamp;
    const t = state.timeOffset + (eventTimeStamp - state.timeOrigin) / 1000;
    state.lastTime = Math.max(state.lastTime, t);
    return Math.round(state.lastTime * 1000) / 1000;
  }

  function resetTime(strokes) {
    let last = -1;
    for (const stroke of strokes) for (const p of stroke.points) if (typeof p[2] === "number") last = Math.max(last, p[2]);
    state.timeOrigin = null;
    state.timeOffset = last < 0 ? 0 : last + 1;
    state.lastTime = state.timeOffset;
  }

  // ---------------------------------------------------------------- geometry

  function strokeBounds(stroke) {
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const p of stroke.points) {
      minX = Math.min(minX, p[0]); maxX = Math.max(maxX, p[0]);
      minY = Math.min(minY, p[1]); maxY = Math.max(maxY, p[1]);
    }
    return { minX, minY, maxX, maxY };
  }

  function drawingBounds(strokes) {
    const b = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
    for (const s of strokes) {
      const sb = strokeBounds(s);
      b.minX = Math.min(b.minX, sb.minX); b.minY = Math.min(b.minY, sb.minY);
      b.maxX = Math.max(b.maxX, sb.maxX); b.maxY = Math.max(b.maxY, sb.maxY);
    }
    return b;
  }

  const toScreen = (x, y) => [x * state.view.scale + state.view.dx, y * state.view.scale + state.view.dy];
  const toDrawing = (x, y) => [(x - state.view.dx) / state.view.scale, (y - state.view.dy) / state.view.scale];

  function rectToScreen(r) {
    const [x, y] = toScreen(r.x, r.y);
    return { x, y, width: r.width * state.view.scale, height: r.height * state.view.scale };
  }

  /** Ink written here is shown 1:1; a note from elsewhere (InkML, another tablet) is scaled to fit. */
  function fitView() {
    const { width, height } = state.size;
    state.view = { scale: 1, dx: 0, dy: 0 };
    if (!state.strokes.length || !width || !height) return;
    const b = drawingBounds(state.strokes);
    if (b.minX >= 0 && b.minY >= 0 && b.maxX <= width && b.maxY <= height) return;
    const margin = 40;
    const scale = Math.min((width - 2 * margin) / Math.max(b.maxX - b.minX, 1), (height - 2 * margin) / Math.max(b.maxY - b.minY, 1));
    state.view = { scale, dx: margin - b.minX * scale, dy: margin - b.minY * scale };
  }

  function distanceToSegment(px, py, a, b) {
    const dx = b[0] - a[0], dy = b[1] - a[1];
    const lengthSquared = dx * dx + dy * dy;
    let t = lengthSquared ? ((px - a[0]) * dx + (py - a[1]) * dy) / lengthSquared : 0;
    t = Math.max(0, Math.min(1, t));
    return Math.hypot(px - (a[0] + t * dx), py - (a[1] + t * dy));
  }

  function strokeTouches(stroke, x, y, radius) {
    const pts = stroke.points;
    if (pts.length === 1) return Math.hypot(pts[0][0] - x, pts[0][1] - y) <= radius;
    for (let i = 1; i < pts.length; i++) if (distanceToSegment(x, y, pts[i - 1], pts[i]) <= radius) return true;
    return false;
  }

  // ---------------------------------------------------------------- drawing

  function resize() {
    const rect = els.surface.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    state.size = { width: rect.width, height: rect.height };
    els.canvas.width = Math.round(rect.width * dpr);
    els.canvas.height = Math.round(rect.height * dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    els.overlay.setAttribute("viewBox", `0 0 ${rect.width} ${rect.height}`);
    els.overlay.setAttribute("width", rect.width);
    els.overlay.setAttribute("height", rect.height);
    render();
  }

  function penWidth(point) {
    const pressure = typeof point[3] === "number" ? point[3] : 0.5;
    return 1.1 + 2.2 * Math.max(0, Math.min(1, pressure));
  }

  function drawSegment(a, b) {
    ctx.lineWidth = (penWidth(a) + penWidth(b)) / 2 / state.view.scale;
    ctx.beginPath();
    ctx.moveTo(a[0], a[1]);
    ctx.lineTo(b[0], b[1]);
    ctx.stroke();
  }

  function withInkStyle(draw) {
    ctx.save();
    ctx.translate(state.view.dx, state.view.dy);
    ctx.scale(state.view.scale, state.view.scale);
    ctx.strokeStyle = INK_COLOR;
    ctx.fillStyle = INK_COLOR;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    draw();
    ctx.restore();
  }

  function drawStroke(stroke) {
    const pts = stroke.points;
    if (pts.length === 1) {
      ctx.beginPath();
      ctx.arc(pts[0][0], pts[0][1], penWidth(pts[0]) / 2 / state.view.scale, 0, Math.PI * 2);
      ctx.fill();
      return;
    }
    for (let i = 1; i < pts.length; i++) drawSegment(pts[i - 1], pts[i]);
  }

  function render() {
    els.surface.dataset.empty = state.strokes.length === 0 && !pointer.stroke;
    ctx.clearRect(0, 0, state.size.width, state.size.height);
    withInkStyle(() => {
      for (const stroke of state.strokes) drawStroke(stroke);
      if (pointer.stroke) drawStroke(pointer.stroke);
    });
    renderOverlay();
    renderReadings();
    updateControls();
  }

  // ---------------------------------------------------------------- overlay: layout and search hits

  const SVG_NS = "http://www.w3.org/2000/svg";

  function svg(name, attributes = {}, parent = null) {
    const node = document.createElementNS(SVG_NS, name);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
    if (parent) parent.appendChild(node);
    return node;
  }

  function svgRect(r, cls, parent, pad = 0) {
    const s = rectToScreen(r);
    return svg("rect", { x: s.x - pad, y: s.y - pad, width: s.width + 2 * pad, height: s.height + 2 * pad, class: cls, rx: 3 }, parent);
  }

  function svgLabel(text, x, y, cls, parent) {
    const label = svg("text", { x, y, class: cls }, parent);
    label.textContent = text;
    return label;
  }

  const center = (r) => { const s = rectToScreen(r); return [s.x + s.width / 2, s.y + s.height / 2]; };

  function renderOverlay() {
    const overlay = els.overlay;
    overlay.replaceChildren();
    const defs = svg("defs", {}, overlay);
    const marker = svg("marker", { id: "arrowhead", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" }, defs);
    svg("path", { d: "M 0 0 L 10 5 L 0 10 z", class: "relation-head" }, marker);

    if (els.showLayout.checked && state.layout) renderLayout(overlay);

    if (state.hoverRect) svgRect(state.hoverRect, "hover-box", overlay, 4);

    els.boxes.replaceChildren();
    const hit = state.hit;
    if (hit && hit.noteID === state.noteID) {
      // UUIDs compare without case: the page writes them in lower case, Foundation in upper.
      const ids = new Set((hit.strokeIDs ?? []).map((id) => id.toLowerCase()));
      const group = svg("g", { class: "hit-strokes" }, overlay);
      for (const stroke of state.strokes) {
        if (!ids.has(stroke.id.toLowerCase())) continue;
        const points = stroke.points.map((p) => toScreen(p[0], p[1]).map((v) => v.toFixed(1)).join(",")).join(" ");
        svg("polyline", { points, stroke: HIGHLIGHT_COLOR }, group);
      }
      const s = rectToScreen(hit.bounds);
      const box = document.createElement("div");
      box.className = "hit-box";
      box.id = "hit-box";
      Object.assign(box.style, { left: `${s.x}px`, top: `${s.y}px`, width: `${s.width}px`, height: `${s.height}px` });
      box.dataset.x = s.x.toFixed(2);
      box.dataset.y = s.y.toFixed(2);
      box.dataset.width = s.width.toFixed(2);
      box.dataset.height = s.height.toFixed(2);
      box.dataset.reading = hit.reading;
      box.dataset.strokeIds = (hit.strokeIDs ?? []).join(" ");
      const label = document.createElement("span");
      label.className = "hit-label";
      label.textContent = `${hit.reading} · ${formatScore(hit.score)}`;
      box.appendChild(label);
      els.boxes.appendChild(box);
    }
  }

  function renderLayout(overlay) {
    const layout = state.layout;
    const group = svg("g", { class: "layout" }, overlay);
    for (const cluster of layout.clusters ?? []) {
      svgRect(cluster.bounds, `cluster cluster-${cluster.kind}`, group, 10);
      const s = rectToScreen(cluster.bounds);
      svgLabel(cluster.kind, s.x + s.width + 10, s.y - 14, `cluster-label cluster-${cluster.kind}`, group);
    }
    for (const line of state.lines) {
      svgRect(line.bounds, "line-box", group, 3);
      const s = rectToScreen(line.bounds);
      svgLabel(`line ${line.index + 1}`, s.x - 6, s.y + 11, "line-label", group);
    }
    for (const mark of layout.marks ?? []) {
      svgRect(mark.bounds, "mark-box", group, 2);
      const s = rectToScreen(mark.bounds);
      svgLabel(mark.kind, s.x, s.y + s.height + 13, "mark-label", group);
    }
    for (const relation of layout.relations ?? []) {
      if (!relation.from?.bounds || !relation.to?.bounds) continue;
      const [x1, y1] = center(relation.from.bounds);
      const [x2, y2] = center(relation.to.bounds);
      const bend = Math.max(24, Math.hypot(x2 - x1, y2 - y1) * 0.2);
      const mx = (x1 + x2) / 2, my = Math.min(y1, y2) - bend;
      svg("path", { d: `M ${x1} ${y1} Q ${mx} ${my} ${x2} ${y2}`, class: "relation", "marker-end": "url(#arrowhead)" }, group);
      svgLabel(relation.kind, mx, my + bend / 2 - 4, "relation-label", group);
    }
  }

  // ---------------------------------------------------------------- readings beside the ink

  const formatScore = (score) => (typeof score === "number" ? `${Math.round(score * 100)}%` : "");

  function candidateList(candidates, limit) {
    const list = document.createElement("ol");
    list.className = "candidates";
    for (const candidate of candidates.slice(0, limit)) {
      const item = document.createElement("li");
      const text = document.createElement("span");
      text.className = "candidate-text";
      text.textContent = candidate.text;
      const bar = document.createElement("span");
      bar.className = "score-bar";
      bar.style.setProperty("--score", Math.max(0, Math.min(1, candidate.score ?? 0)));
      const score = document.createElement("span");
      score.className = "score";
      score.textContent = formatScore(candidate.score);
      item.append(text, bar, score);
      list.appendChild(item);
    }
    return list;
  }

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  const hoverOver = (node, rect) => {
    node.addEventListener("mouseenter", () => { state.hoverRect = rect; renderOverlay(); });
    node.addEventListener("mouseleave", () => { state.hoverRect = null; renderOverlay(); });
  };

  /** The best reading as words, each naming its own candidates; the line's alternatives below. */
  function readingEntry(line) {
    const expanded = state.expanded.has(line.index);
    const cluster = line.cluster && line.cluster !== "body" ? line.cluster : null;
    const entry = element("section", `reading${state.readingsCurrent ? "" : " stale"}${cluster ? ` reading-${cluster}` : ""}${expanded ? " expanded" : ""}`);
    entry.dataset.line = line.index;
    entry.dataset.text = line.text ?? "";
    entry.tabIndex = 0;
    entry.setAttribute("role", "button");
    entry.setAttribute("aria-expanded", expanded);
    entry.setAttribute("aria-label", `Line ${line.index + 1}${cluster ? `, ${cluster}` : ""}: ${line.text}. ${expanded ? "Hide" : "Show"} every reading.`);

    const head = element("div", "reading-head");
    head.appendChild(element("span", "line-number", line.index + 1));
    const best = element("span", "best");
    const words = line.words ?? [];
    if (words.length) {
      words.forEach((word, i) => {
        if (i) best.append(" ");
        const span = element("span", "word", word.text);
        span.title = (word.candidates ?? []).map((c) => `${c.text}  ${formatScore(c.score)}`).join("\n");
        hoverOver(span, word.bounds);
        best.appendChild(span);
      });
    } else {
      best.textContent = line.text || "(nothing read)";
    }
    head.appendChild(best);
    if (cluster) head.appendChild(element("span", "cluster-tag", cluster));
    head.appendChild(element("span", "line-score", formatScore(line.candidates?.[0]?.score)));
    entry.appendChild(head);

    const others = (line.candidates ?? []).slice(1);
    if (!expanded && others.length) {
      entry.appendChild(element("div", "alternatives", `or ${others.slice(0, 3).map((c) => `${c.text} ${formatScore(c.score)}`).join(" · ")}`));
    }
    if (expanded) {
      entry.appendChild(element("h3", "detail-heading", "Line readings"));
      entry.appendChild(candidateList(line.candidates ?? [], 10));
      if (words.length) {
        entry.appendChild(element("h3", "detail-heading", "Words"));
        const table = element("dl", "word-candidates");
        for (const word of words) {
          const term = element("dt", null, word.text);
          hoverOver(term, word.bounds);
          table.append(term, element("dd", null, (word.candidates ?? []).slice(0, 5).map((c) => `${c.text} ${formatScore(c.score)}`).join(" · ")));
        }
        entry.appendChild(table);
      }
    }
    const toggle = () => {
      if (state.expanded.has(line.index)) state.expanded.delete(line.index);
      else state.expanded.add(line.index);
      renderReadings();
      els.readings.querySelector(`.reading[data-line="${line.index}"]`)?.focus();
    };
    entry.addEventListener("click", toggle);
    entry.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); toggle(); }
    });
    hoverOver(entry, line.bounds);
    return entry;
  }

  function renderReadings() {
    const panel = els.readings;
    panel.replaceChildren();
    panel.dataset.state = state.readingsCurrent ? "ready" : state.lines.length ? "stale" : "empty";
    if (!state.lines.length) {
      const hint = !state.strokes.length ? "Readings appear here, beside each line."
        : state.readingFailed ? "Not read: see the message above." : "Reading once the pen rests…";
      panel.appendChild(element("p", "readings-empty", hint));
      panel.style.minHeight = "";
      return;
    }
    const lines = [...state.lines].sort((a, b) => a.bounds.y - b.bounds.y);
    let nextTop = 0;
    for (const line of lines) {
      const entry = readingEntry(line);
      panel.appendChild(entry);
      // On a phone the readings stand under the canvas in reading order (style.css), not level
      // with their lines.
      if (getComputedStyle(entry).position === "static") { panel.style.minHeight = ""; continue; }
      // Level with its line's top, pushed down where the entry above is still in the way.
      const top = Math.max(rectToScreen(line.bounds).y, nextTop);
      entry.style.top = `${top}px`;
      nextTop = top + entry.offsetHeight + 6;
    }
    if (nextTop) panel.style.minHeight = `${nextTop}px`;
  }

  function setReadings(lines, layout, current) {
    state.lines = Array.isArray(lines) ? lines : [];
    state.layout = layout ?? null;
    state.readingsCurrent = current;
    render();
  }

  // ---------------------------------------------------------------- recognition after the pen rests

  const recognition = { timer: null, abort: null, generation: 0 };

  function cancelRecognition() {
    clearTimeout(recognition.timer);
    recognition.timer = null;
    recognition.abort?.abort();
    recognition.abort = null;
    recognition.generation++;
  }

  function inkChanged() {
    state.dirty = true;
    state.readingFailed = false;
    state.readingsCurrent = false;
    if (state.hit?.noteID === state.noteID) state.hit = null;
    cancelRecognition();
    if (!state.strokes.length) {
      setReadings([], null, true);
      return;
    }
    render();
    recognition.timer = setTimeout(recognizeNow, REST_MS);
  }

  async function recognizeNow() {
    recognition.timer = null;
    const generation = ++recognition.generation;
    const abort = new AbortController();
    recognition.abort = abort;
    setStatus("Reading…");
    try {
      const languages = els.language.value ? `?languages=${encodeURIComponent(els.language.value)}` : "";
      const answer = await api("POST", `/api/recognize${languages}`, { strokes: state.strokes }, { signal: abort.signal });
      if (generation !== recognition.generation) return;
      clearError();
      state.readingFailed = false;
      setReadings(answer.lines, answer.layout, true);
      const count = answer.lines?.length ?? 0;
      setStatus(`Read ${count} line${count === 1 ? "" : "s"} in ${Math.round(answer.elapsedMs ?? 0)} ms (recognition version ${answer.recognitionVersion}).${state.dirty ? " Not saved yet." : ""}`);
    } catch (error) {
      if (generation !== recognition.generation) return;
      showError(error);
      state.readingFailed = true;
      renderReadings();
      setStatus("Reading failed; your strokes are untouched.");
    } finally {
      if (recognition.abort === abort) recognition.abort = null;
    }
  }

  // ---------------------------------------------------------------- pointer input

  const pointer = { id: null, stroke: null, erasing: false, erased: [], lastErase: null, origin: null };

  function canvasPoint(event) {
    const [x, y] = toDrawing(event.clientX - pointer.origin.left, event.clientY - pointer.origin.top);
    const pressure = event.pointerType === "pen" ? event.pressure : (event.pressure || 0.5);
    return [Math.round(x * 100) / 100, Math.round(y * 100) / 100, noteTime(event.timeStamp), Math.round(Math.max(0, Math.min(1, pressure)) * 1000) / 1000];
  }

  /**
   * Removes every stroke the eraser touches on its way from the last eraser point to `point` (a
   * fast sweep skips no thin stroke); each removal remembers its index, so undo restores the order.
   */
  function eraseAt(point) {
    const radius = ERASER_RADIUS_PX / state.view.scale;
    const from = pointer.lastErase ?? point;
    pointer.lastErase = point;
    const steps = Math.max(1, Math.ceil(Math.hypot(point[0] - from[0], point[1] - from[1]) / (radius / 2)));
    const path = Array.from({ length: steps + 1 }, (_, k) => [from[0] + ((point[0] - from[0]) * k) / steps, from[1] + ((point[1] - from[1]) * k) / steps]);
    let removed = false;
    for (let i = 0; i < state.strokes.length;) {
      const stroke = state.strokes[i];
      if (path.some(([x, y]) => strokeTouches(stroke, x, y, radius))) {
        state.strokes.splice(i, 1);
        pointer.erased.push({ stroke, index: i });
        removed = true;
      } else {
        i++;
      }
    }
    if (removed) render();
  }

  function onPointerDown(event) {
    if (event.button !== 0 && event.button !== 5) return;
    if (pointer.id !== null) return;
    if (event.pointerType === "pen") state.penSeen = true;
    // Palm rejection: once a pen has written, a resting hand's touches do not draw.
    if (event.pointerType === "touch" && state.penSeen) return;
    event.preventDefault();
    els.canvas.setPointerCapture(event.pointerId);
    cancelRecognition();
    clearError();
    pointer.id = event.pointerId;
    pointer.origin = els.canvas.getBoundingClientRect();
    pointer.erasing = state.tool === "eraser" || event.button === 5 || (event.buttons & 32) !== 0;
    pointer.erased = [];
    pointer.lastErase = null;
    const point = canvasPoint(event);
    if (pointer.erasing) {
      eraseAt(point);
    } else {
      pointer.stroke = { id: newStrokeID(), points: [point] };
      els.surface.dataset.empty = false;
    }
  }

  function onPointerMove(event) {
    if (event.pointerId !== pointer.id) return;
    event.preventDefault();
    const events = typeof event.getCoalescedEvents === "function" ? event.getCoalescedEvents() : [];
    for (const e of events.length ? events : [event]) {
      const point = canvasPoint(e);
      if (pointer.erasing) {
        eraseAt(point);
        continue;
      }
      const points = pointer.stroke.points;
      const last = points[points.length - 1];
      if (last[0] === point[0] && last[1] === point[1]) continue;
      points.push(point);
      withInkStyle(() => drawSegment(last, point));
    }
  }

  function onPointerUp(event) {
    if (event.pointerId !== pointer.id) return;
    pointer.id = null;
    if (pointer.erasing) {
      const removed = pointer.erased;
      pointer.erased = [];
      pointer.erasing = false;
      if (removed.length) {
        record({ type: "erase", removed });
        inkChanged();
      }
      return;
    }
    const stroke = pointer.stroke;
    pointer.stroke = null;
    if (!stroke) return;
    state.strokes.push(stroke);
    record({ type: "add", stroke });
    inkChanged();
  }

  function onPointerCancel(event) {
    if (event.pointerId !== pointer.id) return;
    // The platform took the pointer (a scroll, a palm): keep what was written so far.
    onPointerUp(event);
  }

  // ---------------------------------------------------------------- undo, redo, clear

  function record(operation) {
    state.undo.push(operation);
    state.redo = [];
    state.dirty = true;
  }

  function apply(operation, forward) {
    switch (operation.type) {
      case "add":
        if (forward) state.strokes.push(operation.stroke);
        else state.strokes = state.strokes.filter((s) => s.id !== operation.stroke.id);
        break;
      case "erase": {
        const ids = new Set(operation.removed.map((r) => r.stroke.id));
        if (forward) {
          state.strokes = state.strokes.filter((s) => !ids.has(s.id));
        } else {
          for (const { stroke, index } of [...operation.removed].reverse()) {
            state.strokes.splice(Math.min(index, state.strokes.length), 0, stroke);
          }
        }
        break;
      }
      case "clear":
        state.strokes = forward ? [] : [...operation.strokes];
        break;
    }
  }

  function undo() {
    const operation = state.undo.pop();
    if (!operation) return;
    apply(operation, false);
    state.redo.push(operation);
    inkChanged();
  }

  function redo() {
    const operation = state.redo.pop();
    if (!operation) return;
    apply(operation, true);
    state.undo.push(operation);
    inkChanged();
  }

  function clearInk() {
    if (!state.strokes.length) return;
    state.undo.push({ type: "clear", strokes: [...state.strokes] });
    state.redo = [];
    state.strokes = [];
    inkChanged();
  }

  function setTool(tool) {
    state.tool = tool;
    els.pen.setAttribute("aria-pressed", tool === "pen");
    els.eraser.setAttribute("aria-pressed", tool === "eraser");
    els.surface.classList.toggle("erasing", tool === "eraser");
  }

  // ---------------------------------------------------------------- notes

  function updateControls() {
    els.undo.disabled = !state.undo.length;
    els.redo.disabled = !state.redo.length;
    els.clear.disabled = !state.strokes.length;
    els.save.disabled = !state.strokes.length || (state.noteID !== null && !state.dirty);
    els.save.textContent = !state.noteID ? "Save" : state.dirty ? "Save changes" : "Saved";
    els.del.disabled = !state.noteID;
    const query = els.searchInput.value.trim();
    for (const [link, href, name] of [
      [els.exportInkML, state.noteID && `${notePath(state.noteID)}.inkml`, "inkml"],
      [els.exportSVG, state.noteID && `${notePath(state.noteID)}.svg${query ? `?highlight=${encodeURIComponent(query)}` : ""}`, "svg"],
    ]) {
      if (href) {
        link.href = href;
        link.setAttribute("download", `${fileName(els.title.value || state.savedTitle || "note")}.${name}`);
        link.classList.remove("disabled");
        link.removeAttribute("aria-disabled");
        link.title = state.dirty ? "Exports the saved version" : "";
      } else {
        link.removeAttribute("href");
        link.classList.add("disabled");
        link.setAttribute("aria-disabled", "true");
      }
    }
    document.title = `${state.dirty ? "• " : ""}${els.title.value || "Untitled note"} · InkIndex playground`;
    for (const item of els.notes.querySelectorAll("[data-id]")) {
      if (item.dataset.id === state.noteID) item.setAttribute("aria-current", "true");
      else item.removeAttribute("aria-current");
    }
  }

  const fileName = (title) => title.replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "").slice(0, 60) || "note";

  async function refreshNotes() {
    try {
      const answer = await api("GET", "/api/notes");
      const notes = answer?.notes ?? [];
      els.notes.replaceChildren();
      els.notesEmpty.hidden = notes.length > 0;
      for (const note of notes) {
        const item = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.className = "note";
        button.dataset.id = note.id;
        const title = document.createElement("span");
        title.className = "note-title";
        title.textContent = note.title || "Untitled note";
        const meta = document.createElement("span");
        meta.className = "note-meta";
        meta.textContent = `${note.strokeCount} strokes · ${formatDate(note.modified)}${note.recognitionVersion == null ? " · indexing" : ""}`;
        button.append(title, meta);
        button.addEventListener("click", () => openNote(note.id));
        item.appendChild(button);
        els.notes.appendChild(item);
      }
      updateControls();
    } catch (error) {
      showError(error);
    }
  }

  async function refreshHealth() {
    try {
      const h = await api("GET", "/api/health");
      fillLanguages(h.supportedLanguages ?? [], h.languages ?? []);
      els.health.textContent = `InkIndex ${h.version} · recognition version ${h.recognitionVersion}${h.recognitionModel ? ` (${h.recognitionModel} model)` : ""} · ${h.notes} note${h.notes === 1 ? "" : "s"}${h.waitingForIndex ? ` · ${h.waitingForIndex} waiting to be indexed` : ""}`;
    } catch (error) {
      els.health.textContent = "Server not reachable";
    }
  }

  /** The language picker: the server's languages first (its default), kept for the tab. */
  function fillLanguages(supported, serverLanguages) {
    if (els.language.options.length > 1 || !supported.length) return;
    for (const language of supported) {
      const option = document.createElement("option");
      option.value = language.code;
      option.textContent = language.name;
      els.language.append(option);
    }
    els.language.options[0].textContent = `Server's (${serverLanguages.join(", ") || "default"})`;
    const kept = sessionStorage.getItem("inkindex.language") ?? "";
    if ([...els.language.options].some((o) => o.value === kept)) els.language.value = kept;
  }

  function formatDate(iso) {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? "" : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  }

  function confirmDiscard() {
    return !state.dirty || !state.strokes.length || window.confirm("Discard the changes to this note that are not saved?");
  }

  function loadNote(note) {
    cancelRecognition();
    state.strokes = Array.isArray(note?.strokes) ? note.strokes : [];
    state.noteID = note?.id ?? null;
    state.revision = note?.revision ?? null;
    state.savedTitle = note?.title ?? "";
    els.title.value = state.savedTitle;
    state.undo = [];
    state.redo = [];
    state.dirty = false;
    state.readingFailed = false;
    state.expanded.clear();
    resetTime(state.strokes);
    fitView();
    const indexed = Array.isArray(note?.lines);
    setReadings(indexed ? note.lines : [], note?.layout ?? null, indexed || !state.strokes.length);
    if (!indexed && state.strokes.length) recognition.timer = setTimeout(recognizeNow, 0);
  }

  function newNote() {
    if (!confirmDiscard()) return;
    state.hit = null;
    loadNote(null);
    clearError();
    setStatus("A new note. Write on the page; it is read once the pen rests.");
    els.title.focus();
  }

  async function openNote(id, hit = null) {
    clearError();
    if (id === state.noteID && !state.dirty) {
      state.hit = hit;
      render();
      return true;
    }
    if (!confirmDiscard()) return false;
    try {
      const note = await api("GET", notePath(id));
      state.hit = hit;
      loadNote(note);
      setStatus(`Opened “${note.title || "Untitled note"}”: ${state.strokes.length} strokes.`);
      return true;
    } catch (error) {
      showError(error);
      return false;
    }
  }

  async function saveNote() {
    if (!state.strokes.length) {
      showError("Nothing to save yet: write something first.");
      return;
    }
    clearError();
    const title = els.title.value.trim() || "Untitled note";
    els.save.disabled = true;
    setStatus("Saving…");
    try {
      const body = { title, strokes: state.strokes };
      const summary = state.noteID
        ? await api("PUT", notePath(state.noteID), body, { revision: state.revision })
        : await api("POST", "/api/notes", body);
      state.noteID = summary.id;
      state.revision = summary.revision ?? null;
      state.savedTitle = summary.title ?? title;
      els.title.value = state.savedTitle;
      state.dirty = false;
      setStatus(`Saved “${state.savedTitle}” (${summary.strokeCount} strokes); it is searchable now.`);
      await Promise.all([refreshNotes(), refreshHealth()]);
      if (els.searchInput.value.trim()) await runSearch();
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) {
        showError("This note was changed elsewhere (another tab or device) since you opened it, so it was not overwritten. "
          + "Your strokes are still here: open the note again from the list to see the other change.");
      } else {
        showError(error);
      }
      setStatus("Not saved; your strokes are still here.");
    } finally {
      updateControls();
    }
  }

  async function deleteNote() {
    if (!state.noteID) return;
    const title = state.savedTitle || "Untitled note";
    if (!window.confirm(`Delete “${title}”? Its strokes cannot be brought back.`)) return;
    try {
      await api("DELETE", notePath(state.noteID), undefined, { revision: state.revision });
      state.dirty = false;
      state.hit = null;
      loadNote(null);
      setStatus(`Deleted “${title}”.`);
      await Promise.all([refreshNotes(), refreshHealth()]);
      if (els.searchInput.value.trim()) await runSearch();
    } catch (error) {
      showError(error);
    }
  }

  /**
   * A file becomes notes as it is: an InkML drawing one note; a notebook (Xournal++, reMarkable,
   * Rnote, Saber, a PDF's ink) one note per page. The server reads it; the page only passes it on.
   */
  async function importFile(file) {
    if (!file || !confirmDiscard()) return;
    clearError();
    setStatus(`Importing ${file.name}…`);
    try {
      let first;
      if (/\.inkml$/i.test(file.name)) {
        const title = file.name.replace(/\.inkml$/i, "");
        first = await api("POST", `/api/notes?title=${encodeURIComponent(title)}`, await file.text(), { contentType: "application/inkml+xml" });
      } else {
        const answer = await api("POST", `/api/import?name=${encodeURIComponent(file.name)}`, await file.arrayBuffer(),
                                 { contentType: "application/octet-stream" });
        first = answer.notes[0];
        const pages = answer.notes.length;
        setStatus(pages === 0 ? `${file.name} holds no ink.` : `Imported ${file.name}: ${pages} page${pages === 1 ? "" : "s"}.`);
      }
      state.dirty = false;
      await Promise.all([refreshNotes(), refreshHealth()]);
      if (first) await openNote(first.id);
    } catch (error) {
      showError(error);
      setStatus(`${file.name} was not imported.`);
    }
  }

  // ---------------------------------------------------------------- search

  const search = { timer: null, generation: 0 };

  async function runSearch() {
    clearTimeout(search.timer);
    const query = els.searchInput.value.trim();
    const generation = ++search.generation;
    updateControls();
    if (!query) {
      els.hits.replaceChildren();
      els.searchStatus.textContent = "";
      return;
    }
    const parameters = new URLSearchParams({
      q: query, fullWords: String(els.fullWords.checked), case: String(els.matchCase.checked), limit: "20",
    });
    els.searchStatus.textContent = "Searching…";
    try {
      const answer = await api("GET", `/api/search?${parameters}`);
      if (generation !== search.generation) return;
      showHits(answer?.hits ?? [], query);
    } catch (error) {
      if (generation !== search.generation) return;
      els.searchStatus.textContent = "";
      els.hits.replaceChildren();
      showError(error);
    }
  }

  function showHits(hits, query) {
    els.hits.replaceChildren();
    els.searchStatus.textContent = hits.length
      ? `${hits.length} hit${hits.length === 1 ? "" : "s"} for “${query}”, best first`
      : `Nothing found for “${query}”.`;
    hits.forEach((hit, index) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "hit";
      button.dataset.index = index;
      button.dataset.noteId = hit.noteID;
      const reading = document.createElement("span");
      reading.className = "hit-reading";
      reading.textContent = `“${hit.reading}”`;
      const score = document.createElement("span");
      score.className = "hit-score";
      score.textContent = formatScore(hit.score);
      score.style.setProperty("--score", Math.max(0, Math.min(1, hit.score ?? 0)));
      const note = document.createElement("span");
      note.className = "hit-note";
      note.textContent = hit.title || hit.noteID;
      button.append(reading, score, note);
      button.setAttribute("aria-label", `${hit.reading}, score ${formatScore(hit.score)}, in ${hit.title || hit.noteID}`);
      button.addEventListener("click", async () => {
        for (const other of els.hits.querySelectorAll(".hit")) other.classList.toggle("selected", other === button);
        if (await openNote(hit.noteID, hit)) els.surface.scrollIntoView({ block: "nearest", behavior: "smooth" });
      });
      item.appendChild(button);
      els.hits.appendChild(item);
    });
  }

  // ---------------------------------------------------------------- wiring

  function isTyping(target) {
    return target instanceof HTMLInputElement && !["checkbox", "radio", "button"].includes(target.type)
      || target instanceof HTMLTextAreaElement || target?.isContentEditable;
  }

  function onKeyDown(event) {
    const command = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    if (command && key === "s") { event.preventDefault(); saveNote(); return; }
    if (isTyping(event.target)) return; // let text fields keep their own undo
    if (command && key === "z") { event.preventDefault(); event.shiftKey ? redo() : undo(); return; }
    if (command && key === "y") { event.preventDefault(); redo(); return; }
    if (command || event.altKey) return;
    if (key === "p") setTool("pen");
    else if (key === "e") setTool("eraser");
    else if (key === "l") { els.showLayout.checked = !els.showLayout.checked; renderOverlay(); }
    else if (key === "/") { event.preventDefault(); els.searchInput.focus(); }
    else if (key === "escape" && state.hit) { state.hit = null; render(); }
  }

  els.canvas.addEventListener("pointerdown", onPointerDown);
  els.canvas.addEventListener("pointermove", onPointerMove);
  els.canvas.addEventListener("pointerup", onPointerUp);
  els.canvas.addEventListener("pointercancel", onPointerCancel);
  els.canvas.addEventListener("contextmenu", (event) => event.preventDefault());
  els.pen.addEventListener("click", () => setTool("pen"));
  els.eraser.addEventListener("click", () => setTool("eraser"));
  els.undo.addEventListener("click", undo);
  els.redo.addEventListener("click", redo);
  els.clear.addEventListener("click", clearInk);
  els.save.addEventListener("click", saveNote);
  els.del.addEventListener("click", deleteNote);
  els.newNote.addEventListener("click", newNote);
  els.importButton.addEventListener("click", () => els.importFile.click());
  els.importFile.addEventListener("change", () => { importFile(els.importFile.files[0]); els.importFile.value = ""; });
  els.showLayout.addEventListener("change", renderOverlay);
  els.language.addEventListener("change", () => {
    sessionStorage.setItem("inkindex.language", els.language.value);
    if (state.strokes.length) {
      cancelRecognition();
      recognition.timer = setTimeout(recognizeNow, 0);
    }
  });
  els.title.addEventListener("input", () => { state.dirty = true; updateControls(); });
  els.title.addEventListener("keydown", (event) => { if (event.key === "Enter") { event.preventDefault(); saveNote(); } });
  els.searchForm.addEventListener("submit", (event) => { event.preventDefault(); runSearch(); });
  els.searchInput.addEventListener("input", () => { clearTimeout(search.timer); search.timer = setTimeout(runSearch, SEARCH_TYPING_MS); });
  els.fullWords.addEventListener("change", runSearch);
  els.matchCase.addEventListener("change", runSearch);
  els.error.addEventListener("click", clearError);
  document.addEventListener("keydown", onKeyDown);
  window.addEventListener("resize", resize);
  window.addEventListener("beforeunload", (event) => { if (state.dirty && state.strokes.length) event.preventDefault(); });

  resize();
  refreshHealth();
  refreshNotes();
  // A reindex after a model change runs in the background: keep its progress in view.
  setInterval(() => { if (!document.hidden) refreshHealth(); }, 15000);
})();
