// badugi_fast's own script for the pages of `badugi serve`: the language toggle (remembered in
// a cookie) and entering hands by clicking the deck. No library, nothing fetched.
"use strict";

function setLanguage(lang) {
  document.cookie = "lang=" + lang + "; path=/; max-age=31536000; SameSite=Lax";
  const url = new URL(window.location.href);
  url.searchParams.delete("lang");  // the cookie decides from now on
  window.location.assign(url.toString());
}

function cardsOf(line) {
  return line.trim().split(/[\s,]+/).filter((token) => token.length > 0);
}

function addCard(textarea, card) {
  const lines = textarea.value.split("\n");
  let last = lines.length - 1;
  if (cardsOf(lines[last]).length >= 4) {
    lines.push("");
    last += 1;
  }
  lines[last] = (cardsOf(lines[last]).concat([card])).join(" ");
  textarea.value = lines.join("\n");
  markUsed(textarea);
}

function markUsed(textarea) {
  const lines = textarea.value.split("\n");
  const current = new Set(cardsOf(lines[lines.length - 1]));
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
