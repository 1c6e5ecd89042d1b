import type { InspectionDefinition, InspectionItem } from '@servicebay/domain';
import { fillPath, listResultsRoute, updateResultRoute } from '@servicebay/domain';
import { bearer } from '../../../apps/server/test/factories.js';
import { createInspectionsRepository } from '../../../apps/server/src/modules/inspections/inspections.repository.js';
import type { BenchEnv, Engine, Target } from '../scenario.js';
import { startServiceBay, type ServiceBay } from './servicebay.js';

/** Items of the bench's large inspection: a shop's longest checklist. */
export const RESULT_ITEMS = 150;

/** A type of 150 items in 15 sections (every tenth item a measurement), vehicleDetails first. */
export function largeDefinition(items = RESULT_ITEMS): InspectionDefinition {
  const t = (en: string) => ({ en, fr: `${en} (fr)` });
  const item = (n: number): InspectionItem => ({
    itemKey: `item${n}`,
    name: t(`Item ${n}`),
    required: true,
    multiple: false,
    findings: [
      { key: 'good', text: t('Good'), severities: ['okay'], recommendations: [] },
      { key: 'worn', text: t('Worn'), severities: ['warning', 'critical'], recommendations: [{ key: 'replace', text: t('Replace') }] },
    ],
    measurement:
      n % 10 === 0
        ? { unit: 'mm', min: 0, max: 20, step: 0.5, thresholds: { direction: 'atOrBelow', warning: 4, critical: 2 } }
        : null,
  });
  const sections = Math.ceil(items / 10);
  const groups = Array.from({ length: 3 }, (_, g) => ({
    key: g === 0 ? 'vehicleDetails' : `group${g}`,
    name: t(`Group ${g}`),
    shownByDefault: g === 0,
    sections: Array.from({ length: sections / 3 }, (_, s) => {
      const section = g * (sections / 3) + s;
      return {
        key: `section${section}`,
        name: t(`Section ${section}`),
        items: Array.from({ length: 10 }, (_, i) => item(section * 10 + i + 1)),
      };
    }),
  }));
  return { groups, groupOrder: groups.map((g) => g.key) };
}

/**
 * A store with an order of the large type and a result for every item (a finished inspection),
 * and an advisor's token.
 */
export async function orderWithResults(sb: ServiceBay) {
  const store = await sb.make.store();
  const advisor = await sb.make.user('ServiceAdvisor', store);
  const definition = largeDefinition();
  const type = await sb.make.inspectionType(store, { name: 'Bench 150', definition });
  const order = await sb.make.inspectionOrder(store, { inspectionType: type.id });
  const repo = createInspectionsRepository(sb.platform.database.db);
  const ids: string[] = [];
  let rank = 0;
  for (const g of definition.groups) {
    for (const s of g.sections) {
      for (const i of s.items) {
        const severity = rank % 7 === 0 ? 'critical' : rank % 3 === 0 ? 'warning' : 'okay';
        const row = await repo.insertResult({
          storeId: store.id,
          inspectionOrderId: order.id,
          groupKey: g.key,
          sectionKey: s.key,
          itemKey: i.itemKey,
          rank: rank++,
          result: severity,
          finding: severity === 'okay' ? 'good' : 'worn',
          recommendation: severity === 'okay' ? null : 'replace',
          value: i.measurement ? 6 : null,
          note: severity === 'okay' ? null : 'Seen during the bench inspection',
        });
        ids.push(row.id);
      }
    }
  }
  return { store, order, resultIds: ids, headers: await bearer(sb.platform.tokens, advisor) };
}

/** `GET .../inspectionOrder/{id}/result?grouped=true` of a 150-result order, as an advisor. */
export async function resultsLoadTarget(env: BenchEnv, engine: Engine): Promise<Target> {
  const sb = await startServiceBay(env, engine);
  const { store, order, headers } = await orderWithResults(sb);
  return {
    app: sb.app,
    request: { path: `${fillPath(listResultsRoute.path, { storeId: store.id, inspectionOrderId: order.id })}?grouped=true`, headers },
    close: sb.close,
  };
}

/**
 * `PUT .../result/{resultId}` (a note) on that order, as an advisor: the result is checked
 * against the 150-item type, the order locked, the change written with its effects (the
 * order reopened, the time tracker started, work started).
 */
export async function resultSaveTarget(env: BenchEnv, engine: Engine): Promise<Target> {
  const sb = await startServiceBay(env, engine);
  const { store, order, resultIds, headers } = await orderWithResults(sb);
  const path = (resultId: string) => fillPath(updateResultRoute.path, { storeId: store.id, inspectionOrderId: order.id, resultId });
  return {
    app: sb.app,
    request: {
      method: 'PUT',
      path: path(resultIds[75]!),
      // Different results in turn, as a technician going down the list.
      morePaths: resultIds.slice(0, 20).map(path),
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ note: 'Checked again' }),
    },
    close: sb.close,
  };
}
