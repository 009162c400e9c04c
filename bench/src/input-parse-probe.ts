/**
 * What validating one usage batch costs, zod's synchronous parse against its asynchronous one
 * (the tRPC patch's second change, patches/README.md):
 * `pnpm --filter @slotwise/bench input-parse-probe`. The bodies are the bench's own batches of
 * 1,000 entries, parsed from JSON as the API receives them.
 */
import { usageBatchBodySchema } from "@slotwise/core";

import { batchBodies } from "./scenarios/usage-batch.ts";

const ROUNDS = 4;
const PARSES = 200;

const next = batchBodies("probe");
const bodies = Array.from({ length: 50 }, () => JSON.parse(next()) as unknown);
const msPerParse = async (parse: (body: unknown) => unknown) => {
  const started = performance.now();
  for (let i = 0; i < PARSES; i++) await parse(bodies[i % bodies.length]);
  return (performance.now() - started) / PARSES;
};
for (let round = 0; round < ROUNDS; round++) {
  const asynchronous = await msPerParse((body) => usageBatchBodySchema.parseAsync(body));
  const synchronous = await msPerParse((body) => usageBatchBodySchema.parse(body));
  console.log(
    `parseAsync ${asynchronous.toFixed(2)} ms, parse ${synchronous.toFixed(2)} ms per batch of 1,000 entries`,
  );
}
