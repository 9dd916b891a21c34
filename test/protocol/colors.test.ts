/**
 * One colour rule: the service's field (its validation of ChatBubbleColor and
 * UserMessageColor), the widget (the colour it paints) and the console (the picker's #rrggbb) read
 * the same strings the same way — a colour the service takes, the widget paints and the console
 * shows as that colour; one it refuses, neither uses.
 */
import fc from 'fast-check';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { rgbToHex } from '../../demo/console/color.ts';
import { SettingFields } from '../../src/protocol/settings.ts';
import { checkBody } from '../../src/protocol/validate.ts';
import { parseColor } from '../../src/widget/color.ts';
import { fuzzOptions } from '../support/fuzz.ts';

const fields = Type.Object({
  ChatBubbleColor: SettingFields.ChatBubbleColor,
  UserMessageColor: SettingFields.UserMessageColor,
});

/** What each of the three makes of `value`: the service's yes or no (both fields), the widget's channels, the console's hex. */
function readings(value: string) {
  const service = checkBody(fields, { ChatBubbleColor: value, UserMessageColor: value }).ok;
  const widget = parseColor(value);
  const console_ = rgbToHex(value);
  return { service, widget, console: console_ };
}

const hexOf = (rgb: readonly number[]) => `#${rgb.map((n) => n.toString(16).padStart(2, '0')).join('')}`;

function agree(value: string) {
  const r = readings(value);
  expect({ widget: r.widget !== null, console: r.console !== null }, JSON.stringify(value)).toEqual({
    widget: r.service,
    console: r.service,
  });
  if (r.widget) expect(r.console, JSON.stringify(value)).toBe(hexOf(r.widget));
}

/** Strings near the rule: its pieces — numbers with leading zeros or past 255, spaces of every kind, other cases, too long — in any order. */
const nearColours = fc
  .array(
    fc.oneof(
      fc.constantFrom('rgb(', 'RGB(', 'rgba(', 'rgb (', ')', ',', ', ', ' ', '\t', '\n', '\u00a0', '#', '-', '.', '%'),
      fc.integer({ min: 0, max: 400 }).map(String),
      fc
        .tuple(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 300 }))
        .map(([zeros, n]) => '0'.repeat(zeros) + n),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

/** Well-formed colours, padded: the length limit is where they part if anywhere. */
const wellFormed = fc
  .tuple(
    fc.integer({ min: 0, max: 255 }),
    fc.integer({ min: 0, max: 255 }),
    fc.integer({ min: 0, max: 255 }),
    fc.nat({ max: 12 }),
    fc.nat({ max: 8 }),
  )
  .map(
    ([r, g, b, zeros, spaces]) =>
      `${' '.repeat(spaces)}rgb(${'0'.repeat(zeros)}${r},${' '.repeat(spaces)}${g}, ${b})${' '.repeat(spaces)}`,
  );

describe('one colour rule for the service, the widget and the console', () => {
  it('reads what an owner may type the same in all three', () => {
    for (const value of [
      'rgb(0255, 0, 0)',
      'rgb(29, 78, 216)',
      ' rgb( 1 ,2, 3 ) ',
      'rgb(256, 0, 0)',
      'RGB(1, 2, 3)',
      '#1d4ed8',
      'rgb(1,2)',
      '',
      `rgb(${'0'.repeat(40)}1, 2, 3)`,
    ])
      agree(value);
    // What the service takes, the widget paints as it is — not the default blue — and the console shows.
    expect(readings('rgb(0255, 0, 0)')).toEqual({ service: true, widget: [255, 0, 0], console: '#ff0000' });
  });

  it('agrees on any string near the rule', () => {
    fc.assert(fc.property(fc.oneof(nearColours, wellFormed, fc.string({ maxLength: 50 })), agree), fuzzOptions(300));
  });
});
