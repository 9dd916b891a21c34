/** The console's forms cover the contract: every setting of Edit, every listing field. */
import { describe, expect, it } from 'vitest';
import { ListingCreateBody, PRIVATE_SETTINGS, SETTING_NAMES } from '../../src/protocol/index.ts';
import { NEVER_PUBLIC, SETTING_FIELDS } from '../../demo/console/settings-fields.ts';
import { BLANK_LISTING, LISTING_FIELDS, checkBeforeSending, toWire } from '../../demo/console/listing-fields.ts';
import { hexToRgb, rgbToHex } from '../../demo/console/color.ts';
import { idFor } from '../../demo/console/session.ts';

describe("the console's settings editor", () => {
  it('offers every setting of Edit, once each', () => {
    expect(SETTING_FIELDS.map((f) => f.name).sort()).toEqual([...SETTING_NAMES].sort());
  });

  it('previews only what visitors are shown: never a private setting, and file ids as URLs', () => {
    expect([...NEVER_PUBLIC].sort()).toEqual([...PRIVATE_SETTINGS, 'ChatProfilePicture', 'ChatIcon'].sort());
  });

  it('turns the colour picker’s #rrggbb into the service’s rgb(r, g, b) and back', () => {
    expect(hexToRgb('#b45309')).toBe('rgb(180, 83, 9)');
    expect(rgbToHex('rgb(180,83,9)')).toBe('#b45309');
    expect(rgbToHex('blue')).toBeNull();
  });
});

describe("the console's listing form", () => {
  it('has an input for every listing field, and rows for Images and ExtensionColumn', () => {
    const formFields = [...LISTING_FIELDS.map((f) => f.name), 'Images', 'ExtensionColumn'];
    const contractFields = Object.keys(ListingCreateBody.properties).filter((k) => k !== 'SerialNumber');
    expect(formFields.sort()).toEqual(contractFields.sort());
  });

  it('says what Url is for, and that an address which is not http(s) is wrong, before asking the service', () => {
    const url = LISTING_FIELDS.find((f) => f.name === 'Url')!;
    expect(url).toMatchObject({
      kind: 'url',
      label: 'Listing page (Url)',
      hint: expect.stringContaining('the chat links to it'),
    });
    const check = (Url: string) => checkBeforeSending({ ...BLANK_LISTING, Url });
    for (const bad of ['homes/123', 'www.example.com/homes/1', 'javascript:alert(1)', 'ftp://example.com/a'])
      expect(check(bad), bad).toEqual({
        field: 'Url',
        message: expect.stringMatching(/^Listing page \(Url\) must be an http\(s\) address/),
      });
    for (const fine of ['https://www.example.com/homes/123', ' http://homes.test/1 ', ''])
      expect(check(fine), fine).toBeNull();
  });

  it('sends numbers as numbers, empty optional fields as null, and anything else as typed for the service to judge', () => {
    const field = (name: string) => LISTING_FIELDS.find((f) => f.name === name)!;
    expect(toWire(field('SalePrice'), ' 612000 ')).toBe(612000);
    expect(toWire(field('SalePrice'), '')).toBeNull();
    expect(toWire(field('Bedrooms'), '')).toBeNull();
    expect(toWire(field('Bedrooms'), 'four')).toBe('four');
    expect(toWire(field('City'), '')).toBeNull();
    expect(toWire(field('Url'), '')).toBe('');
  });

  it('finds the input a 400 names, down to an item of a list', () => {
    expect(idFor('listing', 'ExtensionColumn[0].Key')).toBe('listing-ExtensionColumn-0-Key');
    expect(idFor('listing', 'Images[12]')).toBe('listing-Images-12');
  });
});
