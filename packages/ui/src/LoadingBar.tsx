import { useEffect, useState, useSyncExternalStore } from 'react';
import { Box, Progress } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Anything that holds the request progress: web-core's `api.progress` fits as it is. */
export interface ProgressSource {
  get(): number;
  subscribe(listener: (value: number) => void): () => void;
}

export interface LoadingBarProps {
  /** 50 while requests run, 100 when they finished, 0 after an error (or before any). */
  progress?: number;
  /** Used instead of `progress` when given. */
  source?: ProgressSource;
}

/** How long a finished bar stays full before it goes, so a quick request is still seen to end. */
export const FINISHED_VISIBLE_MS = 400;

const noSource: ProgressSource = { get: () => 0, subscribe: () => () => {} };

/** A thin bar along the top of the window showing that requests are in flight. */
export function LoadingBar({ progress, source }: LoadingBarProps) {
  const { t } = useTranslation('ui');
  const store = source ?? noSource;
  const fromSource = useSyncExternalStore(store.subscribe, store.get, store.get);
  const value = source ? fromSource : (progress ?? 0);

  const [showFinished, setShowFinished] = useState(false);
  useEffect(() => {
    if (value < 100) {
      setShowFinished(false);
      return;
    }
    setShowFinished(true);
    const timer = setTimeout(() => setShowFinished(false), FINISHED_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [value]);

  const visible = (value > 0 && value < 100) || (value >= 100 && showFinished);
  if (!visible) return null;
  return (
    <Box pos="fixed" top={0} left={0} right={0} style={{ zIndex: 1100 }}>
      <Progress
        value={Math.min(value, 100)}
        size={4}
        radius={0}
        aria-label={t('loading.bar')}
        transitionDuration={200}
      />
    </Box>
  );
}
