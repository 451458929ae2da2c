/** The local stand-in for the webcam and ad partners: a static page, no scripts, every value escaped. */
import type { CamEntry } from '../../src/shared/contract/members';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** HTML-escapes text for element content and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** The page a sponsored card opens while no partner address is configured. */
export function demoPage(siteName: string, entry: CamEntry | undefined, flow?: string): string {
  const title = entry
    ? `${entry.name ?? entry.account}${entry.age ? `, ${entry.age}` : ''}`
    : 'Sponsored offer';
  const body = entry
    ? `<p>This is where the webcam partner would show <strong>${escapeHtml(entry.account)}</strong> live.</p>`
    : `<p>This is where the advertising partner would show its offer${
        flow ? ` for <strong>${escapeHtml(flow)}</strong>` : ''
      }.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(siteName)} demo partner</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
<p>No partner is configured on this ${escapeHtml(siteName)} server, so sponsored links end here.</p>
</body>
</html>
`;
}
