/**
 * A booking's links [ext]: its manage page and its calendar file, each carrying the booking's token —
 * the booking's id and an HMAC of it under the service's SESSION_SECRET, so any instance checks it
 * and nothing secret is stored. Whoever holds the link (the visitor's email, their chat) may see,
 * move or cancel that one booking, and nothing else.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const MAC_BYTES = 24;

const mac = (secret: Buffer, id: string) =>
  createHmac('sha256', secret).update(`viewing:${id}`).digest().subarray(0, MAC_BYTES);

/** The token of booking `id` (a UUID): 22 characters of its bytes and 32 of its MAC, base64url. */
export function viewingToken(secret: Buffer, id: string): string {
  const bytes = Buffer.from(id.replace(/-/g, ''), 'hex');
  return bytes.toString('base64url') + mac(secret, id).toString('base64url');
}

/** The booking id a token names, when its MAC is right; null otherwise. */
export function viewingIdOf(secret: Buffer, token: string): string | null {
  if (token.length !== 54) return null;
  const hex = Buffer.from(token.slice(0, 22), 'base64url').toString('hex');
  if (hex.length !== 32) return null;
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const given = Buffer.from(token.slice(22), 'base64url');
  const expected = mac(secret, id);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** Where a booking is seen, moved or cancelled, and its calendar file, under the service's origin. */
export const viewingLinks = (origin: string, token: string) => ({
  manage: `${origin}/viewings/manage?token=${token}`,
  calendar: `${origin}/viewings/calendar.ics?token=${token}`,
});
