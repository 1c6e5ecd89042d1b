import { randomBytes } from 'node:crypto';
import {
  linkSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';

/**
 * One server process per PGlite data folder. PGlite is an embedded database: two processes that
 * open the same folder each keep their own copy in memory, see only their own writes, and one of
 * them loses its acknowledged writes at the next start. So the folder is locked by a file beside
 * it, `<folder>.lock`, naming the process that holds it.
 *
 * Node has no advisory lock (flock) without a native addon, so the lock is a file created
 * atomically: written complete under a private name, then hard-linked to the lock's name, which
 * fails when the name exists. A lock left by a process that is gone (kill -9, a power cut) is
 * taken over at the next start:
 * - on the same host, when its process is gone: the pid is not alive, or is alive but started at
 *   another time (the pid was reused), or the machine has booted since;
 * - from another host (a shared volume, a container that came back with a new hostname), when
 *   its holder has stopped refreshing it: the holder touches the file every HEARTBEAT_MS.
 */

export interface LockHolder {
  pid: number;
  hostname: string;
  /** When the holder took the lock (ISO time), for the message. */
  lockedAt: string;
  /** The holder's start time in clock ticks since boot (/proc/<pid>/stat), on Linux. */
  processStart?: string;
  /** /proc/sys/kernel/random/boot_id at the holder's start, on Linux. */
  bootId?: string;
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock if it is still this process's; safe to call twice. */
  release(): void;
}

export const HEARTBEAT_MS = 10_000;
/** A lock from another host that has not been refreshed for this long is stale. */
export const FOREIGN_LOCK_STALE_MS = 6 * HEARTBEAT_MS;

export class DataDirLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly lockFile: string,
    readonly holder: LockHolder,
    foreign: { ageMs: number } | undefined,
  ) {
    const who = `pid ${holder.pid} on host ${holder.hostname}, since ${holder.lockedAt}`;
    super(
      `The PGlite database in ${folder} is in use by another ServiceBay server (${who}). ` +
        'One data folder serves one server process: stop the other server first, or give this one ' +
        'its own DATA_DIR. To run several server processes on one database, use a PostgreSQL server ' +
        `(DATABASE_URL). Lock file: ${lockFile}` +
        (foreign
          ? ` (refreshed ${Math.round(foreign.ageMs / 1000)} s ago; if that server is gone, it is taken ` +
            `over once it has not been refreshed for ${FOREIGN_LOCK_STALE_MS / 1000} s).`
          : '.'),
    );
    this.name = 'DataDirLockedError';
  }
}

/** Locks held by this process, so that it cannot open one folder twice either. */
const heldHere = new Set<string>();

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

function readProc(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat: the process's start time, in clock ticks since boot. */
export function processStartTime(pid: number | 'self'): string | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // The command name (field 2) is in parentheses and may hold spaces: count from its end.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19];
}

function bootId(): string | undefined {
  return readProc('/proc/sys/kernel/random/boot_id')?.trim();
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return errorCode(error) === 'EPERM';
  }
}

interface FoundLock {
  holder: LockHolder | undefined;
  ino: number;
  mtimeMs: number;
}

function readLock(file: string): FoundLock | undefined {
  try {
    const { ino, mtimeMs } = statSync(file);
    let holder: LockHolder | undefined;
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
      if (Number.isInteger(parsed.pid) && typeof parsed.hostname === 'string') holder = parsed;
    } catch {
      // Unreadable: not written by this code (the lock appears complete), so nobody's.
    }
    return { holder, ino, mtimeMs };
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/** Whether the lock's holder may still be running; false only when it certainly is not. */
function holderIsRunning(found: FoundLock): boolean {
  const { holder } = found;
  if (!holder) return false;
  if (holder.hostname !== os.hostname()) return Date.now() - found.mtimeMs < FOREIGN_LOCK_STALE_MS;
  const boot = bootId();
  if (holder.bootId && boot && holder.bootId !== boot) return false;
  // This process holds no lock on the folder (checked before), so a lock in its pid is a
  // previous process's (a container restarted with the same pid).
  if (holder.pid === process.pid) return false;
  if (!isAlive(holder.pid)) return false;
  const start = processStartTime(holder.pid);
  if (holder.processStart && start) return start === holder.processStart;
  return true;
}

/**
 * Moves a stale lock out of the way, unless another process replaced it since it was read:
 * the rename takes whatever is at the name, so a lock with another inode is put back.
 */
function removeStaleLock(file: string, staleIno: number): void {
  const aside = `${file}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  try {
    if (statSync(aside).ino !== staleIno) linkSync(aside, file);
  } catch {
    // Another process took the name meanwhile: the next attempt reads its lock.
  } finally {
    rmSync(aside, { force: true });
  }
}

/** Takes the lock on `folder`, or throws DataDirLockedError naming the process that holds it. */
export function lockDataFolder(folder: string): DataDirLock {
  const file = `${folder}.lock`;
  const me: LockHolder = {
    pid: process.pid,
    hostname: os.hostname(),
    lockedAt: new Date().toISOString(),
    processStart: processStartTime('self'),
    bootId: bootId(),
  };
  const content = `${JSON.stringify(me)}\n`;
  if (heldHere.has(file)) throw new DataDirLockedError(folder, file, me, undefined);
  const draft = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, content, { flag: 'wx' });
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(draft, file);
        return holdLock(file, content);
      } catch (error) {
        if (errorCode(error) !== 'EEXIST') throw error;
      }
      const found = readLock(file);
      if (!found) continue;
      if (found.holder && holderIsRunning(found)) {
        const foreign = found.holder.hostname !== me.hostname;
        throw new DataDirLockedError(
          folder,
          file,
          found.holder,
          foreign ? { ageMs: Date.now() - found.mtimeMs } : undefined,
        );
      }
      removeStaleLock(file, found.ino);
    }
    throw new Error(`Could not lock ${folder}: ${file} kept changing (several servers starting at once?)`);
  } finally {
    rmSync(draft, { force: true });
  }
}

function holdLock(file: string, content: string): DataDirLock {
  heldHere.add(file);
  const { ino } = statSync(file);
  // Proof of life for a process on another host, which cannot ask whether this pid runs.
  const heartbeat = setInterval(() => {
    try {
      if (statSync(file).ino !== ino) return;
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      // Removed by hand: nothing to refresh.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    process.off('exit', release);
    heldHere.delete(file);
    try {
      // Only this process's own lock: another may have taken over one it judged stale.
      if (statSync(file).ino === ino && readFileSync(file, 'utf8') === content) unlinkSync(file);
    } catch {
      // Already gone.
    }
  };
  // An uncaught error ends the process without closing the database; its lock goes with it.
  process.on('exit', release);
  return { file, release };
}
