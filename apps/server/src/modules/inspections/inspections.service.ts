import type { FastifyRequest } from 'fastify';
import {
  AppError,
  businessMatchKey,
  cannotBeFinishedReason,
  errors,
  findingProblem,
  findItem,
  isDeficiencyCodeFor,
  itemsOf,
  selectInspectionType,
  severityDefaults,
  suggestSeverity,
  ZInspectionDefinition,
  type AutomaticInspectionSelection,
  type AutomaticInspectionSelectionRequest,
  type CreateResultRequest,
  type InspectionDefinition,
  type RepairOrder,
  type InspectionResult,
  type InspectionType,
  type InspectionTypeField,
  type LocatedItem,
  type ResultList,
  type ResultPicture,
  type ResultSeverity,
  type ResultVideo,
  type StoreSettings,
  type UpdateResultRequest,
  type CustomerDecision,
} from '@servicebay/domain';
import type { Db } from '../../platform/db/client.js';
import type { FileStore } from '../../platform/files/index.js';
import { RESULT_PICTURE_VARIANTS } from '../../platform/files/images.js';
import { receiveImageUpload, receiveMediaUpload, type FieldsCheck } from '../../platform/files/uploads.js';
import type { Actor, FinishCheck, InspectionTypesPort, OrderRow } from '../repair-orders/index.js';
import {
  createInspectionsRepository,
  type InspectionsRepository,
  type InspectionTypeRow,
  type MediaRow,
  type ResultChange,
  type ResultRow,
} from './inspections.repository.js';

/** What the inspections feature needs of the orders feature: its service, never its repository. */
export interface RepairOrdersPort {
  /** The order of the store (404 otherwise). */
  get(storeId: string, id: string): Promise<RepairOrder>;
  /** Runs a change with the order locked and applies spec §4's effects (repair-orders.service.ts). */
  inspectionWork<T>(
    storeId: string,
    id: string,
    actor: Actor,
    work: (tx: Db, order: OrderRow) => Promise<T>,
  ): Promise<T>;
}

export interface InspectionsDeps {
  db: Db;
  orders: RepairOrdersPort;
  files: FileStore;
  maxImageBytes: number;
  /** Life of the signed URLs in answers; the file store's default when absent. */
  urlTtlSeconds?: number;
}

/** A stored definition, checked again on the way out (a bad row is a 500, never a wrong answer). */
/**
 * Checked definitions by type id and version: a type is read on every result call, and checking
 * a 150-item definition again each time costs more than the query. Bounded; rows never change in
 * place without a new updated_at.
 */
const checkedDefinitions = new Map<string, InspectionDefinition>();
const definitionOf = (row: InspectionTypeRow): InspectionDefinition => {
  const key = `${row.id}:${row.updatedAt.getTime()}`;
  let def = checkedDefinitions.get(key);
  if (!def) {
    def = ZInspectionDefinition.parse(row.definition);
    if (checkedDefinitions.size >= 500) checkedDefinitions.clear();
    checkedDefinitions.set(key, def);
  }
  return def;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A name a form gave: a file name, never a path (400 otherwise, before any byte is stored). */
function mediaName(fields: Record<string, string>, filename: string): string {
  const raw = (fields.name ?? fields.fileName ?? filename ?? '').trim();
  if (raw === '') throw errors.mandatory('name');
  if (/[\\/]/.test(raw) || raw === '.' || raw === '..' || raw.includes('..'))
    throw errors.invalid('name: must be a file name, not a path');
  if ([...raw].some((c) => c < ' ' || c === '\u007f' || c === '"'))
    throw errors.invalid('name: must not hold control characters or quotes');
  if (raw.length > 255) throw errors.invalid('name: too long');
  return raw;
}

function optionalNumber(
  fields: Record<string, string>,
  name: string,
  min: number,
  max: number,
): number | null {
  const raw = fields[name];
  if (raw === undefined || raw.trim() === '') return null;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max)
    throw errors.invalid(`${name}: must be a number from ${min} to ${max}`);
  return n;
}

