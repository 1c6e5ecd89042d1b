/**
 * The seasons of the year, from the astronomical dates: spring from the March equinox, summer
 * from the June solstice, autumn from the September equinox, winter from the December solstice
 * (northern hemisphere, where the stores are). The instants come from Jean Meeus, Astronomical
 * Algorithms, chapter 27 (mean instant plus the 24 periodic terms), accurate to about a minute for
 * the years 1000 to 3000. Dynamical time becomes universal time by today's difference (69 s), which
 * drifts by about a second a year: a minute's error changes a season's first day only at midnight.
 */

export const SEASONS = ['Spring', 'Summer', 'Autumn', 'Winter'] as const;
export type Season = (typeof SEASONS)[number];

type Instant = 'marchEquinox' | 'juneSolstice' | 'septemberEquinox' | 'decemberSolstice';

/** Mean instants (Julian ephemeris days) of the years 1000 to 3000, as polynomials of (year - 2000) / 1000. */
const MEAN: Record<Instant, readonly number[]> = {
  marchEquinox: [2451623.80984, 365242.37404, 0.05169, -0.00411, -0.00057],
  juneSolstice: [2451716.56767, 365241.62603, 0.00325, 0.00888, -0.0003],
  septemberEquinox: [2451810.21715, 365242.01767, -0.11575, 0.00337, 0.00078],
  decemberSolstice: [2451900.05952, 365242.74049, -0.06223, -0.00823, 0.00032],
};

/** The periodic terms: amplitude, phase and speed in degrees. */
const TERMS: ReadonlyArray<readonly [number, number, number]> = [
  [485, 324.96, 1934.136], [203, 337.23, 32964.467], [199, 342.08, 20.186], [182, 27.85, 445267.112],
  [156, 73.14, 45036.886], [136, 171.52, 22518.443], [77, 222.54, 65928.934], [74, 296.72, 3034.906],
  [70, 243.58, 9037.513], [58, 119.81, 33718.147], [52, 297.17, 150.678], [50, 21.02, 2281.226],
  [45, 247.54, 29929.562], [44, 325.15, 31555.956], [29, 60.93, 4443.417], [18, 155.12, 67555.328],
  [17, 288.79, 4562.452], [16, 198.04, 62894.029], [14, 199.76, 31436.921], [12, 95.39, 14577.848],
  [12, 287.11, 31931.756], [12, 320.81, 34777.259], [9, 227.73, 1222.114], [8, 15.45, 16859.074],
];

const degrees = (d: number) => (d * Math.PI) / 180;
const JULIAN_DAY_OF_UNIX_EPOCH = 2440587.5;
const DAY_MS = 86_400_000;
/** Dynamical time minus universal time in the 2020s. */
const DELTA_T_MS = 69_000;

/** The instant of one equinox or solstice of a year. */
export function astronomicalInstant(year: number, which: Instant): Date {
  const y = (year - 2000) / 1000;
  const jde0 = MEAN[which].reduce((sum, c, i) => sum + c * y ** i, 0);
  const t = (jde0 - 2451545.0) / 36525;
  const w = 35999.373 * t - 2.47;
  const dl = 1 + 0.0334 * Math.cos(degrees(w)) + 0.0007 * Math.cos(degrees(2 * w));
  const s = TERMS.reduce((sum, [a, b, c]) => sum + a * Math.cos(degrees(b + c * t)), 0);
  const jde = jde0 + (0.00001 * s) / dl;
  return new Date(Math.round((jde - JULIAN_DAY_OF_UNIX_EPOCH) * DAY_MS) - DELTA_T_MS);
}

/** The season at an instant: the one whose equinox or solstice came last. */
export function seasonAt(at: Date): Season {
  const year = at.getUTCFullYear();
  const ms = at.getTime();
  if (ms >= astronomicalInstant(year, 'decemberSolstice').getTime()) return 'Winter';
  if (ms >= astronomicalInstant(year, 'septemberEquinox').getTime()) return 'Autumn';
  if (ms >= astronomicalInstant(year, 'juneSolstice').getTime()) return 'Summer';
  if (ms >= astronomicalInstant(year, 'marchEquinox').getTime()) return 'Spring';
  return 'Winter';
}

/** The season after this one: what the portal prepares the customer for ('summer is coming'). */
export function nextSeason(season: Season): Season {
  return SEASONS[(SEASONS.indexOf(season) + 1) % SEASONS.length]!;
}
