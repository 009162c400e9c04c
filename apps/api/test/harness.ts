import { afterAll } from "vitest";

import { DEFAULT_USAGE_RETENTION_DAYS, type ApiScopeName } from "@slotwise/core";
import { createApiKey, createUsageWriter } from "@slotwise/db";
import { seal, useTestDatabase, type Client } from "@slotwise/db/testing";

import { keyAuthenticator } from "../src/auth/authenticate-key.ts";
import { LastUsedTracker } from "../src/auth/last-used.ts";
import { changeAwareCache } from "../src/cache/change-aware-cache.ts";
import type { ReadCache } from "../src/cache/read-cache.ts";
import { TimeslotTurns } from "../src/fast-paths/timeslot-turns.ts";
import { readiness } from "../src/health/readiness.ts";
import { buildServer } from "../src/http/build-server.ts";
import { createRateLimiter } from "../src/http/rate-limit.ts";
import { createGuards, DEFAULT_GUARD_LIMITS, type GuardLimits } from "../src/limits/guards.ts";
import { createApiMetrics } from "../src/metrics/api-metrics.ts";
import type { Settings } from "../src/trpc/context.ts";
import { changeBarrier } from "./change-barrier.ts";

export const PUBLIC_BASE = "http://api.test";
export const PROBLEMS_BASE = `${PUBLIC_BASE}/problems`;
export const CONSOLE_ORIGIN = "http://console.test";
/** The bearer token that opens /metrics on the test server. */
export const METRICS_TOKEN = "metrics-scraper-token";
/** What the test plays the payment provider with. */
export const PAYMENT_SECRET = "whsec_test_payments_0123456789";
export const TEST_SETTINGS: Settings = {
  reminderHoursBefore: 24,
  consoleOrigins: [CONSOLE_ORIGIN],
  secureCookies: false,
  publicBaseUrl: PUBLIC_BASE,
  usageRetentionDays: DEFAULT_USAGE_RETENTION_DAYS,
  paymentWebhookSecret: PAYMENT_SECRET,
  webhookAllowLoopback: true,
};

export interface KeyOptions {
  operator?: string;
  scopes?: ApiScopeName[];
  partner?: string;
  expiresInDays?: number;
}

export interface Api {
  base: string;
  /** The whole client, for the test's own setup and checks; the server gets it sealed. */
  db: Client;
  cache: ReadCache;
  databaseUrl: string;
  tracker: LastUsedTracker;
  /** The server's turns per timeslot: tests wait on what has piled up in them rather than for a while. */
  saleTurns: TimeslotTurns;
  key(options?: KeyOptions): Promise<string>;
  request(path: string, init?: RequestInit & { key?: string; json?: unknown }): Promise<Response>;
  /** Resolves once the API has heard of every change the test committed before (`request` waits for it). */
  settled(): Promise<void>;
  /** Closes the server as shutdown does (it is closed after the file's tests otherwise). */
  close(): Promise<void>;
}

/** Issues a key the way the console and the CLI do; defaults to demo's Acme Travel OTA key. */
export function issueKey(db: Client, options: KeyOptions = {}): Promise<string> {
  const scopes = options.scopes ?? ["ota"];
  return createApiKey(db, {
    operatorSlug: options.operator ?? "demo",
    scopes,
    partnerSlug: scopes.includes("ota") ? (options.partner ?? "acme-travel") : options.partner,
    expiresInDays: options.expiresInDays,
    now: new Date(),
  }).then((r) => r.key);
}

/**
 * The API on a free port of 127.0.0.1, over its own copy of the demo database: every test
 * goes through real HTTP, the real server and a real PostgreSQL.
 */
/** Budgets no ordinary test reaches; the hostile tests pass small ones. */
export const GENEROUS_GUARDS: GuardLimits = {
  authFailuresPer10Minutes: 100_000,
  shopWritesPerHour: 100_000,
  checkoutPlacesPer15Minutes: 100_000,
  signIn: {
    ...DEFAULT_GUARD_LIMITS.signIn,
    freeFailures: 1_000,
    accountFailuresPerDay: 100_000,
    addressFailuresPerDay: 100_000,
  },
};

