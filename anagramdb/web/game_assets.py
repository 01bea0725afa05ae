"""The game page's own style and script, inline (the CSP allows them by their SHA-256).

The script only shows: every decision is the server's. It listens to the game's event
stream and swaps in the regions the server rendered (parsed with DOMParser, never
innerHTML on the page), keeps the answer box while a round is played, sends the box's
content as it is typed (what is in the box when time is up counts) and each entry,
posts the forms with fetch while the stream is live (without it they post as forms),
and counts the server's deadline down on the clock face (the board's script,
board_assets.py, which comes first). Without it the page still plays, by forms.
"""

from __future__ import annotations

from .board_assets import BOARD_SCRIPT, BOARD_STYLE

GAME_STYLE = (
    BOARD_STYLE
    + """
.clock { font-size: 2rem; font-weight: 700; font-variant-numeric: tabular-nums; margin: .5rem 0 0; }
.choices form, form.act { display: inline-flex; max-width: 100%; }
/* A button that names a player or an answer wraps it, however long. */
.choices button, form.act button { white-space: normal; overflow-wrap: anywhere;
  max-width: 100%; }
ul.seats { list-style: none; padding: 0; margin: .5rem 0; }
ul.seats li { display: flex; flex-wrap: wrap; align-items: center; gap: .35rem .6rem;
  padding: .4rem 0; border-bottom: 1px solid var(--line); overflow-wrap: anywhere; }
ul.seats button { background: var(--bg); color: var(--accent); font-size: .95rem; }
#connection:not([hidden]) { padding: .4rem .7rem; border-left: 4px solid var(--digits);
  background: var(--field); color: var(--fg); }
h2#recap { margin-top: 2rem; }
form.settings { display: grid; grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr));
  gap: .5rem 1rem; align-items: start; margin-bottom: 1rem; }
form.settings > button { justify-self: start; grid-column: 1 / -1; }
select, input[type=number], input[type=date] { font: inherit; padding: .35rem .5rem;
  min-height: var(--touch);
  max-width: 100%; color: var(--fg); background: var(--field); border: 2px solid var(--line);
  border-radius: .4rem; }
table { border-collapse: collapse; margin: .75rem 0; width: 100%; }
caption { text-align: left; font-weight: 700; padding: .25rem 0; }
th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid var(--line);
  vertical-align: top; }
table.scores td, table.scores thead th + th { text-align: right; }
tfoot th, tfoot td { border-bottom: 0; }
/* A phone's width holds any table of the game: columns share the width, names and answers
   wrap anywhere (a 200-letter answer too), a player's name in the score table's head is cut
   short with its whole self in the title and in the scoreboard above. */
table.reveal, table.scores, table.recap { table-layout: fixed; }
table.reveal th, table.reveal td, table.scores tbody th, table.recap th, table.recap td,
table caption { overflow-wrap: break-word; }
table.reveal th:last-child, table.recap thead th:last-child { width: 4.2rem; }
table.reveal thead th:first-child, table.recap thead th:first-child { width: 28%; }
table.recap caption { font-weight: 600; }
table.scores thead th:first-child { width: 7rem; }
table.scores .name { display: block; overflow: hidden; text-overflow: ellipsis;
  white-space: nowrap; }
@media (max-width: 40rem) {
  table.reveal, table.scores, table.recap { font-size: .9rem; }
  table.reveal th, table.reveal td, table.scores th, table.scores td, table.recap th,
  table.recap td { padding: .3rem .2rem; }
  table.scores thead th:first-child { width: 4.6rem; }
  table.scores.many .name { writing-mode: vertical-rl; transform: rotate(180deg);
    max-height: 8rem; margin-left: auto; }
}
ul.scoreboard { list-style: none; padding: 0; margin: 1rem 0 .5rem; display: grid;
  grid-template-columns: repeat(auto-fill, minmax(8.5rem, 1fr)); gap: .4rem; }
ul.scoreboard li { display: flex; justify-content: space-between; align-items: center;
  gap: .5rem; padding: .3rem .3rem .3rem .6rem; border-radius: .4rem; background: var(--board);
  color: #fff; min-width: 0; }
ul.scoreboard .who { overflow-wrap: anywhere; min-width: 0; font-weight: 600; }
ul.scoreboard .total { font: 700 1.4rem/1.2 ui-monospace, monospace; color: var(--digits);
  background: #000; border-radius: .25rem; padding: 0 .35rem; min-width: 2.6ch;
  text-align: right; font-variant-numeric: tabular-nums; }
.table-wrap { overflow-x: auto; }
button.secondary { background: var(--bg); color: var(--accent); }
.best { font-weight: 700; letter-spacing: .04em; }
dl.corner dt { font-weight: 700; }
dl.corner dd { margin: 0 0 .5rem 1rem; }
#share { word-break: break-all; }
pre.share { font: inherit; background: var(--field); border: 1px solid var(--line);
  padding: .5rem .75rem; white-space: pre-wrap; }
"""
)

