/**
 * Ends the current task: the browser paints and handles input before the code after it runs.
 * Long start-up work split this way never holds a visitor's tap back for long.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
