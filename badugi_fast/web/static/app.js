// badugi_fast's own script for the pages of `badugi serve`: the language toggle (remembered in
// a cookie) and entering hands by clicking the deck. No library, nothing fetched.
"use strict";

function setLanguage(lang) {
  document.cookie = "lang=" + lang + "; path=/; max-age=31536000; SameSite=Lax";
  const url = new URL(window.location.href);
  url.searchParams.delete("lang");  // the cookie decides from now on
  window.location.assign(url.toString());
}

function lastHand(text) {
  const hands = text.split(/[;\n]/);
  return hands[hands.length - 1];
}

function cardsOf(line) {
  return line.trim().split(/[\s,]+/).filter((token) => token.length > 0);
}

function addCard(textarea, card) {
  const value = textarea.value.replace(/[ \t]+$/, "");
  const last = cardsOf(lastHand(value)).length;
  const separator = last >= 4 ? "\n" : last > 0 ? " " : "";
  textarea.value = value + separator + card;
  markUsed(textarea);
}

function markUsed(textarea) {
  const current = new Set(cardsOf(lastHand(textarea.value)));
  document.querySelectorAll(".deck-card").forEach((button) => {
    button.classList.toggle("used", current.has(button.dataset.card));
  });
}

document.addEventListener("DOMContentLoaded", () => {
  const toggle = document.getElementById("lang-toggle");
  if (toggle) {
    toggle.addEventListener("click", () => setLanguage(toggle.dataset.to));
  }
  const textarea = document.getElementById("hands-input");
  if (textarea) {
    document.querySelectorAll(".deck-card").forEach((button) => {
      button.addEventListener("click", () => addCard(textarea, button.dataset.card));
    });
    textarea.addEventListener("input", () => markUsed(textarea));
    const clear = document.getElementById("clear");
    if (clear) {
      clear.addEventListener("click", () => { textarea.value = ""; markUsed(textarea); });
    }
    markUsed(textarea);
  }
});

// A page's longer answers as server-sent events (app.streamed): `progress` and `result` events
// go to the page's own handlers; `done`, `failed`, a lost connection and the cancel button end
// the stream alike (the server stops between steps once it is closed).
function followStream(box, onProgress, onResult, onDone) {
  const status = box.querySelector(".status");
  const cancel = document.getElementById("cancel");
  const source = new EventSource(box.dataset.src);
  const finish = (state, text) => {
    source.close();
    box.dataset.state = state;
    status.textContent = text;
    cancel.hidden = true;
  };
  source.addEventListener("progress", (event) => onProgress(JSON.parse(event.data), status));
  source.addEventListener("result", (event) => onResult(JSON.parse(event.data)));
  source.addEventListener("done", () => {
    onDone();
    finish("done", box.dataset.done);
  });
  source.addEventListener("failed", (event) => {
    box.classList.add("error");
    finish("failed", JSON.parse(event.data).message);
  });
  source.onerror = () => {
    if (box.dataset.state === "running") {
      finish("failed", "the connection to the server was lost");
    }
  };
  cancel.addEventListener("click", () => finish("cancelled", box.dataset.cancelled));
}

// /odds: the longer answers stream in with their progress.
function streamOdds(box) {
  const bar = box.querySelector("progress");
  const out = document.getElementById("odds-more");
  const labels = {};
  const progress = (data, status) => {
    bar.max = data.total;
    bar.value = data.done;
    labels[data.step] = data.label;
    status.textContent = data.label + " (" + (data.done + 1) + "/" + data.total + ")";
  };
  const result = (data) => {
    const section = document.createElement("section");
    section.className = "odds-step";
    section.dataset.step = data.step;
    const heading = document.createElement("h2");
    heading.textContent = labels[data.step] || data.step;
    const body = document.createElement("div");
    body.innerHTML = data.html;  // the server's drawing, escaped where it was drawn
    section.append(heading, body);
    out.appendChild(section);
  };
  followStream(box, progress, result, () => {
    bar.value = bar.max;
  });
}

document.addEventListener("DOMContentLoaded", () => {
  const box = document.getElementById("odds-stream");
  if (box && box.dataset.src) {
    streamOdds(box);
  }
});
