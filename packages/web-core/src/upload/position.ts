/**
 * Where a picture was taken (a result picture's gpsCoords lat and long), from the
 * browser's geolocation. Never fails and never waits long: a denied permission, a device without
 * a position, an insecure page (no `navigator.geolocation`) or no answer within `timeoutMs`
 * (the permission prompt included, which the API's own timeout does not count) all give null,
 * and the picture is uploaded without a position.
 */
export interface PicturePosition {
  lat: number;
  long: number;
}

/** Long enough for a tablet's network or cached fix; short enough that no one waits on it. */
export const PICTURE_POSITION_TIMEOUT_MS = 3000;

type Geolocation = Pick<globalThis.Geolocation, 'getCurrentPosition'>;

export function readPicturePosition(
  options: { timeoutMs?: number; geolocation?: Geolocation | null } = {},
): Promise<PicturePosition | null> {
  const timeoutMs = options.timeoutMs ?? PICTURE_POSITION_TIMEOUT_MS;
  const geolocation =
    options.geolocation !== undefined
      ? options.geolocation
      : ((globalThis.navigator as Navigator | undefined)?.geolocation ?? null);
  if (!geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    const done = (value: PicturePosition | null) => {
      clearTimeout(timer);
      resolve(value);
    };
    try {
      geolocation.getCurrentPosition(
        ({ coords }) =>
          done(
            Number.isFinite(coords.latitude) && Number.isFinite(coords.longitude)
              ? { lat: coords.latitude, long: coords.longitude }
              : null,
          ),
        () => done(null),
        // A fix from the last minute is as good: the technician has not left the bay.
        { enableHighAccuracy: false, maximumAge: 60_000, timeout: timeoutMs },
      );
    } catch {
      done(null);
    }
  });
}

/** The multipart fields of a position (the picture routes read `lat` and `long`), none without one. */
export function positionFields(position: PicturePosition | null): Record<string, string> {
  return position ? { lat: String(position.lat), long: String(position.long) } : {};
}
