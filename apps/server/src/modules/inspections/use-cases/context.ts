import type { FastifyRequest } from 'fastify';
import {
  AppError,
  errors,
  findItem,
  ZInspectionDefinition,
  type CustomerDecision,
  type InspectionDefinition,
  type InspectionResult,
  type InspectionType,
  type LocatedItem,
  type ResultPicture,
  type ResultSeverity,
  type ResultVideo,
  type StoreSettings,
} from '@servicebay/domain';
import { RESULT_PICTURE_VARIANTS } from '../../../platform/files/images.js';
import { receiveImageUpload, type FieldsCheck } from '../../../platform/files/uploads.js';
import {
  createInspectionsRepository,
  type InspectionsRepository,
  type InspectionTypeRow,
  type MediaRow,
  type ResultRow,
} from '../inspections.repository.js';
import type { InspectionsDeps } from '../inspections.service.js';

export type { Actor } from '../../repair-orders/index.js';
export type { InspectionsDeps } from '../inspections.service.js';

/**
 * Checked definitions by type id and version: a type is read on every result call, and checking
 * a 150-item definition again each time costs more than the query. A stored definition is checked
 * on the way out (a bad row is a 500, never a wrong answer). Bounded; rows never change in place
 * without a new updated_at.
 */
const checkedDefinitions = new Map<string, InspectionDefinition>();
export const definitionOf = (row: InspectionTypeRow): InspectionDefinition => {
  const key = `${row.id}:${row.updatedAt.getTime()}`;
  let def = checkedDefinitions.get(key);
  if (!def) {
    def = ZInspectionDefinition.parse(row.definition);
    if (checkedDefinitions.size >= 500) checkedDefinitions.clear();
    checkedDefinitions.set(key, def);
  }
  return def;
};

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const decisionOf = (value: string | null): CustomerDecision | null =>
  value === 'approved' || value === 'declined' ? value : null;

/** A name a form gave: a file name, never a path (400 otherwise, before any byte is stored). */
export function mediaName(fields: Record<string, string>, filename: string): string {
  const raw = (fields.name ?? fields.fileName ?? filename ?? '').trim();
  if (raw === '') throw errors.mandatory('name');
  if (/[\\/]/.test(raw) || raw === '.' || raw === '..' || raw.includes('..'))
    throw errors.invalid('name: must be a file name, not a path');
  if ([...raw].some((c) => c < ' ' || c === '\u007f' || c === '"'))
    throw errors.invalid('name: must not hold control characters or quotes');
  if (raw.length > 255) throw errors.invalid('name: too long');
  return raw;
}

export function optionalNumber(
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

export function optionalDate(fields: Record<string, string>, name: string): Date | null {
  const raw = fields[name];
  if (raw === undefined || raw.trim() === '') return null;
  // Browsers give File.lastModified in epoch milliseconds; forms may send ISO instants.
  const d = /^\d{1,15}$/.test(raw.trim()) ? new Date(Number(raw)) : new Date(raw);
  if (Number.isNaN(d.getTime())) throw errors.invalid(`${name}: must be a date`);
  return d;
}

export const optionalText = (fields: Record<string, string>, name: string, max = 200) => {
  const v = fields[name]?.trim();
  return v ? v.slice(0, max) : null;
};

const GPS_FORMAT = 'gps: must be {"lat": …, "long": …} or "lat,long"';

/** A coordinate of the gps field, in its range. */
function coordinate(value: unknown, name: 'lat' | 'long'): number {
  const [min, max] = name === 'lat' ? [-90, 90] : [-180, 180];
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n) || n < min || n > max) throw errors.invalid(`gps: ${name} must be a number from ${min} to ${max}`);
  return n;
}

/**
 * The upload form's `gps` field: the picture's gpsCoords as JSON (`{"lat":45.5,"long":-73.6}`,
 * `latitude`/`longitude` also read, as a browser's position names them) or as "lat,long" text.
 * Blank means no position.
 */
export function gpsField(raw: string | undefined): { lat: number; long: number } | null {
  const text = raw?.trim();
  if (!text) return null;
  if (text.startsWith('{')) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw errors.invalid(GPS_FORMAT);
    }
    const o = (value ?? {}) as Record<string, unknown>;
    const lat = o.lat ?? o.latitude;
    const long = o.long ?? o.longitude;
    if (lat === undefined || long === undefined) throw errors.invalid(GPS_FORMAT);
    return { lat: coordinate(lat, 'lat'), long: coordinate(long, 'long') };
  }
  const parts = text.split(',');
  if (parts.length !== 2) throw errors.invalid(GPS_FORMAT);
  return { lat: coordinate(parts[0], 'lat'), long: coordinate(parts[1], 'long') };
}

