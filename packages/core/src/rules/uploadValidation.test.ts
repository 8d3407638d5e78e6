import { MESSAGES } from './messages';
import { fileExtension, validateUpload } from './uploadValidation';

const limit = { fileUploadSizeLimit: 1000 };

describe('validateUpload', () => {
  it('accepts the document and image types the server takes (an .xml the server takes only as an e-invoice)', () => {
    for (const name of ['a.pdf', 'scan.TIF', 'b.tiff', 'c.JPG', 'd.png', 'e.docx', 'f.msg', 'g.eml', 'h.csv', 'XRechnung RE-1.xml']) {
      expect(validateUpload({ name, size: 10 }, limit)).toEqual({ valid: true });
    }
  });

  it("refuses other types with 'Unsupported file type!'", () => {
    for (const name of ['logo.svg', 'page.html', 'run.exe', 'script.js', 'noextension', 'trailingdot.', '.pdf']) {
      expect(validateUpload({ name, size: 10 }, limit)).toEqual({ valid: false, reason: 'unsupported', message: 'Unsupported file type!' });
    }
  });

  it('refuses a file over the upload size limit, and an empty one', () => {
    expect(validateUpload({ name: 'a.pdf', size: 1000 }, limit).valid).toBe(true);
    expect(validateUpload({ name: 'a.pdf', size: 1001 }, limit)).toEqual({
      valid: false,
      reason: 'tooLarge',
      message: MESSAGES.uploadTooLarge,
    });
    expect(validateUpload({ name: 'a.pdf', size: 0 }, limit)).toMatchObject({ valid: false, reason: 'empty' });
    expect(validateUpload({ name: 'a.pdf', size: 10 ** 9 }, { fileUploadSizeLimit: 0 }).valid).toBe(true);
  });
});

describe('fileExtension', () => {
  it('takes the last extension in lower case', () => {
    expect(fileExtension('Invoice 2024.final.PDF')).toBe('pdf');
    expect(fileExtension('README')).toBe('');
  });
});
