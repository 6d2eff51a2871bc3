/** Polls `read` until `accept` holds, within a budget; the last value either way. */
export async function until<T>(read: () => Promise<T> | T, accept: (v: T) => boolean, budgetMs = 30_000): Promise<T> {
  const deadline = Date.now() + budgetMs;
  let value = await read();
  while (!accept(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}
