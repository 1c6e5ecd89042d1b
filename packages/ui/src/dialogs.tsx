import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { ConfirmOptions, PromptOptions } from './dialog-views.js';

/**
 * The dialogs' code is loaded when the first one opens, or once the page is idle, whichever comes
 * first: a phone's first page (the portal's login) does not download Mantine's Modal before it
 * paints, and the dialogs are in memory before anyone needs one, even if the network drops later.
 * In an app that imports them elsewhere (the staff app) this is the module already loaded.
 */
const loadViews = () => import('./dialog-views.js');
const LazyConfirmDialog = lazy(() => loadViews().then((m) => ({ default: m.ConfirmDialog })));
const LazyPromptDialog = lazy(() => loadViews().then((m) => ({ default: m.PromptDialog })));
const LazyLoadingModal = lazy(() => loadViews().then((m) => ({ default: m.LoadingModal })));
const IDLE_PRELOAD_MS = 3000;

type Pending =
  | { id: number; kind: 'confirm'; options: ConfirmOptions; resolve: (ok: boolean) => void }
  | { id: number; kind: 'prompt'; options: PromptOptions; resolve: (value: string | null) => void };

export interface DialogsApi {
  /** Resolves true on OK, false on cancel (or closing, unless the cancel button is hidden). */
  confirm(options: ConfirmOptions): Promise<boolean>;
  /** Resolves with the text on OK, null on cancel. */
  prompt(options: PromptOptions): Promise<string | null>;
  /** Shows the loading modal until the returned function is called. Nested calls stack. */
  showLoading(message?: string): () => void;
}

const DialogsContext = createContext<DialogsApi | null>(null);

/** Lets any component ask a question with `await dialogs.confirm(...)`; one dialog at a time, in order. */
export function DialogsProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Pending[]>([]);
  const [loading, setLoading] = useState<{ id: number; message?: string }[]>([]);
  const nextId = useRef(1);

  const settle = useCallback((id: number) => setQueue((q) => q.filter((p) => p.id !== id)), []);
  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        setQueue((q) => [...q, { id: nextId.current++, kind: 'confirm', options, resolve }]);
      }),
    [],
  );
  const prompt = useCallback(
    (options: PromptOptions) =>
      new Promise<string | null>((resolve) => {
        setQueue((q) => [...q, { id: nextId.current++, kind: 'prompt', options, resolve }]);
      }),
    [],
  );
  const showLoading = useCallback((message?: string) => {
    const id = nextId.current++;
    setLoading((l) => [...l, { id, message }]);
    return () => setLoading((l) => l.filter((entry) => entry.id !== id));
  }, []);
  const api = useMemo(() => ({ confirm, prompt, showLoading }), [confirm, prompt, showLoading]);

  // Mounted from the first loading screen on, so that it closes with its transition.
  const [loadingUsed, setLoadingUsed] = useState(false);
  if (loading.length > 0 && !loadingUsed) setLoadingUsed(true);
  useEffect(() => {
    const timer = setTimeout(() => void loadViews().catch(() => {}), IDLE_PRELOAD_MS);
    return () => clearTimeout(timer);
  }, []);

  const current = queue[0];
  const topLoading = loading.at(-1);
  return (
    <DialogsContext.Provider value={api}>
      {children}
      <Suspense fallback={null}>
        {current?.kind === 'confirm' && (
          <LazyConfirmDialog
            key={current.id}
            opened
            {...current.options}
            onConfirm={() => {
              current.resolve(true);
              settle(current.id);
            }}
            onCancel={() => {
              current.resolve(false);
              settle(current.id);
            }}
          />
        )}
        {current?.kind === 'prompt' && (
          <LazyPromptDialog
            key={current.id}
            opened
            {...current.options}
            onSubmit={(value) => {
              current.resolve(value);
              settle(current.id);
            }}
            onCancel={() => {
              current.resolve(null);
              settle(current.id);
            }}
          />
        )}
        {loadingUsed && <LazyLoadingModal opened={Boolean(topLoading)} message={topLoading?.message} />}
      </Suspense>
    </DialogsContext.Provider>
  );
}

export function useDialogs(): DialogsApi {
  const api = useContext(DialogsContext);
  if (!api) throw new Error('useDialogs needs a <DialogsProvider> (UiProvider includes one)');
  return api;
}
