/**
 * Slots: markers that a prerendered page carries where request-time data belongs (the operator's
 * company line, a member's card on a member lander). The server replaces each marker with an
 * HTML-escaped value; public pages run no React at request time. Shared by the build and the server.
 */

/** The marker for a slot; names are lower-case words joined by `.`, `_` or `-`. */
export function slotMarker(name: string): string {
  if (!/^[a-z0-9_.-]+$/.test(name)) throw new Error(`Bad slot name: ${name}`);
  return `[[slot:${name}]]`;
}

const SLOT = /\[\[slot:([a-z0-9_.-]+)\]\]/g;

/** Escapes text for HTML text and double- or single-quoted attribute values alike. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The slot names a page uses, each once. */
export function slotNames(html: string): string[] {
  return [...new Set([...html.matchAll(SLOT)].map((m) => m[1]!))];
}

/** Replaces every marker with its escaped value; a slot without a value becomes empty. */
export function fillSlots(html: string, values: Readonly<Record<string, string>>): string {
  return html.replace(SLOT, (_marker, name: string) =>
    Object.hasOwn(values, name) ? escapeHtml(values[name]!) : '',
  );
}
