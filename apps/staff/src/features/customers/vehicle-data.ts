import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../context.js';
import { enginesQuery, makesQuery, modelsQuery, yearsQuery } from './customers-api.js';

// The lists come from the offline vPIC data and never change while the app runs.
const forever = { staleTime: Infinity, gcTime: 30 * 60_000 } as const;

export function useYears() {
  const { api } = useServices();
  return useQuery({ ...yearsQuery(api), ...forever });
}

export function useMakes(year: number | null | undefined) {
  const { api } = useServices();
  return useQuery({
    ...makesQuery(api, year),
    enabled: Boolean(year),
    ...forever,
  });
}

export function useModels(year: number | null | undefined, make: string | null | undefined) {
  const { api } = useServices();
  return useQuery({
    ...modelsQuery(api, year, make),
    enabled: Boolean(year && make),
    ...forever,
  });
}

export function useEngines(year: number | null | undefined, make: string | null | undefined, model: string | null | undefined) {
  const { api } = useServices();
  return useQuery({
    ...enginesQuery(api, year, make, model),
    enabled: Boolean(year && make && model),
    ...forever,
  });
}

/** The list's entries, with the current value added when the list does not hold it (a decoded VIN). */
export function options(list: ReadonlyArray<string | number> | undefined, current: string | number | null | undefined): string[] {
  const values = (list ?? []).map(String);
  if (current !== null && current !== undefined && current !== '' && !values.includes(String(current))) values.unshift(String(current));
  return values;
}
