// The library compiled to WebAssembly (cardsharp.wasm, which web/build.sh
// puts beside the page), run in a worker so that a large text never holds
// up the page. It answers what POST /api/analyze answers, byte for byte.
//
// It first says whether the module is there: `{ready: true}` or
// `{ready: false}`. `cardsharp serve` answers the module's address with
// 204, no content, and the page asks the endpoint instead. Then each
// message `{id, request}` (the endpoint's JSON body, as text) gets
// `{id, answer}` (the endpoint's JSON answer, as text).
"use strict";

let module = null;
let instance = null;

async function load() {
  const response = await fetch("cardsharp.wasm");
  if (response.status !== 200) return false;
  // Compiled as it downloads where the host names its type, as static
  // hosts do; from its bytes where it does not.
  const streamed = response.headers.get("Content-Type")?.startsWith("application/wasm");
  ({ module, instance } = streamed
    ? await WebAssembly.instantiateStreaming(response)
    : await WebAssembly.instantiate(await response.arrayBuffer()));
  return true;
}

const loaded = load();
loaded.then((ready) => postMessage({ ready }), () => postMessage({ ready: false }));

// The three exported functions: room for the request, the analysis, the
// place of the answer. The answer is read before the next call.
function answer(request) {
  const exports = instance.exports;
  const bytes = new TextEncoder().encode(request);
  const at = exports.request(bytes.length);
  new Uint8Array(exports.memory.buffer, at, bytes.length).set(bytes);
  const length = exports.analyze();
  return new TextDecoder().decode(new Uint8Array(exports.memory.buffer, exports.answer(), length));
}

onmessage = async ({ data }) => {
  await loaded;
  try {
    postMessage({ id: data.id, answer: answer(data.request) });
  } catch (problem) {
    // A trap leaves the instance's memory as it was when it stopped: the
    // next request gets a fresh one.
    instance = await WebAssembly.instantiate(module);
    postMessage({ id: data.id, answer: JSON.stringify({ error: `the module failed: ${problem.message}` }) });
  }
};
