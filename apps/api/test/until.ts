/**
 * Polls `look` until it gives something truthy, every `everyMs`, and fails after `ms`: for
 * what a worker or another process does in its own time (a delivery, a disabled endpoint).
 */
export async function until<T>(
  look: () => T | Promise<T>,
  { ms = 20_000, everyMs = 50 }: { ms?: number; everyMs?: number } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await look();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`not seen within ${ms} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
