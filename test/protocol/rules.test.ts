import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  hostMatches,
  invalidDomainEntry,
  isEmail,
  isHttpUrl,
  normalizeDomainPattern,
  parseRgb,
  splitDomains,
  suggestionLines,
  toAsciiHost,
} from '../../src/protocol/rules.ts';

describe('rgb colours', () => {
  it.each([
    ['rgb(0,0,0)', [0, 0, 0]],
    ['rgb(255, 255, 255)', [255, 255, 255]],
    [' rgb( 12 ,74, 110 ) ', [12, 74, 110]],
    ['RGB(1,2,3)', [1, 2, 3]],
    ['rgb(007,08,9)', [7, 8, 9]],
  ])('accepts %s', (value, channels) => {
    expect(parseRgb(value)).toEqual(channels);
  });

  it.each(['rgb(256,0,0)', 'rgb(-1,0,0)', 'rgb(1,2)', 'rgb(1,2,3,4)', 'rgba(1,2,3)', '#ffffff', 'rgb(1.5,2,3)', ''])(
    'rejects %j',
    (value) => {
      expect(parseRgb(value)).toBeNull();
    },
  );
});

describe('host names and domain patterns', () => {
  it('lower-cases and converts internationalised names to punycode', () => {
    expect(toAsciiHost('Example.COM')).toBe('example.com');
    expect(toAsciiHost('münchen.de')).toBe('xn--mnchen-3ya.de');
    expect(toAsciiHost('example.com.')).toBe('example.com');
  });

  it.each([
    '',
    'exa mple.com',
    'http://example.com',
    'example.com:8080',
    'a/b',
    '-bad.com',
    'bad-.com',
    `${'a'.repeat(64)}.com`,
  ])('rejects %j as a host name', (value) => {
    expect(toAsciiHost(value)).toBeNull();
  });

  it('splits Domains on commas and new lines and finds the bad entry', () => {
    expect(splitDomains('a.com, b.com\n*.c.com\r\n\n')).toEqual(['a.com', 'b.com', '*.c.com']);
    expect(invalidDomainEntry('a.com, *.b.com')).toBeNull();
    expect(invalidDomainEntry('a.com, no way')).toBe('no way');
    expect(normalizeDomainPattern('*.Example.com')).toBe('*.example.com');
    expect(normalizeDomainPattern('*.')).toBeNull();
  });

  it('matches wildcards against subdomains only, not the apex', () => {
    const patterns = ['*.example.com', 'shop.test'];
    expect(hostMatches('a.example.com', patterns)).toBe(true);
    expect(hostMatches('a.b.example.com', patterns)).toBe(true);
    expect(hostMatches('example.com', patterns)).toBe(false);
    expect(hostMatches('badexample.com', patterns)).toBe(false);
    expect(hostMatches('SHOP.test', patterns)).toBe(true);
    expect(hostMatches('shop.test.evil.com', patterns)).toBe(false);
  });

  it('matches internationalised names in either form', () => {
    expect(hostMatches('xn--mnchen-3ya.de', ['münchen.de'])).toBe(true);
    expect(hostMatches('münchen.de', ['xn--mnchen-3ya.de'])).toBe(true);
  });
});

describe('emails, URLs, time zones, suggestions', () => {
  it('accepts what an email input accepts', () => {
    expect(isEmail('agent@oakrealty.example')).toBe(true);
    expect(isEmail('a+b@x.co')).toBe(true);
    expect(isEmail('no-at-sign')).toBe(false);
    expect(isEmail('a@b@c')).toBe(false);
    expect(isEmail('a b@c.com')).toBe(false);
  });

  it('accepts only absolute http(s) URLs', () => {
    expect(isHttpUrl('https://oakrealty.example/privacy')).toBe(true);
    expect(isHttpUrl('http://127.0.0.1:8787/')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('ftp://x.com/')).toBe(false);
    expect(isHttpUrl('/relative')).toBe(false);
    expect(isHttpUrl(`https://x.com/${'a'.repeat(2000)}`)).toBe(false);
  });

  it('knows IANA zones and their canonical names', () => {
    expect(canonicalTimeZone('America/New_York')).toBe('America/New_York');
    expect(canonicalTimeZone('america/new_york')).toBe('America/New_York');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
  });

  it('counts suggestions by non-blank line', () => {
    expect(suggestionLines(' Homes under $500k \n\n Rentals \r\n')).toEqual(['Homes under $500k', 'Rentals']);
  });
});
