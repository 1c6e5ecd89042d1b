import { describe, expect, it } from 'vitest';
import { uploadErrorKey } from './upload-errors.js';

describe('uploadErrorKey', () => {
  it("names the server's refusals", () => {
    expect(uploadErrorKey({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'x' })).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(uploadErrorKey({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'x' })).toBe('PAYLOAD_TOO_LARGE');
    expect(uploadErrorKey({ status: 0, code: 'NO_CONNECTION', message: 'x' })).toBe('NO_CONNECTION');
  });

  it('says something generic for anything else', () => {
    expect(uploadErrorKey({ code: 'INTERNAL_ERROR' })).toBe('generic');
    expect(uploadErrorKey({ code: 'title' })).toBe('generic');
    expect(uploadErrorKey(new Error('boom'))).toBe('generic');
    expect(uploadErrorKey(null)).toBe('generic');
  });
});
