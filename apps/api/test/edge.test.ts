import { get } from "node:http";

import { validate } from "@readme/openapi-parser";
import { beforeAll, describe, expect, it } from "vitest";

import { bookingBody, openSlot } from "./fixtures.ts";
import { OTA, problemOf, startApi, type Api, type Problem } from "./harness.ts";

let api: Api;
let key: string;
beforeAll(async () => {
  api = await startApi();
  key = await api.key();
});

async function expectProblem(response: Response, status: number, kind: string): Promise<Problem> {
  expect(response.status).toBe(status);
  const { problem, contentType } = await problemOf(response);
  expect(contentType).toBe("application/problem+json");
  expect(problem).toMatchObject({ type: `http://api.test/problems/${kind}`, status });
  expect(typeof problem.title).toBe("string");
  expect(typeof problem.detail).toBe("string");
  expect(problem.instance.startsWith("/")).toBe(true);
  expect(problem.instance).not.toContain("?");
  return problem;
}

describe("hostile and malformed requests", () => {
  const post = (body: string, contentType?: string) =>
    api.request(`${OTA}/booking`, {
      method: "POST",
      key,
      body,
      headers: contentType ? { "Content-Type": contentType } : {},
    });

  it("answers malformed JSON with 400 malformed-json", async () => {
    for (const body of ["{", '{"ActivityID": }', "not json", "{'single': 1}"])
      await expectProblem(await post(body, "application/json"), 400, "malformed-json");
  });

  it("refuses a body naming __proto__ or constructor.prototype with 400, saying so", async () => {
    for (const body of ['{"__proto__": {"x": 1}}', '{"a": {"constructor": {"prototype": {}}}}']) {
      const problem = await expectProblem(await post(body, "application/json"), 400, "malformed-json");
      expect(problem.detail).toBe("The body is not valid JSON, or names __proto__ or constructor.prototype");
    }
  });

  it("answers a body that is JSON but not an object with 422", async () => {
    for (const body of ["[]", "42", '"text"', "null", "true"])
      await expectProblem(await post(body, "application/json"), 422, "validation");
  });

  it("answers strings where numbers belong, and numbers where strings belong, with 422 naming the field", async () => {
    const info = await openSlot(api.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ Participants: "2" }, "Participants"],
      [{ Participants: true }, "Participants"],
      [{ Participants: [2] }, "Participants"],
      [{ Participants: 2.5 }, "Participants"],
      [{ Date: 20261201 }, "Date"],
      [{ Customer: { FirstName: 1, LastName: "S", Email: "a@b.co", Phone: "+351912345678" } }, "Customer.FirstName"],
    ];
    for (const [patch, field] of cases) {
      const response = await api.request(`${OTA}/booking`, { method: "POST", key, json: bookingBody(info, patch) });
      const problem = await expectProblem(response, 422, "validation");
      expect(problem.errors?.map((e) => e.field)).toContain(field);
    }
  });

  it("answers a body over 64 KiB with 413, and other media types with 415", async () => {
    await expectProblem(
      await post(JSON.stringify({ pad: "x".repeat(70_000) }), "application/json"),
      413,
      "payload-too-large",
    );
    await expectProblem(
      await post("ActivityID=s_x", "application/x-www-form-urlencoded"),
      415,
      "unsupported-media-type",
    );
    await expectProblem(await post("hello", "text/plain"), 415, "unsupported-media-type");
    await expectProblem(await post("<a/>", "application/xml"), 415, "unsupported-media-type");
  });

  it("answers unknown paths with 404 and known paths with the wrong method with 405 and Allow", async () => {
    await expectProblem(await api.request("/api/v2/nothing/here", { key }), 404, "not-found");
    await expectProblem(await api.request("/nothing", { key }), 404, "not-found");
    await expectProblem(await api.request(`${OTA}/products/extra`, { key }), 404, "not-found");
    for (const [method, path, allow] of [
      ["DELETE", `${OTA}/products`, "GET"],
      ["POST", `${OTA}/products`, "GET"],
      ["GET", `${OTA}/booking`, "POST"],
      ["PUT", `${OTA}/booking/BK-AAAAAAAA`, "GET"],
      ["OPTIONS", `${OTA}/booking/BK-AAAAAAAA/cancel`, "POST"],
    ] as const) {
      const response = await api.request(path, { method, key });
      await expectProblem(response, 405, "method-not-allowed");
      expect(response.headers.get("allow")).toBe(allow);
    }
  });

  it("never answers a query, path or header fuzz with a 5xx or a non-problem error", async () => {
    const paths = [
      `${OTA}/availability/%00%ff/dates?StartDate=%E0%A4%A&EndDate=x`,
      `${OTA}/availability/s_abcdefg/timeslots?Date=2026-12-01&Date=2026-12-02`,
      `${OTA}/resolve-product?ID=${"9".repeat(40)}`,
      `${OTA}/resolve-product?Name=${"%F0%9F%98%80".repeat(100)}`,
      `${OTA}/products?name=${"a".repeat(300)}`,
      `${OTA}/booking/${"B".repeat(200)}`,
      `${OTA}/questions/s_${"a".repeat(1000)}`,
      "/api/v2/ota/%2e%2e/products",
    ];
    for (const path of paths) {
      const response = await api.request(path, {
        key,
        headers: { "X-Request-Id": "x".repeat(500), "Idempotency-Key": "" },
      });
      expect(response.status, path).toBeLessThan(500);
      if (response.status >= 400) expect(response.headers.get("content-type"), path).toBe("application/problem+json");
    }
  });
});

