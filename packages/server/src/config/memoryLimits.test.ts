import { loadConfig } from './Config';
import { loadMemoryLimits } from './memoryLimits';

const MB = 1024 * 1024;

describe('loadMemoryLimits', () => {
  test('defaults when nothing is set', () => {
    expect(loadMemoryLimits({})).toEqual({
      budgetBytes: 1024 * MB,
      workerHeapMb: 512,
      workerRecycleBytes: 256 * MB,
      pdfStreamLimitBytes: 256 * MB,
    });
  });

  test('reads each setting in megabytes and refuses a value out of range, naming it', () => {
    const limits = loadMemoryLimits({
      DATAHAVEN_MEMORY_BUDGET_MB: '768',
      DATAHAVEN_WORKER_HEAP_MB: '128',
      DATAHAVEN_WORKER_RECYCLE_MB: '64',
      DATAHAVEN_PDF_STREAM_LIMIT_MB: ' 100 ',
    });
    expect(limits).toEqual({ budgetBytes: 768 * MB, workerHeapMb: 128, workerRecycleBytes: 64 * MB, pdfStreamLimitBytes: 100 * MB });
    expect(() => loadMemoryLimits({ DATAHAVEN_MEMORY_BUDGET_MB: '1e3' })).toThrow(
      'DATAHAVEN_MEMORY_BUDGET_MB is not a number of megabytes from 64 to 1048576: 1e3',
    );
    expect(() => loadMemoryLimits({ DATAHAVEN_PDF_STREAM_LIMIT_MB: '0' })).toThrow('DATAHAVEN_PDF_STREAM_LIMIT_MB is not');
  });

  test('a bad value stops the server at start: loadConfig refuses it too', () => {
    expect(() => loadConfig({ DATAHAVEN_WORKER_RECYCLE_MB: 'lots' })).toThrow(
      'DATAHAVEN_WORKER_RECYCLE_MB is not a number of megabytes from 16 to 1048576: lots',
    );
  });
});
