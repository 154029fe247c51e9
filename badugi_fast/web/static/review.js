// /review: the chosen file's bytes sent as the body of POST /review (read in memory by the
// server, never written), the review it draws put in the page; the hero's select sends the
// same file again for another hero; each hand's frames stepped through by its buttons.
"use strict";

let reviewFile = null;

function showFrame(hand, at) {
  const frames = hand.querySelectorAll(".rv-frame");
  const last = frames.length - 1;
  const k = Math.max(0, Math.min(at, last));
  frames.forEach((frame, i) => { frame.hidden = i !== k; });
  hand.dataset.at = String(k);
  hand.querySelector(".rv-at").textContent = (k + 1) + " / " + frames.length;
}

function wireReview(result) {
  result.querySelectorAll(".rv-hand").forEach((hand) => {
    showFrame(hand, 0);
    hand.querySelector(".rv-prev").addEventListener("click", () => {
      showFrame(hand, Number(hand.dataset.at) - 1);
    });
    hand.querySelector(".rv-next").addEventListener("click", () => {
      showFrame(hand, Number(hand.dataset.at) + 1);
    });
  });
  result.querySelectorAll(".rv-ask").forEach((button) => {
    button.addEventListener("click", () => ask(button));
  });
  const select = document.getElementById("hero-select");
  if (select) {
    select.addEventListener("change", () => sendReview(select.value));
  }
}

// A last-round decision's search bot or solver, on demand: the hand's PHH (the section's
// data-phh) sent to the button's URL with the decision's action line and the hero's seat.
async function ask(button) {
  const hand = button.closest(".rv-hand");
  const out = button.nextElementSibling;
  const form = document.getElementById("review-form");
  const query = new URLSearchParams({
    step: button.dataset.step, seat: hand.dataset.seat, lang: form.dataset.lang,
  });
  button.disabled = true;
  out.textContent = document.getElementById("review-status").textContent;
  try {
    const response = await fetch(button.dataset.url + "?" + query.toString(), {
      method: "POST",
      headers: { "content-type": "text/plain; charset=utf-8" },
      body: hand.dataset.phh,
    });
    const text = await response.text();
    if (response.ok) {
      out.innerHTML = text;  // the server's drawing, escaped where it was drawn
    } else {
      out.textContent = text;
      out.classList.add("error");
    }
  } catch (failure) {
    out.textContent = String(failure);
    out.classList.add("error");
  } finally {
    button.disabled = false;
    out.dataset.done = "1";
  }
}

async function sendReview(hero) {
  const form = document.getElementById("review-form");
  const error = document.getElementById("review-error");
  const status = document.getElementById("review-status");
  const result = document.getElementById("review-result");
  if (!reviewFile) {
    return;
  }
  const query = new URLSearchParams({ name: reviewFile.name, lang: form.dataset.lang });
  if (hero) {
    query.set("hero", hero);
  }
  error.hidden = true;
  status.hidden = false;
  try {
    const response = await fetch("/review?" + query.toString(), {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: await reviewFile.arrayBuffer(),
    });
    const text = await response.text();
    if (response.ok) {
      result.innerHTML = text;  // the server's drawing, escaped where it was drawn
      wireReview(result);
      document.body.dataset.reviewed = (Number(document.body.dataset.reviewed || 0) + 1).toString();
    } else {
      result.innerHTML = "";
      error.textContent = text;  // the library's message, as text
      error.hidden = false;
    }
  } catch (failure) {
    error.textContent = String(failure);
    error.hidden = false;
  } finally {
    status.hidden = true;
  }
}

document.addEventListener("DOMContentLoaded", () => {
  const input = document.getElementById("review-file");
  if (input) {
    input.addEventListener("change", () => {
      reviewFile = input.files.length ? input.files[0] : null;
      sendReview("");
    });
  }
});
