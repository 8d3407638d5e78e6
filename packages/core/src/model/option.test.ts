import { OPTION_DEFAULTS, OPTION_NAMES, isOptionName } from './option';

describe('options', () => {
  it('has a default for each of the 14 option names', () => {
    expect(OPTION_NAMES).toHaveLength(14);
    expect(Object.keys(OPTION_DEFAULTS).sort()).toEqual([...OPTION_NAMES].sort());
  });

  it('defaults the size limits to the brief values', () => {
    expect(OPTION_DEFAULTS['File Upload Size Limit']).toBe('52428800');
    expect(OPTION_DEFAULTS['Maximum JPEG size in bytes']).toBe('20971520');
    expect(OPTION_DEFAULTS['Maximum PDF size in bytes']).toBe('524288000');
  });

  it('recognises option names exactly', () => {
    expect(isOptionName('Fit to Width by Default')).toBe(true);
    expect(isOptionName('fit to width by default')).toBe(false);
  });
});
