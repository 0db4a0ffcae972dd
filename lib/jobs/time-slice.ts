// The scheduler's jobs run in the process that serves requests: a loop of synchronous work (metrics
// for every company, a large upstream file) must hand the event loop back every few milliseconds so
// requests and WebSocket fan-out are not held behind it.

/** Resolves after pending I/O callbacks and timers have had their turn. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * A checkpoint for a long loop: `await slice()` between items yields to the event loop once
 * `budgetMs` of work has run since the last yield, and otherwise returns at once.
 */
export function timeSlicer(budgetMs = 5): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < budgetMs) return;
    await yieldToEventLoop();
    since = performance.now();
  };
}
