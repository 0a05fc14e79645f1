/** Runs fn over items, at most `limit` at a time, starting none once stop() says so. */
export async function eachConcurrently<T>(
  items: readonly T[],
  limit: number,
  stop: () => boolean,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !stop()) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
