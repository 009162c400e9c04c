interface Waiting<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Writes items one statement at a time, each statement carrying every item that came while the
 * one before it was written: under load a statement carries many, and an item alone is written
 * at once. `write` settles once its item is written.
 */
export function writtenTogether<T>(writeMany: (items: T[]) => Promise<unknown>) {
  let waiting: Waiting<T>[] = [];
  let writing = false;
  const flush = (): void => {
    if (writing || waiting.length === 0) return;
    writing = true;
    const batch = waiting;
    waiting = [];
    writeMany(batch.map((w) => w.item))
      .then(
        () => {
          for (const w of batch) w.resolve();
        },
        (error: unknown) => {
          for (const w of batch) w.reject(error);
        },
      )
      .finally(() => {
        writing = false;
        flush();
      });
  };
  return {
    write: (item: T): Promise<void> =>
      new Promise<void>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        flush();
      }),
  };
}
