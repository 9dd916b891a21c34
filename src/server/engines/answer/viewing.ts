/**
 * A visitor asking to see a home — "can I see it Saturday at 11?", "when can I visit 88 Birch Lane?",
 * "¿puedo verla el sábado a las 11?" — answered, when the chatbot has showing hours, with the free
 * times nearest what was asked: that time first when it is free, the same day's others, else the
 * next days'; in the visitor's language and the chatbot's zone, over a slots block (protocol/slots.ts)
 * the widget draws as buttons. Both engines answer so (the model engine through its tool). With no
 * free time, the way to a person opens. The times come through the engines' port
 * (AnswerInput.viewingSlots): the service knows the bookings.
 */
import { addressText, handoffBlock, slotsBlock, zoneFormat, type Listing } from '../../../protocol/index.ts';
import type { LanguageCode } from '../languages/types.ts';
import { askedWhen, type AskedWhen } from '../reading/when.ts';
import { md } from '../search/format.ts';
import { slotsLocale, slotsText, type SlotsOutcome } from '../writing/slots.ts';
import type { AnswerInput, ViewingSlot } from '../index.ts';

/** The most times one answer offers: a day's worth, a visitor can scan. */
export const OFFERED_SLOTS = 8;

/** Words that ask to come and see a home, in each language the engines read (the question as written, lower case). */
const ASKS_TO_VISIT = new RegExp(
  [
    // English
    '\\b(?:visit|viewing|showing|tour|come (?:by|and see|see)|see (?:it|the (?:home|house|place|property|apartment|condo|flat))|view it|look at it|in person)\\b',
    // Spanish, French, Portuguese
    '\\b(?:visitar(?:la|lo)?|visita|verla|verlo|ver (?:la|el) (?:casa|piso|departamento|apartamento)|visiter|visite|la voir|le voir|vê-la|ve-la|conhecer o imóvel)\\b',
    // German
    '\\b(?:besichtig\\w{0,6}|anschauen|ansehen|anzuschauen|anzusehen)\\b',
    // Arabic, Chinese: no word boundaries
    'زيارة|أزور|معاينة|رؤيتها|رؤية المنزل|看房|参观|去看|看看|看一下',
  ].join('|'),
);

/** Moving or cancelling a viewing (or a booking, an appointment) in each language the engines read. */
const CHANGES_VIEWING = new RegExp(
  [
    '\\b(?:cancel|reschedule|move|change|postpone)\\b.{0,40}\\b(?:viewing|booking|appointment|visit|showing|tour)\\b',
    '\\b(?:cancelar|cambiar|mover|remarcar|mudar|annuler|déplacer|deplacer|changer|absagen|stornieren|verschieben|ändern)\\b.{0,40}\\b(?:visita|cita|visite|rendez-vous|besichtigung|termin)',
    '(?:取消|改期|更改).{0,10}(?:看房|预约)|(?:إلغاء|تغيير).{0,20}(?:موعد|المعاينة)',
  ].join('|'),
);

/** Whether the question asks to move or cancel a viewing already booked. */
export const asksToChangeViewing = (question: string): boolean => CHANGES_VIEWING.test(question.toLowerCase());

/** Words that ask to see, which ask to visit when a day or time is said with them ("can I see it Saturday?"). */
const SEE = /\b(?:see|view|look at|check out|ver|voir|sehen|anschauen)\b|أرى|رؤية|مشاهدة|看/;

/**
 * When the question asks to come, read in its language — and in the others the engines read, when
 * one of them says more (a short question's language is not always told right: "on peut visiter
 * samedi ?"); `weekday` when the day was named so (yesterday's reading names the same day).
 */
