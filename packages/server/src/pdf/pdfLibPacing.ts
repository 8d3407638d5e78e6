import { ParseSpeeds } from '@cantoo/pdf-lib';

/*
 * pdf-lib yields to the event loop while it parses and writes, every `parseSpeed` objects on
 * load and every `objectsPerTick` on save, each yield a setTimeout(0) (≥ 1 ms). Its defaults
 * (100 and 50) made a 500-page split (about 1,000 objects read, 500 written) spend a third of
 * its time waiting for ticks: 1.7× qpdf instead of the 1.5× issue 4 asks. Yielding every
 * 1,500 / 1,000 objects keeps a very large file from holding the thread in one stretch while
 * ordinary documents are read and written without a pause.
 */

/** `parseSpeed` for PDFDocument.load in split, merge and recombination. */
export const PDF_LIB_PARSE_SPEED = ParseSpeeds.Fast;

/** `objectsPerTick` for PDFDocument.save in split, merge and recombination. */
export const PDF_LIB_OBJECTS_PER_TICK = 1000;