describe("request ids", () => {
  it("echoes a given X-Request-Id and makes one otherwise, on successes and errors alike", async () => {
    const given = await api.request(`${OTA}/products`, { key, headers: { "X-Request-Id": "trace-abc.123" } });
    expect(given.headers.get("x-request-id")).toBe("trace-abc.123");
    const made = await api.request("/api/v2/unknown");
    expect(made.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await api.request(`${OTA}/products`, { key, headers: { "X-Request-Id": "bad id with spaces" } });
    expect(unsafe.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("operations endpoints", () => {
  it("tells that the process is up and that the database is reachable", async () => {
    expect(await (await api.request("/healthz")).json()).toEqual({ status: "ok" });
    expect(await (await api.request("/readyz")).json()).toEqual({ status: "ready", usageEntriesSetAside: 0 });
  });

  it("serves a page for each problem type", async () => {
    const page = await api.request("/problems/insufficient-capacity");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain("Insufficient capacity");
    await expectProblem(await api.request("/problems/made-up"), 404, "not-found");
  });

  it("answers 414 to a target over 8 KiB before respelling it, however short it would respell to", async () => {
    // Sent as written: a client's URL parser would resolve the dot-segments itself.
    const { hostname, port } = new URL(api.base);
    const status = await new Promise<number | undefined>((resolve, reject) => {
      get({ hostname, port, path: `/healthz/${"%2E/".repeat(3_000)}` }, (response) => {
        response.resume();
        resolve(response.statusCode);
      }).on("error", reject);
    });
    expect(status).toBe(414);
  });

  it("serves the reference page from local assets", async () => {
    const page = await (await api.request("/api/v2/docs")).text();
    expect(page).toContain("/api/v2/docs/assets/swagger-ui-bundle.js");
    expect(page).not.toMatch(/https?:\/\/(?!localhost)/);
    const script = await api.request("/api/v2/docs/assets/swagger-ui-bundle.js");
    expect(script.status).toBe(200);
    expect((await script.text()).length).toBeGreaterThan(100_000);
    for (const path of ["/api/v2/docs/assets/%2%45%2%45/package.json", "/api/v2/docs/assets/..%2Fpackage.json"]) {
      await expectProblem(await api.request(path), 404, "not-found");
    }
  });
});

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const document = (await (await api.request("/api/v2/openapi.json")).json()) as Record<string, unknown>;
    expect(document.openapi).toBe("3.1.0");
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it("tells the truth: 201 for creation, problem documents for errors, bearer security", async () => {
    const document = (await (await api.request("/api/v2/openapi.json")).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { $ref?: string }>; security: unknown }>>;
      components: {
        responses: Record<string, { content: Record<string, unknown> }>;
        securitySchemes: Record<string, unknown>;
      };
    };
    const create = document.paths["/ota/{partner}/booking"]!.post!;
    expect(Object.keys(create.responses)).toContain("201");
    expect(Object.keys(create.responses)).not.toContain("200");
    expect(create.responses["409"]!.$ref).toBe("#/components/responses/Problem409");
    expect(Object.keys(document.components.responses.Problem422!.content)).toEqual(["application/problem+json"]);
    expect(document.components.securitySchemes).toMatchObject({ bearer: { type: "http", scheme: "bearer" } });
    expect(Object.keys(document.components.securitySchemes)).toEqual(["bearer"]);
    for (const item of Object.values(document.paths)) {
      for (const operation of Object.values(item)) expect(operation.security).toEqual([{ bearer: [] }]);
    }
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/ota/{partner}/products",
        "/ota/{partner}/resolve-product",
        "/ota/core/questions/{ActivityID}",
        "/ota/{partner}/booking/{Reference}/cancel",
      ]),
    );
  });
});
