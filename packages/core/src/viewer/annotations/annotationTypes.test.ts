import { hexToColor } from './annotationTypes';

describe('annotation colours', () => {
  it('reads a six-digit hex colour only', () => {
    expect(hexToColor('#ed1c24')).toBe(0xed1c24);
    expect(hexToColor('00FF00')).toBe(0x00ff00);
    expect(hexToColor('#fff')).toBeNull();
    expect(hexToColor('red')).toBeNull();
  });
});
