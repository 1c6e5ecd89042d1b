import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog whose code loads the first time it opens, so a page's first paint does not wait for it
 * (Mantine's Modal, its scroll lock, and what the dialog draws). Once loaded it stays mounted, so
 * it closes with its transition and opens again at once.
 */
export function lazyDialog<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    const [wanted, setWanted] = useState(props.opened);
    // Derived from the props during render: the first opening mounts it for good.
    if (props.opened && !wanted) setWanted(true);
    return wanted ? (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    ) : null;
  };
}

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
