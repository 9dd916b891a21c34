/**
 * JSON from the network, as data only: every object is made without a prototype, so nothing a
 * page (or a library on it) added to Object.prototype ever reads as a field the service did not
 * send — `Answer` on a fragment, `Success` on an envelope, `Name` in settings.
 */
export function parseJson(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.assign(Object.create(null) as object, value)
      : value,
  );
}
