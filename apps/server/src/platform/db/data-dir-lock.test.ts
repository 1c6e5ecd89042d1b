import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DataDirLockedError,
  FOREIGN_LOCK_STALE_MS,
  lockDataFolder,
  processStartTime,
  type LockHolder,
} from './data-dir-lock.js';

const dirs: string[] = [];
function folder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'servicebay-lock-'));
  dirs.push(dir);
  return path.join(dir, 'pglite');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A lock file as another process would have left it. */
function writeLock(dir: string, holder: Partial<LockHolder>): void {
  const full: LockHolder = {
    pid: process.ppid,
    hostname: os.hostname(),
    lockedAt: new Date().toISOString(),
    ...holder,
  };
  writeFileSync(`${dir}.lock`, JSON.stringify(full));
}

/** A pid that is certainly not running: a child that has already exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

const linux = processStartTime('self') !== undefined;

describe('lockDataFolder', () => {
  it('holds the folder until released, then removes its file', () => {
    const dir = folder();
    const lock = lockDataFolder(dir);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({
      pid: process.pid,
      hostname: os.hostname(),
    });
    expect(() => lockDataFolder(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    lockDataFolder(dir).release();
  });

  it('refuses a folder held by a running process, naming the folder, the pid and what to do', () => {
    const dir = folder();
    writeLock(dir, { pid: process.ppid, processStart: processStartTime(process.ppid) });
    let error: unknown;
    try {
      lockDataFolder(dir);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    const message = (error as Error).message;
    expect(message).toContain(dir);
    expect(message).toContain(`pid ${process.ppid}`);
    expect(message).toContain('stop the other server');
    expect(message).toContain('DATABASE_URL');
    // The holder's lock is left as it was.
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(process.ppid);
  });

  it('takes over the lock of a process that is gone', () => {
    const dir = folder();
    writeLock(dir, { pid: deadPid() });
    const lock = lockDataFolder(dir);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it("takes over a lock in this process's own pid (a restarted container) and an unreadable one", () => {
    const dir = folder();
    writeLock(dir, { pid: process.pid, processStart: '1' });
    lockDataFolder(dir).release();
    writeFileSync(`${dir}.lock`, '');
    lockDataFolder(dir).release();
  });

  it.runIf(linux)(
    'takes over when the pid now belongs to another process, or the machine has booted since',
    () => {
      const dir = folder();
      writeLock(dir, { pid: process.ppid, processStart: '1' });
      lockDataFolder(dir).release();
      writeLock(dir, {
        pid: process.ppid,
        processStart: processStartTime(process.ppid),
        bootId: 'another-boot',
      });
      lockDataFolder(dir).release();
    },
  );

  it('from another host: refused while refreshed, taken over once it is not', () => {
    const dir = folder();
    writeLock(dir, { hostname: `not-${os.hostname()}` });
    expect(() => lockDataFolder(dir)).toThrow(/refreshed 0 s ago/);
    const old = new Date(Date.now() - FOREIGN_LOCK_STALE_MS - 1000);
    utimesSync(`${dir}.lock`, old, old);
    lockDataFolder(dir).release();
  });

  it('a release leaves alone a lock another process has taken over since', () => {
    const dir = folder();
    const lock = lockDataFolder(dir);
    rmSync(`${dir}.lock`);
    writeLock(dir, { pid: process.ppid });
    lock.release();
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(process.ppid);
  });
});