export function whenAsked(question: string, language: LanguageCode, today: string): AskedWhen & { weekday?: true } {
  // The reading that says most (a day counts most), the question's own language first among equals.
  const weight = (w: AskedWhen) => (w.day ? 4 : 0) + (w.time !== undefined ? 2 : 0) + (w.part ? 1 : 0);
  const languages: LanguageCode[] = [language, ...LANGUAGES.filter((l) => l !== language)];
  const [found, l] = languages
    .map((l) => [askedWhen(question, l, today), l] as const)
    .reduce((best, next) => (weight(next[0]) > weight(best[0]) ? next : best));
  if (!found.day) {
    const day = weekWords(question, today);
    if (day) return { ...found, day };
  }
  const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const named = found.day !== undefined && found.day === today && askedWhen(question, l, yesterday).day === today;
  return { ...found, ...(named ? { weekday: true as const } : {}) };
}

const LANGUAGES: readonly LanguageCode[] = ['en', 'es', 'fr', 'de', 'pt', 'ar', 'zh'];

/** "this weekend" and "next week" in each language the engines read: the Saturday, and the Monday, they begin on. */
const WEEKEND =
  /\b(?:(?:this|the) weekend|(?:este|el) fin de semana|(?:ce|le) week-end|(?:am|dieses|diesem) wochenende|(?:este|no) fim de semana)\b|周末|週末|نهاية الأسبوع/;
const NEXT_WEEK =
  /\bnext week\b|\b(?:la )?(?:semana que viene|pr[oó]xima semana|semaine prochaine|n[aä]chste[nr]? woche|semana que vem)\b|下周|下週|الأسبوع (?:القادم|المقبل)/;

/** The day "this weekend" or "next week" begins on, from `today`; undefined when neither is said. */
function weekWords(question: string, today: string): string | undefined {
  const q = question.toLowerCase();
  const at = Date.parse(`${today}T12:00:00Z`);
  const weekday = ((new Date(at).getUTCDay() + 6) % 7) + 1;
  const plus = (n: number) => new Date(at + n * 86_400_000).toISOString().slice(0, 10);
  if (WEEKEND.test(q)) return plus(weekday >= 6 ? 0 : 6 - weekday);
  if (NEXT_WEEK.test(q)) return plus(8 - weekday);
  return undefined;
}

/** Whether the question (as written, in `language`) asks to come and see a home: a visit's words, or seeing with a day or time. */
export function asksToVisit(question: string, language: LanguageCode, today: string): boolean {
  const q = question.toLowerCase();
  if (ASKS_TO_VISIT.test(q)) return true;
  if (!SEE.test(q)) return false;
  const when = whenAsked(question, language, today);
  return Boolean(when.day || when.time !== undefined || when.part);
}

/** `YYYY-MM-DD` and minutes after midnight of an instant, as `reader` reads it. */
function local(instant: Date, reader: Intl.DateTimeFormat): { day: string; minute: number } {
  const p = Object.fromEntries(reader.formatToParts(instant).map((x) => [x.type, x.value]));
  return { day: `${p.year}-${p.month}-${p.day}`, minute: Number(p.hour) * 60 + Number(p.minute) };
}

/** Today in `timeZone`, `YYYY-MM-DD`. */
export const localToday = (now: Date, timeZone: string) => local(now, zoneFormat(timeZone)).day;

const PART_OF_DAY = { morning: [0, 720], afternoon: [720, 1020], evening: [1020, 1440] } as const;

interface Placed extends ViewingSlot {
  day: string;
  minute: number;
}

