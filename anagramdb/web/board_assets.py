"""The board's style and script (board.py draws it), inline in the practice page and the
game page beside the site's (the CSP allows them by their SHA-256).

The script, when the page has one:

- sweeps the clock face's hand over the round's seconds (``window.anagramdbBoard.run``,
  called by the game's script with the server's time left; the practice page's clock is
  run here), a step a second when the reader asked for reduced motion;
- makes the tiles buttons that spell into the answer box (``input[data-spell]``: letters
  or numbers), with Shuffle, Delete and Clear, and for working the operators; a tile used
  by what is in the box is greyed, however the box was filled;
- plays a short sound made with the Web Audio API when time is up, if the player turned
  it on (``localStorage``, off by default);
- keeps a practice round's deadline in ``sessionStorage``, so that a reload of the page
  goes on with the clock instead of starting it again.
"""

from __future__ import annotations

BOARD_STYLE = """
.clockface { display: flex; align-items: center; gap: 1rem; margin: .75rem 0 .25rem; }
.clockface #clock { margin: 0; }
svg.face { width: 7.5rem; height: 7.5rem; flex: none; }
svg.face .dial { fill: #fbf8ef; stroke: var(--board); stroke-width: 4; }
svg.face .track { fill: #d6e2f7; }
svg.face .swept { fill: var(--digits); }
svg.face .marks line { stroke: #1b1b1b; stroke-width: 1.6; stroke-linecap: round; }
svg.face .hand { stroke: #1b1b1b; stroke-width: 2.6; stroke-linecap: round; }
svg.face .hub { fill: var(--board); }
.spell { display: flex; flex-wrap: wrap; gap: .35rem; margin: .25rem 0 .75rem; }
.spell button { padding: .3rem .7rem; font-size: 1.15rem; }
.spell button.secondary, .spell button[data-key=shuffle] { background: var(--bg);
  color: var(--accent); }
.tiles button { font: inherit; color: inherit; background: none; border: 0; padding: 0;
  margin: 0; width: 100%; min-width: 0; min-height: var(--touch); border-radius: inherit; }
.tiles button:disabled { cursor: default; }
.board :focus-visible { outline-color: var(--digits); }
.tiles li.used { opacity: .35; }
.tiles li { transition: opacity .15s; }
label.sound { margin-top: .5rem; color: var(--muted); }
@media (max-width: 30rem) { svg.face { width: 6rem; height: 6rem; } }
@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after { transition: none !important; animation: none !important; }
}
"""

