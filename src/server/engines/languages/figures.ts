/**
 * Figures and numbers as the English reading writes them: thousands without separators, a decimal
 * point, the dollar sign first; a scale word that starts a number counts one of it; two numbers in
 * words side by side kept apart.
 */
import { wordsToNumbers } from '../reading/words.ts';

/** Figures as English writes them: thousands without separators, a decimal point, the dollar sign first. */
export function figures(t: string): string {
  let out = t.replace(/\bus ?\$/g, '$').replace(/\busd\b/g, 'dollars');
  // "1.500.000", "250 000": groups of three after a separator are one number.
  for (let i = 0; i < 3; i++) out = out.replace(/(\d)[ .](\d{3})(?!\d)/g, '$1$2');
  return (
    out
      .replace(/(\d),(\d{3})(?!\d)/g, '$1$2')
      .replace(/(\d),(\d{1,2})(?!\d)/g, '$1.$2')
      // "500 k$", "2 000 $": the sign before the figure.
      .replace(/(?<![\d.])(\d+(?:\.\d+)?) ?k ?\$/g, '$$$1k')
      .replace(/(?<![\d.])(\d+(?:\.\d+)?k?) ?\$/g, '$$$1')
      .replace(/\$ (\d)/g, '$$$1')
  );
}

const NUMBER_WORDS =
  /^(?:\$?\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand)$/;

/** "thousand five hundred", "hundred seventy thousand": a scale word that starts a number counts one of it. */
export function leadingScales(english: string): string {
  const words = english.split(' ');
  return words
    .map((w, i) => ((w === 'thousand' || w === 'hundred') && !NUMBER_WORDS.test(words[i - 1] ?? '') ? `one ${w}` : w))
    .join(' ');
}

/**
 * Two numbers in words side by side ("ciento cincuenta mil y doscientos cincuenta mil"): as
 * figures, each on its own — English's "and" would join them into one ("a hundred and fifty").
 */
const TWO_NUMBERS =
  /\b(thousand|million) and (?=one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|a million|half|\d)/g;
export const apartNumbers = (english: string) =>
  english
    .split(TWO_NUMBERS)
    .reduce<string[]>(
      (parts, piece, i) => (i % 2 ? [...parts.slice(0, -1), `${parts.at(-1)!}${piece}`] : [...parts, piece]),
      [],
    )
    .map((part) => wordsToNumbers(part))
    .join(' and ');
