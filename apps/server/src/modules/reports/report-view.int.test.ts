import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  approvedTotalOf,
  SHARE_REPORT_INCOMPLETE,
  type ReportApproval,
  type ReportItem,
  type ReportView,
} from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { sentMessages } from '../../platform/db/schema/messages.js';
import { outboxEvents } from '../../platform/db/schema/outbox.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { estimateLines, estimates } from '../estimates/estimates.schema.js';
import { inspectionResults } from '../inspections/inspections.schema.js';
import { inspectionOrders } from '../repair-orders/repair-orders.schema.js';
import { reportApprovals, reportLinks } from './reports.schema.js';
import { MULTI_POINT_INSPECTION_ID } from '../inspections/templates.js';

let t: TestApp;
type Store = Awaited<ReturnType<TestApp['make']['store']>>;
let store: Store;
let other: Store;
let advisorHeaders: Record<string, string>;

const db = () => t.platform.database.db;
const reportUrl = (orderId: string, path = '', token?: string, extra = '') =>
  `/v2/api/report/${orderId}${path}${token ? `?t=${encodeURIComponent(token)}${extra}` : extra ? `?${extra.slice(1)}` : ''}`;

let signature: string;

interface World {
  orderId: string;
  customerId: string;
  critical: string;
  warning: string;
  oil: string;
  okay: string;
  token: string;
  linkId: string;
  estimateId: string;
}

/**
 * An order with four results (critical rotors, worn rear rotors, low oil, good pads), an estimate
 * pricing the three recommended ones, and a link.
 */