function optionalDate(fields: Record<string, string>, name: string): Date | null {
  const raw = fields[name];
  if (raw === undefined || raw.trim() === '') return null;
  // Browsers give File.lastModified in epoch milliseconds; forms may send ISO instants.
  const d = /^\d{1,15}$/.test(raw.trim()) ? new Date(Number(raw)) : new Date(raw);
  if (Number.isNaN(d.getTime())) throw errors.invalid(`${name}: must be a date`);
  return d;
}

const optionalText = (fields: Record<string, string>, name: string, max = 200) => {
  const v = fields[name]?.trim();
  return v ? v.slice(0, max) : null;
};

async function settingsOf(repo: InspectionsRepository, storeId: string): Promise<StoreSettings> {
  return repo.storeSettings(storeId);
}

/** The store's default type: its defaultInspection setting (an id or a name), else the product's. */
async function defaultType(
  repo: InspectionsRepository,
  storeId: string,
  settings: StoreSettings,
): Promise<InspectionTypeRow | null> {
  const wanted = settings.defaultInspection?.trim();
  if (wanted) {
    const byId = /^[0-9a-f-]{36}$/i.test(wanted) ? await repo.type(storeId, wanted) : null;
    const row = byId ?? (await repo.typeByName(storeId, wanted));
    if (row && row.state === 'active') return row;
  }
  return repo.productDefault();
}

/** The order's type: the one it names, else the store's default (409 when there is neither). */
async function typeOfOrder(
  repo: InspectionsRepository,
  storeId: string,
  order: { inspectionType: string | null },
) {
  const row = order.inspectionType
    ? await repo.type(storeId, order.inspectionType)
    : await defaultType(repo, storeId, await settingsOf(repo, storeId));
  if (!row) throw new AppError(409, 'CONFLICT', 'The order has no inspection type');
  return { row, definition: definitionOf(row) };
}

/**
 * The rules the orders feature plugs in (repair-orders.routes.ts): the type of a new order
 * and the finish check. They need only the database.
 */
export function inspectionRules() {
  const typesPort = (db: Db): InspectionTypesPort => {
    const repo = createInspectionsRepository(db);
    return {
      async select(storeId, business, settings) {
        const selections =
          settings.automaticInspectionSelectionEnabled && business
            ? await repo.selections(storeId, businessMatchKey(business))
            : [];
        const fallback = await defaultType(repo, storeId, settings);
        const picked = selectInspectionType({
          enabled: settings.automaticInspectionSelectionEnabled,
          business,
          selections: selections.map((s) => ({ match: s.match, inspectionTypeId: s.inspectionTypeId })),
          defaultTypeId: fallback?.id ?? null,
        });
        return picked;
      },
      async ensureUsable(storeId, id) {
        const row = await repo.type(storeId, id);
        if (!row || row.state !== 'active')
          throw errors.invalid('inspectionType: not an inspection type of this store');
      },
    };
  };

  /** Spec §4 finishing: the reason from the order's results (can-be-finished and finish). */
  const finishCheck: FinishCheck = async (order, db) => {
    const repo = createInspectionsRepository(db);
    const { definition } = await typeOfOrder(repo, order.storeId, order);
    const results = await repo.results(order.storeId, order._id);
    return cannotBeFinishedReason(
      definition,
      results.map((r) => ({ itemKey: r.itemKey, result: r.result as ResultSeverity | null, value: r.value })),
    );
  };
  return { typesPort, finishCheck };
}

/** A result as the customer decides on it (docs/reports.md). */
export interface DecisionRow {
  id: string;
  result: ResultSeverity | null;
  decision: CustomerDecision | null;
  deferredIgnoredByCustomer: boolean;
}

const decisionOf = (value: string | null): CustomerDecision | null =>
  value === 'approved' || value === 'declined' ? value : null;

/**
 * The customer's decisions on an order's results, in the caller's transaction (the reports
 * feature runs them with the order locked): decided once, clientApprovedForWork mirrors an
 * approval, a declined item is deferred work the customer may dismiss.
 */
