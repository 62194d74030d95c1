// The core's rules, the same Swift code the server runs, built for the browser as WebAssembly
// (Web/app/rules.wasm, made by Tools/wasm/build.sh from Sources/BasketRules): name keys, typed
// adds, amounts and units. The page calls them through `call` with JSON values, as
// RulesBridge.swift answers them; nothing here restates a rule.

let exports = null;
let loading = null;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Loads the module once: from `bytes` when given (the Node tests), else from the server (kept
 * by the service worker). Resolves when the rules can be called.
 */
export function loadRules(bytes) {
  if (!loading) {
    loading = (async () => {
      const source = bytes ?? await (await fetch('/app/rules.wasm')).arrayBuffer();
      let memory = null;
      // NB: what wasi-libc's malloc and the standard library's hashing ask of a platform: no
      // files are ever written, and the seed comes from the browser's secure random source.
      const wasi = {
        fd_close: () => 0,
        fd_seek: () => 0,
        fd_write: () => 0,
        random_get: (pointer, count) => {
          crypto.getRandomValues(new Uint8Array(memory.buffer, pointer, count));
          return 0;
        },
      };
      const { instance } = await WebAssembly.instantiate(source, { wasi_snapshot_preview1: wasi });
      memory = instance.exports.memory;
      exports = instance.exports;
    })();
  }
  return loading;
}

/** Whether the rules are loaded. */
export function rulesReady() {
  return exports !== null;
}

/** The answer of the rule `fn` to `args` (JSON values); throws the rule's refusal. */
export function call(fn, ...args) {
  if (!exports) throw new Error('the rules are still loading');
  const request = encoder.encode(JSON.stringify({ fn, args }));
  const pointer = exports.basket_alloc(request.length);
  new Uint8Array(exports.memory.buffer, pointer, request.length).set(request);
  const length = exports.basket_call(pointer, request.length);
  exports.basket_free(pointer);
  const answer = JSON.parse(decoder.decode(new Uint8Array(exports.memory.buffer, exports.basket_answer(), length)));
  if ('error' in answer) throw new Error(answer.error);
  return answer.ok;
}
