/** Text for the demo site's HTML content and quoted attributes. */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (value: unknown) => String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