BOARD_SCRIPT = """
"use strict";
(() => {
  const reduced = () => window.matchMedia !== undefined &&
    matchMedia("(prefers-reduced-motion: reduce)").matches;
  // The time-up sound: off by default; the choice is kept in the browser.
  const SOUND = "anagramdb-sound";
  const soundOn = () => { try { return localStorage.getItem(SOUND) === "on"; } catch (e) {
    return false; } };
  let audio = null;
  const wake = () => {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!soundOn() || !Context) return null;
    if (!audio) audio = new Context();
    if (audio.state === "suspended") audio.resume().catch(() => {});
    return audio;
  };
  const chime = () => {
    const context = wake();
    if (!context) return;
    const start = context.currentTime + 0.02;
    for (const [pitch, at, length] of [[784, 0, 0.16], [523, 0.2, 0.5]]) {
      const tone = context.createOscillator();
      const gain = context.createGain();
      tone.frequency.value = pitch;
      gain.gain.setValueAtTime(0.0001, start + at);
      gain.gain.exponentialRampToValueAtTime(0.2, start + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
      tone.connect(gain).connect(context.destination);
      tone.start(start + at);
      tone.stop(start + at + length + 0.05);
    }
  };
  const toggle = document.getElementById("sound");
  if (toggle) {
    toggle.checked = soundOn();
    toggle.closest("label").hidden = false;
    toggle.addEventListener("change", () => {
      try { localStorage.setItem(SOUND, toggle.checked ? "on" : "off"); } catch (e) { /**/ }
      wake();
    });
  }
  // A browser lets sound start only after the player has pressed something.
  for (const kind of ["pointerdown", "keydown"]) {
    document.addEventListener(kind, () => { if (soundOn()) wake(); }, { passive: true });
  }
  // The clock face: the hand at the time left, swept smoothly or a step a second.
  const FACE = 44;
  const sector = (degrees) => {
    if (degrees <= 0) return "M0 0Z";
    const d = Math.min(degrees, 359.99), r = d * Math.PI / 180;
    const x = (FACE * Math.sin(r)).toFixed(2), y = (-FACE * Math.cos(r)).toFixed(2);
    return "M0 0V" + -FACE + "A" + FACE + " " + FACE + " 0 " + (d > 180 ? 1 : 0) + " 1 " + x +
      " " + y + "Z";
  };
  let end = 0, running = 0;
  const draw = () => {
    const left = Math.max(0, (end - performance.now()) / 1000);
    const face = document.querySelector("svg.face");
    if (face) {
      const shown = reduced() ? Math.ceil(left) : left;
      const angle = (Number(face.dataset.seconds) - shown) / Number(face.dataset.turn) * 360;
      face.querySelector(".hand").setAttribute("transform", "rotate(" + angle.toFixed(2) + ")");
      face.querySelector(".swept").setAttribute("d", sector(angle));
    }
    return left;
  };
  // Sweep the hand over *left* seconds from now (null: stop), the sound at the end.
  const run = (left) => {
    const mine = ++running;
    if (left === null || left === undefined || left === "") return;
    end = performance.now() + Number(left) * 1000;
    let chimed = Number(left) <= 0;
    const frame = () => {
      if (mine !== running) return;
      if (draw() > 0) {
        // A tenth of a second moves the hand 0.6 degrees: smooth to the eye, and the page
        // is left alone between (a redraw every frame kept a busy machine's page busy).
        if (reduced()) setTimeout(frame, 250);
        else setTimeout(() => requestAnimationFrame(frame), 100);
        return;
      }
      if (!chimed) { chimed = true; chime(); }
    };
    frame();
  };
  // Spelling with the tiles: each tile a button that adds itself to the answer box.
  const box = () => document.querySelector("input[data-spell]");
  const order = { rack: "", places: [] };
  const tilesOf = () => [...document.querySelectorAll("ul.tiles li:not(.empty)")];
  const tokens = (text, kind) => kind === "numbers"
    ? text.match(/[0-9]+/g) || []
    : [...text.toLowerCase()].filter((c) => c !== " ");
  let tapped = [];  // the number tiles put in the box by a tap, in order
  const mark = () => {
    const input = box();
    if (!input) return;
    const kind = input.dataset.spell;
    const left = {};
    for (const token of tokens(input.value, kind)) left[token] = (left[token] || 0) + 1;
    const items = tilesOf();
    if (kind === "numbers") {
      const kept = {};
      tapped = tapped.filter((i) => {
        const value = items[i] ? items[i].dataset.tile : "";
        kept[value] = (kept[value] || 0) + 1;
        return kept[value] <= (left[value] || 0);
      });
    }
    items.forEach((item, i) => {
      let used;
      if (kind === "numbers") used = tapped.includes(i);
      else {
        used = (left[item.dataset.tile] || 0) > 0;
        if (used) left[item.dataset.tile] -= 1;
      }
      item.classList.toggle("used", used);
      const button = item.querySelector("button");
      if (button) button.disabled = used || input.readOnly;
    });
    const bar = document.getElementById("spell");
    if (bar) for (const b of bar.querySelectorAll("button")) b.disabled = input.readOnly;
  };
  const put = (input, value) => {
    input.value = value.slice(0, input.maxLength > 0 ? input.maxLength : undefined);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  };
  const SIGNS = { plus: " + ", minus: " − ", times: " × ", divide: " ÷ ", open: "(", close: ")" };
  const LABELS = { plus: "+", minus: "−", times: "×", divide: "÷", open: "(", close: ")" };
  const NAMES = { plus: "plus", minus: "minus", times: "times", divide: "divided by",
    open: "open bracket", close: "close bracket" };
  const add = (input, text) => {
    let value = input.value;
    const word = /[0-9]+/.test(text);
    if (input.dataset.spell === "numbers" && word && /[0-9)]\\s*$/.test(value)) value += " ";
    put(input, (value + text).replace(/\\s+/g, " ").replace(/^ /, ""));
  };
  const erase = (input) => {
    const cut = input.dataset.spell === "numbers"
      ? input.value.replace(/\\s*([0-9]+|[^0-9\\s])\\s*$/, "")
      : input.value.replace(/\\s*.$/, "");
    put(input, cut);
  };
  const button = (label, key, name) => {
    const made = document.createElement("button");
    made.type = "button";
    made.dataset.key = key;
    made.textContent = label;
    if (name) made.setAttribute("aria-label", name);
    return made;
  };
  const shuffle = () => {
    const list = document.querySelector("ul.tiles");
    const items = [...list.children];
    for (let i = items.length - 1; i > 0; i -= 1) {
      const j = Math.floor(Math.random() * (i + 1));
      [items[i], items[j]] = [items[j], items[i]];
    }
    list.append(...items);
    order.places = items.map((item) => item.dataset.place);
  };
  // Make the tiles on the page spell (again, after the game swapped its regions in).
  const refresh = () => {
    const input = box();
    const list = document.querySelector("ul.tiles");
    if (!input || !list) return;
    const kind = input.dataset.spell;
    const items = tilesOf();
    const rack = items.map((item) => item.dataset.tile || item.textContent).join(",");
    items.forEach((item, i) => {
      if (item.querySelector("button")) return;
      const tile = item.textContent.trim();
      item.dataset.tile = kind === "numbers" ? tile : tile.toLowerCase();
      item.dataset.place = String(i);
      item.replaceChildren(button(tile, "tile", "Add " + tile));
    });
    if (order.rack === rack && order.places.length === items.length) {
      const at = Object.fromEntries(items.map((item) => [item.dataset.place, item]));
      list.append(...order.places.map((place) => at[place]));
    } else {
      order.rack = rack;
      order.places = items.map((item) => item.dataset.place);
    }
    if (!document.getElementById("spell")) {
      const bar = document.createElement("div");
      bar.id = "spell";
      bar.className = "spell";
      bar.setAttribute("role", "group");
      bar.setAttribute("aria-label", "Spell with the tiles");
      if (kind === "numbers") {
        for (const key of Object.keys(SIGNS)) bar.append(button(LABELS[key], key, NAMES[key]));
      } else bar.append(button("Shuffle", "shuffle"));
      bar.append(button("⌫", "erase", "Delete the last"), button("Clear", "clear"));
      for (const b of bar.querySelectorAll("button:not([data-key=shuffle])")) {
        b.classList.add("secondary");
      }
      (list.closest(".board") || list).after(bar);
    }
    mark();
  };
  document.addEventListener("click", (event) => {
    const pressed = event.target.closest && event.target.closest("button[data-key]");
    const input = box();
    if (!pressed || !input || input.readOnly) return;
    const key = pressed.dataset.key;
    if (key === "tile") {
      const item = pressed.closest("li");
      if (input.dataset.spell === "numbers") tapped.push(tilesOf().indexOf(item));
      add(input, item.dataset.tile);
      // With a mouse, typing goes on in the box; a phone keeps its keyboard down.
      if (window.matchMedia && matchMedia("(pointer: fine)").matches) input.focus();
    } else if (key === "shuffle") shuffle();
    else if (key === "erase") erase(input);
    else if (key === "clear") put(input, "");
    else if (SIGNS[key]) add(input, SIGNS[key]);
  });
  document.addEventListener("input", (event) => {
    if (event.target.matches && event.target.matches("input[data-spell]")) mark();
  });
  window.anagramdbBoard = { run, refresh, mark };
  refresh();
  // The practice round's clock: its deadline kept for the tab, so a reload goes on with it.
  const clock = document.getElementById("clock");
  const practice = document.getElementById("practice");
  if (clock && practice) {
    const key = "anagramdb-practice" + location.search;
    const seconds = Number(clock.dataset.seconds);
    let deadline = 0;
    try { deadline = Number(sessionStorage.getItem(key)) || 0; } catch (e) { deadline = 0; }
    if (!deadline) {
      deadline = Date.now() + seconds * 1000;
      try { sessionStorage.setItem(key, String(deadline)); } catch (e) { /* no storage */ }
    }
    const forget = () => { try { sessionStorage.removeItem(key); } catch (e) { /* none */ } };
    practice.addEventListener("submit", forget);
    const left = Math.min(seconds, Math.max(0, (deadline - Date.now()) / 1000));
    run(left);
    const stops = performance.now() + left * 1000;
    const tick = () => {
      const remaining = Math.max(0, Math.ceil((stops - performance.now()) / 1000));
      clock.textContent = remaining + " s";
      if (remaining > 0) { setTimeout(tick, 200); return; }
      clock.textContent = "Time's up!";
      const late = document.createElement("input");
      late.type = "hidden"; late.name = "timeup"; late.value = "1";
      practice.append(late);
      forget();
      setTimeout(() => practice.submit(), soundOn() ? 800 : 0);  // the sound plays out
    };
    tick();
  }
})();
"""
