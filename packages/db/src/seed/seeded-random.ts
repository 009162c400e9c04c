import { en, Faker } from "@faker-js/faker";

import type { RandomBytes } from "@slotwise/core";

/** One seeded source for every random choice of the seed: the same seed, the same data. */
export class SeededRandom {
  readonly faker: Faker;

  constructor(seed: number) {
    this.faker = new Faker({ locale: [en] });
    this.faker.seed(seed);
  }

  int(min: number, max: number): number {
    return this.faker.number.int({ min, max });
  }

  chance(probability: number): boolean {
    return this.faker.number.float({ min: 0, max: 1 }) < probability;
  }

  pick<T>(items: readonly T[]): T {
    return this.faker.helpers.arrayElement(items);
  }

  /** `count` distinct items, in a random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.faker.helpers.arrayElements(items, Math.min(count, items.length));
  }

  digits(count: number): string {
    return this.faker.string.numeric({ length: count, allowLeadingZeros: true });
  }

  readonly bytes: RandomBytes = (length) => Uint8Array.from({ length }, () => this.int(0, 255));
}
