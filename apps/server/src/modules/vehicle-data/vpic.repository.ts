import type Database from 'better-sqlite3';

// vPIC element ids (table Element) and the vehicle types a service shop sees.
const ELEMENT = { cylinders: 9, displacement: 13, model: 28 } as const;
/** Passenger cars, trucks and multipurpose vehicles; no motorcycles, buses, trailers. */
const VEHICLE_TYPES = '2, 3, 7';

const SCHEMAS_OF_YEAR_MAKE = `
  select distinct wvs.VinSchemaId as schemaId
    from Wmi_VinSchema wvs
    join Wmi w on w.Id = wvs.WmiId
    join Wmi_Make wm on wm.WmiId = w.Id
    join Make mk on mk.Id = wm.MakeId
   where ? between wvs.YearFrom and coalesce(wvs.YearTo, 9999)
     and mk.Name = ? collate nocase
     and w.VehicleTypeId in (${VEHICLE_TYPES})`;

/**
 * A VDS pattern of vPIC (`CR2[EF][357]`, `*A**`): one set of allowed characters per position.
 * Two patterns can hold for the same VIN when every position's sets meet.
 */
export function vdsPositions(keys: string): Array<string | null> {
  const vds = keys.split('|')[0] ?? '';
  const positions: Array<string | null> = [];
  for (let i = 0; i < vds.length; i++) {
    const c = vds[i]!;
    if (c === '*') positions.push(null);
    else if (c === '[') {
      const end = vds.indexOf(']', i);
      const body = vds.slice(i + 1, end < 0 ? undefined : end);
      positions.push(body.replace(/(.)-(.)/g, (_, a: string, b: string) => {
        let out = '';
        for (let code = a.charCodeAt(0); code <= b.charCodeAt(0); code++) out += String.fromCharCode(code);
        return out;
      }));
      i = end < 0 ? vds.length : end;
    } else positions.push(c);
  }
  return positions;
}

export function vdsCompatible(a: string, b: string): boolean {
  const pa = vdsPositions(a);
  const pb = vdsPositions(b);
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x && y && ![...x].some((c) => y.includes(c))) return false;
  }
  return true;
}

/** Reads year/make/model/engine lists out of the vPIC database (SQLite). */
export function createVpicRepository(db: Database.Database) {
  return {
    /** The model years vPIC has VIN schemas for. */
    yearRange(): { from: number; to: number } {
      const row = db
        .prepare(`select min(YearFrom) as lo, max(coalesce(YearTo, YearFrom)) as hi from Wmi_VinSchema where YearFrom >= 1981`)
        .get() as { lo: number; hi: number };
      return { from: row.lo, to: row.hi };
    },
    makes(year: number): string[] {
      const rows = db
        .prepare(
          `select distinct mk.Name as name
             from Wmi_VinSchema wvs
             join Wmi w on w.Id = wvs.WmiId
             join Wmi_Make wm on wm.WmiId = w.Id
             join Make mk on mk.Id = wm.MakeId
            where ? between wvs.YearFrom and coalesce(wvs.YearTo, 9999)
              and w.VehicleTypeId in (${VEHICLE_TYPES})
              and exists (select 1 from Pattern p where p.VinSchemaId = wvs.VinSchemaId and p.ElementId = ${ELEMENT.model})
            order by mk.Name collate nocase`,
        )
        .all(year) as Array<{ name: string }>;
      return rows.map((r) => r.name);
    },
    models(year: number, make: string): string[] {
      const rows = db
        .prepare(
          `select distinct mo.Name as name
             from Pattern p
             join Model mo on mo.Id = cast(p.AttributeId as integer)
             join Make_Model mm on mm.ModelId = mo.Id
             join Make mk on mk.Id = mm.MakeId and mk.Name = ? collate nocase
            where p.ElementId = ${ELEMENT.model} and p.VinSchemaId in (${SCHEMAS_OF_YEAR_MAKE})
            order by mo.Name collate nocase`,
        )
        .all(make, year, make) as Array<{ name: string }>;
      return rows.map((r) => r.name);
    },
    /**
     * Engines (displacement and cylinders) whose patterns can hold together with the model's
     * pattern in the same VIN schema. vPIC links engines to VIN positions, not to models, so this
     * is what the VINs of that model can carry (see docs/customers.md).
     */
    engines(year: number, make: string, model: string): Array<{ displacement: string | null; cylinders: string | null }> {
      const rows = db
        .prepare(
          `select p.VinSchemaId as schemaId, p.ElementId as elementId, p.Keys as keys, p.AttributeId as value
             from Pattern p
            where p.VinSchemaId in (${SCHEMAS_OF_YEAR_MAKE})
              and (p.ElementId in (${ELEMENT.cylinders}, ${ELEMENT.displacement})
                   or (p.ElementId = ${ELEMENT.model}
                       and cast(p.AttributeId as integer) in (select Id from Model where Name = ? collate nocase)))`,
        )
        .all(year, make, model) as Array<{ schemaId: number; elementId: number; keys: string; value: string }>;
      const modelKeys = new Map<number, string[]>();
      for (const r of rows) if (r.elementId === ELEMENT.model) modelKeys.set(r.schemaId, [...(modelKeys.get(r.schemaId) ?? []), r.keys]);
      // Displacement and cylinders of one engine share the schema and the keys.
      const engines = new Map<string, { displacement: string | null; cylinders: string | null }>();
      for (const r of rows) {
        if (r.elementId === ELEMENT.model) continue;
        const keys = modelKeys.get(r.schemaId);
        if (!keys?.some((k) => vdsCompatible(k, r.keys))) continue;
        const id = `${r.schemaId}:${r.keys}`;
        const engine = engines.get(id) ?? { displacement: null, cylinders: null };
        if (r.elementId === ELEMENT.displacement) engine.displacement = r.value;
        else engine.cylinders = r.value;
        engines.set(id, engine);
      }
      return [...engines.values()];
    },
  };
}

export type VpicRepository = ReturnType<typeof createVpicRepository>;
