import { CapabilityId } from "@octocloud/types";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

import { ForbiddenError, isCalendarDate, UnauthorizedError } from "@slotwise/core";
import { operatorById } from "@slotwise/db";

import { contextFromRequest, headerValue } from "../http/request-context.ts";
import { OCTO_PREFIX } from "../http/rest-prefix.ts";
import { toProblem } from "../problems/to-problem.ts";
import { TooManyRequestsError } from "../problems/too-many-requests.ts";
import { activeProducts } from "../services/active-products.ts";
import { activityQuestions } from "../services/find-activity.ts";
import { cachedTimeslotsBetween } from "../services/find-timeslot.ts";
import type { Services } from "../trpc/context.ts";
import { availabilityCalendar, checkAvailability, dateRange } from "./octo-availability.ts";
import {
  cancel,
  checkOption,
  confirm,
  extend,
  octoBookingByUuid,
  octoProductById,
  presentOctoBooking,
  presentOctoBookings,
  reserve,
  update,
  type OctoContext,
} from "./octo-bookings.ts";
import {
  askedCapabilities,
  capabilityList,
  localStartTimes,
  octoProduct,
  startTimesWindow,
  type OctoCapabilities,
} from "./octo-catalogue.ts";
import { badRequest, OctoError, octoErrorAnswer, unprocessable } from "./octo-errors.ts";
import {
  bookingsQuery,
  calendarBody,
  cancellationBody,
  checkBody,
  checked,
  confirmationBody,
  extendBody,
  reservationBody,
  updateBody,
} from "./octo-inputs.ts";

/** Where the OCTO supplier API lives (contract section 19). */
export { OCTO_PREFIX };

export interface OctoOptions {
  services: Services;
  /** The API's public base URL: the supplier's `endpoint`. */
  publicBaseUrl: string;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The OCTO request's context, once its key is known. */
    octo: { ctx: OctoContext; caps: OctoCapabilities } | null;
  }
}

function octoOf(request: FastifyRequest) {
  if (!request.octo) throw new UnauthorizedError("Send your API key as Authorization: Bearer <key>");
  return request.octo;
}

/**
 * The OCTO supplier API: the operator's catalogue, availability and bookings as OCTO core
 * defines them, from the same services as the REST paths. Authenticated and rate-limited as
 * every partner path (an `ota` key whose partner is the reseller); errors in OCTO's words
 * (octo-errors.ts), every success 200.
 */
