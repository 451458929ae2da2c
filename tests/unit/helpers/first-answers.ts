/** The page's first answers as the server writes them into the shell, for screens under test. */
import { FIRST_ANSWERS_ID } from '../../../src/shared/first-answers';

/** Writes `answers` into the document's head; the page reads them once, at its first ask. */
export function writeFirstAnswers(answers: unknown): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = FIRST_ANSWERS_ID;
  block.textContent = JSON.stringify(answers);
  document.head.append(block);
}

/** Takes them out again. */
export function removeFirstAnswers(): void {
  document.getElementById(FIRST_ANSWERS_ID)?.remove();
}
