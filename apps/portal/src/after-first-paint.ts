/**
 * Runs `task` once the page has painted and the browser is idle (within a second at most); where
 * requestIdleCallback is missing (Safari), a moment after the next frame. Answers the cancel.
 */
export function afterFirstPaint(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 1000 });
    return () => cancelIdleCallback(handle);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 50);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
