import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  conversationListRoute,
  getReportRoute,
  internalChatHistoryRoute,
  listRepairOrdersRoute,
  listResultsRoute,
} from '@servicebay/domain';
import { checkedSerializer, compileResponse } from './response-serializer.js';

const Order = z.object({
  _id: z.string(),
  number: z.number().int().nullable(),
  note: z.string().nullable(),
  state: z.enum(['open', 'closed']).nullable(),
  at: z.iso.datetime().optional(),
  customer: z.object({ name: z.string() }).nullable(),
  tags: z.array(z.string()),
  kind: z.union([z.object({ type: z.literal('a'), a: z.number() }), z.object({ type: z.literal('b'), b: z.string() })]),
  extra: z.record(z.string(), z.number()),
  anything: z.unknown(),
});

describe('compiled response serializer', () => {
  it('writes what zod would answer: unknown keys left out, nulls, unions, records', () => {
    const serialize = compileResponse(Order)!;
    expect(serialize).not.toBeNull();
    const value = {
      _id: 'o1',
      number: null,
      note: 'a "quoted"\nline \u2028 é',
      state: 'open',
      customer: { name: 'Jane', secret: 'x' },
      tags: ['t'],
      kind: { type: 'b', b: 'yes', hidden: 1 },
      extra: { k: 1 },
      anything: { nested: [1, 'two'] },
      storeId: 'not in the schema',
    };
    expect(JSON.parse(serialize(value))).toEqual(JSON.parse(JSON.stringify(Order.parse(value))));
    expect(JSON.parse(serialize({ ...value, customer: null, at: '2026-01-01T00:00:00.000Z' }))).toMatchObject({
      customer: null,
      at: '2026-01-01T00:00:00.000Z',
    });
  });

  it('leaves schemas that change the value to zod: transforms, defaults, dates', () => {
    expect(compileResponse(z.object({ a: z.string().transform((s) => s.length) }))).toBeNull();
    expect(compileResponse(z.object({ a: z.string().default('x') }))).toBeNull();
    expect(compileResponse(z.object({ a: z.date() }))).toBeNull();
    expect(compileResponse(z.array(z.object({ a: z.number().catch(0) })))).toBeNull();
  });

  it('in tests, refuses an answer zod refuses, and one the two would write differently', () => {
    const schema = z.object({ a: z.string() });
    const checked = checkedSerializer('test.route', schema, compileResponse(schema)!);
    expect(checked({ a: 'x', b: 1 })).toBe('{"a":"x"}');
    expect(() => checked({ a: 1 })).toThrow();
    const disagreeing = checkedSerializer('test.route', schema, () => '{"a":"y"}');
    expect(() => disagreeing({ a: 'x' })).toThrow(/test.route/);
  });

  it.each([
    listRepairOrdersRoute,
    listResultsRoute,
    getReportRoute,
    conversationListRoute,
    internalChatHistoryRoute,
  ])('compiles the answer of a hot route: $id', (route) => {
    expect(compileResponse(route.response!)).not.toBeNull();
  });
});
