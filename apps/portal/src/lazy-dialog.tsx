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
