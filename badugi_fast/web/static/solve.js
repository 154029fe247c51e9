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
  const status = box.querySelector(".status");
  const cancel = document.getElementById("cancel");
  const curve = document.getElementById("solve-curve");
  const result = document.getElementById("solve-result");
  const source = new EventSource(box.dataset.src);
  const finish = (state, text) => {
    source.close();
    box.dataset.state = state;
    status.textContent = text;
    cancel.hidden = true;
  };
  source.addEventListener("progress", (event) => {
    const data = JSON.parse(event.data);
    status.textContent = data.label + " (" + (data.done + 1) + ")";
  });
  source.addEventListener("result", (event) => {
    const data = JSON.parse(event.data);  // the server's drawings, escaped where they were drawn
    if (data.step === "solve_solution") {
      curve.innerHTML = "";
      result.innerHTML = data.html;
      const picker = document.getElementById("solve-node");
      picker.addEventListener("change", () => showNode(result, picker.value));
    } else {
      curve.innerHTML = data.html;
    }
  });
  source.addEventListener("done", () => finish("done", box.dataset.done));
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

document.addEventListener("DOMContentLoaded", () => {
  const box = document.getElementById("solve-stream");
  if (box && box.dataset.src) {
    streamSolve(box);
  }
});
