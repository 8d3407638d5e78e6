import { postgresIdArray } from './postgresIdArray';

describe('postgresIdArray', () => {
  it('writes the ids as one integer[] text, in their order, duplicates and all', () => {
    expect(postgresIdArray([3, 1, 2, 3])).toBe('{3,1,2,3}');
    expect(postgresIdArray([])).toBe('{}');
  });

  it('leaves out what no row can have: not a whole number from 1 to 2,147,483,647', () => {
    expect(postgresIdArray([1, 0, -4, 1.5, 2_147_483_647, 2_147_483_648, 1e20, Number.NaN, Infinity])).toBe('{1,2147483647}');
  });
});
