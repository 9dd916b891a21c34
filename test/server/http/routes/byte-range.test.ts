/** The Range header as the file route reads it (http/routes/files.ts byteRange; RFC 9110 §14.1.2). */
import { describe, expect, it } from 'vitest';
import { byteRange } from '../../../../src/server/http/routes/files.ts';

describe('byteRange', () => {
  it('reads one range: from-to, from, and the last n bytes, clipped to the file', () => {
    expect(byteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=990-', 1000)).toEqual({ start: 990, end: 999 });
    expect(byteRange('bytes=-10', 1000)).toEqual({ start: 990, end: 999 });
    expect(byteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(byteRange('bytes=500-5000', 1000)).toEqual({ start: 500, end: 999 });
    expect(byteRange('bytes=999-999', 1000)).toEqual({ start: 999, end: 999 });
  });

  it('is unsatisfiable when the range starts past the end, or asks for the last 0 bytes', () => {
    expect(byteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=1000-2000', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=99999999999999999999-', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });

  it('reads no range (the whole file is sent) from no header, several ranges, another unit or a backwards range', () => {
    for (const header of [
      undefined,
      '',
      'bytes=',
      'bytes=-',
      'bytes=0-1,5-9',
      'items=0-9',
      'bytes=9-3',
      'bytes=a-b',
      'bytes = 0-9',
    ])
      expect(byteRange(header, 1000), String(header)).toBeNull();
  });
});
