import { describe, expect, it } from 'vitest';
import { positionFields, readPicturePosition } from './position.js';

type Success = (p: { coords: { latitude: number; longitude: number } }) => void;
type Failure = (e: { code: number }) => void;

const fake = (answer: (ok: Success, fail: Failure) => void) => ({
  getCurrentPosition: ((ok: Success, fail: Failure) =>
    answer(ok, fail)) as unknown as Geolocation['getCurrentPosition'],
});

describe('readPicturePosition', () => {
  it("answers the browser's position", async () => {
    const geolocation = fake((ok) => ok({ coords: { latitude: 45.5017, longitude: -73.5673 } }));
    expect(await readPicturePosition({ geolocation })).toEqual({ lat: 45.5017, long: -73.5673 });
  });

  it('answers null when the permission is denied or the position unavailable', async () => {
    expect(await readPicturePosition({ geolocation: fake((_, fail) => fail({ code: 1 })) })).toBeNull();
    expect(await readPicturePosition({ geolocation: fake((_, fail) => fail({ code: 2 })) })).toBeNull();
  });

  it('answers null without geolocation (an insecure page) or when it throws', async () => {
    expect(await readPicturePosition({ geolocation: null })).toBeNull();
    const throwing = fake(() => {
      throw new Error('blocked');
    });
    expect(await readPicturePosition({ geolocation: throwing })).toBeNull();
  });

  it('answers null after the time-out when nothing answers (a prompt left open)', async () => {
    const started = Date.now();
    expect(await readPicturePosition({ geolocation: fake(() => {}), timeoutMs: 30 })).toBeNull();
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('ignores an answer after the time-out', async () => {
    let late: Success | null = null;
    const answer = readPicturePosition({ geolocation: fake((ok) => (late = ok)), timeoutMs: 10 });
    expect(await answer).toBeNull();
    late!({ coords: { latitude: 1, longitude: 2 } });
  });
});

describe('positionFields', () => {
  it('gives lat and long as the picture routes read them, or nothing', () => {
    expect(positionFields({ lat: 45.5, long: -73.25 })).toEqual({ lat: '45.5', long: '-73.25' });
    expect(positionFields(null)).toEqual({});
  });
});
