import {
  findItem,
  isOfferedForDecision,
  lineDescriptionIn,
  OTHER_FINDING,
  readStoreSettings,
  resultCounts,
  taxName,
  vehicleDescription,
  type Estimate,
  type InspectionDefinition,
  type Language,
  type ReportItem,
  type RepairOrder,
  type ReportView,
} from '@servicebay/domain';
import type { ReportCaller } from '../../../platform/http/registrar.js';
import { languageOf, type ReportViewContext } from './context.js';

/** The texts of a result in the report's language: typed texts win over the template's. */
function textsOf(
  definition: InspectionDefinition,
  r: {
    itemKey: string;
    finding: string | null;
    recommendation: string | null;
    findingText: string | null;
    recommendationText: string | null;
  },
  language: Language,
) {
  const located = findItem(definition, r.itemKey);
  const finding =
    r.finding && r.finding !== OTHER_FINDING
      ? located?.item.findings.find((f) => f.key === r.finding)
      : undefined;
  const recommendation = finding?.recommendations.find((x) => x.key === r.recommendation);
  return {
    name: located?.item.name[language] ?? r.itemKey,
    finding: r.findingText ?? finding?.text[language] ?? null,
    recommendation: r.recommendationText ?? recommendation?.text[language] ?? null,
    unit: located?.item.measurement?.unit ?? null,
  };
}

/** The estimate as the customer reads it: taxes named in the report's language. */
function presentEstimate(estimate: Estimate, language: Language): NonNullable<ReportView['estimate']> {
  return {
    version: estimate.version,
    currency: estimate.currency,
    otherLines: estimate.lines
      .filter((l) => l.resultId === null)
      .map((l) => ({ description: l.description, labourHours: l.labourHours, amounts: l.amounts })),
    taxes: estimate.taxes.map((t) => ({
      name: taxName(t, language),
      ratePercent: t.ratePercent,
      onLabour: t.onLabour,
      onParts: t.onParts,
      onFees: t.onFees,
      amount: t.amount,
    })),
    totals: {
      subtotal: estimate.totals.subtotal,
      tax: estimate.totals.tax,
      total: estimate.totals.total,
      approvedTotal: estimate.totals.approvedTotal,
    },
  };
}


/** The report as the caller sees it (docs/reports.md): its items in their groups, the estimate, what the caller may do. */
export async function view(
  ctx: ReportViewContext,
  storeId: string,
  order: RepairOrder,
  caller: ReportCaller,
  language?: Language,
): Promise<ReportView> {
  const inspectionOrderId = order._id;
  const [shop, report, estimate, lang] = await Promise.all([
    ctx.repo.shop(storeId),
    ctx.deps.inspections.reportItems(storeId, order),
    ctx.deps.estimates.get(storeId, inspectionOrderId),
    languageOf(ctx, storeId, inspectionOrderId, language),
  ]);
  const { definition } = report;
  const shown = report.items.filter(
    ({ result: r }) => r.result === 'okay' || r.result === 'warning' || r.result === 'critical',
  );
  // A line still as drawn from the template speaks the report's language; a reworded one is as typed.
  const linesOf = (r: (typeof shown)[number]['result']) => {
    const item = findItem(definition, r.itemKey)?.item ?? null;
    const drawable = { ...r, id: r._id };
    return (estimate?.lines ?? [])
      .filter((l) => l.resultId === r._id)
      .map((l) => ({
        description: lineDescriptionIn(l.description, drawable, item, lang),
        labourHours: l.labourHours,
        amounts: l.amounts,
      }));
  };
  const items = new Map<string, ReportItem>();
  for (const { result: r, decision, decidedAt } of shown) {
    const texts = textsOf(definition, r, lang);
    const lines = linesOf(r);
    const subtotal = lines.reduce((sum, l) => sum + l.amounts.subtotal, 0);
    items.set(r._id, {
      resultId: r._id,
      itemKey: r.itemKey,
      name: texts.name,
      result: r.result as ReportItem['result'],
      finding: texts.finding,
      recommendation: texts.recommendation,
      note: r.note,
      measurement: r.value !== null && texts.unit ? { value: r.value, unit: texts.unit } : null,
      pictures: r.pictures.map((p) => ({ name: p.name, thumb: p.thumb, phone: p.phone, gallery: p.gallery })),
      videos: r.videos.map((v) => ({
        name: v.name,
        url: v.url,
        contentType: v.contentType,
        duration: v.duration,
      })),
      lines,
      subtotal,
      decidable: isOfferedForDecision(r.result, subtotal),
      decision,
      decidedAt,
      deferredIgnoredByCustomer: r.deferredIgnoredByCustomer,
    });
  }
  const groupOrder = definition.groupOrder.length
    ? definition.groupOrder
    : definition.groups.map((g) => g.key);
  const groups = groupOrder
    .map((key) => definition.groups.find((g) => g.key === key))
    .filter((g) => !!g)
    .map((g) => ({
      key: g.key,
      name: g.name[lang],
      sections: g.sections
        .map((s) => ({
          key: s.key,
          name: s.name[lang],
          items: shown
            .filter(({ result: r }) => r.group === g.key && r.section === s.key)
            .map(({ result: r }) => items.get(r._id)!),
        }))
        .filter((s) => s.items.length > 0),
    }))
    .filter((g) => g.sections.length > 0);
  const v = order._embedded.vehicle;
  const customer = order._embedded.customer;
  const customerName = customer
    ? [customer.firstName, customer.lastName].filter(Boolean).join(' ') || customer.business || null
    : null;
  return {
    inspectionOrderId,
    language: lang,
    shop: {
      name: shop?.name ?? '',
      phone: shop?.phone ?? null,
      email: shop?.email ?? null,
      address: shop?.address ?? null,
      theme: readStoreSettings(shop?.settings).darkOrLightTheme,
    },
    customerName,
    vehicle: {
      description: vehicleDescription(v),
      licensePlate: v?.licensePlate ?? null,
      vin: v?.vin ?? null,
    },
    mileageIn: order.mileageIn,
    orderNumber: order.orderNumber,
    date: order.date,
    timePromised: order.timePromised,
    counts: resultCounts(shown.map(({ result: r }) => r)),
    groups,
    estimate: estimate ? presentEstimate(estimate, lang) : null,
    reportStatus:
      order.report.status === 'reading' || order.report.status === 'read' ? order.report.status : null,
    closed: order.closed,
    viewer: {
      via: caller.via,
      canDecide: caller.via !== 'staff' && !order.closed,
      canShare: caller.via !== 'staff',
    },
  };
}

