/**
 * Answers about listings already known: all of one listing as a readable paragraph, or what a
 * question asks of it (search/details.ts reads which) — and several side by side.
 */
import { addressText, type Listing } from '../../../protocol/index.ts';
import { mentions, sentencesAbout, type Feature } from '../reading/features.ts';
import { askedOfOne, attributesAsked } from '../search/details.ts';
import { listingLink, md, mdUrl } from '../search/format.ts';
import type { Writing } from '../writing/index.ts';

const link = (l: Listing) => `**${listingLink(l)}**`;

/** Whether the listing's own words mention a feature, said plainly: the sentence of its description that does, quoted. */
function featureFact(w: Writing, l: Listing, f: Feature): string {
  const sentences = sentencesAbout(l, f);
  return w.featureFact(
    sentences.length ? sentences.slice(0, 2).join(' ') : undefined,
    mentions(l, f) || mentions(l, f, true),
    f.phrase,
  );
}

/**
 * What `question` asks of one listing, or all of it when it asks nothing in particular — and
 * whether something asked is not in the listing at all (the owner should hear of it: noAnswer).
 */
export function aboutOne(w: Writing, l: Listing, question: string): { text: string; untold: boolean } {
  const asked = askedOfOne(l, question);
  if (!asked) return { text: listingDetails(w, l), untold: false };
  const { attributes, features, extensions } = asked;
  const quoted = extensions.map((x) => w.extensionFact(x.Key, x.value));
  const text = w.about(
    link(l),
    [...attributes.map((a) => w.fact(l, a)), ...quoted, ...features.map((f) => featureFact(w, l, f))].join(w.space),
  );
  return { text, untold: features.some((f) => !mentions(l, f) && !mentions(l, f, true)) };
}

/** Several listings: what the question asks of each, or a comparison of their main facts. */
export function aboutSeveral(w: Writing, listings: Listing[], question: string): string {
  const { attributes, features } = attributesAsked(question);
  if (attributes.length || features.length)
    return listings
      .map(
        (l) =>
          `- ${w.about(link(l), [...attributes.map((a) => w.fact(l, a)), ...features.map((f) => featureFact(w, l, f))].join(w.space))}`,
      )
      .join('\n');
  const names = w.compareRows;
  const rows = [
    [names.price, (l: Listing) => w.priceText(l)],
    [names.bedrooms, (l: Listing) => (l.Bedrooms === 0 ? w.studio : w.number(l.Bedrooms))],
    [names.bathrooms, (l: Listing) => w.number(l.Bathrooms)],
    [names.area, (l: Listing) => w.areaText(l)],
    [names.built, (l: Listing) => String(l.YearBuilt)],
    [names.parking, (l: Listing) => w.number(l.ParkingSpots)],
  ] as const;
  const head = `| | ${listings.map((l) => `[${md(l.Address || addressText(l))}](${mdUrl(l.Url)})`).join(' | ')} |`;
  const table = [
    head,
    `|---|${listings.map(() => '---').join('|')}|`,
    ...rows.map(([name, value]) => `| ${name} | ${listings.map(value).join(' | ')} |`),
  ];
  return w.comparison(table.join('\n'));
}

/** Everything about one listing but its photo (on its card), as a readable paragraph. */
export function listingDetails(w: Writing, l: Listing): string {
  const lines = [w.listingDetails(l, link(l))];
  if (l.Description)
    lines.push(w.description(l.Description.length > 600 ? `${l.Description.slice(0, 600)}…` : l.Description));
  lines.push(`[${w.viewListing}](${mdUrl(l.Url)})`);
  return lines.join('\n\n');
}
