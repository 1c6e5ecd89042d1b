import { startTransition, useEffect, useState } from 'react';

/**
 * True once `arrived` has been, set in a transition: a page whose data has just come draws it in
 * slices between which the phone stays responsive. The render that sees the answer first is
 * synchronous (the query cache is an external store) and would otherwise draw the whole page in
 * one block. Stays true: a later refetch never takes the page back to its loading state.
 */
export function useDrawnInTransition(arrived: boolean): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (arrived && !drawn) startTransition(() => setDrawn(true));
  }, [arrived, drawn]);
  return drawn;
}
