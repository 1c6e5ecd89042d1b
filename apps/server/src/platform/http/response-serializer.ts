import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/** Writes a handler's answer as JSON, as its route's response schema describes it. */
export type Serialize = (value: unknown) => string;

/**
 * Zod schema kinds whose output is the input as it is, or with unknown keys dropped: what a
 * compiled serializer writes the same way. Transforms, pipes, defaults, catches and dates change
 * or make the value: routes answering such a schema keep zod's parse and JSON.stringify.
 */
const PLAIN = new Set([
  'object',
  'array',
  'string',
  'number',
  'int',
  'boolean',
  'null',
  'nullable',
  'optional',
  'enum',
  'literal',
  'union',
  'record',
  'unknown',
  'any',
  'readonly',
]);

type ZodInternals = { _zod: { def: Record<string, unknown> & { type: string } } };

function isPlain(schema: unknown, seen = new Set<unknown>()): boolean {
  if (seen.has(schema)) return true;
  seen.add(schema);
  const def = (schema as ZodInternals)._zod?.def;
  if (!def || !PLAIN.has(def.type)) return false;
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      if (!Object.values(shape).every((s) => isPlain(s, seen))) return false;
      return def.catchall === undefined || isPlain(def.catchall, seen);
    }
    case 'array':
      return isPlain(def.element, seen);
    case 'nullable':
    case 'optional':
    case 'readonly':
      return isPlain(def.innerType, seen);
    case 'union':
      return (def.options as unknown[]).every((s) => isPlain(s, seen));
    case 'record':
      return isPlain(def.valueType, seen);
    default:
      return true;
  }
}

type Json = Record<string, unknown>;

/**
 * Adapts zod's JSON Schema to fast-json-stringify: no `additionalProperties: false` (unknown keys
 * are left out of the output either way, and a union's branch must not be refused for them, as
 * zod strips them), and `anyOf [X, null]` of one type (a string, a number, an object, an array)
 * written as `type: [X, 'null']`: an anyOf is decided by validating the value against each branch
 * (ajv) every time, which cost more than zod's parse on the dashboard's orders and their five
 * nullable objects each.
 */
function adapt(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(adapt);
  if (!node || typeof node !== 'object') return node;
  const json: Json = {};
  for (const [k, v] of Object.entries(node as Json)) {
    if (k === 'additionalProperties' && v === false) continue;
    json[k] = adapt(v);
  }
  const anyOf = json.anyOf as Json[] | undefined;
  if (anyOf?.length === 2 && Object.keys(json).length === 1) {
    const nullAt = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullAt];
    if (nullAt >= 0 && other && typeof other.type === 'string' && other.type !== 'null' && !('anyOf' in other) && !('oneOf' in other) && !('const' in other)) {
      const { enum: values, ...rest } = other;
      return { ...rest, type: [other.type, 'null'], ...(Array.isArray(values) ? { enum: [...values, null] } : {}) };
    }
  }
  return json;
}

/**
 * A serializer compiled from a route's response schema (fast-json-stringify), or null when the
 * schema is not plain (see PLAIN) or does not compile: such routes keep zod's parse.
 */
export function compileResponse(schema: z.ZodType): Serialize | null {
  if (!isPlain(schema)) return null;
  try {
    const json = adapt(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' })) as Json;
    delete json.$schema;
    return fastJson(json as unknown as Parameters<typeof fastJson>[0]) as Serialize;
  } catch {
    return null;
  }
}

/**
 * For tests (config.validateResponses): the answer validated by zod as before, and the compiled
 * serializer's output checked to say the same as zod's output would, so that every integration
 * test exercises the fast path against the schema. A difference is a server error naming the route.
 */
export function checkedSerializer(routeId: string, schema: z.ZodType, serialize: Serialize): Serialize {
  return (value) => {
    const parsed: unknown = schema.parse(value);
    const written = serialize(value);
    const expected: unknown = JSON.parse(JSON.stringify(parsed) ?? 'null');
    if (!isDeepStrictEqual(JSON.parse(written), expected)) {
      throw new Error(`${routeId}: the compiled response serializer disagrees with the route's zod schema`);
    }
    return written;
  };
}
