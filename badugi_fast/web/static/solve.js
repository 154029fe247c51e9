// /solve: the solve streams in as server-sent events: the convergence curve redrawn after each
// block, then the solution (its summary, the node picker and each node's grid, drawn by the
// server). Cancel closes the stream, and the server stops between blocks.
"use strict";

function showNode(result, index) {
  result.querySelectorAll(".solve-node").forEach((box) => {
    box.hidden = box.dataset.node !== index;
  });
}

function streamSolve(box) {
  const curve = document.getElementById("solve-curve");
  const result = document.getElementById("solve-result");
  const progress = (data, status) => {
    status.textContent = data.label + " (" + (data.done + 1) + ")";
  };
  const drawn = (data) => {  // the server's drawings, escaped where they were drawn
    if (data.step === "solve_solution") {
      curve.innerHTML = "";
      result.innerHTML = data.html;
      const picker = document.getElementById("solve-node");
      picker.addEventListener("change", () => showNode(result, picker.value));
    } else {
      curve.innerHTML = data.html;
    }
  };
  followStream(box, progress, drawn, () => {});  // app.js
}

document.addEventListener("DOMContentLoaded", () => {
  const box = document.getElementById("solve-stream");
  if (box && box.dataset.src) {
    streamSolve(box);
  }
});
