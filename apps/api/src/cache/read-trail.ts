/** The reads that can be traced: what services take, whether or not a request keeps their trail. */
export interface CacheReads {
  read<T>(key: string, tag: string, load: () => Promise<T>, keep?: (value: T) => boolean): Promise<T>;
  changed(tag: string): void;
}

/**
 * What one request read through the cache: each tag with its generation when first read, and
 * the cache's epoch. An answer built from these reads alone stays right while every one of
 * those generations, and the epoch, is unchanged (see `AnswerMemo`).
 */
export class ReadTrail {
  readonly tags = new Map<string, number>();

  constructor(readonly epoch: number) {}

  saw(tag: string, generation: number): void {
    if (!this.tags.has(tag)) this.tags.set(tag, generation);
  }
}
