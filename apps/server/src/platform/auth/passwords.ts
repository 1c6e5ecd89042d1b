import { hash, verify } from '@node-rs/argon2';

/** argon2id at OWASP's minimum cost (19 MiB, 2 passes, 1 lane). */
// 2 is Algorithm.Argon2id; the package exports it as an ambient const enum, unusable here.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