export function customerDecisionsIn(tx: Db) {
  const repo = createInspectionsRepository(tx);
  return {
    /** The order's results, locked. */
    async lock(storeId: string, orderId: string): Promise<DecisionRow[]> {
      return (await repo.lockResults(storeId, orderId)).map((r) => ({
        id: r.id,
        result: r.result as ResultSeverity | null,
        decision: decisionOf(r.customerDecision),
        deferredIgnoredByCustomer: r.deferredIgnoredByCustomer,
      }));
    },
    async decide(storeId: string, decisions: ReadonlyArray<{ resultId: string; decision: CustomerDecision }>, at: Date) {
      for (const d of decisions) {
        await repo.updateResult(storeId, d.resultId, {
          customerDecision: d.decision,
          customerDecidedAt: at,
          clientApprovedForWork: d.decision === 'approved',
        });
      }
    },
    async dismissDeferred(storeId: string, resultId: string) {
      await repo.updateResult(storeId, resultId, { deferredIgnoredByCustomer: true });
    },
  };
}
export type CustomerDecisions = ReturnType<typeof customerDecisionsIn>;

export function createInspectionsService(deps: InspectionsDeps) {
  const readRepo = createInspectionsRepository(deps.db);
  const signed = (key: string) => deps.files.signedUrlNow(key, { ttlSeconds: deps.urlTtlSeconds });

  function presentType(row: InspectionTypeRow, defaultId: string | null): InspectionType {
    const def = definitionOf(row);
    return {
      _id: row.id,
      name: row.name,
      isDefault: row.id === defaultId,
      state: row.state as InspectionType['state'],
      storeId: row.storeId,
      groups: def.groups,
      groupOrder: def.groupOrder,
    };
  }

  /* -------------------------------------------------------------- presenting */

  function presentPicture(m: MediaRow): ResultPicture {
    return {
      name: m.name,
      source: signed(m.fileKey),
      gallery: signed(m.galleryKey ?? m.fileKey),
      phone: signed(m.phoneKey ?? m.fileKey),
      original: signed(m.originalKey ?? m.fileKey),
      gpsCoords: m.gpsLat !== null && m.gpsLong !== null ? { lat: m.gpsLat, long: m.gpsLong } : null,
      dateTime: iso(m.dateTime),
      worker: { name: m.workerName, title: m.workerTitle },
    };
  }

  function presentVideo(m: MediaRow): ResultVideo {
    return {
      name: m.name,
      url: signed(m.fileKey),
      lastModified: iso(m.lastModified),
      duration: m.duration,
      contentType: m.contentType,
      size: m.size,
    };
  }

  function presentResult(r: ResultRow, media: readonly MediaRow[]): InspectionResult {
    const own = media.filter((m) => m.resultId === r.id);
    return {
      _id: r.id,
      inspectionOrderId: r.inspectionOrderId,
      group: r.groupKey,
      section: r.sectionKey,
      itemKey: r.itemKey,
      result: r.result as ResultSeverity | null,
      finding: r.finding,
      recommendation: r.recommendation,
      findingText: r.findingText,
      recommendationText: r.recommendationText,
      rank: r.rank,
      multiple: r.multiple,
      note: r.note,
      mapValue: r.mapValue,
      value: r.value,
      clientApprovedForWork: r.clientApprovedForWork,
      deferredIgnoredByCustomer: r.deferredIgnoredByCustomer,
      confirmed: r.confirmed,
      pictures: own.filter((m) => m.kind === 'picture').map(presentPicture),
      videos: own.filter((m) => m.kind === 'video').map(presentVideo),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  }

  async function presentOne(repo: InspectionsRepository, row: ResultRow) {
    return presentResult(row, await repo.media([row.id]));
  }

  /* -------------------------------------------------------------- validating */

  /**
   * The values a write leaves, checked against the item: the finding and recommendation belong
   * to it, a value only on a measurement item and inside its range, the reason code fits the
   * severity. A changed severity without a finding gets its defaults (spec §4); a value on an
   * item without a severity gets the one its thresholds suggest.
   */
  function resolveChange(
    located: LocatedItem,
    current: ResultRow | null,
    body: Partial<CreateResultRequest & UpdateResultRequest>,
  ): ResultChange {
    const { item } = located;
    const change: ResultChange = {};
    const copy = [
      'findingText',
      'recommendationText',
      'rank',
      'note',
      'clientApprovedForWork',
      'deferredIgnoredByCustomer',
    ] as const;
    for (const f of copy) if (body[f] !== undefined) (change as Record<string, unknown>)[f] = body[f];

    if (body.value !== undefined && body.value !== null) {
      const m = item.measurement;
      if (!m) throw errors.invalid(`value: ${item.itemKey} is not a measurement item`);
      if (body.value < m.min || body.value > m.max)
        throw errors.invalid(`value: must be from ${m.min} to ${m.max} ${m.unit}`);
    }
    if (body.value !== undefined) change.value = body.value;

    let result = (current?.result ?? null) as ResultSeverity | null;
    let finding = current?.finding ?? null;
    let recommendation = current?.recommendation ?? null;
    if (body.result !== undefined && body.result !== result) {
      result = body.result;
      const d = severityDefaults(item, result);
      finding = d.finding;
      recommendation = d.recommendation;
      change.mapValue = null;
    } else if (body.result === undefined && result === null && body.value != null && item.measurement) {
      const suggested = suggestSeverity(item.measurement, body.value);
      if (suggested) {
        result = suggested;
        const d = severityDefaults(item, result);
        finding = d.finding;
        recommendation = d.recommendation;
      }
    }
    if (body.finding !== undefined) {
      finding = body.finding;
      if (body.recommendation === undefined) recommendation = null;
    }
    if (body.recommendation !== undefined) recommendation = body.recommendation;
    const problem = findingProblem(item, finding, recommendation);
    if (problem) throw errors.invalid(problem);
    if (finding !== null && result === null) throw errors.invalid('finding: needs a result');
    change.result = result;
    change.finding = finding;
    change.recommendation = recommendation;
    const mapValue =
      body.mapValue !== undefined
        ? body.mapValue
        : change.mapValue !== undefined
          ? change.mapValue
          : (current?.mapValue ?? null);
    if (!isDeficiencyCodeFor(result, mapValue))
      throw errors.invalid('mapValue: warning reasons are 1 to 5, critical reasons A to C');
    change.mapValue = mapValue;
    return change;
  }

  function locate(definition: InspectionDefinition, itemKey: string): LocatedItem {
    const located = findItem(definition, itemKey);
    if (!located) throw errors.invalid(`itemKey: ${itemKey} is not an item of this inspection`);
    return located;
  }

  async function lockedResult(repo: InspectionsRepository, storeId: string, orderId: string, id: string) {
    const row = await repo.lockResult(storeId, orderId, id);
    if (!row) throw errors.notFound();
    return row;
  }

  /** Deletes files after the rows that named them are gone (a failure leaves an orphan, never a broken row). */
  async function deleteFiles(keys: ReadonlyArray<string | null>) {
    for (const key of keys) if (key) await deps.files.delete(key).catch(() => false);
  }

  const mediaKeys = (m: MediaRow) => [m.fileKey, m.originalKey, m.galleryKey, m.phoneKey];

  /* -------------------------------------------------------------- media */

  async function receivePicture(request: FastifyRequest, check: FieldsCheck) {
    return receiveImageUpload(request, deps.files, {
      maxBytes: deps.maxImageBytes,
      variants: RESULT_PICTURE_VARIANTS,
      checkFields: check,
    });
  }

  function pictureFields(fields: Record<string, string>) {
    const lat = optionalNumber(fields, fields.lat !== undefined ? 'lat' : 'gpsLat', -90, 90);
    const long = optionalNumber(fields, fields.long !== undefined ? 'long' : 'gpsLong', -180, 180);
    if ((lat === null) !== (long === null)) throw errors.invalid('gps: lat and long go together');
    return {
      workerName: optionalText(fields, fields.workerName !== undefined ? 'workerName' : 'worker'),
      workerTitle: optionalText(fields, 'workerTitle'),
      dateTime: optionalDate(fields, 'dateTime'),
      gpsLat: lat,
      gpsLong: long,
    };
  }

  return {
    async types(
      storeId: string,
      state: 'active' | 'archived' | 'all',
      fields?: readonly InspectionTypeField[],
    ) {
      const [rows, def] = await Promise.all([
        readRepo.types(storeId, state),
        defaultType(readRepo, storeId, await settingsOf(readRepo, storeId)),
      ]);
      const defaultId = def?.id ?? null;
      const presented = rows
        .map((r) => presentType(r, defaultId))
        .sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
      if (!fields) return presented;
      return presented.map(
        (t) => Object.fromEntries(fields.map((f) => [f, t[f]])) as Partial<InspectionType>,
      );
    },

    async type(storeId: string, id: string) {
      const row = await readRepo.type(storeId, id);
      if (!row) throw errors.notFound();
      const def = await defaultType(readRepo, storeId, await settingsOf(readRepo, storeId));
      return presentType(row, def?.id ?? null);
    },

    async typeOfOrder(storeId: string, orderId: string) {
      const order = await deps.orders.get(storeId, orderId);
      const { row } = await typeOfOrder(readRepo, storeId, order);
      const def = await defaultType(readRepo, storeId, await settingsOf(readRepo, storeId));
      return presentType(row, def?.id ?? null);
    },

    /* ------------------------------------------------ automatic selection */

    async selections(storeId: string, match?: string): Promise<AutomaticInspectionSelection[]> {
      const rows = await readRepo.selections(storeId, match ? businessMatchKey(match) : undefined);
      return rows.map((r) => ({ _id: r.id, match: r.match, inspectionName: r.inspectionName }));
    },

    async saveSelection(
      storeId: string,
      body: AutomaticInspectionSelectionRequest,
    ): Promise<AutomaticInspectionSelection> {
      const type = await readRepo.typeByName(storeId, body.inspectionName);
      if (!type)
        throw errors.invalid(
          `inspectionName: ${body.inspectionName} is not an inspection type of this store`,
        );
      const values = { match: body.match, matchKey: businessMatchKey(body.match), inspectionTypeId: type.id };
      let row;
      if (body._id) {
        if (!(await readRepo.selection(storeId, body._id))) throw errors.notFound();
        const clash = (await readRepo.selections(storeId, values.matchKey)).find((s) => s.id !== body._id);
        if (clash) throw new AppError(409, 'CONFLICT', `match: ${body.match} already has a selection`);
        row = await readRepo.updateSelection(storeId, body._id, values);
      } else {
        row = await readRepo.upsertSelection(storeId, values);
      }
      return { _id: row.id, match: row.match, inspectionName: type.name };
    },

    /* ------------------------------------------------------------ results */

    async results(storeId: string, orderId: string, grouped: boolean): Promise<ResultList> {
      const order = await deps.orders.get(storeId, orderId);
      const { definition } = await typeOfOrder(readRepo, storeId, order);
      const rows = await readRepo.results(storeId, orderId);
      const media = await readRepo.media(rows.map((r) => r.id));
      // Page order: the type's groups and items, then rank and creation (rows come by rank).
      const position = new Map(itemsOf(definition).map((i, n) => [i.item.itemKey, n]));
      const results = rows
        .map((r) => presentResult(r, media))
        .sort((a, b) => (position.get(a.itemKey) ?? 1e9) - (position.get(b.itemKey) ?? 1e9));
      const measured = new Set(
        itemsOf(definition)
          .filter((i) => i.item.measurement)
          .map((i) => i.item.itemKey),
      );
      const previous = (
        await readRepo.previousMeasurements(storeId, order.vehicleId, new Date(order.date), order._id)
      )
        .filter((p) => measured.has(p.itemKey))
        .map((p) => ({
          itemKey: p.itemKey,
          value: p.value,
          result: p.result as ResultSeverity | null,
          inspectionOrderId: p.inspectionOrderId,
          orderNumber: p.orderNumber,
          date: p.date.toISOString(),
        }));
      const answer: ResultList = { results, previousMeasurements: previous };
      if (grouped) {
        const order = definition.groupOrder.length
          ? definition.groupOrder
          : definition.groups.map((g) => g.key);
        answer.grouped = order
          .map((gk) => definition.groups.find((g) => g.key === gk))
          .filter((g) => !!g)
          .map((g) => ({
            group: g.key,
            sections: g.sections
              .map((s) => ({
                section: s.key,
                resultIds: results.filter((r) => r.group === g.key && r.section === s.key).map((r) => r._id),
              }))
              .filter((s) => s.resultIds.length > 0),
          }))
          .filter((g) => g.sections.length > 0);
      }
      return answer;
    },

    /**
     * The order's results in page order, each with its item of the type (null when the type no
     * longer has it): what the estimate draws its lines from (docs/estimates.md). No media.
     */
    async resultsWithItems(storeId: string, orderId: string, db: Db = deps.db) {
      // Only `db`: inside a transaction (PGlite has one connection) nothing may read beside it.
      const repo = createInspectionsRepository(db);
      const order = await repo.order(storeId, orderId);
      if (!order) throw errors.notFound();
      const rows = await repo.results(storeId, orderId);
      if (!rows.length) return [];
      const { definition } = await typeOfOrder(repo, storeId, order);
      const located = itemsOf(definition);
      const position = new Map(located.map((i, n) => [i.item.itemKey, n]));
      const items = new Map(located.map((i) => [i.item.itemKey, i.item]));
      return [...rows]
        .sort((a, b) => (position.get(a.itemKey) ?? 1e9) - (position.get(b.itemKey) ?? 1e9))
        .map((r) => ({
          result: {
            id: r.id,
            result: r.result as ResultSeverity | null,
            finding: r.finding,
            recommendation: r.recommendation,
            findingText: r.findingText,
            recommendationText: r.recommendationText,
          },
          item: items.get(r.itemKey) ?? null,
        }));
    },

    async result(storeId: string, orderId: string, id: string) {
      const row = await readRepo.result(storeId, orderId, id);
      if (!row) throw errors.notFound();
      return presentOne(readRepo, row);
    },

    async createResult(storeId: string, orderId: string, body: CreateResultRequest, actor: Actor) {
      return deps.orders.inspectionWork(storeId, orderId, actor, async (tx, order) => {
        const repo = createInspectionsRepository(tx);
        const { row: type, definition } = await typeOfOrder(repo, storeId, order);
        const located = locate(definition, body.itemKey);
        if (body.group !== undefined && body.group !== located.group)
          throw errors.invalid(`group: ${body.itemKey} is in ${located.group}`);
        if (body.section !== undefined && body.section !== located.section)
          throw errors.invalid(`section: ${body.itemKey} is in ${located.section}`);
        if (!located.item.multiple && (await repo.singleResultOf(orderId, body.itemKey))) {
          throw new AppError(
            409,
            'CONFLICT',
            `itemKey: ${body.itemKey} already has a result; change it with PUT`,
          );
        }
        const change = resolveChange(located, null, body);
        if (!order.inspectionType) await repo.pinType(storeId, orderId, type.id);
        const row = await repo.insertResult({
          storeId,
          inspectionOrderId: orderId,
          groupKey: located.group,
          sectionKey: located.section,
          itemKey: body.itemKey,
          multiple: located.item.multiple,
          ...change,
          confirmed: false,
          createdBy: actor.id,
        });
        return presentOne(repo, row);
      });
    },

    async updateResult(
      storeId: string,
      orderId: string,
      id: string,
      body: UpdateResultRequest,
      actor: Actor,
    ) {
      const { confirmed, ...fields } = body;
      const onlyConfirm = confirmed === true && Object.values(fields).every((v) => v === undefined);
      return deps.orders.inspectionWork(storeId, orderId, actor, async (tx, order) => {
        const repo = createInspectionsRepository(tx);
        const row = await lockedResult(repo, storeId, orderId, id);
        if (onlyConfirm) return presentOne(repo, await repo.updateResult(storeId, id, { confirmed: true }));
        const { definition } = await typeOfOrder(repo, storeId, order);
        const located = locate(definition, row.itemKey);
        const change = resolveChange(located, row, fields);
        return presentOne(repo, await repo.updateResult(storeId, id, { ...change, confirmed: false }));
      });
    },

    async deleteResult(storeId: string, orderId: string, id: string, actor: Actor) {
      const keys = await deps.orders.inspectionWork(storeId, orderId, actor, async (tx) => {
        const repo = createInspectionsRepository(tx);
        await lockedResult(repo, storeId, orderId, id);
        const media = await repo.media([id]);
        await repo.deleteResult(storeId, id);
        return media.flatMap(mediaKeys);
      });
      await deleteFiles(keys);
    },

    /* ------------------------------------------------------------ pictures */

    async addPicture(storeId: string, orderId: string, id: string, request: FastifyRequest, actor: Actor) {
      // The result must exist before a byte is stored; the name must be new (409 otherwise).
      if (!(await readRepo.result(storeId, orderId, id))) throw errors.notFound();
      let name = '';
      const upload = await receivePicture(request, async (fields, filename) => {
        name = mediaName(fields, filename);
        if (await readRepo.mediaByName(id, 'picture', name))
          throw new AppError(409, 'CONFLICT', `name: the result already has a picture ${name}`);
        pictureFields(fields);
      });
      const stored = [upload.file, ...Object.values(upload.variants)];
      try {
        return await deps.orders.inspectionWork(storeId, orderId, actor, async (tx) => {
          const repo = createInspectionsRepository(tx);
          await lockedResult(repo, storeId, orderId, id);
          const inserted = await repo.insertMedia({
            storeId,
            resultId: id,
            kind: 'picture',
            name,
            fileKey: upload.file.key,
            originalKey: upload.variants.original?.key ?? null,
            galleryKey: upload.variants.gallery?.key ?? null,
            phoneKey: upload.variants.phone?.key ?? null,
            contentType: upload.file.contentType,
            size: upload.file.size,
            ...pictureFields(upload.fields),
          });
          if (!inserted)
            throw new AppError(409, 'CONFLICT', `name: the result already has a picture ${name}`);
          return presentOne(repo, await repo.updateResult(storeId, id, { confirmed: false }));
        });
      } catch (error) {
        await deleteFiles(stored.map((f) => f.key));
        throw error;
      }
    },

    /** The image editor's save: the named picture shows the new file; its original stays. */
    async replacePicture(
      storeId: string,
      orderId: string,
      id: string,
      request: FastifyRequest,
      actor: Actor,
    ) {
      if (!(await readRepo.result(storeId, orderId, id))) throw errors.notFound();
      let name = '';
      const upload = await receivePicture(request, async (fields, filename) => {
        name = mediaName(fields, filename);
        if (!(await readRepo.mediaByName(id, 'picture', name)))
          throw errors.notFound(`name: the result has no picture ${name}`);
        pictureFields(fields);
      });
      const stored = [upload.file, ...Object.values(upload.variants)];
      try {
        const { answer, replaced } = await deps.orders.inspectionWork(storeId, orderId, actor, async (tx) => {
          const repo = createInspectionsRepository(tx);
          await lockedResult(repo, storeId, orderId, id);
          const current = await repo.mediaByName(id, 'picture', name);
          if (!current) throw errors.notFound(`name: the result has no picture ${name}`);
          const given = pictureFields(upload.fields);
          await repo.updateMedia(current.id, {
            fileKey: upload.file.key,
            // The first upload stays the original; the new upload's full-size copy is not needed.
            originalKey: current.originalKey ?? current.fileKey,
            galleryKey: upload.variants.gallery?.key ?? null,
            phoneKey: upload.variants.phone?.key ?? null,
            contentType: upload.file.contentType,
            size: upload.file.size,
            workerName: given.workerName ?? current.workerName,
            workerTitle: given.workerTitle ?? current.workerTitle,
            dateTime: given.dateTime ?? current.dateTime,
            gpsLat: given.gpsLat ?? current.gpsLat,
            gpsLong: given.gpsLong ?? current.gpsLong,
          });
          const answer = await presentOne(repo, await repo.updateResult(storeId, id, { confirmed: false }));
          const replaced = [
            current.originalKey ? current.fileKey : null,
            current.galleryKey,
            current.phoneKey,
            upload.variants.original?.key ?? null,
          ];
          return { answer, replaced };
        });
        await deleteFiles(replaced);
        return answer;
      } catch (error) {
        await deleteFiles(stored.map((f) => f.key));
        throw error;
      }
    },

    async deletePicture(storeId: string, orderId: string, id: string, name: string, actor: Actor) {
      return this.deleteMedia(storeId, orderId, id, 'picture', name, actor);
    },

    /* -------------------------------------------------------------- videos */

    /**
     * A video (spec §5): streamed into storage (never whole in memory), 413 past 52428800 bytes.
     * A name the result already has is ignored: `duplicate` true, nothing stored.
     */
    async addVideo(storeId: string, orderId: string, id: string, request: FastifyRequest, actor: Actor) {
      if (!(await readRepo.result(storeId, orderId, id))) throw errors.notFound();
      let name = '';
      const duplicate = new AppError(409, 'CONFLICT', 'duplicate');
      try {
        const upload = await receiveMediaUpload(request, deps.files, {
          accept: ['video'],
          checkFields: async (fields, filename) => {
            name = mediaName(fields, filename);
            optionalDate(fields, 'lastModified');
            optionalNumber(fields, 'duration', 0, 24 * 3600);
            if (await readRepo.mediaByName(id, 'video', name)) throw duplicate;
          },
        });
        try {
          const result = await deps.orders.inspectionWork(storeId, orderId, actor, async (tx) => {
            const repo = createInspectionsRepository(tx);
            await lockedResult(repo, storeId, orderId, id);
            const inserted = await repo.insertMedia({
              storeId,
              resultId: id,
              kind: 'video',
              name,
              fileKey: upload.file.key,
              contentType: upload.file.contentType,
              size: upload.file.size,
              lastModified: optionalDate(upload.fields, 'lastModified'),
              duration: optionalNumber(upload.fields, 'duration', 0, 24 * 3600),
              workerName: optionalText(upload.fields, 'workerName'),
              workerTitle: optionalText(upload.fields, 'workerTitle'),
            });
            if (!inserted) throw duplicate;
            return presentOne(repo, await repo.updateResult(storeId, id, { confirmed: false }));
          });
          return { result, duplicate: false };
        } catch (error) {
          await deleteFiles([upload.file.key]);
          throw error;
        }
      } catch (error) {
        if (error !== duplicate) throw error;
        return { result: await this.result(storeId, orderId, id), duplicate: true };
      }
    },

    async deleteVideo(storeId: string, orderId: string, id: string, name: string, actor: Actor) {
      return this.deleteMedia(storeId, orderId, id, 'video', name, actor);
    },

    async deleteMedia(
      storeId: string,
      orderId: string,
      id: string,
      kind: 'picture' | 'video',
      name: string,
      actor: Actor,
    ) {
      const { answer, keys } = await deps.orders.inspectionWork(storeId, orderId, actor, async (tx) => {
        const repo = createInspectionsRepository(tx);
        await lockedResult(repo, storeId, orderId, id);
        const media = await repo.mediaByName(id, kind, name);
        if (!media)
          throw errors.notFound(
            `${kind === 'picture' ? 'pictureName' : 'videoName'}: the result has no ${kind} ${name}`,
          );
        await repo.deleteMedia(media.id);
        return {
          answer: await presentOne(repo, await repo.updateResult(storeId, id, { confirmed: false })),
          keys: mediaKeys(media),
        };
      });
      await deleteFiles(keys);
      return answer;
    },

    /**
     * What the customer's report shows of the inspection (docs/reports.md): the order's type
     * (texts in both languages) and its results in page order, each with the customer's decision.
     * The caller checked the order is the store's.
     */
    async reportItems(storeId: string, order: { _id: string; inspectionType: string | null }) {
      const { definition } = await typeOfOrder(readRepo, storeId, order);
      const rows = await readRepo.results(storeId, order._id);
      const media = rows.length ? await readRepo.media(rows.map((r) => r.id)) : [];
      const position = new Map(itemsOf(definition).map((i, n) => [i.item.itemKey, n]));
      const items = rows
        .map((r) => ({
          result: presentResult(r, media),
          decision: decisionOf(r.customerDecision),
          decidedAt: iso(r.customerDecidedAt),
        }))
        .sort((a, b) => (position.get(a.result.itemKey) ?? 1e9) - (position.get(b.result.itemKey) ?? 1e9));
      return { definition, items };
    },

    /** Registrar resolvers. */
    typeOwner: (id: string) => readRepo.typeOwner(id),
    resultStore: (id: string) => readRepo.resultStore(id),
  };
}

export type InspectionsService = ReturnType<typeof createInspectionsService>;
