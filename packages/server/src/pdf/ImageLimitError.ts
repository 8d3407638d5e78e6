import type { Wording } from '../errors/Wording';

/** An upload whose image header states more pixels, or a TIFF with more pages, than the server works on (413, in words). */
export class ImageLimitError extends Error {
  /** The message in any language (see errors/DomainError); null for a fixed text. */
  readonly wording: Wording | null;

  constructor(message: string | Wording) {
    super(typeof message === 'string' ? message : message('en'));
    this.name = 'ImageLimitError';
    this.wording = typeof message === 'string' ? null : message;
  }
}
