import { describe, expect, it } from 'vitest';
import { ZAccountSetup } from '@servicebay/domain';
import { defaultWeek, emptyDraft, firstIncompleteStep, loadDraft, newWorker, saveDraft, setupBody, storeProblems, workerProblems, type SetupDraft } from './setup.js';

function memory() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

function complete(): SetupDraft {
  const d = emptyDraft();
  d.account.name = ' Garage ';
  d.store = { ...d.store, name: 'Main', email: 'main@example.com', phoneNo: '(514) 555-0100', address: '1 Main St', franchiseName: ' ' };
  d.workers = [{ ...newWorker('fr'), username: 'tom', firstName: 'Tom', email: 'tom@example.com' }];
  return d;
}

describe('setup wizard draft', () => {
  it('starts with weekdays 8 to 5 and the week-end closed', () => {
    const week = defaultWeek();
    expect(week).toHaveLength(7);
    expect(week[0]).toEqual({ day: 'monday', open: '08:00', close: '17:00' });
    expect(week.slice(5).map((d) => d.open)).toEqual(['closed', 'closed']);
  });

  it('sends the user back to the first step with something to fix', () => {
    const d = complete();
    expect(firstIncompleteStep(d)).toBeNull();
    expect(firstIncompleteStep({ ...d, account: { name: '' } })).toBe('step1');
    expect(firstIncompleteStep({ ...d, store: { ...d.store, phoneNo: '123' } })).toBe('step2');
    expect(firstIncompleteStep({ ...d, workers: [{ ...d.workers[0]!, email: 'x' }] })).toBe('step3');
  });

  it('checks the store as the server does: mandatory contact, e-mail and phone shape, hours', () => {
    const d = complete();
    expect(storeProblems({ ...d, store: { ...d.store, email: 'bad', phoneNo: '', address: ' ' } })).toEqual({ email: 'email', phoneNo: 'mandatory', address: 'mandatory' });
    expect(storeProblems({ ...d, store: { ...d.store, openTime: [{ day: 'monday', open: '18:00', close: '08:00' }] } })).toEqual({ openTime: 'mandatory' });
  });

  it('flags workers: username rule, usernames given twice, first name and e-mail', () => {
    const d = complete();
    const a = d.workers[0]!;
    const b = { ...newWorker('en'), username: 'TOM', firstName: '', email: '' };
    const c = { ...newWorker('en'), username: 'a b', firstName: 'C', email: 'c@example.com' };
    const problems = workerProblems({ ...d, workers: [a, b, c] });
    expect(problems[a.key]).toEqual({ username: 'repeated' });
    expect(problems[b.key]).toEqual({ username: 'repeated', firstName: 'mandatory', email: 'mandatory' });
    expect(problems[c.key]).toEqual({ username: 'username' });
  });

  it('builds a body the route accepts, trimmed', () => {
    const body = setupBody(complete());
    expect(body.account.name).toBe('Garage');
    expect(body.store.franchiseName).toBeNull();
    expect(body.workers?.[0]).toEqual({ username: 'tom', firstName: 'Tom', lastName: '', type: 'Technician', email: 'tom@example.com', language: 'fr' });
    expect(ZAccountSetup.safeParse(body).success).toBe(true);
  });

  it('sends the country (us by default) and the state picked, none as null', () => {
    expect(setupBody(complete()).store).toMatchObject({ country: 'us', state: null });
    const d = complete();
    d.store = { ...d.store, country: 'ca', state: 'QC' };
    expect(setupBody(d).store).toMatchObject({ country: 'ca', state: 'QC' });
    expect(ZAccountSetup.safeParse(setupBody({ ...d, store: { ...d.store, state: 'NY' } })).success).toBe(false);
  });

  it('reads an older draft without a country as us with no state', () => {
    const store = memory();
    store.setItem('servicebay.setup.u4', JSON.stringify({ store: { name: 'Old', country: 'xx' } }));
    expect(loadDraft('u4', store).store).toMatchObject({ name: 'Old', country: 'us', state: '' });
  });

  it('keeps the draft per user, and drops one that does not read', () => {
    const store = memory();
    saveDraft('u1', complete(), store);
    expect(loadDraft('u1', store).account.name).toBe(' Garage ');
    expect(loadDraft('u2', store)).toEqual(emptyDraft());
    store.setItem('servicebay.setup.u3', '{not json');
    expect(loadDraft('u3', store)).toEqual(emptyDraft());
  });
});