async function world(fields: { closed?: boolean; timePromised?: Date } = {}): Promise<World> {
  const customer = await t.make.customer(store, { firstName: 'Jane', lastName: 'Doe' });
  const vehicle = await t.make.vehicle(store, {
    householdId: customer.householdId,
    year: 2019,
    make: 'Honda',
    model: 'Civic',
    licensePlate: 'ABC 123',
    vin: '2HGFC2F59KH123456',
  });
  const order = await t.make.inspectionOrder(store, {
    customerId: customer.id,
    vehicleId: vehicle.id,
    inspectionType: MULTI_POINT_INSPECTION_ID,
    orderNumber: '5150',
    mileageIn: 42000,
    closed: fields.closed ?? false,
  });
  if (fields.timePromised)
    await db().update(inspectionOrders).set({ timePromised: fields.timePromised }).where(eq(inspectionOrders.id, order.id));
  const result = (itemKey: string, groupKey: string, sectionKey: string, extra: Record<string, unknown>) =>
    t.make.result(store, { inspectionOrderId: order.id, itemKey, groupKey, sectionKey, ...extra });
  const critical = await result('frontRotors', 'brakes', 'front', {
    result: 'critical',
    finding: 'failed',
    recommendation: 'replace',
  });
  const warning = await result('rearRotors', 'brakes', 'rear', {
    result: 'warning',
    finding: 'worn',
    recommendation: 'replaceSoon',
  });
  const oil = await result('engineOil', 'underHood', 'fluids', {
    result: 'warning',
    finding: 'low',
    recommendation: 'topOff',
    recommendationText: 'Top off with 5W-30',
  });
  const okay = await result('frontBrakePads', 'brakes', 'front', {
    result: 'okay',
    finding: 'good',
    value: 8,
  });
  const [estimate] = await db()
    .insert(estimates)
    .values({
      storeId: store.id,
      inspectionOrderId: order.id,
      version: 3,
      currency: 'CAD',
      labourRate: 12000,
      taxes: [{ name: 'Tax', ratePercent: 10, onLabour: true, onParts: true, onFees: false }],
    })
    .returning();
  await db()
    .insert(estimateLines)
    .values([
      {
        storeId: store.id,
        estimateId: estimate!.id,
        resultId: critical.id,
        description: 'Front rotors',
        labourHours: 1.5,
        parts: [{ number: 'R-1', description: 'Rotor', quantity: 2, unitPrice: 8000 }],
        rank: 1,
      },
      {
        storeId: store.id,
        estimateId: estimate!.id,
        resultId: warning.id,
        description: 'Rear rotors',
        labourHours: 1,
        parts: [],
        rank: 2,
      },
      {
        storeId: store.id,
        estimateId: estimate!.id,
        resultId: oil.id,
        description: 'Oil top-off',
        labourHours: 0.25,
        parts: [],
        fees: [{ description: 'Disposal', amount: 500 }],
        rank: 3,
      },
    ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/v2/api/store/${store.id}/inspectionOrder/${order.id}/reportLink`,
    headers: advisorHeaders,
  });
  expect(res.statusCode, res.body).toBe(201);
  const url = new URL(res.json().url);
  return {
    orderId: order.id,
    customerId: customer.id,
    critical: critical.id,
    warning: warning.id,
    oil: oil.id,
    okay: okay.id,
    token: url.searchParams.get('t')!,
    linkId: res.json().linkId,
    estimateId: estimate!.id,
  };
}

const itemsOf = (view: ReportView): ReportItem[] => view.groups.flatMap((g) => g.sections.flatMap((s) => s.items));

/** A recommended result of the world's order that the estimate prices at zero (a line of no hours, no parts). */
async function zeroPriced(w: World) {
  const wipers = await t.make.result(store, {
    inspectionOrderId: w.orderId,
    itemKey: 'wiperBlades',
    groupKey: 'lighting',
    sectionKey: 'visibility',
    result: 'warning',
  });
  await db().insert(estimateLines).values({
    storeId: store.id,
    estimateId: w.estimateId,
    resultId: wipers.id,
    description: 'Wiper blades',
    labourHours: 0,
    parts: [],
    rank: 4,
  });
  return wipers.id;
}

const approve = (
  w: World,
  decisions: Array<{ resultId: string; decision: 'approved' | 'declined' }>,
  extra: Record<string, unknown> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: reportUrl(w.orderId, '/approval', w.token),
    headers: { 'user-agent': 'Phone browser 1.0' },
    payload: { decisions, signerName: 'Jane Doe', signature, ...extra },
  });

const events = async (topicEnd: string) =>
  // In the order they were written: without an order, PostgreSQL returns a row the outbox relay
  // has since marked published after the newer ones.
  (await db().select().from(outboxEvents).orderBy(outboxEvents.id)).filter((e) => e.topic === `store/${store.id}/${topicEnd}`);

beforeAll(async () => {
  t = await createTestApp();
  store = await t.make.store({ name: 'Downtown Auto' });
  await db()
    .update(stores)
    .set({ phoneNo: '(514) 555-0100', email: 'shop@example.com', address: '1 Main St', settings: { darkOrLightTheme: 'napa' } })
    .where(eq(stores.id, store.id));
  other = await t.make.store({ name: 'Elsewhere' });
  advisorHeaders = await bearer(t.platform.tokens, await t.make.user('ServiceAdvisor', store));
  const png = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  signature = `data:image/png;base64,${png.toString('base64')}`;
});

afterAll(async () => {
  await t?.close();
});

describe("the customer's report", () => {
  it('shows a link holder the shop, vehicle, counts, items in their groups with texts, prices and decisions, and marks it reading', async () => {
    const w = await world();
    const res = await t.app.inject({ method: 'GET', url: reportUrl(w.orderId, '', w.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const view: ReportView = res.json();
    expect(view.shop).toEqual({
      name: 'Downtown Auto',
      phone: '(514) 555-0100',
      email: 'shop@example.com',
      address: '1 Main St',
      theme: 'napa',
    });
    expect(view.vehicle).toEqual({
      description: '2019 Honda Civic',
      licensePlate: 'ABC 123',
      vin: '2HGFC2F59KH123456',
    });
    expect(view).toMatchObject({
      mileageIn: 42000,
      orderNumber: '5150',
      language: 'en',
      closed: false,
      customerName: 'Jane Doe',
    });
    expect(view.counts).toEqual({ okay: 1, warning: 2, critical: 1 });
    expect(view.groups.map((g) => g.name).sort()).toEqual(['Brakes', 'Under the hood']);
    expect(view.groups.find((g) => g.key === 'brakes')!.sections.map((s) => s.name)).toEqual([
      'Front',
      'Rear',
    ]);
    const items = view.groups.flatMap((g) => g.sections.flatMap((s) => s.items));
    const rotors = items.find((i) => i.resultId === w.critical)!;
    expect(rotors).toMatchObject({
      name: 'Front rotors',
      finding: 'Failed or damaged',
      recommendation: 'Replace now',
      decidable: true,
      decision: null,
    });
    // 1.5 h x $120 + 2 x $80 = $340.
    expect(rotors.subtotal).toBe(34000);
    expect(items.find((i) => i.resultId === w.oil)).toMatchObject({
      recommendation: 'Top off with 5W-30',
      subtotal: 3500,
    });
    expect(items.find((i) => i.resultId === w.okay)).toMatchObject({
      decidable: false,
      measurement: { value: 8, unit: 'mm' },
    });
    expect(view.estimate).toMatchObject({
      version: 3,
      currency: 'CAD',
      totals: { subtotal: 49500, approvedTotal: 0 },
    });
    expect(view.viewer).toEqual({ via: 'link', canDecide: true, canShare: true });

    const [order] = await db().select().from(inspectionOrders).where(eq(inspectionOrders.id, w.orderId));
    expect(order!.reportStatus).toBe('reading');
    expect(order!.reportLastViewed).not.toBeNull();
    const [link] = await db().select().from(reportLinks).where(eq(reportLinks.id, w.linkId));
    expect(link!.lastOpenedAt).not.toBeNull();
    const reading = (await events('consumerReadingReport')).filter(
      (e) => (e.payload as { inspectionOrderId: string }).inspectionOrderId === w.orderId,
    );
    expect(reading.map((e) => (e.payload as { status: string }).status)).toEqual(['reading']);
  });

  it('speaks the language asked: French texts', async () => {
    const w = await world();
    const view: ReportView = (
      await t.app.inject({ method: 'GET', url: reportUrl(w.orderId, '', w.token, '&language=fr') })
    ).json();
    expect(view.language).toBe('fr');
    const items = view.groups.flatMap((g) => g.sections.flatMap((s) => s.items));
    expect(items.find((i) => i.resultId === w.critical)).toMatchObject({
      name: 'Disques avant',
      finding: 'Défectueux ou endommagé',
      recommendation: 'Remplacer maintenant',
    });
    expect(view.groups.find((g) => g.key === 'brakes')!.name).toBe('Freins');
  });

  it('shows estimate lines drawn from the template in the language read, typed ones as typed, and taxes by their name in it', async () => {
    const w = await world();
    // The rotors line as drawing made it in English; the oil line reworded by the advisor.
    await db()
      .update(estimateLines)
      .set({ description: 'Front rotors — Failed or damaged: Replace now' })
      .where(eq(estimateLines.resultId, w.critical));
    // The store's taxes, one named in French; the other as saved before taxes had French names.
    const [shop] = await db().select().from(stores).where(eq(stores.id, store.id));
    await db()
      .update(stores)
      .set({
        settings: {
          ...(shop!.settings as object),
          currency: 'CAD',
          taxes: [
            { name: 'GST', nameFr: 'TPS', ratePercent: 5, onLabour: true, onParts: true, onFees: true },
            { name: 'QST', ratePercent: 9.975, onLabour: true, onParts: true, onFees: true },
          ],
        },
      })
      .where(eq(stores.id, store.id));
    // Copied into the estimate by the shop's "use the store's current taxes".
    const copied = await t.app.inject({
      method: 'POST',
      url: `/v2/api/store/${store.id}/inspectionOrder/${w.orderId}/estimate/taxes`,
      headers: advisorHeaders,
    });
    expect(copied.statusCode, copied.body).toBe(200);
    await db()
      .update(stores)
      .set({ settings: shop!.settings })
      .where(eq(stores.id, store.id));
    const read = async (language: 'en' | 'fr') =>
      (await t.app.inject({ method: 'GET', url: reportUrl(w.orderId, '', w.token, `&language=${language}`) })).json() as ReportView;
    const fr = await read('fr');
    const lines = (view: ReportView, id: string) => itemsOf(view).find((i) => i.resultId === id)!.lines.map((l) => l.description);
    expect(lines(fr, w.critical)).toEqual(['Disques avant — Défectueux ou endommagé\u00a0: Remplacer maintenant']);
    expect(lines(fr, w.oil)).toEqual(['Oil top-off']);
    expect(fr.estimate!.taxes.map((tax) => [tax.name, tax.ratePercent])).toEqual([
      ['TPS', 5],
      ['QST', 9.975],
    ]);
    const en = await read('en');
    expect(lines(en, w.critical)).toEqual(['Front rotors — Failed or damaged: Replace now']);
    expect(en.estimate!.taxes.map((tax) => tax.name)).toEqual(['GST', 'QST']);
  });

  it("shows a recommended item priced at zero as information, not offered for a decision, and the order's promised time", async () => {
    const promised = new Date('2030-05-04T16:30:00Z');
    const w = await world({ timePromised: promised });
    const wipers = await zeroPriced(w);
    const view: ReportView = (await t.app.inject({ method: 'GET', url: reportUrl(w.orderId, '', w.token) })).json();
    expect(itemsOf(view).find((i) => i.resultId === wipers)).toMatchObject({ result: 'warning', subtotal: 0, decidable: false });
    expect(itemsOf(view).filter((i) => i.decidable).map((i) => i.resultId).sort()).toEqual(
      [w.critical, w.warning, w.oil].sort(),
    );
    expect(view.timePromised).toBe(promised.toISOString());
  });

  it("opens for the order's customer in the portal without a link, and for staff as a preview that does not mark reading", async () => {
    const w = await world();
    const portal = await t.make.user('consumer', store, { customerId: w.customerId });
    const mine = await t.app.inject({
      method: 'GET',
      url: reportUrl(w.orderId),
      headers: await bearer(t.platform.tokens, portal),
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().viewer.via).toBe('portal');

    const w2 = await world();
    const preview = await t.app.inject({
      method: 'GET',
      url: reportUrl(w2.orderId),
      headers: advisorHeaders,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().viewer).toEqual({ via: 'staff', canDecide: false, canShare: false });
    const [order] = await db().select().from(inspectionOrders).where(eq(inspectionOrders.id, w2.orderId));
    expect(order!.reportStatus).toBeNull();
    // Staff cannot approve in the customer's place.
    const staffApproval = await t.app.inject({
      method: 'POST',
      url: reportUrl(w2.orderId, '/approval'),
      headers: advisorHeaders,
      payload: { decisions: [{ resultId: w2.critical, decision: 'approved' }], signerName: 'X', signature },
    });
    expect(staffApproval.statusCode).toBe(403);
  });

  it('answers a tampered, foreign, revoked or missing link with 404 and no data', async () => {
    const w = await world();
    const w2 = await world();
    const bad = [
      reportUrl(w.orderId, '', `${w.token.slice(0, -2)}xx`),
      reportUrl(w.orderId, '', w2.token),
      reportUrl(w.orderId),
      reportUrl(crypto.randomUUID(), '', w.token),
    ];
    for (const url of bad) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(Object.keys(res.json()).sort()).toEqual(['code', 'message', 'status']);
      expect(res.body).not.toContain('Downtown');
    }
    const otherStaff = await bearer(t.platform.tokens, await t.make.user('ServiceAdvisor', other));
    expect(
      (await t.app.inject({ method: 'GET', url: reportUrl(w.orderId), headers: otherStaff })).statusCode,
    ).toBe(404);
    await db().update(reportLinks).set({ revokedAt: new Date() }).where(eq(reportLinks.id, w.linkId));
    const revoked = await t.app.inject({ method: 'GET', url: reportUrl(w.orderId, '', w.token) });
    expect(revoked.statusCode).toBe(404);
    expect(revoked.body).not.toContain('Rotor');
  });
});

describe('approval', () => {
  it('approves two and declines one with a signature: results, one append-only audit row, approval done, live update', async () => {
    const w = await world();
    const before = (await events('inspectionOrders/updated')).length;
    const res = await approve(
      w,
      [
        { resultId: w.critical, decision: 'approved' },
        { resultId: w.warning, decision: 'approved' },
        { resultId: w.oil, decision: 'declined' },
      ],
      { estimateVersion: 3 },
    );
    expect(res.statusCode, res.body).toBe(201);
    const view: ReportView = res.json();
    const items = view.groups.flatMap((g) => g.sections.flatMap((s) => s.items));
    expect(items.find((i) => i.resultId === w.oil)!.decision).toBe('declined');
    // Approved: $340 + $120 = $460, plus 10 % tax = $506.
    expect(view.estimate!.totals.approvedTotal).toBe(50600);

    const results = await db()
      .select()
      .from(inspectionResults)
      .where(eq(inspectionResults.inspectionOrderId, w.orderId));
    const byId = new Map(results.map((r) => [r.id, r]));
    expect(byId.get(w.critical)).toMatchObject({ customerDecision: 'approved', clientApprovedForWork: true });
    expect(byId.get(w.oil)).toMatchObject({ customerDecision: 'declined', clientApprovedForWork: false });
    expect(byId.get(w.oil)!.customerDecidedAt).toBeInstanceOf(Date);

    const rows = await db()
      .select()
      .from(reportApprovals)
      .where(eq(reportApprovals.inspectionOrderId, w.orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      signerName: 'Jane Doe',
      via: 'link',
      reportLinkId: w.linkId,
      estimateVersion: 3,
      userAgent: 'Phone browser 1.0',
      approvedTotal: 50600,
    });
    // $495 before taxes; 10 % on labour and parts ($490), none on the $5 fee.
    expect(rows[0]!.estimateTotal).toBe(54400);
    expect(rows[0]!.ipAddress).toBeTruthy();
    const stored = await t.platform.files.get(rows[0]!.signatureKey);
    expect(stored?.contentType).toBe('image/png');
    stored?.stream.destroy();

    // The audit trail is append-only: the database refuses to change or remove a row.
    await expect(
      db()
        .update(reportApprovals)
        .set({ signerName: 'Someone else' })
        .where(eq(reportApprovals.id, rows[0]!.id)),
    ).rejects.toThrow();
    await expect(db().delete(reportApprovals).where(eq(reportApprovals.id, rows[0]!.id))).rejects.toThrow();

    const [order] = await db().select().from(inspectionOrders).where(eq(inspectionOrders.id, w.orderId));
    expect(order!.stateApproval).toBe('done');
    expect((await events('inspectionOrders/updated')).length).toBeGreaterThan(before);

    // The shop's trail shows it, with the signature behind a signed URL.
    const trail = await t.app.inject({
      method: 'GET',
      url: `/v2/api/store/${store.id}/inspectionOrder/${w.orderId}/approval`,
      headers: advisorHeaders,
    });
    expect(trail.statusCode, trail.body).toBe(200);
    // Its totals in the estimate's currency.
    expect(trail.json().currency).toBe('CAD');
    const [entry] = trail.json().approvals as ReportApproval[];
    expect(entry).toMatchObject({ signerName: 'Jane Doe', via: 'link', estimateVersion: 3 });
    expect(entry!.decisions.find((d) => d.resultId === w.critical)?.itemName?.en).toBe('Front rotors');
    const picture = await t.app.inject({ method: 'GET', url: entry!.signature!.url });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toContain('image/png');
    // Another store's staff do not see it.
    const otherStaff = await bearer(t.platform.tokens, await t.make.user('ServiceAdvisor', other));
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/v2/api/store/${other.id}/inspectionOrder/${w.orderId}/approval`,
          headers: otherStaff,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('leaves the approval in progress while an item is undecided, and refuses a second decision on an item with 409, writing nothing', async () => {
    const w = await world();
    expect((await approve(w, [{ resultId: w.critical, decision: 'approved' }])).statusCode).toBe(201);
    const [order] = await db().select().from(inspectionOrders).where(eq(inspectionOrders.id, w.orderId));
    expect(order!.stateApproval).toBe('inProgress');
    const files = await countFiles();
    for (const decision of ['approved', 'declined'] as const) {
      const again = await approve(w, [
        { resultId: w.warning, decision: 'approved' },
        { resultId: w.critical, decision },
      ]);
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().code).toBe('ITEM_ALREADY_DECIDED');
    }
    const [warning] = await db().select().from(inspectionResults).where(eq(inspectionResults.id, w.warning));
    expect(warning!.customerDecision).toBeNull();
    expect(
      await db().select().from(reportApprovals).where(eq(reportApprovals.inspectionOrderId, w.orderId)),
    ).toHaveLength(1);
    expect(await countFiles()).toBe(files);
  });

  it('refuses any approval once the order is closed (409), and items that are not recommended (400)', async () => {
    const closed = await world({ closed: true });
    const res = await approve(closed, [{ resultId: closed.critical, decision: 'approved' }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ORDER_CLOSED');
    expect(
      await db().select().from(reportApprovals).where(eq(reportApprovals.inspectionOrderId, closed.orderId)),
    ).toHaveLength(0);
    const view: ReportView = (
      await t.app.inject({ method: 'GET', url: reportUrl(closed.orderId, '', closed.token) })
    ).json();
    expect(view).toMatchObject({ closed: true, viewer: { canDecide: false } });

    const w = await world();
    expect((await approve(w, [{ resultId: w.okay, decision: 'approved' }])).statusCode).toBe(400);
    const foreign = await world();
    expect((await approve(w, [{ resultId: foreign.critical, decision: 'approved' }])).statusCode).toBe(400);
  });

  it('refuses a decision on an item priced at zero with 400, writing nothing, and does not wait for it', async () => {
    const w = await world();
    const wipers = await zeroPriced(w);
    const files = await countFiles();
    for (const decision of ['approved', 'declined'] as const) {
      const res = await approve(w, [
        { resultId: w.critical, decision: 'approved' },
        { resultId: wipers, decision },
      ]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        status: 400,
        code: 'INVALID_ARGUMENTS',
        message: `decisions: ${wipers} has no price: it is information, not work to approve`,
      });
    }
    expect(await countFiles()).toBe(files);
    expect(
      await db().select().from(reportApprovals).where(eq(reportApprovals.inspectionOrderId, w.orderId)),
    ).toHaveLength(0);
    const [critical] = await db().select().from(inspectionResults).where(eq(inspectionResults.id, w.critical));
    expect(critical!.customerDecision).toBeNull();

    // Every priced item decided: the approval is done; the zero-priced one waits for nobody.
    const res = await approve(w, [
      { resultId: w.critical, decision: 'approved' },
      { resultId: w.warning, decision: 'declined' },
      { resultId: w.oil, decision: 'approved' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const [order] = await db().select().from(inspectionOrders).where(eq(inspectionOrders.id, w.orderId));
    expect(order!.stateApproval).toBe('done');
  });

  it("records, shows and answers the total approved the page computed before signing, taxes included", async () => {
    const w = await world();
    const before: ReportView = (await t.app.inject({ method: 'GET', url: reportUrl(w.orderId, '', w.token) })).json();
    const choices = new Map([
      [w.critical, 'approved' as const],
      [w.oil, 'approved' as const],
      [w.warning, 'declined' as const],
    ]);
    // What the page shows as "Total approved" and on the sign sheet: $340 + $35, 10 % on all but the $5 fee.
    const onPage = approvedTotalOf(before, choices);
    expect(onPage).toBe(34000 + 3500 + 3400 + 300);
    const res = await approve(
      w,
      [...choices].map(([resultId, decision]) => ({ resultId, decision })),
      { estimateVersion: before.estimate!.version },
    );
    expect(res.statusCode, res.body).toBe(201);
    const after: ReportView = res.json();
    // The thank-you screen's total (the same function on the answer) and the server's, equal.
    expect(after.estimate!.totals.approvedTotal).toBe(onPage);
    expect(approvedTotalOf(after, new Map())).toBe(onPage);
    const [row] = await db().select().from(reportApprovals).where(eq(reportApprovals.inspectionOrderId, w.orderId));
    expect(row!.approvedTotal).toBe(onPage);
  });

  it('refuses a signature that is not a PNG, or too large, and an estimate that changed meanwhile', async () => {
    const w = await world();
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const fake = await approve(w, [{ resultId: w.critical, decision: 'approved' }], {
      signature: `data:image/png;base64,${jpeg.toString('base64')}`,
    });
    expect(fake.statusCode).toBe(400);
    const garbage = await approve(w, [{ resultId: w.critical, decision: 'approved' }], {
      signature: `data:image/png;base64,${Buffer.from('\x89PNG\r\n\x1a\nnot really').toString('base64')}`,
    });
    expect(garbage.statusCode).toBe(400);
    const huge = await approve(w, [{ resultId: w.critical, decision: 'approved' }], {
      signature: `data:image/png;base64,${'A'.repeat(400_000)}`,
    });
    expect([400, 413]).toContain(huge.statusCode);
    const stale = await approve(w, [{ resultId: w.critical, decision: 'approved' }], { estimateVersion: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('ESTIMATE_CHANGED');
    expect(
      await db().select().from(reportApprovals).where(eq(reportApprovals.inspectionOrderId, w.orderId)),
    ).toHaveLength(0);
  });

  it('lets the customer in the portal approve, and dismiss a declined item (only a declined one)', async () => {
    const w = await world();
    const portal = await t.make.user('consumer', store, { customerId: w.customerId });
    const headers = await bearer(t.platform.tokens, portal);
    const res = await t.app.inject({
      method: 'POST',
      url: reportUrl(w.orderId, '/approval'),
      headers,
      payload: { decisions: [{ resultId: w.oil, decision: 'declined' }], signerName: 'Jane', signature },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await db()
      .select()
      .from(reportApprovals)
      .where(eq(reportApprovals.inspectionOrderId, w.orderId));
    expect(row).toMatchObject({ via: 'portal', portalUserId: portal.id, reportLinkId: null });

    const notDeclined = await t.app.inject({
      method: 'PUT',
      url: reportUrl(w.orderId, `/result/${w.critical}/deferred`),
      headers,
      payload: { deferredIgnoredByCustomer: true },
    });
    expect(notDeclined.statusCode).toBe(409);
    const dismissed = await t.app.inject({
      method: 'PUT',
      url: reportUrl(w.orderId, `/result/${w.oil}/deferred`),
      headers,
      payload: { deferredIgnoredByCustomer: true },
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    const [oil] = await db().select().from(inspectionResults).where(eq(inspectionResults.id, w.oil));
    expect(oil!.deferredIgnoredByCustomer).toBe(true);
    // Another order's result: 404.
    const foreign = await world();
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: reportUrl(w.orderId, `/result/${foreign.oil}/deferred`),
          headers,
          payload: { deferredIgnoredByCustomer: true },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('reading status', () => {
  it('turns reading into read once the last view is older than 5000 ms, and tells the dashboards', async () => {
    const w = await world();
    expect(
      (
        await t.app.inject({ method: 'POST', url: reportUrl(w.orderId, '/view', w.token), payload: {} })
      ).json(),
    ).toEqual({ reportStatus: 'reading' });
    // A heartbeat while reading announces nothing new.
    await t.app.inject({ method: 'POST', url: reportUrl(w.orderId, '/view', w.token), payload: {} });
    const mine = async () =>
      (await events('consumerReadingReport'))
        .filter((e) => (e.payload as { inspectionOrderId: string }).inspectionOrderId === w.orderId)
        .map((e) => e.payload as { status: string; lastViewed: string });
    expect((await mine()).map((p) => p.status)).toEqual(['reading']);
    // Still within the time-out: the sweeper leaves it.
    await new Promise((r) => setTimeout(r, 1200));
    expect(
      (await db().select().from(inspectionOrders).where(eq(inspectionOrders.id, w.orderId)))[0]!.reportStatus,
    ).toBe('reading');
    await db()
      .update(inspectionOrders)
      .set({ reportLastViewed: sql`now() - interval '6 seconds'` })
      .where(eq(inspectionOrders.id, w.orderId));
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && (await mine()).length < 2) await new Promise((r) => setTimeout(r, 100));
    const statuses = await mine();
    expect(statuses.map((p) => p.status)).toEqual(['reading', 'read']);
    expect(statuses[1]!.lastViewed).toBeTruthy();
    expect(
      (await db().select().from(inspectionOrders).where(eq(inspectionOrders.id, w.orderId)))[0]!.reportStatus,
    ).toBe('read');
    // Opened again: reading again.
    await t.app.inject({ method: 'GET', url: reportUrl(w.orderId, '', w.token) });
    expect((await mine()).map((p) => p.status)).toEqual(['reading', 'read', 'reading']);
  });

  it('does not take heartbeats from staff', async () => {
    const w = await world();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: reportUrl(w.orderId, '/view'),
          headers: advisorHeaders,
          payload: {},
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('share', () => {
  it("refuses missing fields with 'Please complete all fields'", async () => {
    const w = await world();
    for (const payload of [
      {},
      { to: 'friend@example.com', subject: 'Car' },
      { to: 'nope', subject: 'Car', body: 'Look' },
      { to: 'friend@example.com', subject: ' ', body: 'Look' },
      { to: 'friend@example.com; nope', subject: 'Car', body: 'Look' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: reportUrl(w.orderId, '/share', w.token),
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: 400,
        code: 'INVALID_ARGUMENTS',
        message: SHARE_REPORT_INCOMPLETE,
      });
    }
  });

  it('sends the e-mail with a link of its own that opens the report, and limits how often', async () => {
    const w = await world();
    const res = await t.app.inject({
      method: 'POST',
      url: reportUrl(w.orderId, '/share', w.token),
      payload: { to: 'friend@example.com', subject: 'My car report', body: 'Have a look at this.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [message] = await db()
      .select()
      .from(sentMessages)
      .where(and(eq(sentMessages.to, 'friend@example.com'), eq(sentMessages.subject, 'My car report')));
    expect(message).toBeTruthy();
    const body = JSON.stringify(message);
    expect(body).toContain('Have a look at this.');
    const url = /(http[^\s"\\]+\/report\/[^\s"\\]+)/.exec(body)![1]!;
    const shared = new URL(url).searchParams.get('t')!;
    expect(shared).not.toBe(w.token);
    expect((await t.app.inject({ method: 'GET', url: reportUrl(w.orderId, '', shared) })).statusCode).toBe(
      200,
    );

    let status = 200;
    for (let i = 0; i < 12 && status === 200; i++) {
      status = (
        await t.app.inject({
          method: 'POST',
          url: reportUrl(w.orderId, '/share', w.token),
          payload: { to: 'friend@example.com', subject: 'Again', body: 'x' },
        })
      ).statusCode;
    }
    expect(status).toBe(429);
  });

  it("sends one e-mail to each address of 'to', with the same link", async () => {
    const w = await world();
    const res = await t.app.inject({
      method: 'POST',
      url: reportUrl(w.orderId, '/share', w.token),
      payload: { to: 'ann@example.com; bob@example.org', subject: 'Our car', body: 'For both of you.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sent = await db().select().from(sentMessages).where(eq(sentMessages.subject, 'Our car'));
    expect(sent.map((m) => m.to).sort()).toEqual(['ann@example.com', 'bob@example.org']);
    expect(new Set(sent.map((m) => /\/report\/\S+/.exec(m.text)![0])).size).toBe(1);
  });
});

describe("the store's tax names", () => {
  it('are saved with a French name through the settings, each unique, and settings without one still read', async () => {
    const shop = await t.make.store({ name: 'Tax names' });
    const manager = await bearer(t.platform.tokens, await t.make.user('StoreManager', shop));
    const url = `/v2/api/store/${shop.id}/settings`;
    const tax = (name: string, nameFr?: string) => ({
      name,
      ...(nameFr === undefined ? {} : { nameFr }),
      ratePercent: 5,
      onLabour: true,
      onParts: true,
      onFees: true,
    });
    const put = (taxes: object[]) => t.app.inject({ method: 'PUT', url, headers: manager, payload: { taxes } });
    const saved = await put([tax('GST', 'TPS'), tax('QST', 'TVQ')]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().taxes.map((x: { nameFr?: string }) => x.nameFr)).toEqual(['TPS', 'TVQ']);
    // The French names are unique too; a missing one stands for the name.
    const taken = await put([tax('GST', 'TPS'), tax('TPS')]);
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ code: 'INVALID_ARGUMENTS', message: expect.stringContaining('taxes') });
    // Saved before French names existed: read as they were.
    const old = await put([tax('HST')]);
    expect(old.statusCode, old.body).toBe(200);
    expect(old.json().taxes).toEqual([tax('HST')]);
  });
});

async function countFiles() {
  const { readdirSync } = await import('node:fs');
  return readdirSync(t.platform.config.filesDir, { recursive: true })
    .map(String)
    .filter((f) => /[0-9a-f-]{36}$/.test(f)).length;
}
