"""The pages' only assets, inline: one style sheet and one script (no CDN, no web font, no
file from disk). The Content-Security-Policy allows exactly these two by their SHA-256.

The script is progressive: every page works as plain HTML forms. With it, a form whose
``data-api`` names an endpoint is answered as you type (a debounced fetch of the JSON twin
of the page, rendered with DOM methods and textContent, never innerHTML) and the address bar
is kept in step with ``history.replaceState``; the practice page gets its clock.
"""

from __future__ import annotations

import base64
import hashlib

STYLE = """
:root { color-scheme: light dark; --accent: #1657a8; --tile: #1e3a8a; --muted: #666; }
@media (prefers-color-scheme: dark) { :root { --accent: #8ab4f8; --tile: #2b4c9b; --muted: #aaa; } }
* { box-sizing: border-box; }
body { font: 1.05rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0 auto;
  max-width: 46rem; padding: 0 1rem 3rem; }
nav { display: flex; flex-wrap: wrap; gap: .25rem 1.25rem; padding: .75rem 0;
  border-bottom: 1px solid #8886; }
nav a { color: var(--accent); text-decoration: none; font-weight: 600; padding: .25rem 0; }
nav a[aria-current] { border-bottom: 3px solid var(--accent); }
a:focus-visible, input:focus-visible, button:focus-visible, summary:focus-visible {
  outline: 3px solid var(--accent); outline-offset: 2px; }
h1 { font-size: 1.6rem; margin: 1rem 0 .5rem; }
h2 { font-size: 1.1rem; margin: 1.25rem 0 .25rem; }
form { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: end; }
.field { display: flex; flex-direction: column; flex: 1 1 12rem; }
.field label { font-weight: 600; font-size: .9rem; }
.field small { color: var(--muted); margin-top: .2rem; }
input[type=text], input[type=search] { font: inherit; font-size: 1.4rem; padding: .4rem .6rem;
  width: 100%; letter-spacing: .08em; border: 2px solid #8888; border-radius: .4rem; }
.check { display: flex; gap: .4rem; align-items: center; padding-bottom: .6rem; }
button, .button { font: inherit; font-weight: 600; padding: .5rem 1rem; border-radius: .4rem;
  border: 0; background: var(--accent); color: Canvas; cursor: pointer; text-decoration: none;
  display: inline-block; }
.status { color: var(--muted); margin: .75rem 0 0; }
.error { color: #c0262d; font-weight: 600; }
@media (prefers-color-scheme: dark) { .error { color: #ff8a80; } }
ul.words { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap;
  gap: .25rem .9rem; }
ul.words small { color: var(--muted); }
.score { color: var(--muted); font-weight: normal; font-size: .95rem; }
.tiles { display: flex; flex-wrap: wrap; gap: .35rem; margin: .75rem 0; padding: 0;
  list-style: none; }
.tiles li { background: var(--tile); color: #fff; font-weight: 700; font-size: 1.6rem;
  min-width: 2.6rem; text-align: center; padding: .3rem .5rem; border-radius: .3rem; }
.target { font-size: 2.2rem; font-weight: 700; }
ol.steps { margin: .25rem 0; }
.expression { font-family: ui-monospace, monospace; }
#clock { font-size: 2rem; font-weight: 700; font-variant-numeric: tabular-nums; margin: .5rem 0 0; }
progress { width: 100%; height: .8rem; }
.choices { display: flex; flex-wrap: wrap; gap: .5rem; }
.verdict { font-size: 1.25rem; font-weight: 700; }
details { margin: .75rem 0; }
footer { margin-top: 2.5rem; color: var(--muted); font-size: .85rem; }
"""

SCRIPT = """
"use strict";
(() => {
  const el = (tag, className, text) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const plural = (n, word) => n + " " + word + (n === 1 ? "" : "s");
  const error = (message) => {
    const node = el("p", "error", message);
    node.setAttribute("role", "alert");
    return node;
  };
  const renderers = {
    letters(data) {
      const out = [];
      if (!data.words.length) return [el("p", "status", data.rack + ": no words")];
      const lengths = [...new Set(data.words.map((w) => w.length))];
      for (const length of lengths) {
        const same = data.words.filter((w) => w.length === length);
        const section = el("section", "length");
        const heading = el("h2", "", length + " letters ");
        heading.append(el("span", "score", plural(same[0].score, "point")));
        const list = el("ul", "words");
        for (const w of same) {
          const item = el("li", "", w.word);
          if (w.blanks) item.append(" ", el("small", "", "?=" + w.blanks.join("")));
          list.append(item);
        }
        section.append(heading, list);
        out.push(section);
      }
      return out;
    },
    conundrum(data) {
      if (!data.words.length) return [el("p", "status", data.letters + ": no answer")];
      const verdict = data.unique ? "the unique answer" : plural(data.words.length, "answer");
      const list = el("ul", "words");
      for (const w of data.words) list.append(el("li", "", w));
      return [el("p", "status", data.letters + ": " + verdict), list];
    },
    numbers(data, warning) {
      let head = data.exact ? data.target + ": exact" :
        data.target + ": not reachable; nearest is " + data.value + " (" + data.distance + " away)";
      if (data.count !== undefined) head += ", " + plural(data.count, "distinct solution");
      const out = [el("p", "verdict", head)];
      if (warning) out.push(el("p", "status", "Warning: " + warning));
      for (const s of data.solutions) {
        const steps = el("ol", "steps");
        for (const step of s.steps) steps.append(el("li", "", step));
        out.push(steps, el("p", "expression", s.infix + " = " + s.value));
      }
      return out;
    },
  };
  const form = document.querySelector("form[data-api]");
  const results = document.getElementById("results");
  if (form && results) {
    let timer = 0;
    let pending = null;
    const update = () => {
      const query = new URLSearchParams(new FormData(form)).toString();
      history.replaceState(null, "", form.getAttribute("action") + (query ? "?" + query : ""));
      if (pending) pending.abort();
      if (!form.checkValidity()) { results.replaceChildren(); return; }
      pending = new AbortController();
      const options = { signal: pending.signal, headers: { Accept: "application/json" } };
      fetch(form.dataset.api + "?" + query, options)
        .then((response) => response.json().then((data) => {
          const warning = response.headers.get("X-Anagramdb-Warning");
          const nodes = response.ok ? renderers[form.dataset.render](data, warning)
            : [error(data.error)];
          results.replaceChildren(...nodes);
          results.dataset.state = "done";
        }))
        .catch((failure) => {
          if (failure.name === "AbortError") return;
          results.replaceChildren(error("The server did not answer."));
        });
    };
    form.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(update, 150); });
  }
  const clock = document.getElementById("clock");
  const practice = document.getElementById("practice");
  if (clock && practice) {
    const seconds = Number(clock.dataset.seconds);
    const end = performance.now() + seconds * 1000;
    const bar = document.getElementById("clock-bar");
    const tick = () => {
      const left = Math.max(0, Math.ceil((end - performance.now()) / 1000));
      clock.textContent = left + " s";
      bar.value = left;
      if (left > 0) { setTimeout(tick, 200); return; }
      clock.textContent = "Time's up!";
      const late = el("input");
      late.type = "hidden"; late.name = "timeup"; late.value = "1";
      practice.append(late);
      practice.submit();
    };
    tick();
  }
})();
"""


def digest(text: str) -> str:
    """The CSP source for an inline element whose content is exactly *text*."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


CONTENT_SECURITY_POLICY = (
    f"default-src 'none'; script-src {digest(SCRIPT)}; style-src {digest(STYLE)}; connect-src "
    "'self'; "
    "img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
