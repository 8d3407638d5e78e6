/** An upload whose image header states more pixels, or a TIFF with more pages, than the server works on (413, in words). */
export class ImageLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageLimitError';
  }
}
