import { isChunkLoadError, reloadOnceForChunk } from '@/lib/chunk-recovery';

const reload = jest.fn();
const fetchMock = jest.fn((_url: string, _init?: RequestInit) => Promise.resolve({ ok: true } as Response));
const failed = (url: string) => new TypeError(`Failed to fetch dynamically imported module: ${url}`);
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  jest.clearAllMocks();
  sessionStorage.clear();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe('recovering from a chunk that failed to download', () => {
  it('when the browser says a dynamic import failed (Chromium, Firefox, Safari, Vite), then it is a chunk failure; other errors are not', () => {
    expect(isChunkLoadError(failed('http://localhost/assets/a-1.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: http://localhost/assets/a-1.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a-1.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError('t.data?.map is not a function'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('when a chunk fails, then the chunk is asked for again past the cache and the page reloads, once a minute at most', async () => {
    expect(reloadOnceForChunk(failed('http://localhost/assets/faqs-page-Ab12.js'), reload)).toBe(true);
    await settle();
    expect(fetchMock).toHaveBeenCalledWith('http://localhost/assets/faqs-page-Ab12.js', { cache: 'reload' });
    expect(reload).toHaveBeenCalledTimes(1);

    // After that reload the chunk fails again: no second reload (no loop), the page says so instead.
    expect(reloadOnceForChunk(failed('http://localhost/assets/faqs-page-Ab12.js'), reload)).toBe(false);
    await settle();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('when the same failure is asked about again (React rendered the error screen twice before showing it), then the answer is the same and the page reloads once', async () => {
    const error = failed('http://localhost/assets/staff-layout-Ab12.js');
    expect(reloadOnceForChunk(error, reload)).toBe(true);
    expect(reloadOnceForChunk(error, reload)).toBe(true);
    await settle();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('when the failed address is on another site or not given, then only the page reloads', async () => {
    expect(reloadOnceForChunk(failed('https://elsewhere.example/x.js'), reload)).toBe(true);
    await settle();
    sessionStorage.clear();
    expect(reloadOnceForChunk(new TypeError('Importing a module script failed.'), reload)).toBe(true);
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
