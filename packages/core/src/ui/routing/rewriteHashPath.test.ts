import { rewriteHashPath } from './rewriteHashPath';

describe('rewriteHashPath', () => {
  it('rewrites a path beginning with /# to the path after it', () => {
    expect(rewriteHashPath('/#/viewer/Tm-pRVBUQT0?singleuse=true')).toBe('/viewer/Tm-pRVBUQT0?singleuse=true');
    expect(rewriteHashPath('/#folders')).toBe('/folders');
  });

  it('leaves ordinary paths alone', () => {
    expect(rewriteHashPath('/folders#top')).toBeNull();
    expect(rewriteHashPath('/')).toBeNull();
  });
});
