import { memoryStorage } from './memoryStorage';
import { webStorage } from './webStorage';

describe('webStorage', () => {
  it('wraps a working Storage', () => {
    window.sessionStorage.clear();
    const port = webStorage(() => window.sessionStorage);
    port.setItem('lastRoute', '/folders');
    expect(window.sessionStorage.getItem('lastRoute')).toBe('/folders');
    expect(port.getItem('lastRoute')).toBe('/folders');
    port.removeItem('lastRoute');
    expect(port.getItem('lastRoute')).toBeNull();
  });

  it('falls back to memory when storage access throws (blocked third-party frame)', () => {
    const port = webStorage(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    port.setItem('a', '1');
    expect(port.getItem('a')).toBe('1');
  });

  it('falls back to memory when there is no storage', () => {
    const port = webStorage(() => undefined);
    expect(port.getItem('x')).toBeNull();
    port.setItem('x', 'y');
    expect(port.getItem('x')).toBe('y');
  });
});

describe('memoryStorage', () => {
  it('keeps values per instance', () => {
    const a = memoryStorage({ k: 'v' });
    const b = memoryStorage();
    expect(a.getItem('k')).toBe('v');
    expect(b.getItem('k')).toBeNull();
  });
});
