/**
 * The Insights page's words: what each chart shows in one sentence (the chart's accessible name
 * and the line above it), and the names of what visitors searched for.
 */
import type { Insights, InsightsDay } from 'chat-bot-element';
import { dayLabel } from './date-range.ts';
import { hourLabel } from './charts.ts';

const plural = (n: number, one: string, other = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : other}`;
const sum = (days: readonly InsightsDay[], key: keyof Omit<InsightsDay, 'Day'>) =>
  days.reduce((total, d) => total + d[key], 0);

/** The day with the most of `key` (the first among equals), or null when every day has none. */
function busiest(days: readonly InsightsDay[], key: keyof Omit<InsightsDay, 'Day'>): InsightsDay | null {
  let best: InsightsDay | null = null;
  for (const d of days) if (d[key] > 0 && (!best || d[key] > best[key])) best = d;
  return best;
}

/** A day's answered rate in whole percent; null for a day without questions. */
export const answeredRate = (d: InsightsDay) => (d.Questions ? Math.round((100 * d.Answered) / d.Questions) : null);

export function questionsSummary(days: readonly InsightsDay[]): string {
  const questions = sum(days, 'Questions');
  if (!questions) return `No questions in ${plural(days.length, 'day')}.`;
  const top = busiest(days, 'Questions')!;
  return `${plural(questions, 'question')} in ${plural(sum(days, 'Conversations'), 'conversation')} over ${plural(days.length, 'day')}; busiest day ${dayLabel(top.Day)} with ${plural(top.Questions, 'question')}.`;
}

export function answeredSummary(days: readonly InsightsDay[]): string {
  const questions = sum(days, 'Questions');
  if (!questions) return `No questions in ${plural(days.length, 'day')}, so nothing to answer.`;
  const overall = Math.round((100 * sum(days, 'Answered')) / questions);
  const asked = days.filter((d) => d.Questions > 0);
  const worst = asked.reduce((low, d) => (answeredRate(d)! < answeredRate(low)! ? d : low), asked[0]!);
  const lowest = asked.length > 1 ? `; lowest ${dayLabel(worst.Day)} at ${answeredRate(worst)}%` : '';
  return `${overall}% of ${plural(questions, 'question')} answered${lowest}.`;
}

export function feedbackSummary(days: readonly InsightsDay[]): string {
  const up = sum(days, 'Up'),
    down = sum(days, 'Down');
  if (!up && !down) return `No answer was rated in ${plural(days.length, 'day')}.`;
  const top = busiest(days, 'Down');
  return `${plural(up, 'thumb')} up and ${plural(down, 'thumb')} down in ${plural(days.length, 'day')}${top ? `; most down on ${dayLabel(top.Day)} (${top.Down})` : ''}.`;
}

export function leadsSummary(days: readonly InsightsDay[]): string {
  const leads = sum(days, 'Leads');
  if (!leads) return `No leads in ${plural(days.length, 'day')}.`;
  const top = busiest(days, 'Leads')!;
  return `${plural(leads, 'lead')} in ${plural(days.length, 'day')}; most on ${dayLabel(top.Day)} with ${top.Leads}.`;
}

export function hoursSummary(hours: readonly number[], timeZone: string): string {
  const top = hours.reduce((best, n, h) => (n > (hours[best] ?? 0) ? h : best), 0);
  if (!hours[top]) return `No questions at any hour (${timeZone} time).`;
  return `Busiest hour ${hourLabel(top)} to ${hourLabel((top + 1) % 24)} (${timeZone} time) with ${plural(hours[top]!, 'question')}.`;
}

/** The words of a search as stored in lower case, capitalised to read as names ("san antonio" → "San Antonio"). */
export const titleCase = (name: string) =>
  name.replace(/(^|[\s-])(\p{Ll})/gu, (_all, gap: string, c: string) => gap + c.toUpperCase());

const amount = (short: string) => `$${short.replace(/m$/i, 'M')}`;

/** "sale:250k-500k" → "For sale $250k–$500k", "rent:under-1k" → "For rent under $1k a month"; an unknown form as it is. */
export function priceBandName(band: string): string {
  const m = /^(sale|rent):(?:(under|over)-(\d+(?:\.\d+)?[km])|(\d+(?:\.\d+)?[km])-(\d+(?:\.\d+)?[km]))$/i.exec(band);
  if (!m) return band;
  const [, market, side, edge, low, high] = m;
  const range = side ? `${side.toLowerCase()} ${amount(edge!)}` : `${amount(low!)}–${amount(high!)}`;
  return market!.toLowerCase() === 'rent' ? `For rent ${range} a month` : `For sale ${range}`;
}

/** "Most asked: Austin (12), Denver (8)." */
export function topSummary(what: string, items: readonly { name: string; count: number }[]): string {
  if (!items.length) return `No searches named ${what} in these days.`;
  return `Most asked: ${items
    .slice(0, 3)
    .map((i) => `${i.name} (${i.count})`)
    .join(', ')}.`;
}

/** A wait in the largest units that say it: "45 s", "2 min 5 s", "1 h 3 min". */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  const minutes = Math.round((s % 3600) / 60);
  return `${Math.floor(s / 3600)} h${minutes ? ` ${minutes} min` : ''}`;
}

/** The handoffs made while an agent was on the Live page, and how fast one replied. */
export function liveSummary(live: Insights['Live']): string {
  if (!live.Handoffs) return 'No visitor asked for a person while someone was on the Live page.';
  const answered = `${live.Answered.toLocaleString()} of ${plural(live.Handoffs, 'request')} for a person made while someone was on the Live page ${live.Answered === 1 ? 'was' : 'were'} answered in the chat`;
  return live.MedianFirstReplySeconds === null
    ? `${answered}.`
    : `${answered}; the median first reply came after ${duration(live.MedianFirstReplySeconds)}.`;
}
