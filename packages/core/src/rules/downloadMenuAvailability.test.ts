import { downloadMenuAvailability } from './downloadMenuAvailability';
import { MESSAGES } from './messages';

const exportable = { access: { exportFileData: true } };

describe('downloadMenuAvailability', () => {
  it('download menu needs at most 10 documents', () => {
    expect(downloadMenuAvailability(Array.from({ length: 10 }, () => exportable))).toEqual({ allowed: true, warning: null });
    expect(downloadMenuAvailability(Array.from({ length: 11 }, () => exportable))).toEqual({
      allowed: false,
      reason: 'tooManyDocuments',
      message: MESSAGES.downloadTooManyDocuments,
    });
    expect(downloadMenuAvailability([])).toMatchObject({ allowed: false, reason: 'noSelection' });
  });

  it('download menu needs the export flag on every document', () => {
    expect(downloadMenuAvailability([exportable, { access: { exportFileData: false } }])).toMatchObject({
      allowed: false,
      reason: 'notPermitted',
    });
  });
});
