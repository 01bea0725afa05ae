"""The site's style sheet and script, inline in every page (no CDN, no web font, no file
from disk), and the Content-Security-Policy that allows inline assets by their SHA-256
alone. A page with assets of its own (the game's: game_assets.py) adds them beside these
and sends a policy naming all of them (content_security_policy).

The script is progressive: every page works as plain HTML forms. With it, a form whose
``data-api`` names an endpoint is answered as you type (a debounced fetch of the JSON twin
of the page, rendered with DOM methods and textContent, never innerHTML) and the address bar
is kept in step with ``history.replaceState``. The practice page's clock is the board's
(board_assets.py). The
numbers it shares with the server (the rack's size, the words a summary names) it reads
from the page's ``<body data-...>`` (pages.SCRIPT_DATA): they are written once, in Python.
"""

from __future__ import annotations

import base64
import hashlib

STYLE = """
:root { color-scheme: light; --bg: #fff; --fg: #1b1b1b; --field: #fff; --accent: #1657a8;
  --on-accent: #fff; --tile: #1e3a8a; --muted: #575757; --line: #767676; --error: #b3261e;
  --control: calc(1.4rem * 1.3 + .8rem + 4px); --board: #12306b; --digits: #ffb627;
  --touch: 2.75rem; }
@media (prefers-color-scheme: dark) {
  :root { color-scheme: dark; --bg: #121417; --fg: #ececec; --field: #1d2026; --accent: #8ab4f8;
    --on-accent: #121417; --tile: #2b4c9b; --muted: #b4b4b4; --line: #8d939c; --error: #ff8a80;
    --board: #1a2f5c; }
}
* { box-sizing: border-box; }
html { background: var(--bg); }
body { font: 1.05rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  margin: 0 auto; max-width: 46rem; padding: 0 1rem 3rem; background: var(--bg); color: var(--fg); }
a { color: var(--accent); }
nav { display: flex; flex-wrap: wrap; gap: .25rem 1.25rem; padding: .75rem 0;
  border-bottom: 1px solid var(--line); }
nav a { text-decoration: none; font-weight: 600; padding: .6rem 0; }
main { overflow-wrap: break-word; }
nav a[aria-current] { border-bottom: 3px solid var(--accent); }
a:focus-visible, input:focus-visible, button:focus-visible, summary:focus-visible {
  outline: 3px solid var(--accent); outline-offset: 2px; }
h1 { font-size: 1.6rem; margin: 1rem 0 .5rem; }
h2 { font-size: 1.1rem; margin: 1.25rem 0 .25rem; }
h3 { font-size: 1rem; margin: 1rem 0 .25rem; }
form.solve { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: .35rem .75rem;
  align-items: end; }
form.solve.numbers { grid-template-columns: minmax(0, 1fr) 6.5rem auto; }
form.solve .hint, form.solve .check { grid-column: 1 / -1; }
@media (max-width: 32rem) {
  form.solve.numbers { grid-template-columns: minmax(0, 1fr) auto; }
  form.solve.numbers .field:first-of-type { grid-column: 1 / -1; }
}
/* The gap keeps the focus ring (3 px, 2 px off the box) clear of the label above. */
.field { display: flex; flex-direction: column; min-width: 0; gap: .4rem; }
.field label { font-weight: 600; font-size: .9rem; }
.hint { color: var(--muted); }
input[type=text] { font: inherit; font-size: 1.4rem; line-height: 1.3; padding: .4rem .6rem;
  width: 100%; height: var(--control);
  min-width: 0; letter-spacing: .06em; color: var(--fg); background: var(--field);
  border: 2px solid var(--line); border-radius: .4rem; }
.check { display: flex; gap: .4rem; align-items: center; min-height: var(--touch); }
button, .button { font: inherit; font-weight: 600; padding: .5rem 1rem; border-radius: .4rem;
  border: 2px solid var(--accent); background: var(--accent); color: var(--on-accent);
  cursor: pointer; text-decoration: none; display: inline-flex; align-items: center;
  justify-content: center; white-space: nowrap; min-height: var(--touch); min-width: var(--touch); }
.solve-button { height: var(--control); padding: 0 1.1rem; font-size: 1.1rem; }
button.copy { font-size: .85rem; padding: .1rem .7rem; background: var(--bg); color: var(--accent);
  margin-left: .5rem; vertical-align: middle; }
.summary { font-weight: 700; margin: .9rem 0 0; min-height: 1.5em; }
.busy { color: var(--muted); margin: .25rem 0 0; }
#results[aria-busy=true] { opacity: .5; }
.status { color: var(--muted); margin: .75rem 0 0; }
.error { color: var(--error); font-weight: 600; }
ul.words { list-style: none; padding: 0; margin: 0; display: inline-flex; flex-wrap: wrap;
  gap: .25rem .9rem; }
ul.words small { color: var(--muted); }
#results ul.words li { cursor: help; }
.definition { margin: .75rem 0 0; }
.definition:empty { display: none; }
.score { color: var(--muted); font-weight: normal; font-size: .95rem; }
/* The show's board: its tiles in one row at any width (nine share a 320-pixel phone's),
   the target in a display's digits. */
.board { background: var(--board); color: #fff; border-radius: .6rem; padding: .6rem;
  margin: .75rem 0; }
.board p { margin: .5rem 0 0; font-weight: 600; }
.tiles { display: flex; flex-wrap: nowrap; gap: .3rem; margin: .75rem 0; padding: 0;
  list-style: none; }
.board .tiles { margin: 0; }
@media (max-width: 30rem) { .board { padding: .35rem; } .tiles { gap: .2rem; } }
.tiles li { background: var(--tile); color: #fff; font-weight: 700; flex: 0 1 3rem; min-width: 0;
  font-size: clamp(1.05rem, 5.4vw, 1.7rem); min-height: var(--touch); display: flex;
  align-items: center; justify-content: center; border-radius: .3rem;
  box-shadow: inset 0 -3px 0 rgba(0, 0, 0, .35); }
.tiles.wide li { flex: 1 1 0; max-width: 4.6rem; }
.tiles li.empty { background: transparent; border: 2px dashed rgba(255, 255, 255, .45);
  box-shadow: none; }
.target { font: 700 2rem/1.2 ui-monospace, monospace; color: var(--digits); background: #000;
  padding: 0 .4rem; border-radius: .25rem; letter-spacing: .08em; }
ol.solutions { padding-left: 1.5rem; }
ol.solutions > li { margin: .5rem 0; }
ol.steps { margin: .25rem 0; padding-left: 1.25rem; list-style: lower-alpha; }
.expression { font-family: ui-monospace, monospace; margin: .25rem 0; }
#clock { font-size: 2rem; font-weight: 700; font-variant-numeric: tabular-nums; margin: .5rem 0 0; }
progress { width: 100%; height: .8rem; accent-color: var(--accent); }
.choices { display: flex; flex-wrap: wrap; gap: .5rem; }
.verdict { font-size: 1.25rem; font-weight: 700; }
.twin { margin-top: 1.5rem; font-size: .95rem; }
.offscreen { position: fixed; left: -100vw; }
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
  // The server's numbers, from the page (pages.SCRIPT_DATA), never written here again.
  const pageData = document.body.dataset;
  const SHOWN_WORDS = Number(pageData.shownWords);
  const RACK_SIZE = Number(pageData.rackSize);
  const listing = (names) => names.length > SHOWN_WORDS
    ? names.slice(0, SHOWN_WORDS).join(", ") + " and " + (names.length - SHOWN_WORDS) + " more"
    : names.length === 1 ? names[0] : names.slice(0, -1).join(", ") + " and " + names.at(-1);
  const copyButton = (text, label) => {
    const button = document.createElement("button");
    for (const [name, value] of [["type", "button"], ["class", "copy"], ["data-copy", text],
      ["aria-label", label], ["hidden", ""]]) button.setAttribute(name, value);
    button.textContent = "Copy";
    return button;
  };
  const error = (message) => {
    const node = el("p", "error", message);
    node.setAttribute("role", "alert");
    return node;
  };
  const renderers = {
    letters(data) {
      const out = [];
      for (const length of [...new Set(data.words.map((w) => w.length))]) {
        const same = data.words.filter((w) => w.length === length);
        const section = el("section", "length");
        const heading = el("h2", "", length + " letters");
        if (length <= RACK_SIZE) {
          heading.append(" ", el("span", "score", plural(same[0].score, "point")));
        }
        const list = el("ul", "words");
        for (const w of same) {
          const item = el("li", "", w.word);
          if (w.blanks) item.append(" ", el("small", "", "?=" + w.blanks.join("")));
          list.append(item);
        }
        const words = same.map((w) => w.word).join(" ");
        section.append(heading, list, copyButton(words, "Copy the " + length + "-letter words"));
        out.push(section);
      }
      return out;
    },
    conundrum(data) {
      if (!data.words.length) return [];
      const list = el("ul", "words");
      for (const w of data.words) list.append(el("li", "", w));
      return [list, copyButton(data.words.join(" "), "Copy the answer")];
    },
    numbers(data, warning) {
      const out = warning ? [el("p", "status", "Warning: " + warning)] : [];
      const solutions = el("ol", "solutions");
      for (const s of data.solutions) {
        const steps = el("ol", "steps");
        for (const step of s.steps) steps.append(el("li", "", step));
        const expression = el("p", "expression", s.infix + " = " + s.value);
        expression.append(copyButton(s.infix, "Copy " + s.infix));
        const item = el("li");
        item.append(steps, expression);
        solutions.append(item);
      }
      out.push(solutions);
      return out;
    },
  };
  const summaries = {
    letters(data) {
      if (!data.words.length) return data.rack + ": no words";
      const first = data.words[0];
      const longest = data.words.filter((w) => w.length === first.length).map((w) => w.word);
      return data.rack + ": " + plural(data.words.length, "word") + "; the longest, " +
        plural(first.length, "letter") + ": " + listing(longest);
    },
    conundrum(data) {
      if (!data.words.length) return data.letters + ": no answer";
      const verdict = data.unique ? "the unique answer" : plural(data.words.length, "answer");
      return data.letters + ": " + verdict + ": " + listing(data.words);
    },
    numbers(data) {
      const head = data.exact ? data.target + ": exact" : data.target +
        ": not reachable; nearest is " + data.value + " (" + data.distance + " away)";
      if (data.count !== undefined) return head + ", " + plural(data.count, "distinct solution");
      return data.solutions.length ? head + ": " + data.solutions[0].infix : head;
    },
  };
  // Dictionary Corner: a word of the answers, tapped or hovered, is defined under them.
  const corner = document.getElementById("definition");
  const meaning = (data) => {
    if (!data.defined) return data.word + ": no definition";
    return data.word + ": " + data.entries.slice(0, 2).map((entry) => {
      const how = { form: ", form of ", derived: ", from the " }[entry.relation];
      const base = entry.lemma_pos ? entry.lemma_pos + " " : "";
      const sense = entry.senses[0];
      const labels = sense.labels.length ? "[" + sense.labels.join(", ") + "] " : "";
      return "(" + entry.pos + (how ? how + base + entry.lemma : "") + ") " + labels + sense.gloss;
    }).join("; ");
  };
  let defining = "";
  const define = (event) => {
    const item = corner && event.target.closest && event.target.closest("#results ul.words li");
    if (!item || !item.firstChild) return;
    const word = item.firstChild.textContent.trim();
    if (word === defining) return;
    defining = word;
    const headers = { Accept: "application/json" };
    fetch("/api/define?word=" + encodeURIComponent(word), { headers })
      .then((response) => response.json())
      .then((data) => {
        if (defining === word) corner.textContent = data.error || meaning(data);
      })
      .catch(() => {});
  };
  document.addEventListener("click", define);
  document.addEventListener("mouseover", define);
  const offscreenCopy = (text) => {
    const area = el("textarea", "offscreen");
    area.value = text;
    document.body.append(area);
    area.select();
    let copied = false;
    try { copied = document.execCommand("copy"); } catch (failure) { copied = false; }
    area.remove();
    return copied;
  };
  const copy = (button) => {
    const text = button.id === "copy-link" ? location.href : button.dataset.copy;
    const said = button.textContent;
    const done = (ok) => {
      button.textContent = ok ? "Copied" : "Not copied";
      setTimeout(() => { button.textContent = said; }, 1500);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(() => done(true), () => done(offscreenCopy(text)));
    } else done(offscreenCopy(text));
  };
  const showCopyButtons = () => {
    for (const button of document.querySelectorAll("button.copy[hidden]")) button.hidden = false;
  };
  document.addEventListener("click", (event) => {
    const button = event.target.closest("button.copy");
    if (button) copy(button);
  });
  showCopyButtons();
  const form = document.querySelector("form[data-api]");
  const results = document.getElementById("results");
  const summary = document.getElementById("summary");
  const busy = document.getElementById("busy");
  const twin = document.getElementById("twin");
  if (form && results && summary) {
    const fields = [...form.querySelectorAll("input[type=text]")];
    const title = () => {
      const template = form.dataset.title;
      if (!fields.some((field) => field.value.trim())) return template.split(" ")[0];
      return fields.reduce((text, f) => text.replace("{" + f.name + "}", f.value.trim()), template);
    };
    let timer = 0, settle = 0, settled = true, pushNext = false, pending = null, asked = 0;
    const update = (history_) => {
      const query = new URLSearchParams(new FormData(form)).toString();
      const url = form.getAttribute("action") + (query ? "?" + query : "");
      if (url !== location.pathname + location.search) {
        if (history_ === "push") history.pushState(null, "", url);
        else if (history_ === "replace") history.replaceState(null, "", url);
      }
      document.title = title() + " · anagramdb";
      const valid = form.checkValidity();
      twin.href = form.dataset.api + (query ? "?" + query : "");
      twin.parentElement.hidden = !valid;
      if (pending) pending.abort();
      if (!valid) { results.replaceChildren(); summary.textContent = ""; return; }
      pending = new AbortController();
      const mine = ++asked;
      const slow = setTimeout(() => {
        if (mine !== asked) return;
        results.setAttribute("aria-busy", "true");
        busy.hidden = false;
      }, 150);
      const idle = () => {
        clearTimeout(slow);
        if (mine !== asked) return;
        results.removeAttribute("aria-busy");
        busy.hidden = true;
      };
      fetch(twin.href, { signal: pending.signal, headers: { Accept: "application/json" } })
        .then((response) => response.json().then((data) => {
          if (mine !== asked) return;
          const kind = form.dataset.render;
          if (response.ok) {
            results.replaceChildren(...renderers[kind](data,
              response.headers.get("X-Anagramdb-Warning")));
            summary.textContent = summaries[kind](data);
          } else {
            results.replaceChildren(error(data.error));
            summary.textContent = "";
          }
          results.dataset.state = "done";
          showCopyButtons();
          idle();
        }))
        .catch((failure) => {
          if (failure.name === "AbortError" || mine !== asked) return;
          results.replaceChildren(error("The server did not answer."));
          idle();
        });
    };
    form.addEventListener("input", () => {
      if (settled) pushNext = true;
      settled = false;
      clearTimeout(settle);
      delete form.dataset.settled;
      settle = setTimeout(() => { settled = true; form.dataset.settled = "1"; }, 1000);
      clearTimeout(timer);
      timer = setTimeout(() => {
        update(pushNext ? "push" : "replace");
        pushNext = false;
      }, 150);
    });
    window.addEventListener("popstate", () => {
      const params = new URLSearchParams(location.search);
      for (const input of form.querySelectorAll("input")) {
        if (input.type === "checkbox") input.checked = params.has(input.name);
        else input.value = params.get(input.name) || "";
      }
      update("none");
    });
  }
})();
"""


def digest(text: str) -> str:
    """The CSP source for an inline element whose content is exactly *text*."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def content_security_policy(scripts: tuple[str, ...], styles: tuple[str, ...]) -> str:
    """The policy of a page whose only assets are these inline scripts and style sheets
    (a module with its own assets sends this as its Response's Content-Security-Policy)."""
    return (
        f"default-src 'none'; script-src {' '.join(map(digest, scripts))}; "
        f"style-src {' '.join(map(digest, styles))}; connect-src 'self'; img-src data:; "
        "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    )


CONTENT_SECURITY_POLICY = content_security_policy((SCRIPT,), (STYLE,))
