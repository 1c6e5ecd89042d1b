import sharp from 'sharp';
import {
  SIGNATURE_DATA_URL_PREFIX,
  ZSendReportRequest,
  type EstimateFee,
  type EstimatePart,
  type PartsState,
  type StepState,
} from '@servicebay/domain';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/client.js';
import { translate } from '../../platform/i18n/translate.js';
import type { Actor, RepairOrdersService } from '../repair-orders/index.js';
import { createInspectionsRepository } from '../inspections/inspections.repository.js';
import type { EstimatesService } from '../estimates/index.js';
import type { ReportLinksService, ReportSendingService, ReportViewService } from '../reports/index.js';
import { createDemoRepository } from './demo.repository.js';

/** The services the demo reports go through, built once by the composition root (modules/index.ts). */
export interface DemoReportServices {
  orders: Pick<RepairOrdersService, 'setState'>;
  estimates: Pick<EstimatesService, 'open' | 'updateLine' | 'markReady' | 'update'>;
  reportSending: Pick<ReportSendingService, 'issueToken' | 'send'>;
  reportView: Pick<ReportViewService, 'open' | 'approve'>;
  reportLinks: Pick<ReportLinksService, 'issue'>;
  logger: Pick<Logger, 'warn'>;
}

/**
 * Demo reports (docs/reports.md "Demo data"): two finished Downtown orders of Jane Doe
 * (jane@example.com), one per car, whose estimate is priced, whose report was e-mailed to her and
 * which she approved through the report link with her name and a drawn signature: 10260 wholly,
 * 10261 in part (declined items are deferred work). Everything goes through the features' own
 * services, as the advisor and the customer would, after the demo inspections
 * (demo.inspections.ts) wrote their results.
 */
interface DemoLine {
  labourHours: number;
  parts: EstimatePart[];
  fees?: EstimateFee[];
}

interface DemoReport {
  number: string;
  /** The estimate's price of each recommended item, by item key. */
  lines: Record<string, DemoLine>;
  /** Items the customer declined (the others she approved). */
  declined: string[];
  /** Where the advisor took the order after the approval. */
  after: { parts: PartsState; work: StepState };
}

export const DEMO_REPORTS: readonly DemoReport[] = [
  {
    // Jane's first car, a windshield ticket: everything approved, the glass ordered.
    number: '10260',
    lines: {
      windshield: {
        labourHours: 2.5,
        parts: [
          { number: 'FW04512GTY', description: 'Windshield glass, acoustic', quantity: 1, unitPrice: 389_00 },
          { number: 'URE-300', description: 'Urethane adhesive kit', quantity: 1, unitPrice: 34_95 },
        ],
        fees: [{ description: 'Windshield camera recalibration', amount: 149_00 }],
      },
      exteriorLights: {
        labourHours: 0.3,
        parts: [{ number: '9006', description: 'Low beam headlight bulb', quantity: 2, unitPrice: 18_49 }],
      },
      dashWarningLights: {
        labourHours: 1,
        parts: [{ number: 'TPMS-315', description: 'Tire pressure sensor', quantity: 1, unitPrice: 64_99 }],
        fees: [{ description: 'Shop supplies', amount: 7_50 }],
      },
    },
    declined: [],
    after: { parts: 'inProgressHaveOrdered', work: 'pending' },
  },
  {
    // Jane's second car, a multi-point inspection: brakes and filter approved, battery and wipers deferred.
    number: '10261',
    lines: {
      frontBrakePads: {
        labourHours: 1.5,
        parts: [
          { number: 'D1089', description: 'Front brake pads, ceramic (set)', quantity: 1, unitPrice: 89_99 },
          { number: 'BH-12', description: 'Brake hardware kit', quantity: 1, unitPrice: 14_50 },
        ],
        fees: [{ description: 'Brake cleaner and disposal', amount: 6_00 }],
      },
      frontRotors: {
        labourHours: 0.8,
        parts: [{ number: 'RT-54012', description: 'Front brake rotor', quantity: 2, unitPrice: 74_95 }],
      },
      batteryVoltage: {
        labourHours: 0.4,
        parts: [{ number: 'H6-AGM', description: 'Battery, group H6 AGM', quantity: 1, unitPrice: 219_99 }],
        fees: [{ description: 'Battery core charge', amount: 20_00 }],
      },
      engineAirFilter: {
        labourHours: 0.2,
        parts: [{ number: 'AF-5890', description: 'Engine air filter', quantity: 1, unitPrice: 27_49 }],
      },
      wiperBlades: {
        labourHours: 0.2,
        parts: [
          { number: 'WB-26', description: 'Wiper blade, 26 in', quantity: 1, unitPrice: 24_99 },
          { number: 'WB-17', description: 'Wiper blade, 17 in', quantity: 1, unitPrice: 19_99 },
        ],
      },
    },
    declined: ['batteryVoltage', 'wiperBlades'],
    after: { parts: 'done', work: 'inProgress' },
  },
];

