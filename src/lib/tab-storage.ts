/** The tab's sessionStorage, or null where the browser blocks it (privacy modes): callers do without. */
export function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
