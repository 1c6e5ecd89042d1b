import { describe, expect, it } from 'vitest';
import { decodeBarcodeImage } from './barcode.js';
import { code39Picture, dataMatrixPicture, onBackground, qrPicture, type Picture } from './test-barcodes.js';

const VIN = '1HGCM82633A004352';
const decode = (p: Picture) => decodeBarcodeImage(p.rgba, p.width, p.height);

describe('decodeBarcodeImage: VIN barcodes, offline', () => {
  it('reads a Code 39 VIN label', () => {
    expect(decode(code39Picture(VIN))).toEqual({ text: VIN, vin: VIN });
  });

  it("drops the leading 'I' some door-jamb Code 39 labels carry", () => {
    expect(decode(code39Picture(`I${VIN}`))).toEqual({ text: `I${VIN}`, vin: VIN });
  });

  it('reads a Data Matrix VIN', () => {
    expect(decode(dataMatrixPicture(VIN))?.vin).toBe(VIN);
  });

  it('reads a QR code and finds the VIN among other text', () => {
    expect(decode(qrPicture(`VIN:${VIN};PLATE:ABC123`))?.vin).toBe(VIN);
  });

  it('reads a code in a larger picture, as a camera frame holds it', () => {
    expect(decode(onBackground(dataMatrixPicture(VIN, 4), 640, 480))?.vin).toBe(VIN);
  });

  it('tells a barcode that is not a VIN', () => {
    expect(decode(code39Picture('PART-12345'))).toEqual({ text: 'PART-12345', vin: null });
    expect(decode(qrPicture('https://example.com/1234567890abc'))?.vin).toBeNull();
  });

  it('finds nothing in a blank picture', () => {
    expect(decode(onBackground({ width: 0, height: 0, rgba: new Uint8ClampedArray() }, 320, 240))).toBeNull();
  });
});
