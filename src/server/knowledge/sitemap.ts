/** The page addresses a sitemap lists (knowledge/fetch.ts readSitemap). */

const LOC = /<loc>([^<]{1,2048})<\/loc>/g;
const XML_ENTITY = /&(?:(amp|lt|gt|quot|apos)|#(\d{1,7})|#x([\da-f]{1,6}));/gi;
const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * The `<loc>` values of a sitemap, read with one bounded pattern instead of an XML parser: a DTD
 * is never read, so no entity can expand, and only XML's five entities and character references
 * are decoded.
 */
export const locsOf = (xml: string): string[] =>
  Array.from(xml.matchAll(LOC), (match) =>
    match[1]!.trim().replace(XML_ENTITY, (_, name: string | undefined, decimal?: string, hex?: string) => {
      if (name) return NAMED[name.toLowerCase()] ?? '';
      const point = decimal ? Number(decimal) : parseInt(hex!, 16);
      return point <= 0x10ffff ? String.fromCodePoint(point) : '';
    }),
  );
