import { z } from 'zod';

/**
 * Decision 0002: where the spec gives a field two or three names, responses use one and requests
 * accept them all. Wraps a request schema so each alias is copied to the chosen name (when the
 * chosen name is absent) and removed before validation, so strict schemas and the OpenAPI
 * document see one name. Two different values under two names are refused, naming both.
 *
 *   withAliases(ZVehicleBody, { VIN: 'vin', vinNumber: 'vin' })
 */
export function withAliases<T extends z.ZodType>(schema: T, aliases: Record<string, string>) {
  return z.preprocess((input, ctx) => {
    if (input === null || typeof input !== 'object' || Array.isArray(input)) return input;
    const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
    for (const [alias, name] of Object.entries(aliases)) {
      if (!(alias in out)) continue;
      const value = out[alias];
      delete out[alias];
      if (name in out && out[name] !== value) {
        ctx.addIssue({ code: 'custom', path: [name], message: `${alias} and ${name} disagree; send one` });
        continue;
      }
      out[name] = value;
    }
    return out;
  }, schema);
}
