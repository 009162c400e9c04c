/**
 * The value of environment variable `name`, one of `choices`, or `fallback` when unset. Read
 * when the bench starts, so that a typo stops it at once rather than at the phase that uses it.
 */
export function envChoice<T extends string>(name: string, choices: readonly T[], fallback: T): T {
  const named = process.env[name] ?? fallback;
  const known = choices.find((choice) => choice === named);
  if (known === undefined) throw new Error(`${name}=${named}: one of ${choices.join(", ")}`);
  return known;
}
