import { describe, expect, it } from 'vitest';
import { vinFromBarcodeText, vinScanTopic, ZScannedVin, ZVinScanOrigin } from './vin-scan.js';

const VIN = '1HGCM82633A004352';
const USER = '0b7c6a2e-3f4d-4e5f-8a9b-0c1d2e3f4a5b';

describe('vinFromBarcodeText', () => {
  it('takes a VIN as printed, upper-cased and trimmed', () => {
    expect(vinFromBarcodeText(VIN)).toBe(VIN);
    expect(vinFromBarcodeText(` ${VIN.toLowerCase()}\n`)).toBe(VIN);
  });

  it("drops the leading 'I' of door-jamb Code 39 labels", () => {
    expect(vinFromBarcodeText(`I${VIN}`)).toBe(VIN);
  });

  it('finds the VIN among other text (QR codes on registrations)', () => {
    expect(vinFromBarcodeText(`VIN:${VIN};PLATE:ABC123`)).toBe(VIN);
    expect(vinFromBarcodeText(`REG 2024\nVIN ${VIN}\nEXP 2026`)).toBe(VIN);
  });

  it('refuses what is not a plausible VIN of letters and digits', () => {
    expect(vinFromBarcodeText(VIN.slice(1))).toBeNull();
    expect(vinFromBarcodeText(`${VIN}99`)).toBeNull();
    expect(vinFromBarcodeText('12345678901234567')).toBeNull();
    expect(vinFromBarcodeText('HTTP://A.BC/12345')).toBeNull();
    expect(vinFromBarcodeText('PART-12345')).toBeNull();
    expect(vinFromBarcodeText('')).toBeNull();
  });
});

describe('vinScanTopic', () => {
  it('names the realtime topic of each origin', () => {
    expect(vinScanTopic(USER, 'vehicleDetails')).toBe(`user/${USER}/externalAppAction/vinScannedFromVehicleDetails`);
    expect(vinScanTopic(USER, 'dashboard')).toBe(`user/${USER}/externalAppAction/vinScannedFromDashboard`);
  });
});

describe('schemas', () => {
  it('ZScannedVin: plausible else CANNOT_SCAN_INVALID_VIN', () => {
    expect(ZScannedVin.parse(` ${VIN.toLowerCase()} `)).toBe(VIN);
    const issue = ZScannedVin.safeParse('1HGCM-2633A004352').error!.issues[0] as { params?: { code?: string } };
    expect(issue.params?.code).toBe('CANNOT_SCAN_INVALID_VIN');
    // Characters no VIN holds are named; a 16-character VIN is only not plausible.
    expect(ZScannedVin.safeParse('1HGCM-2633A004352').error!.issues[0]!.message).toBe('this character cannot be used: -');
    const short = ZScannedVin.safeParse('1HGCM82633A00435').error!.issues;
    expect(short.map((i) => [i.message, (i as { params?: { code?: string } }).params?.code])).toEqual([
      ['not a VIN (17 letters and digits)', 'CANNOT_SCAN_INVALID_VIN'],
    ]);
  });

  it('ZVinScanOrigin: vehicleDetails or dashboard', () => {
    expect(ZVinScanOrigin.parse('dashboard')).toBe('dashboard');
    expect(ZVinScanOrigin.safeParse('garage').success).toBe(false);
  });
});
