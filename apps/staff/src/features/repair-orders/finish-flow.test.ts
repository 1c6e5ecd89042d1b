import { describe, expect, it, vi } from 'vitest';
import { readStoreSettings, type StoreSettings } from '@servicebay/domain';
import { en } from '@servicebay/locales';
import { ApiError } from '@servicebay/web-core';
import { decideFinish, finishRefusal, orderErrorKey, pathAfterFinish, refusalBlockers, refusalError } from './finish-flow.js';

type Integration = StoreSettings['integration'];
const settings = (over: { auditStore?: boolean; integration?: Partial<Integration> } = {}) => {
  const base = readStoreSettings({});
  return { ...base, auditStore: over.auditStore ?? false, integration: { ...base.integration, ...over.integration } };
};
const pbs = { enabled: true, managementSystem: 'PBS' } as const;
const clockIn = { enabled: true, managementSystem: 'protractor', enableClockIn: true } as const;

const attempt = (over: Partial<Parameters<typeof decideFinish>[0]> = {}) => ({
  cannotBeFinishedReason: null,
  settings: settings(),
  onSignOffPage: false,
  alreadyFinished: false,
  ...over,
});

describe('decideFinish', () => {
  it('submits an order the server lets finish, without asking anything', async () => {
    const ask = vi.fn(async () => true);
    expect(await decideFinish(attempt(), ask)).toEqual({ kind: 'submit' });
    expect(ask).not.toHaveBeenCalled();
  });

  it("is refused with the server's reason, before sign-off and the warning", async () => {
    const ask = vi.fn(async () => true);
    const step = await decideFinish(
      attempt({
        cannotBeFinishedReason: 'measurements-required',
        settings: settings({ auditStore: true, integration: pbs }),
        alreadyFinished: true,
      }),
      ask,
    );
    expect(step).toEqual({ kind: 'refused', reason: 'measurements-required' });
    expect(ask).not.toHaveBeenCalled();
  });

  it('sends an audit store to sign-off first, from the order page only', async () => {
    const audit = settings({ auditStore: true });
    expect(await decideFinish(attempt({ settings: audit }), async () => true)).toEqual({ kind: 'signOff' });
    expect(await decideFinish(attempt({ settings: audit, onSignOffPage: true }), async () => true)).toEqual({
      kind: 'submit',
    });
  });

  it('asks before finishing again an order PBS will not send again; yes submits, no cancels', async () => {
    const yes = vi.fn(async () => true);
    const no = vi.fn(async () => false);
    const again = attempt({ settings: settings({ integration: pbs }), alreadyFinished: true });
    expect(await decideFinish(again, yes)).toEqual({ kind: 'submit' });
    expect(yes).toHaveBeenCalledTimes(1);
    expect(await decideFinish(again, no)).toEqual({ kind: 'cancelled' });
    expect(no).toHaveBeenCalledTimes(1);
  });

  it('asks nothing on a first finish, or when the integration is off or another system', async () => {
    const ask = vi.fn(async () => false);
    expect(await decideFinish(attempt({ settings: settings({ integration: pbs }) }), ask)).toEqual({ kind: 'submit' });
    const off = settings({ integration: { ...pbs, enabled: false } });
    expect(await decideFinish(attempt({ settings: off, alreadyFinished: true }), ask)).toEqual({ kind: 'submit' });
    const protractor = settings({ integration: clockIn });
    expect(await decideFinish(attempt({ settings: protractor, alreadyFinished: true }), ask)).toEqual({
      kind: 'submit',
    });
    expect(ask).not.toHaveBeenCalled();
  });

  it('on the sign-off page of an audit store, still warns before finishing again for PBS', async () => {
    const ask = vi.fn(async () => false);
    const step = await decideFinish(
      attempt({ settings: settings({ auditStore: true, integration: pbs }), onSignOffPage: true, alreadyFinished: true }),
      ask,
    );
    expect(step).toEqual({ kind: 'cancelled' });
    expect(ask).toHaveBeenCalledTimes(1);
  });
});

