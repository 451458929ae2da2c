/**
 * The demo provider's checkout page: a self-contained HTML page (inline style only, no scripts,
 * no external assets, every value escaped) that says clearly it is a test and lets the tester
 * choose what the "payment" does.
 */
import { escapeHtml } from '../xcams/demo-page';

/** What the page shows. */
export interface DemoCheckoutView {
  siteName: string;
  item: string;
  /** Formatted amount with currency. */
  amount: string;
  reference: string;
  /** The form target (this page's own address). */
  action: string;
  /** Proof that the form came from this page for this member. */
  token: string;
  /** The transaction is no longer open: the buttons are replaced by this note. */
  closedNote: string | null;
}

const OUTCOMES = [
  ['paid', 'Paid', 'ok'],
  ['failed', 'Failed', 'bad'],
  ['cancelled', 'Cancelled', 'plain'],
  ['expired', 'Expired', 'plain'],
] as const;

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f1f6;color:#1f1b24}
main{width:100%;max-width:26rem;margin:1rem;background:#fff;border-radius:1rem;
box-shadow:0 10px 30px rgba(40,20,60,.12);overflow:hidden}
.banner{background:#fff3cd;color:#664d03;font-weight:600;font-size:.85rem;text-align:center;
padding:.55rem 1rem;letter-spacing:.02em}
.body{padding:1.5rem 1.5rem 1.75rem}
h1{font-size:1.1rem;margin:0 0 1.25rem;color:#6b5b7b;font-weight:600}
.item{font-size:1.05rem;margin:0}
.amount{font-size:2.1rem;font-weight:700;margin:.25rem 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem;margin:0 0 1.5rem;font-size:.9rem}
dt{color:#6b5b7b}dd{margin:0;font-family:ui-monospace,monospace;word-break:break-all}
form{display:grid;grid-template-columns:1fr 1fr;gap:.6rem;margin:0}
button{font:inherit;font-weight:600;padding:.8rem;border-radius:.6rem;border:1px solid #d6cfe0;
background:#fff;color:#1f1b24;cursor:pointer}
button:focus-visible{outline:3px solid #7b3fbf;outline-offset:2px}
button.ok{background:#1f7a3d;border-color:#1f7a3d;color:#fff;grid-column:1/-1}
button.bad{background:#b3261e;border-color:#b3261e;color:#fff}
.note{margin:0;padding:.8rem;border-radius:.6rem;background:#f3f1f6}
.hint{font-size:.8rem;color:#6b5b7b;margin:1.25rem 0 0}
`;

/** The page's HTML. */
export function demoCheckoutPage(v: DemoCheckoutView): string {
  const buttons = OUTCOMES.map(
    ([value, label, cls]) =>
      `<button type="submit" name="outcome" value="${value}" class="${cls}">${label}</button>`,
  ).join('\n');
  const choice = v.closedNote
    ? `<p class="note">${escapeHtml(v.closedNote)}</p>`
    : `<form method="post" action="${escapeHtml(v.action)}">
<input type="hidden" name="token" value="${escapeHtml(v.token)}">
${buttons}
</form>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Test checkout · ${escapeHtml(v.siteName)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="banner" role="note">TEST CHECKOUT: no real money is charged</div>
<div class="body">
<h1>${escapeHtml(v.siteName)}</h1>
<p class="item">${escapeHtml(v.item)}</p>
<p class="amount">${escapeHtml(v.amount)}</p>
<dl><dt>Reference</dt><dd>${escapeHtml(v.reference)}</dd></dl>
${choice}
<p class="hint">This is the demo payment provider. Pick what the payment does; the result goes through the same signed webhook as a real provider's.</p>
</div>
</main>
</body>
</html>
`;
}
