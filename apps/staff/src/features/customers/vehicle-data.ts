import { useQuery } from '@tanstack/react-query';
import { encodeModelName, listEnginesRoute, listMakesRoute, listModelsRoute, listYearsRoute } from '@servicebay/domain';
import { useServices } from '../../context.js';

// The lists come from the offline vPIC data and never change while the app runs.
const forever = { staleTime: Infinity, gcTime: 30 * 60_000 } as const;

export function useYears() {
  const { api } = useServices();
  return useQuery({ queryKey: ['vehicleData', 'years'], queryFn: ({ signal }) => api.call(listYearsRoute, { signal }), ...forever });
}

export function useMakes(year: number | null | undefined) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['vehicleData', 'makes', year],
    queryFn: ({ signal }) => api.call(listMakesRoute, { params: { year: year! }, signal }),
    enabled: Boolean(year),
    ...forever,
  });
}

export function useModels(year: number | null | undefined, make: string | null | undefined) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['vehicleData', 'models', year, make],
    queryFn: ({ signal }) => api.call(listModelsRoute, { params: { year: year!, make: make! }, signal }),
    enabled: Boolean(year && make),
    ...forever,
  });
}

export function useEngines(year: number | null | undefined, make: string | null | undefined, model: string | null | undefined) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['vehicleData', 'engines', year, make, model],
    // A slash in a model name travels as a placeholder.
    queryFn: ({ signal }) => api.call(listEnginesRoute, { params: { year: year!, make: make!, model: encodeModelName(model!) }, signal }),
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