GAME_SCRIPT = (
    BOARD_SCRIPT
    + """
"use strict";
(() => {
  // A browser waiting for the host to let it into a seat looks again every few seconds.
  const claim = document.getElementById("claim");
  if (claim) {
    setInterval(() => fetch(claim.dataset.state, { headers: { Accept: "application/json" } })
      .then((response) => response.json())
      .then((view) => { if (view.you) location.reload(); })
      .catch(() => {}), 4000);
  }
  const game = document.getElementById("game");
  if (!game) return;
  const board = window.anagramdbBoard;
  const action = "/game/" + game.dataset.game;
  const summary = document.getElementById("summary");
  let live = false;
  let clockTimer = 0;
  let sentLine = null;
  let sending = false;
  let again = false;
  const post = (fields) => fetch(action, {
    method: "POST", body: fields, headers: { Accept: "application/json" },
  }).then((response) => response.json().then((data) => ({ ok: response.ok, data })));
  const box = () => document.getElementById("text");
  const form = () => document.getElementById("answer-form");
  const showError = (message) => {
    const region = document.getElementById("yours");
    const node = document.createElement("p");
    node.className = "error";
    node.setAttribute("role", "alert");
    node.textContent = message;
    region.replaceChildren(node);
  };
  // The box as typed goes to the server at most every LINE_GAP ms (and at once when time is
  // up), one request at a time; a refused send (429) is tried again.
  const LINE_GAP = 250;
  let lastSent = -LINE_GAP;
  let lineTimer = 0;
  const sendLine = (urgent) => {
    clearTimeout(lineTimer);
    const input = box();
    if (!input || !form() || form().dataset.kind === "conundrum") return;
    if (sending) { again = true; return; }
    const wait = LINE_GAP - (performance.now() - lastSent);
    if (!urgent && wait > 0) { lineTimer = setTimeout(sendLine, wait); return; }
    if (input.value === sentLine) return;
    const value = input.value;
    sending = true;
    lastSent = performance.now();
    post(new URLSearchParams({ do: "line", text: value }))
      .then(({ ok }) => { if (ok) sentLine = value; else again = true; })
      .catch(() => {})
      .finally(() => { sending = false; if (again) { again = false; sendLine(); } });
  };
  const startClock = (left) => {
    clearTimeout(clockTimer);
    const clock = document.getElementById("clock");
    if (left === null || left === undefined || left === "" || !clock) { board.run(null); return; }
    const end = performance.now() + Number(left) * 1000;
    board.run(left);
    const tick = () => {
      const remaining = Math.max(0, (end - performance.now()) / 1000);
      clock.textContent = Math.ceil(remaining) + " s";
      if (remaining > 0) { clockTimer = setTimeout(tick, 200); return; }
      clock.textContent = "Time's up!";
      sendLine(true);
      const input = box();
      if (input) input.readOnly = true;
      board.mark();
    };
    tick();
  };
  const parse = (html) =>
    new DOMParser().parseFromString("<body>" + html, "text/html").body.childNodes;
  // The invitation shown whole, and its copy button (the site's script copies data-copy).
  const share = () => {
    const link = document.getElementById("share");
    if (!link) return;
    link.textContent = link.href;
    const copy = document.getElementById("copy-share");
    if (copy) { copy.dataset.copy = link.href; copy.hidden = false; }
  };
  const apply = (update) => {
    for (const [id, html] of Object.entries(update.html)) {
      const region = document.getElementById(id);
      if (!region) continue;
      if (id === "answer" && region.dataset.key === update.key) continue;
      const active = document.activeElement;
      const focused = region.contains(active) || active === document.body;
      region.replaceChildren(...parse(html));
      if (id === "answer") {
        region.dataset.key = update.key;
        sentLine = null;
        const first = region.querySelector("[autofocus]");
        if (first && focused) first.focus();
      }
    }
    if (summary.textContent !== update.summary) summary.textContent = update.summary;
    document.title = update.title + " · anagramdb";
    board.refresh();
    share();
    startClock(update.left);
  };
  document.addEventListener("input", (event) => {
    if (event.target.id === "text") sendLine(false);
  });
  document.addEventListener("submit", (event) => {
    const target = event.target;
    // a form of this game (not one that starts another, as a champion's next game)
    if (!live || !game.contains(target) || target.getAttribute("action") !== action) return;
    event.preventDefault();
    const fields = new URLSearchParams(new FormData(target, event.submitter));
    const input = box();
    if (fields.get("do") === "enter" && !fields.get("text").trim()) return;
    post(fields).then(({ ok, data }) => {
      if (!ok) { showError(data.error); return; }
      if (fields.get("do") === "enter" && input) { input.value = ""; sentLine = ""; }
    }).catch(() => showError("The server did not answer."));
  });
  share();
  const clock = document.getElementById("clock");
  if (clock) startClock(clock.dataset.left);
  // The connection line: empty and hidden while the stream is live.
  const line = document.getElementById("connection");
  const say = (message, ...more) => {
    if (!line) return;
    line.replaceChildren(message, ...more);
    line.hidden = !message;
  };
  // One stream; when it fails, the page looks at the game (is the server there? the game?)
  // and tries again after 1, 2, 4 ... 30 s (a random part each time: not all at once).
  let source = null;
  let tries = 0;
  let retryTimer = 0;
  const connect = () => {
    clearTimeout(retryTimer);
    if (source) source.close();
    source = new EventSource(game.dataset.events);
    source.onopen = () => { live = true; tries = 0; say(""); };
    source.addEventListener("update", (event) => {
      live = true; tries = 0; say(""); apply(JSON.parse(event.data));
    });
    source.onerror = () => { live = false; source.close(); retry(); };
    source.addEventListener("closed", () => { source.close(); live = false; location.reload(); });
    source.addEventListener("replaced", () => {
      source.close();
      live = false;
      const here = document.createElement("button");
      here.type = "button";
      here.textContent = "Play here";
      here.addEventListener("click", connect);
      say("This game is open in another tab or window. ", here);
    });
  };
  const retry = () => {
    const wait = Math.min(30, 2 ** Math.min(tries, 5)) * (0.75 + Math.random() / 2);
    const seconds = Math.max(1, Math.round(wait));
    tries += 1;
    say("Reconnecting…");
    const again = (message) => { say(message); retryTimer = setTimeout(connect, wait * 1000); };
    fetch(action + "/state", { headers: { Accept: "application/json" } })
      .then((response) => {
        if (response.status === 404) { location.reload(); return; }  // the game has ended
        return response.json().then((view) => {
          if (response.ok && !view.you) { location.reload(); return; }  // no longer this seat
          again(response.status === 503 || response.status === 429
            ? "The server is busy: reconnecting in " + seconds + " s."
            : "Reconnecting in " + seconds + " s.");
        });
      })
      .catch(() => again("The server has gone: trying again in " + seconds + " s."));
  };
  if (window.EventSource) connect();
})();
"""
)
