import { z } from 'zod';

/** Ids are UUIDs; anything else is a bad id and answers 400 before any lookup. */
export const ZId = z.uuid({ message: 'must be an id' });

/** Query-string booleans arrive as the strings true and false. */
export const ZQueryBoolean = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true');

export const ZPage = z.coerce.number().int().min(0).max(100_000).default(0);
export const ZSize = (max: number, fallback: number) =>
  z.coerce.number().int().min(1).max(max).default(fallback);