export async function startApi(
  options: {
    perSecond?: number;
    burst?: number;
    guards?: GuardLimits;
    trustProxy?: boolean | string;
    keptAnswers?: "on" | "off";
    usageGroupCommit?: "on" | "off";
    earlyRefusals?: "on" | "off";
    /** Awaited before every rate-limit charge: a test holds or fails the limiter with it. */
    beforeRateLimit?: () => Promise<void>;
    /** How long requests in flight may take once shutdown begins. */
    drainGraceMs?: number;
    /** Settings that differ from TEST_SETTINGS. */
    settings?: Partial<Settings>;
    /** The API's clock, when a test sets the instant a request happens at (the wall clock otherwise). */
    now?: () => Date;
  } = {},
): Promise<Api> {
  const { db: client, url } = await useTestDatabase({ content: "demo" });
  const db = seal(client);
  const now = options.now ?? (() => new Date());
  const tracker = new LastUsedTracker(db, 3_600_000);
  const barrier = changeBarrier(client);
  const { cache, feed } = changeAwareCache(url, {
    onChange: (topic) => {
      barrier.heard(topic);
    },
  });
  const metrics = createApiMetrics({ db, cache });
  const saleTurns = new TimeslotTurns();
  const limiter = createRateLimiter({ perSecond: options.perSecond ?? 10_000, burst: options.burst ?? 20_000 });
  const app = await buildServer({
    env: {
      LOG_LEVEL: "silent",
      PUBLIC_BASE_URL: PUBLIC_BASE,
      PROBLEMS_BASE,
      TRUST_PROXY: options.trustProxy ?? "loopback",
      METRICS_TOKEN,
      KEPT_ANSWERS: options.keptAnswers ?? "on",
      EARLY_REFUSALS: options.earlyRefusals ?? "on",
    },
    services: {
      db,
      cache,
      now,
      settings: { ...TEST_SETTINGS, ...options.settings },
      authenticateKey: keyAuthenticator(db, cache, tracker, now),
      guards: createGuards(options.guards ?? GENEROUS_GUARDS),
      metrics,
      usageWriter: createUsageWriter(db, {
        groupCommit: (options.usageGroupCommit ?? "on") === "on",
        onStatement: (entries) => {
          metrics.usageStatementWritten(entries);
        },
      }),
      saleTurns,
    },
    rateLimit: async (key, cost) => {
      await options.beforeRateLimit?.();
      return limiter(key, cost);
    },
    ready: () => readiness(db),
    ...(options.drainGraceMs === undefined ? {} : { drainGraceMs: options.drainGraceMs }),
  });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  let closed: Promise<void> | undefined;
  const close = () => (closed ??= app.close());
  afterAll(async () => {
    await close();
    await tracker.close();
    await feed.close();
  });
  // Answers read before the change feed listens are neither cached nor kept: a test's first
  // request must find it listening, as a server's first partner would.
  for (const until = Date.now() + 10_000; !cache.live;) {
    if (Date.now() > until) throw new Error("the API's change feed did not start listening");
    await new Promise((r) => setTimeout(r, 5));
  }
  // What the test itself wrote to the database is seen by the API's cache before it asks.
  const settled = async () => {
    if (cache.live) await barrier.settle();
  };
  return {
    base: address,
    db: client,
    cache,
    databaseUrl: url,
    tracker,
    saleTurns,
    key: (keyOptions) => issueKey(client, keyOptions),
    close,
    settled,
    request: async (path, init = {}) => {
      await settled();
      const headers = new Headers(init.headers);
      if (init.key) headers.set("Authorization", `Bearer ${init.key}`);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set("Content-Type", "application/json");
        body = JSON.stringify(init.json);
      }
      return fetch(`${address}${path}`, { ...init, headers, body });
    },
  };
}

/**
 * A rate limiter that can be held: `beforeRateLimit` goes to startApi, and `next()` holds the
 * next charge, its `arrived` resolving once that charge waits, until `release()`.
 */
export function heldRateLimit() {
  let waiting: { arrived: () => void; release: Promise<void> } | null = null;
  return {
    beforeRateLimit: (): Promise<void> => {
      const held = waiting;
      waiting = null;
      if (!held) return Promise.resolve();
      held.arrived();
      return held.release;
    },
    next() {
      let release!: () => void;
      const arrived = new Promise<void>((resolve) => {
        waiting = { arrived: resolve, release: new Promise<void>((r) => (release = r)) };
      });
      return {
        arrived,
        release: () => {
          release();
        },
      };
    },
  };
}

/**
 * Runs `requests` at the start of a fresh rate-limit second until a run takes no longer than
 * `withinMs` (five tries), and returns that run's result: budgets are counted per second, so a
 * run that straddles two seconds on a slow machine is tried again rather than judged. A try that
 * was too slow may have spent a burst allowance (it refills over 10 s): `setUp` gives each try
 * what it needs afresh (a new key), before its wait.
 */
export async function inOneSecond<T, S = undefined>(
  requests: (setUp: S) => Promise<T>,
  options: { withinMs?: number; setUp?: () => Promise<S> } = {},
): Promise<T> {
  const withinMs = options.withinMs ?? 700;
  for (let attempt = 0; attempt < 5; attempt++) {
    const prepared = options.setUp ? await options.setUp() : (undefined as S);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const started = Date.now();
    const result = await requests(prepared);
    if (Date.now() - started <= withinMs) return result;
  }
  throw new Error(`could not fit the requests into ${withinMs} ms`);
}

export const OTA = "/api/v2/ota/acme-travel";

/** A date `days` from today, in YYYY-MM-DD (UTC; demo activities are in Lisbon, UTC±1). */
export function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  errors?: { field: string; message: string }[];
  available?: number;
}

/** Asserts nothing itself: returns the parsed problem and whether the response was shaped as one. */
export async function problemOf(response: Response): Promise<{ problem: Problem; contentType: string | null }> {
  return { problem: (await response.json()) as Problem, contentType: response.headers.get("content-type") };
}
