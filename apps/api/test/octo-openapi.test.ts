import { validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";

import { openApiDocument } from "../src/http/openapi-document.ts";

const document = openApiDocument("http://localhost:3001/api/v2");

describe("the OpenAPI document's OCTO operations", () => {
  it("lists every /octo operation under the OCTO tag, on the API's origin, with the bearer key", () => {
    expect(document.tags?.map((tag) => tag.name)).toContain("OCTO");
    const octo = Object.entries(document.paths ?? {}).filter(([path]) => path.startsWith("/octo/"));
    const operations = octo.flatMap(([path, item]) =>
      (["get", "post", "patch", "delete"] as const).filter((method) => item?.[method]).map((m) => `${m} ${path}`),
    );
    expect(operations.sort()).toEqual(
      [
        "get /octo/supplier",
        "get /octo/products",
        "get /octo/products/{id}",
        "get /octo/capabilities",
        "post /octo/availability",
        "post /octo/availability/calendar",
        "post /octo/bookings",
        "get /octo/bookings",
        "get /octo/bookings/{uuid}",
        "patch /octo/bookings/{uuid}",
        "post /octo/bookings/{uuid}/confirm",
        "post /octo/bookings/{uuid}/extend",
        "post /octo/bookings/{uuid}/cancel",
      ].sort(),
    );
    for (const [, item] of octo) {
      for (const method of ["get", "post", "patch"] as const) {
        const operation = item?.[method];
        if (!operation) continue;
        expect(operation.tags).toEqual(["OCTO"]);
        expect(operation.security).toEqual([{ bearer: [] }]);
        expect(operation.servers).toEqual([expect.objectContaining({ url: "http://localhost:3001" })]);
      }
    }
  });

  it("describes the bodies with OCTO's own schemas, every reference resolving, still valid OpenAPI 3.1", async () => {
    const reserve = document.paths?.["/octo/bookings"]?.post;
    expect(JSON.stringify(reserve)).toContain("#/components/schemas/OctoBooking");
    expect(document.components?.schemas?.OctoBooking).toBeDefined();
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });
});
