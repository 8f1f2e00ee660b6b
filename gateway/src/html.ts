const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and quoted attribute values. */
export function escapeHtml(s: unknown): string {
  return String(s).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}
