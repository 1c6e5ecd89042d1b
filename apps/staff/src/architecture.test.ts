import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The staff app's folders import one way only: no two folders (each feature folder counts as one,
 * each file at the top of src as one) may reach each other, directly or round a longer loop, and
 * the shared kit sits below every screen folder. A cycle means a piece both sides need belongs in
 * kit/, in the lower folder, or in packages/web-core.
 */
const SRC = dirname(fileURLToPath(import.meta.url));

/** The folder a file belongs to: `features/<name>`, another top folder, or the top file itself. */
function unitOf(file: string): string {
  const parts = file.split(sep);
  if (parts.length === 1) return parts[0]!.replace(/\.tsx?$/, '');
  return parts[0] === 'features' ? `features/${parts[1]}` : parts[0]!;
}

/** unit → the units it imports, each with one file that does it (for the failure message). */
function importGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
    (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f),
  );
  for (const file of files) {
    const source = readFileSync(join(SRC, file), 'utf8');
    const from = unitOf(file);
    for (const match of source.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = relative(SRC, resolve(SRC, dirname(file), match[1]!));
      if (target.startsWith('..')) continue;
      const to = unitOf(target);
      if (to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, file);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** Every cycle's members (Tarjan's strongly connected components of more than one unit). */
function cycles(graph: Map<string, Map<string, string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (unit: string) => {
    index.set(unit, next);
    low.set(unit, next);
    next += 1;
    stack.push(unit);
    onStack.add(unit);
    for (const to of graph.get(unit)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(unit, Math.min(low.get(unit)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(unit, Math.min(low.get(unit)!, index.get(to)!));
    }
    if (low.get(unit) !== index.get(unit)) return;
    const members: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      members.push(member);
    } while (member !== unit);
    if (members.length > 1) found.push(members.sort());
  };
  for (const unit of graph.keys()) if (!index.has(unit)) visit(unit);
  return found;
}

describe('staff app folders', () => {
  const graph = importGraph();

  it('reads the app (sanity: the shell imports the session)', () => {
    expect(graph.get('layout')?.has('session')).toBe(true);
  });

  it('have no import cycle', () => {
    const described = cycles(graph).map((members) =>
      members
        .flatMap((from) =>
          members.filter((to) => graph.get(from)?.has(to)).map((to) => `${from} → ${to} (${graph.get(from)!.get(to)})`),
        )
        .join('; '),
    );
    expect(described).toEqual([]);
  });

  it('keep the kit below the screens', () => {
    const upward = [...(graph.get('kit')?.entries() ?? [])]
      .filter(([to]) => to.startsWith('features/') || ['pages', 'layout', 'session', 'App'].includes(to))
      .map(([to, file]) => `kit → ${to} (${file})`);
    expect(upward).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const looped = new Map([
      ['a', new Map([['b', 'a.ts']])],
      ['b', new Map([['c', 'b.ts']])],
      ['c', new Map([['a', 'c.ts']])],
    ]);
    expect(cycles(looped)).toEqual([['a', 'b', 'c']]);
  });
});