/**
 * A picture's form fields: who took it, when and where. The place comes from `gps`, or from `lat`
 * and `long` (or `gpsLat`/`gpsLong`) given together; both ways at once must agree.
 */
export function pictureFields(fields: Record<string, string>) {
  let lat = optionalNumber(fields, fields.lat !== undefined ? 'lat' : 'gpsLat', -90, 90);
  let long = optionalNumber(fields, fields.long !== undefined ? 'long' : 'gpsLong', -180, 180);
  if ((lat === null) !== (long === null)) throw errors.invalid('gps: lat and long go together');
  const gps = gpsField(fields.gps);
  if (gps && lat !== null && (gps.lat !== lat || gps.long !== long)) {
    throw errors.invalid('gps: gps and lat/long disagree; send one');
  }
  if (gps) ({ lat, long } = gps);
  return {
    workerName: optionalText(fields, fields.workerName !== undefined ? 'workerName' : 'worker'),
    workerTitle: optionalText(fields, 'workerTitle'),
    dateTime: optionalDate(fields, 'dateTime'),
    gpsLat: lat,
    gpsLong: long,
  };
}

export async function settingsOf(repo: InspectionsRepository, storeId: string): Promise<StoreSettings> {
  return repo.storeSettings(storeId);
}

/** The store's default type: its defaultInspection setting (an id or a name), else the product's. */
export async function defaultType(
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

/**
 * A type of the store by id. When its definition for this version is checked already, only the
 * type's other columns are read: a 150-item definition is most of the row, to send and to parse.
 */
async function typeNamed(repo: InspectionsRepository, storeId: string, id: string): Promise<InspectionTypeRow | null> {
  const head = await repo.typeHead(storeId, id);
  if (!head) return null;
  const known = checkedDefinitions.get(`${head.id}:${head.updatedAt.getTime()}`);
  return known ? { ...head, definition: known } : repo.type(storeId, id);
}

/** The order's type: the one it names, else the store's default (409 when there is neither). */
export async function typeOfOrder(
  repo: InspectionsRepository,
  storeId: string,
  order: { inspectionType: string | null },
) {
  const row = order.inspectionType
    ? await typeNamed(repo, storeId, order.inspectionType)
    : await defaultType(repo, storeId, await settingsOf(repo, storeId));
  if (!row) throw new AppError(409, 'CONFLICT', 'The order has no inspection type');
  return { row, definition: definitionOf(row) };
}

export function locate(definition: InspectionDefinition, itemKey: string): LocatedItem {
  const located = findItem(definition, itemKey);
  if (!located) throw errors.invalid(`itemKey: ${itemKey} is not an item of this inspection`);
  return located;
}

export async function lockedResult(repo: InspectionsRepository, storeId: string, orderId: string, id: string) {
  const row = await repo.lockResult(storeId, orderId, id);
  if (!row) throw errors.notFound();
  return row;
}

/** Every file a media row names. */
export const mediaKeys = (m: MediaRow) => [m.fileKey, m.originalKey, m.galleryKey, m.phoneKey, m.thumbKey];

/** What every use case shares: the deps, the read repository, the presenters and the files. */
export type InspectionsContext = ReturnType<typeof createInspectionsContext>;

export function createInspectionsContext(deps: InspectionsDeps) {
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

  function presentPicture(m: MediaRow): ResultPicture {
    return {
      name: m.name,
      source: signed(m.fileKey),
      gallery: signed(m.galleryKey ?? m.fileKey),
      phone: signed(m.phoneKey ?? m.fileKey),
      // Pictures stored before thumbnails were made fall back to their phone copy.
      thumb: signed(m.thumbKey ?? m.phoneKey ?? m.fileKey),
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

  /** One result of the order, with its media (404 when the order has no such result). */
  async function resultOf(storeId: string, orderId: string, id: string) {
    const row = await readRepo.result(storeId, orderId, id);
    if (!row) throw errors.notFound();
    return presentOne(readRepo, row);
  }

  /** Deletes files after the rows that named them are gone (a failure leaves an orphan, never a broken row). */
  async function deleteFiles(keys: ReadonlyArray<string | null>) {
    for (const key of keys) if (key) await deps.files.delete(key).catch(() => false);
  }

  async function receivePicture(request: FastifyRequest, check: FieldsCheck) {
    return receiveImageUpload(request, deps.files, {
      maxBytes: deps.maxImageBytes,
      variants: RESULT_PICTURE_VARIANTS,
      checkFields: check,
    });
  }

  return { deps, readRepo, presentType, presentResult, presentOne, resultOf, deleteFiles, receivePicture };
}
