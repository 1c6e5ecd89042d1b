import { DEFAULT_COUNTRY, type Country } from '../identity/regions.js';

/**
 * A store's time zone when it has not chosen one: the zone of most of its state or province
 * (a state over two zones takes the one most of its people live in), else its country's most
 * populous zone. The appointment rules and every "today" of the store are read in it.
 */
const BY_REGION: Record<Country, Record<string, string>> = {
  us: {
    AL: 'America/Chicago', AK: 'America/Anchorage', AZ: 'America/Phoenix', AR: 'America/Chicago',
    CA: 'America/Los_Angeles', CO: 'America/Denver', CT: 'America/New_York', DE: 'America/New_York',
    DC: 'America/New_York', FL: 'America/New_York', GA: 'America/New_York', HI: 'Pacific/Honolulu',
    ID: 'America/Boise', IL: 'America/Chicago', IN: 'America/Indiana/Indianapolis', IA: 'America/Chicago',
    KS: 'America/Chicago', KY: 'America/New_York', LA: 'America/Chicago', ME: 'America/New_York',
    MD: 'America/New_York', MA: 'America/New_York', MI: 'America/Detroit', MN: 'America/Chicago',
    MS: 'America/Chicago', MO: 'America/Chicago', MT: 'America/Denver', NE: 'America/Chicago',
    NV: 'America/Los_Angeles', NH: 'America/New_York', NJ: 'America/New_York', NM: 'America/Denver',
    NY: 'America/New_York', NC: 'America/New_York', ND: 'America/Chicago', OH: 'America/New_York',
    OK: 'America/Chicago', OR: 'America/Los_Angeles', PA: 'America/New_York', RI: 'America/New_York',
    SC: 'America/New_York', SD: 'America/Chicago', TN: 'America/Chicago', TX: 'America/Chicago',
    UT: 'America/Denver', VT: 'America/New_York', VA: 'America/New_York', WA: 'America/Los_Angeles',
    WV: 'America/New_York', WI: 'America/Chicago', WY: 'America/Denver',
  },
  ca: {
    AB: 'America/Edmonton', BC: 'America/Vancouver', MB: 'America/Winnipeg', NB: 'America/Moncton',
    NL: 'America/St_Johns', NS: 'America/Halifax', NT: 'America/Edmonton', NU: 'America/Iqaluit',
    ON: 'America/Toronto', PE: 'America/Halifax', QC: 'America/Toronto', SK: 'America/Regina',
    YT: 'America/Whitehorse',
  },
};

const BY_COUNTRY: Record<Country, string> = { us: 'America/New_York', ca: 'America/Toronto' };

export function defaultTimeZone(country: Country | null | undefined, state: string | null | undefined): string {
  const c = country ?? DEFAULT_COUNTRY;
  return (state ? BY_REGION[c][state.toUpperCase()] : undefined) ?? BY_COUNTRY[c];
}

/** An IANA zone name (Area/Location, or UTC) that this runtime knows. Offsets and abbreviations are not zones. */
export function isTimeZone(name: string): boolean {
  if (!/^(UTC|[A-Z][A-Za-z_]+(\/[A-Za-z0-9_+-]+){1,2})$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The zone a store works in: its own setting, else the default of its address. */
export function storeTimeZone(store: { timeZone: string | null; country: Country | null | undefined; state: string | null | undefined }): string {
  return store.timeZone && isTimeZone(store.timeZone) ? store.timeZone : defaultTimeZone(store.country, store.state);
}
