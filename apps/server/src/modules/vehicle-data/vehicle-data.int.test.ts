import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeModelName } from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';

let t: TestApp;
let headers: Record<string, string>;
const get = (url: string) => t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  t = await createTestApp();
  const store = await t.make.store();
  headers = await bearer(t.platform.tokens, await t.make.user('ServiceAdvisor', store));
});
afterAll(() => t?.close());

describe('VIN decoding (offline vPIC)', () => {
  it('decodes year, make, model, engine and trim', async () => {
    const res = await get('/v1/api/vin/1HGCM82633A004352');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      vin: '1HGCM82633A004352',
      year: 2003,
      make: 'Honda',
      model: 'Accord',
      engine: '6 cyl',
      trim: 'EX-V6',
      checkDigitValid: true,
      correction: null,
      warnings: [],
    });
  });

  it('reads I, O and Q as 1 and 0 and says so', async () => {
    const res = await get('/v1/api/vin/1HGCM82633AOO4352');
    expect(res.json()).toMatchObject({ make: 'Honda', warnings: ['FORBIDDEN_LETTERS'], correction: '1HGCM82633A004352' });
  });

  it('warns on a wrong check digit but still decodes', async () => {
    const res = await get('/v1/api/vin/KM8K2CAB5PU001140');
    expect(res.json()).toMatchObject({ make: 'Hyundai', model: 'Kona', year: 2023, checkDigitValid: false, correction: 'KM8K2CAB4PU001140' });
  });

  it("answers 'VIN not found' when the data cannot decode it, VIN_IS_INVALID when it is no VIN", async () => {
    expect((await get('/v1/api/vin/00000000000000000A')).json()).toMatchObject({ status: 400, code: 'VIN_IS_INVALID' });
    expect((await get('/v1/api/vin/1HGCM82633A00435')).json()).toMatchObject({ status: 400, code: 'VIN_IS_INVALID' });
    expect((await get('/v1/api/vin/ZZZZZ000000000000'.replace(/^Z/, '9'))).json()).toEqual({ status: 404, code: 'NOT_FOUND', message: 'VIN not found' });
  });
});

describe('year, make, model, engine', () => {
  it('lists years, makes, models and engines from the vPIC data', async () => {
    const years = (await get('/v1/api/year')).json();
    expect(years[0]).toBeGreaterThanOrEqual(2025);
    expect(years).toContain(2003);
    expect((await get('/v1/api/year/2015/make')).json()).toEqual(expect.arrayContaining(['Honda', 'Toyota', 'Ford']));
    const models = (await get('/v1/api/year/2015/make/honda/model')).json();
    expect(models).toEqual(expect.arrayContaining(['Accord', 'Civic', 'CR-V']));
    expect(models).not.toContain('CBR600RR'); // motorcycles are not listed
    const engines = (await get('/v1/api/year/2015/make/Honda/model/Accord/engine')).json();
    expect(engines).toEqual(expect.arrayContaining(['2.4L 4 cyl', '3.5L 6 cyl']));
  });

  it('restores slashes in model names and refuses bad years', async () => {
    expect(encodeModelName('F-150/F-250')).toBe('F-150__SLASH__F-250');
    expect((await get(`/v1/api/year/2015/make/Honda/model/${encodeModelName('Accord/x')}/engine`)).json()).toEqual([]);
    expect((await get('/v1/api/year/abc/make')).json()).toMatchObject({ status: 400, code: 'INVALID_ARGUMENTS' });
  });
});

describe('maintenance schedule', () => {
  it('gives the generic schedule in miles or kilometres, without oil for an electric engine', async () => {
    const miles = (await get('/v2/api/year/2015/make/Honda/model/Accord/engine/2.4L%204%20cyl/maintenance')).json();
    expect(miles._embedded.interval[0]).toMatchObject({ value: 5000, lengthUnit: 'mi', months: 6 });
    expect(miles._embedded.interval[0].services).toContainEqual({ operation: 'Replace', item: 'Engine oil and filter' });
    const km = (await get('/v2/api/year/2015/make/Honda/model/Accord/engine/2.4L%204%20cyl/maintenance?lengthUnit=km')).json();
    expect(km._embedded.interval.map((i: { value: number }) => i.value)).toEqual([8000, 24000, 48000, 96000, 160000]);
    const electric = (await get('/v2/api/year/2019/make/Tesla/model/Model%203/engine/Electric/maintenance')).json();
    const items = electric._embedded.interval.flatMap((i: { services: Array<{ item: string }> }) => i.services.map((s) => s.item));
    expect(items).toContain('High-voltage battery coolant');
    expect(items).not.toContain('Engine oil and filter');
    expect((await get('/v2/api/year/2015/make/Honda/model/Accord/engine/x/maintenance?lengthUnit=ft')).statusCode).toBe(400);
  });
});
