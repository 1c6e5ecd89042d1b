import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries drawn from the zod 4 schemas of the route table: values the schema
 * accepts (as far as its checks say; custom refinements are not solved), mixed with hostile
 * values a caller could send instead.
 */

/** A string of 1 MiB: larger than any text field, about the body limit. */
const ONE_MB = 'x'.repeat(1 << 20);

/** Strings no schema should let reach the database unchecked. */
export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'pat\u0000@example.com',
  '\uD800',
  'a\uDFFFb',
  '\uDBFF\uDBFF',
  ONE_MB,
  '',
  ' ',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x1F',
  '9'.repeat(400),
  '-99999999999999999999',
  "'; drop table users; --",
  '../../etc/passwd',
  '%00',
  '%',
  '<script>alert(1)</script>',
  '\u202eevil',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '\uD83D\uDE97',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
];

export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -1,
  1.5,
  -(2 ** 31),
  2 ** 31,
  2 ** 53,
  -(2 ** 53),
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  1e-300,
];

let deep: unknown = 'end';
for (let i = 0; i < 200; i++) deep = [deep];

/** Values of the wrong type for most fields. */
export const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [1, 'two'],
  { a: { b: 1 } },
  deep,
];

/** Keys a caller could add to an object: unknown ones, prototype names, keys the database cannot store. */
const EXTRA_KEYS = ['extra', '__proto__', 'constructor', 'prototype', 'x\u0000', '\uD800', '', '$where'];

export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 5 },
  { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS), weight: 2 },
  { arbitrary: fc.constantFrom(...HOSTILE_VALUES), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 1 },
);

/** The value one time in `oneIn`, null otherwise (fc.option's freq is the odds of null). */
export const rarely = <T>(arbitrary: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | null> =>
  fc.oneof({ arbitrary: fc.constant(null), weight: oneIn - 1 }, { arbitrary, weight: 1 });

export interface BuildOptions {
  /** Weight of a hostile value against 20 for a well-formed one, at every node; 0 for none. */
  hostility: number;
  /** Real ids (the caller's store and its resources) used for some of the uuid strings. */
  ids: readonly string[];
}

type Def = { type: string; [key: string]: unknown };
type Check = { check?: string; [key: string]: unknown };

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): Check[] =>
  ((def.checks as Array<{ _zod: { def: Check } }> | undefined) ?? []).map((c) => c._zod.def);
/** Whether an object key may be left out: optional, defaulted, or accepting undefined. */
const isOptional = (schema: z.ZodType) =>
  Boolean((schema as unknown as { _zod: { optin?: string } })._zod.optin);

function lengthBounds(def: Def, cap: number) {
  let min = 0;
  let max: number | undefined;
  for (const c of checksOf(def)) {
    if (c.check === 'min_length') min = Math.max(min, c.minimum as number);
    if (c.check === 'max_length') max = Math.min(max ?? Infinity, c.maximum as number);
    if (c.check === 'length_equals') min = max = c.length as number;
  }
  return { min, max: Math.max(min, Math.min(max ?? cap, min + cap)) };
}

function stringArbitrary(def: Def, options: BuildOptions): fc.Arbitrary<string> {
  const format =
    (def.format as string | undefined) ?? checksOf(def).find((c) => c.check === 'string_format')?.format;
  const pattern =
    (def.pattern as RegExp | undefined) ??
    (checksOf(def).find((c) => c.check === 'string_format')?.pattern as RegExp | undefined);
  switch (format) {
    case 'uuid':
    case 'guid':
      return options.ids.length
        ? fc.oneof(
            { arbitrary: fc.constantFrom(...options.ids), weight: 3 },
            { arbitrary: fc.uuid(), weight: 1 },
          )
        : fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'url':
      return fc.webUrl();
    case 'datetime':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    default:
      break;
  }
  if (pattern) return fc.stringMatching(pattern).filter((s) => s.length <= 2000);
  const { min, max } = lengthBounds(def, 40);
  return fc.oneof(
    { arbitrary: fc.string({ minLength: min, maxLength: max }), weight: 4 },
    { arbitrary: fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }), weight: 1 },
  );
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  let min = -1e9;
  let max = 1e9;
  let integer = false;
  for (const c of checksOf(def)) {
    if (c.check === 'number_format') integer = integer || String(c.format).includes('int');
    if (c.check === 'greater_than')
      min = Math.max(min, (c.value as number) + (c.inclusive ? 0 : integer ? 1 : 1e-6));
    if (c.check === 'less_than')
      max = Math.min(max, (c.value as number) - (c.inclusive ? 0 : integer ? 1 : 1e-6));
  }
  if (def.format && String(def.format).includes('int')) integer = true;
  if (min > max) return fc.constant(min);
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/**
 * What a hostile caller puts where this schema's value goes: for a string mostly a well-formed
 * one with a NUL or an unpaired surrogate in it (so it passes the other checks and would reach a
 * query), for a number extreme ones, and anything of the wrong type now and then.
 */
