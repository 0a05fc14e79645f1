/**
 * When a part of the site's script (a page's chunk) fails to download. Chunk names carry a
 * hash of their content, so a phone still holding the page of an older build asks for a chunk
 * that the newest deploy no longer has (Hosting answers 404), and a dropped connection fails
 * the same way. A browser keeps a failed module import failed for the rest of the page's life,
 * so the one cure is a reload: it brings the current page, which names chunks that exist.
 * It is done once; a second failure soon after is told to the person, with a way to retry,
 * instead of reloading in a loop.
 */

/** The messages browsers give when a dynamic import or Vite's CSS preload fails. */
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export const isChunkLoadError = (error: unknown): boolean => error instanceof Error && CHUNK_FAILURE.test(error.message);

const LAST_RELOAD_KEY = 'chunkReloadAt';
/** A failure this long after the last automatic reload gets a reload of its own. */
const RELOAD_GUARD_MS = 60_000;

function lastReloadAt(): number {
  try {
    return Number(sessionStorage.getItem(LAST_RELOAD_KEY)) || 0;
  } catch {
    return Date.now(); // no storage (private mode): never reload on our own, so never loop
  }
}

/**
 * Reloads the page, after asking the server again for the chunk that failed, past the browser's
 * cache. Hosting gives a missing file under /assets/ that folder's year-long cache header
 * (headers match the path, not whether a file is there; firebase.json), so a browser may keep
 * the 404; after a rollback the same name exists again and must not stay failed on this device.
 */
export function reloadAfter(error: unknown, reload = () => window.location.reload()): void {
  const url = error instanceof Error ? /https?:\/\/\S+?\.(?:js|css)\b/.exec(error.message)?.[0] : undefined;
  const sameSite = url !== undefined && new URL(url).origin === window.location.origin;
  const refreshed = sameSite ? fetch(url, { cache: 'reload' }).catch(() => undefined) : Promise.resolve();
  void refreshed.finally(reload);
}

/** The answer already given for a failure (the error object, which React and the router keep while it stands). */
const decided = new WeakMap<object, boolean>();

/**
 * Reloads the page (reloadAfter) unless it was reloaded for this reason in the last minute
 * (the guard lives in sessionStorage: this tab only, and it survives the reload). True when
 * it reloads. The same failure always gets the same answer: React may render the error screen
 * more than once before it shows (a render restarted on a busy phone, the route's boundary
 * mounting it again), and a second look at the guard the first one set would show "did not
 * load" while the first one's reload is on its way.
 */
export function reloadOnceForChunk(error: unknown, reload?: () => void): boolean {
  const key = typeof error === 'object' && error !== null ? error : undefined;
  const earlier = key && decided.get(key);
  if (earlier !== undefined) return earlier;
  const reloads = reloadUnlessRecent(error, reload);
  if (key) decided.set(key, reloads);
  return reloads;
}

function reloadUnlessRecent(error: unknown, reload?: () => void): boolean {
  if (Date.now() - lastReloadAt() < RELOAD_GUARD_MS) return false;
  try {
    sessionStorage.setItem(LAST_RELOAD_KEY, String(Date.now()));
  } catch {
    return false;
  }
  reloadAfter(error, reload);
  return true;
}
