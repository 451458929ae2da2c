/**
 * Set-up of every unit test file (vitest.config.ts, project "unit"). Tests wait for conditions,
 * never for a fixed time; this is the one bound on how long a condition may take to come true,
 * set for a busy two-core runner rather than a quiet laptop, so no test needs a timeout of its own.
 * It goes through @testing-library/dom, whose settings @testing-library/react reads too.
 */
import { configure } from '@testing-library/dom';

// How long `findBy…` and `waitFor` keep looking: below the test timeout, so a miss shows the DOM.
configure({ asyncUtilTimeout: 10_000 });
