import type { ApiScopeName, HoldBudget } from "@slotwise/core";
import type { Database, UsageWriter } from "@slotwise/db";

import { callerOf, type Caller } from "../auth/caller.ts";
import type { ReadCache } from "../cache/read-cache.ts";
import type { CacheReads } from "../cache/read-trail.ts";
import type { TimeslotTurns } from "../fast-paths/timeslot-turns.ts";
import type { Guards } from "../limits/guards.ts";
import type { ApiMetrics } from "../metrics/api-metrics.ts";
import type { SaleTurns } from "../services/book-timeslot.ts";

export interface ApiKeyPrincipal {
  kind: "api-key";
  keyId: number;
  operatorId: number;
  prefix: string;
  scopes: readonly ApiScopeName[];
  partner: { id: number; slug: string } | null;
}

/** A key acting for its own partner: what partner procedures see. */
export type PartnerPrincipal = ApiKeyPrincipal & { partner: NonNullable<ApiKeyPrincipal["partner"]> };

export interface ConsolePrincipal {
  kind: "console";
  userId: number;
  operatorId: number;
  email: string;
}

/** What a procedure wants the HTTP layer to add to its response. */
export interface ResponseExtras {
  status?: number;
  headers: Record<string, string>;
  /** When the clock alone changes this answer (a timeslot's sales closing): a kept copy is not served from then on. */
  changesAt?: Date | null;
}

export interface Settings {
  /** A booking's reminder e-mail goes out this many hours before its start. */
  reminderHoursBefore: number;
  /** Origins allowed to send console mutations (the console's own). */
  consoleOrigins: readonly string[];
  /** Usage entries older than this many days are refused (USAGE_RETENTION_DAYS): their raw rows are dropped. */
  usageRetentionDays: number;
  /** Whether the session cookie needs HTTPS. */
  secureCookies: boolean;
  /** The API's public address: ticket links are absolute from it (relative without it). */
  publicBaseUrl?: string | undefined;
  /** Signs the payment provider's calls; without it, the payment webhook refuses every call. */
  paymentWebhookSecret?: string | undefined;
  /** Whether webhook endpoints on this machine are allowed: development and tests only. */
  webhookAllowLoopback?: boolean | undefined;
  /** Places partners' unconfirmed holds may take, per key and per partner (DEFAULT_HOLD_BUDGET without it). */
  holdBudget?: HoldBudget | undefined;
}

export interface Services {
  db: Database;
  /** Shared reads (keys, products, timeslots), dropped on every committed change to them. */
  cache: ReadCache;
  now: () => Date;
  settings: Settings;
  /** Resolves a bearer key to its principal, or null when unknown, revoked or expired. */
  authenticateKey: (key: string) => Promise<ApiKeyPrincipal | null>;
  /** Budgets for failed authentication, sign-in guessing and anonymous shop writes. */
  guards: Guards;
  /** Counters of this process, rendered at /metrics. */
  metrics: ApiMetrics;
  /** Single usage entries without an Idempotency-Key, grouped into shared statements. */
  usageWriter: UsageWriter;
  /** The turns partner sales take per timeslot on this process, with the early refusal's hints and handed turns. */
  saleTurns: TimeslotTurns;
}

/**
 * Everything a procedure may use. Built from an HTTP request by the server, or directly by a
 * test (`createCaller`), so procedures never touch the request itself.
 */
export interface Context extends Omit<Services, "cache" | "saleTurns"> {
  /** The shared cache's reads (for a GET whose answer may be kept, reads that record themselves: fast-paths/kept-answer-hooks.ts). */
  cache: CacheReads;
  /** Where a partner sale waits for its timeslot's turn. */
  saleTurns: SaleTurns;
  requestId: string;
  /** Who sends the request: its key or session, looked up once (auth/caller.ts). */
  caller: Caller;
  idempotencyKey: string | undefined;
  /** The console's session cookie, when the request carries one. */
  sessionToken: string | undefined;
  /** The `Origin` header: mutations from another site are refused. */
  origin: string | undefined;
  /** The client's address (X-Forwarded-For only from a trusted proxy): whose budgets anonymous calls draw on. */
  clientAddress: string;
  /** Set by the authentication middleware, from `caller`. */
  principal: ApiKeyPrincipal | ConsolePrincipal | null;
  response: ResponseExtras;
}

export interface RequestFacts {
  requestId: string;
  /** The request's caller as the gate made it; made from the facts below when not given. */
  caller?: Caller | undefined;
  authorization?: string | undefined;
  idempotencyKey?: string | undefined;
  sessionToken?: string | undefined;
  origin?: string | undefined;
  clientAddress?: string | undefined;
  /** The reads the request's procedure goes through, when not the shared cache itself. */
  reads?: CacheReads | undefined;
}

export function createContext(services: Services, request: RequestFacts): Context {
  const caller =
    request.caller ??
    callerOf(services, {
      authorization: request.authorization,
      sessionToken: request.sessionToken,
      address: request.clientAddress,
    });
  return {
    ...services,
    cache: request.reads ?? services.cache,
    requestId: request.requestId,
    caller,
    idempotencyKey: request.idempotencyKey,
    sessionToken: caller.sessionToken,
    origin: request.origin,
    clientAddress: caller.address,
    principal: null,
    response: { headers: {} },
  };
}