export function octoPlugin(app: FastifyInstance, options: OctoOptions, done: () => void): void {
  const { services } = options;
  app.decorateRequest("octo", null);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Errors the framework raises (a body that is not JSON, too large, of another type) are the request's fault.
    const framework = !(error instanceof OctoError) && typeof error.statusCode === "number" && error.statusCode < 500;
    const answer = framework
      ? octoErrorAnswer(badRequest(toProblem(error, "framework").detail))
      : octoErrorAnswer(error);
    if (answer.fault) request.log.error({ err: error }, "request failed");
    return send(reply, answer.status, answer.body, answer.headers);
  });
  app.setNotFoundHandler((request, reply) =>
    send(reply, 404, {
      error: "BAD_REQUEST",
      errorMessage: `There is nothing at ${request.method} ${request.url.split("?")[0]}`,
    }),
  );

  app.addHook("onRequest", async (request, reply) => {
    // The gate (http/gate.ts) has charged the budget and knows the caller; OCTO answers in its own words.
    const verdict = request.budget;
    if (verdict) {
      void reply.headers(verdict.headers);
      if (!verdict.allowed)
        throw new TooManyRequestsError(
          `Over this caller's rate limit; retry in ${verdict.headers["Retry-After"] ?? "1"} s`,
          Number(verdict.headers["Retry-After"] ?? 1),
        );
    }
    const principal = await request.caller.apiKey();
    if (!principal.scopes.includes("ota") || !principal.partner)
      throw new ForbiddenError("OCTO needs an ota key bound to a partner (the reseller)");
    const ctx = contextFromRequest(services, request);
    ctx.principal = principal;
    request.octo = {
      ctx: ctx as OctoContext,
      caps: askedCapabilities(headerValue(request.headers["octo-capabilities"])),
    };
  });

  app.addHook("onSend", async (request, reply, payload) => {
    if (request.octo && reply.statusCode < 400)
      void reply.header("Octo-Capabilities", [...request.octo.caps].join(", "));
    return payload;
  });

  app.get("/supplier", async (request) => {
    const { ctx } = octoOf(request);
    const operator = await operatorById(ctx.db, ctx.principal.operatorId);
    return {
      id: operator.slug,
      name: operator.name,
      endpoint: `${options.publicBaseUrl.replace(/\/$/, "")}${OCTO_PREFIX}`,
      contact: { website: null, email: null, telephone: null, address: null },
    };
  });

  app.get("/capabilities", () => Promise.resolve(capabilityList()));

  app.get("/products", async (request) => {
    const { ctx, caps } = octoOf(request);
    const products = await activeProducts(ctx, ctx.principal.operatorId);
    return Promise.all(products.map(async (product) => octoProduct(await productView(ctx, product, caps), caps)));
  });

  app.get<{ Params: { id: string } }>("/products/:id", async (request) => {
    const { ctx, caps } = octoOf(request);
    const product = await octoProductById(ctx, request.params.id);
    return octoProduct(await productView(ctx, product, caps), caps);
  });

  app.post("/availability/calendar", async (request) => {
    const { ctx, caps } = octoOf(request);
    const body = checked<"calendar">(calendarBody, request.body);
    const product = await octoProductById(ctx, body.productId);
    checkOption(body.optionId);
    const range = dateRange(body.localDateStart, body.localDateEnd);
    return availabilityCalendar(ctx, product, range, ctx.now(), caps, placesOf(body.units));
  });

  app.post("/availability", async (request) => {
    const { ctx, caps } = octoOf(request);
    const body = checked<"check">(checkBody, request.body);
    const product = await octoProductById(ctx, body.productId);
    checkOption(body.optionId);
    const ways = [body.localDate, body.localDateStart ?? body.localDateEnd, body.availabilityIds].filter(
      (way) => way !== undefined,
    ).length;
    if (ways !== 1)
      throw badRequest("Send exactly one of localDate, localDateStart with localDateEnd, or availabilityIds");
    const range =
      body.localDate === undefined
        ? body.availabilityIds
          ? undefined
          : dateRange(body.localDateStart, body.localDateEnd)
        : dateRange(body.localDate, body.localDate);
    return checkAvailability(
      ctx,
      { product, range, ids: body.availabilityIds, places: placesOf(body.units) },
      ctx.now(),
      caps,
    );
  });

  app.post("/bookings", async (request) => {
    const { ctx, caps } = octoOf(request);
    const items = (request.body as { unitItems?: unknown } | undefined)?.unitItems;
    // OCTO's answer for a reservation without units: the request is well formed but cannot be booked.
    if (items === undefined || (Array.isArray(items) && items.length === 0))
      throw unprocessable("unitItems must name at least one unit");
    const booking = await reserve(ctx, checked<"reservation">(reservationBody, request.body));
    return present(ctx, booking.octoUuid ?? "", caps);
  });

  app.get("/bookings", async (request) => {
    const { ctx, caps } = octoOf(request);
    const query = checked<"bookings">(bookingsQuery, request.query);
    const filters = [
      query.resellerReference,
      query.supplierReference,
      query.localDate,
      query.localDateStart,
      query.localDateEnd,
    ];
    if (filters.every((filter) => filter === undefined))
      throw badRequest(
        "Name at least one of resellerReference, supplierReference, localDate, or localDateStart and localDateEnd",
      );
    for (const [field, value] of Object.entries({
      localDate: query.localDate,
      localDateStart: query.localDateStart,
      localDateEnd: query.localDateEnd,
    }))
      if (value !== undefined && !isCalendarDate(value)) throw badRequest(`${field} must be a date (YYYY-MM-DD)`);
    if ((query.localDateStart === undefined) !== (query.localDateEnd === undefined) && query.localDate === undefined)
      throw badRequest("localDateStart and localDateEnd go together");
    if (query.localDateStart !== undefined && query.localDateEnd !== undefined)
      dateRange(query.localDateStart, query.localDateEnd);
    if (query.optionId !== undefined) checkOption(query.optionId);
    const product = query.productId === undefined ? undefined : await octoProductById(ctx, query.productId);
    return presentOctoBookings(ctx, { ...query, productRowId: product?.id }, caps);
  });

  app.get<{ Params: { uuid: string } }>("/bookings/:uuid", async (request) => {
    const { ctx, caps } = octoOf(request);
    return present(ctx, request.params.uuid, caps);
  });

  app.patch<{ Params: { uuid: string } }>("/bookings/:uuid", async (request) => {
    const { ctx, caps } = octoOf(request);
    await update(ctx, request.params.uuid, checked<"update">(updateBody, request.body));
    return present(ctx, request.params.uuid, caps);
  });

  app.post<{ Params: { uuid: string } }>("/bookings/:uuid/confirm", async (request) => {
    const { ctx, caps } = octoOf(request);
    await confirm(ctx, request.params.uuid, checked<"confirmation">(confirmationBody, request.body));
    return present(ctx, request.params.uuid, caps);
  });

  app.post<{ Params: { uuid: string } }>("/bookings/:uuid/extend", async (request) => {
    const { ctx, caps } = octoOf(request);
    const body = checked<"extend">(extendBody, request.body);
    await extend(ctx, request.params.uuid, body.expirationMinutes);
    return present(ctx, request.params.uuid, caps);
  });

  app.post<{ Params: { uuid: string } }>("/bookings/:uuid/cancel", async (request) => {
    const { ctx, caps } = octoOf(request);
    const body = checked<"cancellation">(cancellationBody, request.body);
    await cancel(ctx, request.params.uuid, body.reason);
    return present(ctx, request.params.uuid, caps);
  });
  done();
}

/** The booking as it now is, read again: every answer shows what was stored. */
async function present(ctx: OctoContext, uuid: string, caps: OctoCapabilities) {
  const { booking, product } = await octoBookingByUuid(ctx, uuid);
  return presentOctoBooking(ctx, booking, product, caps);
}

async function productView(
  ctx: OctoContext,
  product: Parameters<typeof octoProduct>[0]["product"],
  caps: OctoCapabilities,
) {
  const window = startTimesWindow(product, ctx.now());
  const slots = await cachedTimeslotsBetween(ctx, product.id, window.from, window.to);
  const questions = caps.has(CapabilityId.OCTO_QUESTIONS) ? await activityQuestions(ctx, product.id) : undefined;
  return { product, startTimes: localStartTimes(slots, product.timeZone), questions };
}

/** The places an availability request's units ask for, if it names any. */
function placesOf(units: readonly { quantity: number }[] | undefined): number | undefined {
  if (!units || units.length === 0) return undefined;
  return units.reduce((sum, unit) => sum + unit.quantity, 0);
}

function send(reply: FastifyReply, status: number, body: object, headers: Record<string, string> = {}) {
  return reply.code(status).headers(headers).type("application/json; charset=utf-8").send(JSON.stringify(body));
}
