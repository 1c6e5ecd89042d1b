import { describe, expect, it } from 'vitest';
import { NEW_ORDER_STATES, type OrderStates } from '@servicebay/domain';
import { order } from './order-fixture.js';
import { assignTargets, boardColumns, boardTechnicians, mayMove, moveRefusal, refusedMove } from './board.js';

const states = (patch: Partial<OrderStates>): OrderStates => ({ ...NEW_ORDER_STATES, ...patch });
const advisor = { role: 'ServiceAdvisor', userId: 'adv' };
const tina = { role: 'Technician', userId: 't1' };
const technicians = [
  { id: 't1', name: 'Tina Gagnon' },
  { id: 't2', name: 'Marc Roy' },
];

describe('the board columns', () => {
  it('puts each order in its stage column, in the order of the list, every column present', () => {
    const orders = [
      order('o1', { states: states({ inspection: 'inProgress' }) }),
      order('o2', { states: states({ inspection: 'done', estimate: 'inProgress' }) }),
      order('o3', { states: states({ inspection: 'done', estimate: 'done', approval: 'pending' }) }),
      order('o4', { states: states({ inspection: 'notStarted' }) }),
      order('o5', {
        states: states({ inspection: 'done', approval: 'done', parts: 'inProgressHaveOrdered' }),
      }),
      order('o6', { states: states({ inspection: 'done', work: 'inProgress' }) }),
      order('o7', { states: states({ inspection: 'done', work: 'done' }) }),
    ];
    const columns = boardColumns(orders);
    expect(
      Object.fromEntries(Object.entries(columns).map(([stage, os]) => [stage, os.map((o) => o._id)])),
    ).toEqual({
      inspecting: ['o1', 'o4'],
      estimating: ['o2'],
      awaitingApproval: ['o3'],
      awaitingParts: ['o5'],
      working: ['o6'],
      finished: ['o7'],
    });
    expect(Object.values(boardColumns([])).every((c) => c.length === 0)).toBe(true);
  });
});

describe('technicians', () => {
  it('keeps the technicians of the worker list (not advisors), named', () => {
    expect(
      boardTechnicians([
        { _id: 't1', firstName: 'Tina', lastName: 'Gagnon', type: 'Technician' },
        { _id: 'a1', firstName: 'Alex', lastName: 'Martin', type: 'ServiceAdvisor' },
        { _id: 't3', username: 'master', type: 'MasterTechnician' },
        { _id: 'x', firstName: 'Odd', type: 'nobody' },
        { _id: 'y', firstName: 'None' },
      ]),
    ).toEqual([
      { id: 't1', name: 'Tina Gagnon' },
      { id: 't3', name: 'master' },
    ]);
  });
});

describe('where a card may go', () => {
  it('lets an advisor move any card to any other technician or to nobody', () => {
    const held = order('o1', { technicianId: 't1' });
    expect(assignTargets(advisor, held, technicians)).toEqual([
      { id: 't2', name: 'Marc Roy', allowed: true },
      { id: null, name: null, allowed: true },
    ]);
    const free = order('o2', { technicianId: null });
    expect(assignTargets(advisor, free, technicians).map((t) => t.id)).toEqual(['t1', 't2']);
    expect(mayMove({ role: 'owner', userId: 'own' }, held, 't2')).toBe(true);
  });

  it('lets a technician take an unassigned card or let go of its own, never move one another holds', () => {
    const free = order('o1', { technicianId: null });
    expect(assignTargets(tina, free, technicians)).toEqual([
      { id: 't1', name: 'Tina Gagnon', allowed: true },
      { id: 't2', name: 'Marc Roy', allowed: false },
    ]);
    const mine = order('o2', { technicianId: 't1' });
    expect(assignTargets(tina, mine, technicians)).toEqual([
      { id: 't2', name: 'Marc Roy', allowed: false },
      { id: null, name: null, allowed: true },
    ]);
    const marcs = order('o3', { technicianId: 't2' });
    expect(assignTargets(tina, marcs, technicians).every((t) => !t.allowed)).toBe(true);
    expect(refusedMove(tina, marcs)).toBe('heldByOther');
    expect(refusedMove(tina, free)).toBe('onlySelf');
  });

  it('moves nothing on a closed order, nor for an unknown role', () => {
    expect(mayMove(advisor, order('o1', { closed: true }), 't1')).toBe(false);
    expect(mayMove({ role: 'stranger', userId: 'x' }, order('o1'), 't1')).toBe(false);
  });
});

describe("the server's refusal of a move", () => {
  it('says which rule refused it, a closed ticket, no connection, or a failure', () => {
    expect(moveRefusal({ status: 409, code: 'only_valid_user_can_assign_this_to_you' })).toBe('heldByOther');
    expect(moveRefusal({ status: 403, code: 'only_valid_user_can_assign_this_to_you' })).toBe('onlySelf');
    expect(moveRefusal({ status: 409, code: 'ORDER_CLOSED' })).toBe('closed');
    expect(moveRefusal({ status: 0, code: 'NETWORK' })).toBe('offline');
    expect(moveRefusal({ status: 500, code: 'INTERNAL' })).toBe('failed');
    expect(moveRefusal(new Error('boom') as never)).toBe('failed');
    expect(moveRefusal(null)).toBe('failed');
  });
});