/** The times to offer for what was asked, and how they relate to it. */
export function chooseSlots(
  slots: readonly ViewingSlot[],
  when: AskedWhen & { weekday?: true },
  timeZone: string,
  today: string,
): { offered: ViewingSlot[]; outcome: Exclude<SlotsOutcome, { kind: 'none' }>['kind']; day?: string; taken?: number } {
  const reader = zoneFormat(timeZone);
  const placed: Placed[] = slots.map((s) => ({ ...s, ...local(s.start, reader) }));
  const inPart = (p: Placed) =>
    !when.part || (p.minute >= PART_OF_DAY[when.part][0] && p.minute < PART_OF_DAY[when.part][1]);
  const firstDays = (from: Placed[]) => {
    const days = [...new Set(from.map((p) => p.day))].slice(0, 2);
    return from.filter((p) => days.includes(p.day)).slice(0, OFFERED_SLOTS);
  };
  let day = when.day;
  // A weekday named that is today, when today has nothing left (the notice): the same weekday next week.
  if (day === today && when.weekday && !placed.some((p) => p.day === day)) {
    const week = placed.find((p) => p.day > day! && Date.parse(p.day) - Date.parse(day!) === 7 * 86_400_000);
    if (week) day = week.day;
  }
  if (!day && (when.time !== undefined || when.part))
    day = placed.find((p) => (when.time === undefined || p.minute === when.time) && inPart(p))?.day;
  if (!day) return { offered: firstDays(placed), outcome: 'next' };
  const sameDay = placed.filter((p) => p.day === day);
  if (!sameDay.length) {
    // None that day: the next days' — or, asked past the days ahead bookings are taken, the first ones.
    const after = placed.filter((p) => p.day > day);
    return { offered: firstDays(after.length ? after : placed), outcome: 'later', day };
  }
  const exact = when.time === undefined ? undefined : sameDay.find((p) => p.minute === when.time);
  const rest = sameDay.filter((p) => p !== exact);
  // The part of the day asked for first, then the rest of the day; a time asked and taken: the nearest first.
  const ordered = [...rest.filter(inPart), ...rest.filter((p) => !inPart(p))];
  // A time asked: the nearest times around it (the widget shows them in order).
  if (when.time !== undefined)
    ordered.sort((a, b) => Math.abs(a.minute - when.time!) - Math.abs(b.minute - when.time!));
  const offered = [...(exact ? [exact] : []), ...ordered].slice(0, OFFERED_SLOTS);
  if (exact) return { offered, outcome: 'exact', day };
  return { offered, outcome: 'day', day, ...(when.time !== undefined ? { taken: when.time } : {}) };
}

/**
 * The answer offering times to see `home`, or null when the chatbot takes no bookings (no showing
 * hours, no port) or the home cannot be seen (sold, not yet on the market).
 */
export async function slotsAnswer(
  input: Pick<AnswerInput, 'settings' | 'viewingSlots' | 'now'>,
  home: Listing,
  question: string,
  language: LanguageCode,
): Promise<{ text: string; noAnswer: boolean } | null> {
  const s = input.settings;
  if (!s.ViewingHours.length || !input.viewingSlots || home.Status !== 'Active') return null;
  const slots = await input.viewingSlots(home.Id);
  const tz = s.TimeZone;
  const locale = slotsLocale(language);
  const about = md(addressText(home));
  if (!slots.length)
    return {
      text: `${slotsText(language, { kind: 'none', days: s.ViewingDays }, about)}\n\n${handoffBlock({ open: true, about: addressText(home) })}`,
      noAnswer: false,
    };
  const today = localToday(input.now, tz);
  const chosen = chooseSlots(slots, whenAsked(question, language, today), tz, today);
  const dayText = (d: string) =>
    new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${d}T12:00:00Z`),
    );
  const timeText = (minute: number) =>
    new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2000, 0, 1, 0, minute)),
    );
  const first = chosen.offered[0]!;
  const outcome: SlotsOutcome =
    chosen.outcome === 'exact'
      ? {
          kind: 'exact',
          when: new Intl.DateTimeFormat(locale, {
            weekday: 'long',
            month: 'long',
            day: 'numeric',
            hour: 'numeric',
            minute: '2-digit',
            timeZone: tz,
          }).format(first.start),
        }
      : chosen.outcome === 'day'
        ? {
            kind: 'day',
            day: dayText(chosen.day!),
            ...(chosen.taken !== undefined ? { taken: timeText(chosen.taken) } : {}),
          }
        : chosen.outcome === 'later'
          ? { kind: 'later', day: dayText(chosen.day!) }
          : { kind: 'next' };
  const block = slotsBlock(
    chosen.offered.map((o) => ({ listing: home.Id, start: o.start.toISOString(), end: o.end.toISOString() })),
  );
  return { text: `${slotsText(language, outcome, about)}\n\n${block}`, noAnswer: false };
}