const DEMO_MESSAGE =
  'The inspection of your vehicle is complete. Open the report to see what we found and what we recommend: ' +
  'the prices are in it, and you can approve the work from your phone.\n\nThank you for your trust.';

/** Where the demo customer signed from: a phone, on a documentation address (RFC 5737). */
const DEMO_ORIGIN = {
  ipAddress: '203.0.113.24',
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
};

/** A small hand-drawn looking signature, as the report page's signature pad sends it (a PNG data URL). */
export async function demoSignature(): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="120">
    <rect width="360" height="120" fill="#fff"/>
    <path d="M30 40 C 40 20, 60 20, 55 60 S 20 95, 25 80 M70 75 C 75 55, 95 55, 92 75 S 100 85, 110 70
      M115 70 C 120 60, 130 60, 128 78 M130 70 C 135 60, 150 60, 148 78 M155 70 C 170 55, 175 80, 160 80
      M200 30 C 200 60, 198 85, 200 90 C 240 90, 245 40, 200 35 M250 75 C 255 55, 275 60, 265 80 S 245 80, 252 70
      M285 72 C 300 55, 305 85, 285 80 M310 74 C 325 58, 330 85, 312 80 L 345 70"
      fill="none" stroke="#1c2a6b" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>
  </svg>`;
  const png = await sharp(Buffer.from(svg)).png({ palette: true }).toBuffer();
  return `${SIGNATURE_DATA_URL_PREFIX}${png.toString('base64')}`;
}

/**
 * Prices, sends and has approved the demo reports; run by seedDemoData after the inspections.
 * Answers the number of orders it went through.
 */
export async function seedDemoReports(db: Db, services: DemoReportServices): Promise<number> {
  const demo = createDemoRepository(db);
  const store = await demo.storeByName('Downtown');
  const advisor = await demo.userByUsername('advisor');
  if (!store || !advisor) return 0;
  const actor: Actor = { id: advisor.id, role: 'ServiceAdvisor' };
  const { orders, estimates, reportSending: sending, reportView: view } = services;
  const inspections = createInspectionsRepository(db);
  const signature = await demoSignature();
  const found = await demo.ordersByNumbers(
    store.id,
    DEMO_REPORTS.map((r) => r.number),
  );
  let done = 0;
  for (const plan of DEMO_REPORTS) {
    const order = found.find((o) => o.orderNumber === plan.number);
    if (!order) continue;
    const keyOf = new Map((await inspections.results(store.id, order.id)).map((r) => [r.id, r.itemKey]));

    // The advisor: the estimate drawn from the inspection, each line priced, marked ready.
    const drawn = await estimates.open(store.id, order.id, 'en');
    for (const line of drawn.lines) {
      const price = line.resultId ? plan.lines[keyOf.get(line.resultId) ?? ''] : undefined;
      if (price) await estimates.updateLine(store.id, order.id, line._id, { fees: [], ...price });
    }
    await estimates.markReady(store.id, order.id);

    // The report e-mailed to the customer (the outbox, or SMTP when SMTP_URL is set); no text.
    const { token } = sending.issueToken(order.id, actor);
    let linkId: string;
    try {
      const sent = await sending.send(
        store.id,
        order.id,
        ZSendReportRequest.parse({
          storeId: store.id,
          inspectionOrderId: order.id,
          workerId: advisor.id,
          language: 'en',
          subjectLine: translate('en', 'reportSending:defaults.en.reportSubject', { store: store.name }),
          // The e-mail greets the customer by name already (report-message.ts).
          messageText: DEMO_MESSAGE,
          customerEmail: 'jane@example.com',
          customerPhone: null,
          token,
        }),
        actor,
      );
      linkId = sent.reportLinkId;
    } catch (error) {
      // A mail server that is down must not stop the server from starting: the delivery is
      // recorded in error, and the customer's approval goes through a link of its own.
      services.logger.warn({ err: error, orderNumber: plan.number }, 'demo report not e-mailed');
      linkId = (await services.reportLinks.issue(store.id, order.id, advisor.id)).link.id;
    }

    // The customer: opens the report from the link, decides every recommended item and signs.
    const caller = { via: 'link' as const, linkId };
    const report = await view.open(store.id, order.id, caller, 'en');
    const decisions = report.groups
      .flatMap((g) => g.sections.flatMap((s) => s.items))
      .filter((item) => item.decidable && item.decision === null)
      .map((item) => ({
        resultId: item.resultId,
        decision: plan.declined.includes(item.itemKey) ? ('declined' as const) : ('approved' as const),
      }));
    if (decisions.length) {
      await view.approve(
        store.id,
        order.id,
        caller,
        { decisions, signerName: 'Jane Doe', signature, estimateVersion: report.estimate?.version },
        DEMO_ORIGIN,
        'en',
      );
    }

    // The advisor again: the estimate authorized, parts and work under way.
    await estimates.update(store.id, order.id, { status: 'AUTHORIZED' });
    await orders.setState(store.id, order.id, { state: 'parts', value: plan.after.parts }, actor);
    await orders.setState(store.id, order.id, { state: 'work', value: plan.after.work }, actor);
    done++;
  }
  return done;
}
