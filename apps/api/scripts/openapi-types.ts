/**
 * Writes TypeScript types for the REST API, generated from its OpenAPI document by
 * openapi-typescript, as a partner would generate them. The test suite checks they are
 * current and drives the partner flow through them.
 *
 *   pnpm --filter @slotwise/api openapi:types
 */
import { writeFile } from "node:fs/promises";

import { generatedTypesPath, partnerApiTypes } from "../test/openapi-types.ts";

await writeFile(generatedTypesPath, await partnerApiTypes());
console.log(`Wrote ${generatedTypesPath}`);
