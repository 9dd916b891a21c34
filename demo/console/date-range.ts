/**
 * Ranges of days as the console's pages pick them and keep them in the address: `YYYY-MM-DD`, both
 * ends counted, the chatbot's calendar days (the service decides what a day is; these only name them).
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Refusal } from './console-page.ts';

export interface Range {
  from: string;
  to: string;
}

/** Today as `YYYY-MM-DD` in a time zone (the owner's own when none is known, or it is not one). */
export function today(timeZone?: string): string {
  // en-CA writes a date as YYYY-MM-DD.
  const format = (tz?: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(),
    );
  try {
    return format(timeZone);
  } catch {
    return format();
  }
}

export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The last n days, today included. */
export function lastDays(n: number, timeZone?: string): Range {
  const to = today(timeZone);
  return { from: addDays(to, 1 - n), to };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A day from the address, or '' (the service judges real days; this keeps out anything else). */
export const dayParam = (params: URLSearchParams, name: string) => {
  const value = params.get(name) ?? '';
  return DAY.test(value) ? value : '';
};
export const pageParam = (params: URLSearchParams) => Math.max(1, Math.floor(Number(params.get('page'))) || 1);

/** A console route with these filters in its query (empty ones and page 1 left out). */
export function routeWith(path: string, params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === '' || (name === 'page' && value === 1)) continue;
    query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** From and To as a request names them: only those chosen. */
export const rangeBody = (range: Range) => ({
  ...(range.from ? { From: range.from } : {}),
  ...(range.to ? { To: range.to } : {}),
});

/** A day as a chart or table names it: "Tue, Nov 12" (the day itself, whatever the owner's time zone). */
export const dayLabel = (day: string, long = false) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(long ? { year: 'numeric' } : {}),
  });

/** The From and To date inputs of a filter form, with the service's refusal at the one it names. */
export function rangeFields(prefix: string, range: Range, invalid: Refusal | null): TemplateResult {
  const field = (name: 'From' | 'To', value: string) => {
    const id = `${prefix}-${name.toLowerCase()}`;
    const error = invalid?.field === name ? invalid.message : '';
    return html`<span class="range-field">
      <label for=${id}>${name}</label>
      <input id=${id} name=${name} type="date" .value=${value} aria-invalid=${error ? 'true' : 'false'} aria-describedby=${error ? `${id}-error` : nothing} />
      ${error ? html`<span class="error" id="${id}-error">${error}</span>` : nothing}
    </span>`;
  };
  return html`${field('From', range.from)} ${field('To', range.to)}`;
}

/** The range a filter form holds. */
export function rangeOf(form: HTMLFormElement): Range {
  const data = new FormData(form);
  return { from: String(data.get('From') ?? ''), to: String(data.get('To') ?? '') };
}
