/**
 * Figures as a language writes them, for the writings other than English (es.ts, fr.ts, pt.ts,
 * de.ts): numbers to two decimals and whole ones in the visitor's locale, a file's length and size.
 * Intl's narrow no-break space (French, Portugal's grouping) is written as a plain no-break one,
 * which every font has.
 */
const spaced = (s: string) => s.replace(/[\u202f\u00a0]/g, '\u00a0');

/**
 * `number` ("2,5", "1 850") and `whole` (rounded) in `locale`. `group: 'always'` groups whole
 * numbers of four digits too ("1.150"), where the locale's own habit leaves them ("1150").
 */
export function figures(
  locale: string,
  group: 'auto' | 'always' = 'auto',
): { number(n: number): string; whole(n: number): string } {
  const NUMBER = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const WHOLE = new Intl.NumberFormat(locale, {
    maximumFractionDigits: 0,
    ...(group === 'always' ? { useGrouping: true } : {}),
  });
  return { number: (n) => spaced(NUMBER.format(n)), whole: (n) => spaced(WHOLE.format(Math.round(n))) };
}

/** A recording's length in seconds as an answer says it: a tenth under ten seconds, whole past them. */
export const seconds = (duration: number): number =>
  duration < 10 ? Math.round(duration * 10) / 10 : Math.round(duration);

/** "3 KB", "1,4 MB" — `units` the language's names for kilobytes and megabytes. */
export const fileSize = (bytes: number, number: (n: number) => string, [kb, mb]: readonly [string, string]): string =>
  bytes < 1_048_576
    ? `${Math.max(1, Math.round(bytes / 1024))} ${kb}`
    : `${number(Math.round((bytes / 1_048_576) * 10) / 10)} ${mb}`;
