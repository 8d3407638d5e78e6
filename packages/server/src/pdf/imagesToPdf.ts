/** Extensions `convertImageToPdf` accepts. */
export const CONVERTIBLE_IMAGE_EXTENSIONS: readonly string[] = ['jpg', 'jpeg', 'png', 'bmp', 'tif', 'tiff'];

/**
 * Converts a JPEG, PNG, BMP or TIFF (every page of a multi-page TIFF) into a PDF, one image per
 * page at the image's physical size (from its DPI; 72 dpi when unknown). Returns the PDF bytes.
 */
export async function convertImageToPdf(path: string, extension: string): Promise<Buffer> {
  throw new Error(`convertImageToPdf(${path}, ${extension}) is being implemented.`);
}
