// /play: the draw button says how many cards are thrown ("draw 2", or "draw 0": standing pat),
// and a form is sent once (a second click would act on a page already out of date).
"use strict";

document.addEventListener("DOMContentLoaded", () => {
  const form = document.getElementById("draw-form");
  if (form) {
    const button = document.getElementById("draw");
    const label = button.textContent;
    const boxes = form.querySelectorAll("input[name=card]");
    const count = () => {
      const thrown = Array.from(boxes).filter((box) => box.checked).length;
      button.textContent = label + " " + thrown;
      button.dataset.thrown = String(thrown);
    };
    boxes.forEach((box) => box.addEventListener("change", count));
    count();
  }
  document.querySelectorAll("form[method=post]").forEach((sent) => {
    sent.addEventListener("submit", () => {
      window.setTimeout(() => {
        sent.querySelectorAll("button").forEach((button) => { button.disabled = true; });
      }, 0);
    });
  });
});
