import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's walls, read from its sources (docs/architecture.md "Server modules"): modules import
 * one another without cycles and only through their front doors, platform/ imports no module, and
 * services are built in one place, the composition root (modules/index.ts). Tests are free.
 */
const src = path.dirname(fileURLToPath(import.meta.url));
const modulesDir = path.join(src, 'modules');
const rel = (file: string) => path.relative(src, file).split(path.sep).join('/');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const isTest = (file: string) => file.endsWith('.test.ts');
/** Every relative import, export-from and dynamic import of a file, resolved to a source path. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\s[^;]*?\bfrom\s+['"](\.[^'"]+)['"]/gm),
    ...text.matchAll(/^\s*import\s+['"](\.[^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]!);
  return specifiers.map((s) => path.resolve(path.dirname(file), s.replace(/\.js$/, '.ts')));
}
/** The module a source file belongs to (`modules/<name>/...`), or null. */
function moduleOf(file: string): string | null {
  const r = path.relative(modulesDir, file);
  if (r.startsWith('..') || path.isAbsolute(r)) return null;
  const parts = r.split(path.sep);
  return parts.length > 1 ? parts[0]! : null;
}

const all = sources(src);
const code = all.filter((f) => !isTest(f));

/** A cycle in the graph, as a path that returns to its start, or null. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    if (state.has(node)) continue;
    const found = visit(node);
    if (found) return found;
  }
  return null;
}

function moduleGraph(files: string[]) {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const from = moduleOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    // Tables are the database's shared contract: a repository joining another module's table
    // (its *.schema.ts) does not depend on that module's code.
    for (const target of importsOf(file).filter((t) => !t.endsWith('.schema.ts'))) {
      const to = moduleOf(target);
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Calls of a module service factory (`create*Service`, the old `*Service(platform)` helpers), not their definitions. */
const FACTORY_CALL = /(?<!function\s+)\b(create\w*Service|createSessions|(?:repairOrders|inspections|estimates|reportSending|reportView|reportLinks|customers)Service)\s*\(/g;

describe('server architecture', () => {
  it('finds the modules and their imports (the checks below are not vacuous)', () => {
    const graph = moduleGraph(code);
    expect(graph.size).toBeGreaterThan(10);
    expect(graph.get('inspections')?.has('repair-orders')).toBe(true);
    expect(findCycle(new Map([['a', new Set(['b'])], ['b', new Set(['a'])]]))).toEqual(['a', 'b', 'a']);
  });

  it('has no import cycle between modules', () => {
    expect(findCycle(moduleGraph(code))).toBeNull();
  });

  it('lets modules reach one another only through their front doors (index.ts; *.schema.ts allowed)', () => {
    const breaches: string[] = [];
    for (const file of code) {
      const from = moduleOf(file);
      if (!from || from === 'demo') continue;
      for (const target of importsOf(file)) {
        const to = moduleOf(target);
        if (!to || to === from) continue;
        const inside = path.relative(path.join(modulesDir, to), target);
        if (inside !== 'index.ts' && !target.endsWith('.schema.ts')) breaches.push(`${rel(file)} -> ${rel(target)}`);
      }
    }
    expect(breaches).toEqual([]);
  });

  it('keeps platform/ free of modules', () => {
    // Tests are free to build what they check from any module.
    const breaches = code
      .filter((file) => rel(file).startsWith('platform/'))
      .flatMap((file) => importsOf(file).filter((t) => rel(t).startsWith('modules/')).map((t) => `${rel(file)} -> ${rel(t)}`));
    expect(breaches).toEqual([]);
  });

  it('builds services in the composition root only (modules/index.ts)', () => {
    const calls = code
      // The platform builds its own providers (bootstrap.ts); module services are built in one place.
      .filter((file) => rel(file) !== 'modules/index.ts' && !rel(file).startsWith('platform/'))
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(FACTORY_CALL)].map((m) => `${rel(file)}: ${m[1]}(`));
    expect(calls).toEqual([]);
    expect(readFileSync(path.join(modulesDir, 'index.ts'), 'utf8').match(FACTORY_CALL)?.length).toBeGreaterThan(10);
  });
});
