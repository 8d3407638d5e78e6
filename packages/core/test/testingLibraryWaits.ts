/**
 * How long testing-library's findBy / waitFor wait before they give up, for every jsdom test. Whole-app
 * renders with lazy chunks and Fluent's focus manager take seconds on a busy 2-core CI machine,
 * longer than the library's one-second default; this is a cap against hangs, not a timing assertion.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });
