/**
 * What a visitor typed into a prerendered form before the app took over moves into the app's
 * form, and so does the focus. Fields pair up in document order when both forms have the same
 * kinds of fields; React hears each value through a native input event. Radio buttons and check
 * boxes the visitor changed pair up by name and value, and are clicked in the app's form.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const TEXT_LIKE = /^(text|email|password|search|tel|url|number|date)$/;

function fields(root: ParentNode): Field[] {
  return [...root.querySelectorAll<Field>('input, textarea, select')].filter(
    (f) => !(f instanceof HTMLInputElement) || TEXT_LIKE.test(f.type),
  );
}

/** The kind of a field, so a text box never pairs with a select (a password may show as text). */
function kind(field: Field): string {
  if (field instanceof HTMLInputElement)
    return field.type === 'password'
      ? 'text'
      : field.type.replace(/^(email|search|tel|url)$/, 'text');
  return field.tagName;
}

/** Sets a value the way typing would, so a controlled React input updates its state. */
function typeInto(field: Field, value: string): void {
  const proto = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(
    new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
  );
}

/** Clicks the app's twin of every radio button or check box the visitor changed. */
function carryOverChoices(from: ParentNode, to: ParentNode): void {
  const choices = from.querySelectorAll<HTMLInputElement>(
    'input[type="radio"], input[type="checkbox"]',
  );
  for (const choice of choices) {
    if (choice.checked === choice.defaultChecked) continue;
    const twin = [...to.querySelectorAll<HTMLInputElement>(`input[type="${choice.type}"]`)].find(
      (input) => input.name === choice.name && input.value === choice.value,
    );
    // A click, as the visitor made it: React's change handler runs and the state follows.
    if (twin && twin.checked !== choice.checked) twin.click();
  }
}

/**
 * Copies typed values from the prerendered copy into the app's page; returns the app's field that
 * should take the focus (focus it once the app's page is visible), or null.
 */
export function carryOverFields(from: ParentNode, to: ParentNode): Field | null {
  carryOverChoices(from, to);
  const before = fields(from);
  const after = fields(to);
  if (before.length === 0 || before.length !== after.length) return null;
  if (before.some((field, i) => kind(field) !== kind(after[i]!))) return null;
  before.forEach((field, i) => {
    const target = after[i]!;
    const typed = field instanceof HTMLSelectElement || field.value !== field.defaultValue;
    if (typed && field.value !== target.value) typeInto(target, field.value);
  });
  const focused = before.findIndex((field) => field === document.activeElement);
  return focused >= 0 ? after[focused]! : null;
}
