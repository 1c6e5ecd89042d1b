import { lazy, Suspense, useState } from 'react';
import type { ImageEditorProps } from './ImageEditor.js';

const LoadedEditor = lazy(() => import('./ImageEditor.js').then((m) => ({ default: m.ImageEditor })));

/**
 * The image editor, its code fetched the first time a file is handed to it (a page that may
 * annotate a picture does not download the editor until a picture is chosen). Same props.
 */
export function LazyImageEditor(props: ImageEditorProps) {
  const [used, setUsed] = useState(false);
  if (props.file && !used) setUsed(true);
  if (!used && !props.file) return null;
  return (
    <Suspense fallback={null}>
      <LoadedEditor {...props} />
    </Suspense>
  );
}