describe('finishRefusal', () => {
  it('names a reason the catalog knows by its key, and the key has a text', () => {
    for (const reason of ['measurements-required', 'items-required'] as const) {
      const refusal = finishRefusal(refusalError(reason));
      expect(refusal).toEqual({ kind: 'reason', key: `inspections:finish.${reason}` });
      expect(en.inspections.finish[reason]).toBeTruthy();
    }
  });

  it("shows any other reason as the server wrote it", () => {
    expect(finishRefusal(new ApiError(409, 'ORDER_CANNOT_BE_FINISHED', 'a newer reason'))).toEqual({
      kind: 'text',
      text: 'a newer reason',
    });
  });

  it('is no refusal for other failures: those are alerts', () => {
    expect(finishRefusal(new ApiError(409, 'ORDER_CLOSED', 'closed'))).toBeNull();
    expect(finishRefusal(new ApiError(0, 'NETWORK', 'offline'))).toBeNull();
    expect(finishRefusal(new Error('ORDER_CANNOT_BE_FINISHED'))).toBeNull();
    expect(finishRefusal('ORDER_CANNOT_BE_FINISHED')).toBeNull();
  });

  it('the refusal error is the one the server sends for a refusal', () => {
    const error = refusalError('items-required');
    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.code, error.message]).toEqual([409, 'ORDER_CANNOT_BE_FINISHED', 'items-required']);
  });

  it('reads the blocking items a refusal names, and none from other errors or malformed details', () => {
    const item = { itemKey: 'wipers', name: { en: 'Wipers', fr: 'Essuie-glaces' }, group: 'g', section: 's', sectionName: { en: 'S', fr: 'S' } };
    const blockers = { missingResults: [item], missingMeasurements: [{ ...item, itemKey: 'pads', unit: 'mm' as const }] };
    expect(refusalBlockers(refusalError('measurements-required', blockers))).toEqual(blockers);
    expect(refusalBlockers(refusalError('items-required'))).toBeNull();
    expect(refusalBlockers(new ApiError(409, 'ORDER_CANNOT_BE_FINISHED', 'x', { details: { missingResults: 'no' } }))).toBeNull();
    expect(refusalBlockers(new ApiError(409, 'ORDER_CLOSED', 'x', { details: blockers }))).toBeNull();
  });
});

describe('orderErrorKey', () => {
  it("tells an order route's error by its code when the catalog has one", () => {
    expect(orderErrorKey(new ApiError(409, 'ORDER_CLOSED', 'x'))).toBe('errors.ORDER_CLOSED');
    expect(orderErrorKey(new ApiError(409, 'TIME_TRACKER_RUNNING', 'x'))).toBe('errors.TIME_TRACKER_RUNNING');
    for (const code of Object.keys(en.repairOrders.errors))
      expect(orderErrorKey(new ApiError(400, code, 'x'))).toBe(`errors.${code}`);
  });

  it('says offline when the request never reached the server', () => {
    expect(orderErrorKey(new ApiError(0, 'NETWORK_ERROR', 'x'))).toBe('page.offline');
  });

  it('says it failed for anything else', () => {
    expect(orderErrorKey(new ApiError(500, 'INTERNAL', 'x'))).toBe('page.failed');
    expect(orderErrorKey(new ApiError(400, 'toString', 'x'))).toBe('page.failed');
    expect(orderErrorKey(new Error('boom'))).toBe('page.failed');
    expect(orderErrorKey(undefined)).toBe('page.failed');
  });
});

describe('pathAfterFinish', () => {
  const context = {
    order: { _id: 'o 1', storeId: 's1' },
    settings: settings(),
    onSignOffPage: false,
    language: 'fr',
    userId: 'u1',
  };

  it('goes to the sign-off page with the language and the worker', () => {
    expect(pathAfterFinish('signOff', context)).toBe('/store/s1/inspectionOrder/o%201/signoff?lang=fr&workerId=u1');
  });

  it('goes to the dashboard once finished', () => {
    expect(pathAfterFinish('finished', context)).toBe('/store/dashboard');
    expect(pathAfterFinish('finished', { ...context, onSignOffPage: true })).toBe('/store/dashboard');
  });

  it('opens the work order page after finishing from the order page of a clock-in store', () => {
    const clock = { ...context, settings: settings({ integration: clockIn }) };
    expect(pathAfterFinish('finished', clock)).toBe('/store/s1/inspectionOrder/o%201/workOrder');
    expect(pathAfterFinish('finished', { ...clock, onSignOffPage: true })).toBe('/store/dashboard');
    const disabled = { ...context, settings: settings({ integration: { ...clockIn, enableClockIn: false } }) };
    expect(pathAfterFinish('finished', disabled)).toBe('/store/dashboard');
  });

  it('goes nowhere when the user cancelled', () => {
    expect(pathAfterFinish('cancelled', context)).toBeNull();
  });
});