function nastyOf(kind: string, valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  if (kind === 'string') {
    const text = valid as fc.Arbitrary<string>;
    return fc.oneof(
      {
        arbitrary: fc
          .tuple(text, fc.nat())
          .map(([v, at]) => `${v.slice(0, at % (v.length + 1))}\u0000${v.slice(at % (v.length + 1))}`),
        weight: 3,
      },
      { arbitrary: text.map((v) => `${v}\uD800`), weight: 1 },
      { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 2 },
      { arbitrary: hostile, weight: 1 },
    );
  }
  if (kind === 'number')
    return fc.oneof(
      { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS), weight: 3 },
      { arbitrary: hostile, weight: 1 },
    );
  return hostile;
}

/** An arbitrary for the values of a zod schema, with hostile values mixed in at every node. */
export function arbitraryOf(schema: z.ZodType, options: BuildOptions, depth = 0): fc.Arbitrary<unknown> {
  const valid = wellFormed(schema, options, depth);
  if (!options.hostility) return valid;
  return fc.oneof(
    { arbitrary: valid, weight: 20 },
    { arbitrary: nastyOf(defOf(schema).type, valid), weight: options.hostility },
  );
}

function wellFormed(schema: z.ZodType, options: BuildOptions, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (s: unknown) => arbitraryOf(s as z.ZodType, options, depth + 1);
  if (depth > 8) return fc.constant(null);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def, options);
    case 'number':
      return numberArbitrary(def);
    case 'int':
      return fc.integer({ min: -1e6, max: 1e6 });
    case 'bigint':
      return fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String);
    case 'boolean':
      return fc.boolean();
    case 'date':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
    case 'never':
      return fc.constant(undefined);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    case 'optional':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 3 });
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return inner(def.innerType);
    case 'lazy':
      return inner((def.getter as () => z.ZodType)());
    case 'pipe': {
      // A transform's input is what the caller sends: z.preprocess(fn, schema) is pipe(transform, schema),
      // schema.transform(fn) is pipe(schema, transform).
      const input = defOf(def.in as z.ZodType).type === 'transform' ? def.out : def.in;
      return inner(input);
    }
    case 'transform':
      return fc.jsonValue({ maxDepth: 1 });
    case 'array': {
      const { min, max } = lengthBounds(def, 4);
      return fc.array(inner(def.element), { minLength: min, maxLength: Math.min(max, min + 4) });
    }
    case 'tuple':
      return fc.tuple(...(def.items as z.ZodType[]).map((i) => inner(i)));
    case 'set':
      return fc.array(inner(def.valueType), { maxLength: 4 });
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((o) => inner(o)));
    case 'intersection':
      return fc
        .tuple(inner(def.left), inner(def.right))
        .map(([a, b]) => (a && b && typeof a === 'object' && typeof b === 'object' ? { ...a, ...b } : a));
    case 'record': {
      const key =
        defOf(def.keyType as z.ZodType).type === 'string'
          ? stringArbitrary(defOf(def.keyType as z.ZodType), options)
          : inner(def.keyType);
      return fc.dictionary(key.map(String), inner(def.valueType), { maxKeys: 4 });
    }
    case 'object':
      return objectArbitrary(def, options, depth);
    default:
      // custom, file, symbol, map, template_literal...: not used by request schemas today.
      return fc.jsonValue({ maxDepth: 1 });
  }
}

const twoDecimals = (max: number) => fc.integer({ min: 1, max: max * 100 }).map((n) => n / 100);

/**
 * Well-formed values for fields whose rule is a refinement the schema walk cannot read (a phone of
 * 10 digits, a strong password, a real VIN...), by field name, so more requests pass validation.
 */
const FIELD_HINTS: Array<[RegExp, fc.Arbitrary<unknown>]> = [
  [/phone$/i, fc.oneof(fc.stringMatching(/^[2-9]\d{9}$/), fc.constant('(514) 555-0199'), fc.constant(''))],
  [/^e?mail$|email$/i, fc.oneof(fc.emailAddress(), fc.constant('pat@example.com'))],
  [/password$/i, fc.constantFrom('Abcdef12!xyz', 'Correct-Horse-9-battery')],
  [/^(vin|vinNumber|VIN)$/, fc.constantFrom('1HGCM82633A004352', '2T1BURHE0JC043821', 'WVWZZZ1JZXW000001')],
  [/^(quantity|labourHours|hours)$/, twoDecimals(99)],
  [
    /^signature$/,
    fc.constant(
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    ),
  ],
  [/^(pin|adminPIN)$/, fc.stringMatching(/^\d{4,8}$/)],
  [/^(language|languageId)$/, fc.constantFrom('en', 'fr')],
];

