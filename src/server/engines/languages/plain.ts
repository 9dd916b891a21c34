/**
 * Lower case, without accents, `¿¡`, apostrophes and hyphens between words apart ("d'une", "avez-vous",
 * "quatre-vingt"), spaces single: as the vocabularies are written.
 */
export const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    // Arabic-Indic, Persian and full-width digits as ASCII ones.
    .replace(/[\u0660-\u0669\u06f0-\u06f9\uff10-\uff19]/g, (d) => String((d.codePointAt(0)! & 0xf) % 10))
    // Arabic's thousands separator and decimal point as English's ("٤٠٠٬٠٠٠", "٢٫٥").
    .replace(/\u066c/g, ',')
    .replace(/\u066b/g, '.')
    .replace(/[¿¡]/g, ' ')
    .replace(/['’`]/g, ' ')
    .replace(/(?<=\p{L})-(?=\p{L})/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
