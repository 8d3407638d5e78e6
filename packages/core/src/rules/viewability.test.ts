import { isViewActionEnabled, isViewable } from './viewability';

const limits = { maxJpegSizeBytes: 1000, maxPdfSizeBytes: 5000 };

describe('isViewable', () => {
  it('shows every viewable extension within the limits', () => {
    // xml: an e-invoice, shown as its readable view (issue 36; the server accepts no other XML).
    for (const extension of ['pdf', 'tif', 'tiff', 'jpeg', 'jpg', 'png', 'bmp', 'xml']) {
      expect(isViewable({ extension, FileSize: 500 }, limits)).toEqual({ viewable: true });
    }
  });

  it('downloads other types instead (unsupported)', () => {
    for (const extension of ['docx', 'xlsx', 'msg', 'eml', 'txt', 'csv', 'gif', '']) {
      expect(isViewable({ extension, FileSize: 10 }, limits)).toEqual({ viewable: false, reason: 'unsupported' });
    }
  });

  it('ignores case and a leading dot', () => {
    expect(isViewable({ extension: '.PDF', FileSize: 10 }, limits).viewable).toBe(true);
    expect(isViewable({ extension: 'JpG', FileSize: 10 }, limits).viewable).toBe(true);
  });

  it('allows a JPEG of exactly the max JPEG size and refuses one byte more', () => {
    expect(isViewable({ extension: 'jpg', FileSize: 1000 }, limits)).toEqual({ viewable: true });
    expect(isViewable({ extension: 'jpg', FileSize: 1001 }, limits)).toEqual({ viewable: false, reason: 'tooBig' });
    expect(isViewable({ extension: 'jpeg', FileSize: 1001 }, limits)).toEqual({ viewable: false, reason: 'tooBig' });
  });

  it('allows a PDF of exactly the max PDF size and refuses one byte more', () => {
    expect(isViewable({ extension: 'pdf', FileSize: 5000 }, limits)).toEqual({ viewable: true });
    expect(isViewable({ extension: 'pdf', FileSize: 5001 }, limits)).toEqual({ viewable: false, reason: 'tooBig' });
  });

  it('applies the JPEG limit only to JPEGs and the PDF limit only to PDFs', () => {
    expect(isViewable({ extension: 'png', FileSize: 4000 }, limits).viewable).toBe(true);
    expect(isViewable({ extension: 'tif', FileSize: 999_999 }, limits).viewable).toBe(true);
    expect(isViewable({ extension: 'jpg', FileSize: 4000 }, limits).viewable).toBe(false);
  });

  it('treats a limit of 0 as no limit', () => {
    expect(isViewable({ extension: 'pdf', FileSize: 10 ** 9 }, { maxJpegSizeBytes: 0, maxPdfSizeBytes: 0 }).viewable).toBe(true);
  });
});

describe('isViewActionEnabled', () => {
  it('disables View on phones and tablets only', () => {
    expect(isViewActionEnabled('Phone')).toBe(false);
    expect(isViewActionEnabled('Tablet')).toBe(false);
    expect(isViewActionEnabled('Desktop')).toBe(true);
    expect(isViewActionEnabled(undefined)).toBe(true);
  });
});