function objectArbitrary(def: Def, options: BuildOptions, depth: number): fc.Arbitrary<unknown> {
  const shape = def.shape as Record<string, z.ZodType>;
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  for (const [key, field] of Object.entries(shape)) {
    const hint = FIELD_HINTS.find(([name]) => name.test(key))?.[1];
    const drawn = arbitraryOf(field, options, depth + 1);
    model[key] = hint ? fc.oneof({ arbitrary: hint, weight: 9 }, { arbitrary: drawn, weight: 1 }) : drawn;
    if (!isOptional(field)) required.push(key);
  }
  const object = fc.record(model, { requiredKeys: required });
  if (!options.hostility) return object;
  // Sometimes a required field goes missing, sometimes an unknown or hostile key comes along.
  const missing = required.length ? rarely(fc.constantFrom(...required), 8) : fc.constant(null);
  const extra = rarely(fc.tuple(fc.constantFrom(...EXTRA_KEYS), hostile), 8);
  return fc.tuple(object, missing, extra).map(([value, drop, add]) => {
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    if (drop) delete out[drop];
    // defineProperty, so a key named __proto__ is a key and not the prototype.
    if (add)
      Object.defineProperty(out, add[0], {
        value: add[1],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return out;
  });
}

/** How many leaves (strings, numbers...) a schema has, to size a route's share of the runs. */
export function leafCount(schema: z.ZodType | undefined, depth = 0): number {
  if (!schema || depth > 6) return 0;
  const def = defOf(schema);
  const count = (s: unknown) => leafCount(s as z.ZodType, depth + 1);
  switch (def.type) {
    case 'object':
      return Object.values(def.shape as Record<string, z.ZodType>).reduce((n, s) => n + count(s), 0);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return count(def.innerType);
    case 'pipe':
      return Math.max(count(def.in), count(def.out));
    case 'array':
      return count(def.element);
    case 'union':
      return Math.max(...(def.options as z.ZodType[]).map(count));
    case 'record':
      return count(def.valueType) + 1;
    default:
      return 1;
  }
}

/** The nodes of a JSON-like value with their parent and key (the root has none), at most `cap`. */
function nodesOf(root: unknown, cap = 500) {
  const nodes: Array<{
    value: unknown;
    parent: Record<string | number, unknown> | null;
    key: string | number | null;
  }> = [];
  const stack: Array<(typeof nodes)[number]> = [{ value: root, parent: null, key: null }];
  while (stack.length && nodes.length < cap) {
    const node = stack.pop()!;
    nodes.push(node);
    const { value } = node;
    if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value))
        stack.push({
          value: v,
          parent: value as Record<string, unknown>,
          key: Array.isArray(value) ? Number(k) : k,
        });
    }
  }
  return nodes;
}

/**
 * A well-formed value with exactly one thing wrong: a string with a NUL or an unpaired surrogate
 * in it or replaced by a hostile one, a number out of range, a value of the wrong type, a key
 * missing or added. One change, so the rest passes validation and the change reaches as far as
 * it can: a query, a file name, a header.
 */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const change = fc.record({
    pick: fc.nat(),
    how: fc.nat(5),
    at: fc.nat(),
    text: fc.constantFrom(...HOSTILE_STRINGS),
    number: fc.constantFrom(...HOSTILE_NUMBERS),
    other: hostile,
    key: fc.constantFrom(...EXTRA_KEYS),
  });
  return fc.tuple(valid, change).map(([value, c]) => {
    const root = { value: structuredClone(value) };
    const nodes = nodesOf(root.value);
    const node = nodes[c.pick % nodes.length]!;
    const set = (v: unknown) => {
      if (node.parent)
        Object.defineProperty(node.parent, node.key!, {
          value: v,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      else root.value = v;
    };
    const v = node.value;
    if (typeof v === 'string') {
      const at = c.at % (v.length + 1);
      set(
        [`${v.slice(0, at)}\u0000${v.slice(at)}`, `${v}\uD800`, `\uDC00${v}`, c.text, c.text, c.other][c.how],
      );
    } else if (typeof v === 'number') {
      set(c.how < 4 ? c.number : c.other);
    } else if (v && typeof v === 'object' && !Array.isArray(v)) {
      const keys = Object.keys(v);
      if (c.how < 2 && keys.length) delete (v as Record<string, unknown>)[keys[c.at % keys.length]!];
      else if (c.how < 5)
        Object.defineProperty(v, c.key, {
          value: c.other,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      else set(c.other);
    } else if (Array.isArray(v) && c.how < 3) {
      v.push(c.other);
    } else {
      set(c.other);
    }
    return root.value;
  });
}
