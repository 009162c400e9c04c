import {
  AvailabilityType,
  CapabilityId,
  DeliveryFormat,
  DeliveryMethod,
  DurationUnit,
  PricingPer,
  RedemptionMethod,
  UnitType,
  type Capability,
  type Option,
  type Pricing,
  type Product,
  type Unit,
} from "@octocloud/types";

import { addDays, instantToLocal, startOfLocalDay, todayIn } from "@slotwise/core";
import type { ProductWithUnits, WaiverQuestion } from "@slotwise/db";

import { octoQuestion } from "./octo-questions.ts";

/** The capabilities this supplier implements, answered only when the reseller asks for them. */
export const OCTO_CAPABILITIES = [CapabilityId.OCTO_CONTENT, CapabilityId.OCTO_PRICING, CapabilityId.OCTO_QUESTIONS];

export type OctoCapabilities = ReadonlySet<CapabilityId>;

/** The capabilities asked for in `Octo-Capabilities` that this supplier has; unknown ones are ignored, as OCTO says. */
export function askedCapabilities(header: string | undefined): OctoCapabilities {
  const asked = new Set((header ?? "").split(",").map((name) => name.trim()));
  return new Set(OCTO_CAPABILITIES.filter((id) => asked.has(id)));
}

export function capabilityList(): Capability[] {
  return OCTO_CAPABILITIES.map((id) => ({
    id,
    revision: 1,
    required: false,
    dependencies: [],
    docs: "https://docs.octo.travel",
  }));
}

/** Every product has this one option (contract section 19). */
export const DEFAULT_OPTION_ID = "DEFAULT";

const UNIT_TYPES: Record<string, UnitType> = {
  adult: UnitType.ADULT,
  youth: UnitType.YOUTH,
  child: UnitType.CHILD,
  infant: UnitType.INFANT,
  family: UnitType.FAMILY,
  senior: UnitType.SENIOR,
  student: UnitType.STUDENT,
  military: UnitType.MILITARY,
};

/** OCTO's unit type of one of ours: `adult` is ADULT…, a unit type OCTO has no name for is OTHER. */
export function octoUnitType(unitId: string): UnitType {
  return UNIT_TYPES[unitId] ?? UnitType.OTHER;
}

/** Decimal places of a currency's minor unit (JPY 0, EUR 2). */
function currencyPrecision(currency: string): number {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** A price in minor units as OCTO's pricing: no taxes are known, so none are listed and net is unknown. */
export function octoPricing(amount: number, currency: string): Pricing {
  return {
    original: amount,
    retail: amount,
    net: null,
    currency,
    currencyPrecision: currencyPrecision(currency),
    includedTaxes: [],
  };
}

/** How far ahead the option's start times are read from the schedule. */
const START_TIMES_DAYS = 60;

export interface ProductView {
  product: ProductWithUnits;
  /** The product's timeslots' local start times ahead (HH:MM), ascending. */
  startTimes: readonly string[];
  /** The activity's waiver questions, read when `octo/questions` is asked for. */
  questions?: readonly WaiverQuestion[];
}

/** The distinct local start times of these timeslots. */
export function localStartTimes(slots: readonly { startsAt: Date }[], timeZone: string): string[] {
  return [...new Set(slots.map((slot) => instantToLocal(slot.startsAt, timeZone).time))].sort();
}

/** The window `localStartTimes` reads: from the start of today, local to the product. */
export function startTimesWindow(product: { timeZone: string }, now: Date) {
  const today = todayIn(product.timeZone, now);
  return {
    from: startOfLocalDay(today, product.timeZone),
    to: startOfLocalDay(addDays(today, START_TIMES_DAYS), product.timeZone),
  };
}

function octoUnit(unit: ProductWithUnits["units"][number], product: ProductWithUnits, caps: OctoCapabilities): Unit {
  return {
    id: unit.unitId,
    internalName: unit.label,
    reference: unit.unitId,
    type: octoUnitType(unit.unitId),
    restrictions: {
      minAge: unit.minAge ?? 0,
      maxAge: unit.maxAge ?? 100,
      idRequired: false,
      minQuantity: null,
      maxQuantity: product.maxParticipants,
      paxCount: 1,
      accompaniedBy: [],
    },
    requiredContactFields: [],
    ...(caps.has(CapabilityId.OCTO_PRICING) ? { pricingFrom: [octoPricing(unit.priceAmount, product.currency)] } : {}),
    ...(caps.has(CapabilityId.OCTO_CONTENT) ? { title: unit.label, shortDescription: unit.label, features: [] } : {}),
    // Waiver questions are asked once per booking (on the option), none per person.
    ...(caps.has(CapabilityId.OCTO_QUESTIONS) ? { questions: [] } : {}),
  };
}

/** What `octo/content` adds to a product and its option alike. */
function content(product: ProductWithUnits) {
  return {
    title: product.name,
    shortDescription: null,
    description: product.description,
    features: [],
    faqs: [],
    media: [],
    locations: [],
    categoryLabels: [],
    durationMinutesFrom: product.durationMinutes,
    durationMinutesTo: product.durationMinutes,
    commentary: [],
  };
}

function octoOption(view: ProductView, caps: OctoCapabilities): Option {
  const { product } = view;
  const lowest = Math.min(...product.units.map((unit) => unit.priceAmount));
  return {
    id: DEFAULT_OPTION_ID,
    default: true,
    internalName: product.name,
    reference: null,
    availabilityLocalStartTimes: [...view.startTimes],
    // Partners may cancel until the start (contract section 17, without a policy).
    cancellationCutoff: "0 minutes",
    cancellationCutoffAmount: 0,
    cancellationCutoffUnit: DurationUnit.MINUTE,
    requiredContactFields: [],
    restrictions: { minUnits: product.minParticipants, maxUnits: product.maxParticipants },
    units: product.units.map((unit) => octoUnit(unit, product, caps)),
    ...(caps.has(CapabilityId.OCTO_PRICING) && product.units.length > 0
      ? { pricingFrom: [octoPricing(lowest, product.currency)] }
      : {}),
    ...(caps.has(CapabilityId.OCTO_CONTENT) ? content(product) : {}),
    ...(caps.has(CapabilityId.OCTO_QUESTIONS) ? { questions: (view.questions ?? []).map(octoQuestion) } : {}),
  };
}

/** An activity as an OCTO product: one option DEFAULT, its unit types as units, start times local to its zone. */
export function octoProduct(view: ProductView, caps: OctoCapabilities): Product {
  const { product } = view;
  return {
    id: product.activityId,
    internalName: product.name,
    reference: null,
    locale: "en",
    timeZone: product.timeZone,
    allowFreesale: false,
    instantConfirmation: true,
    instantDelivery: true,
    availabilityRequired: true,
    availabilityType: AvailabilityType.START_TIME,
    deliveryFormats: [DeliveryFormat.QRCODE, DeliveryFormat.PDF_URL],
    deliveryMethods: [DeliveryMethod.TICKET, DeliveryMethod.VOUCHER],
    redemptionMethod: RedemptionMethod.DIGITAL,
    options: [octoOption(view, caps)],
    ...(caps.has(CapabilityId.OCTO_PRICING)
      ? { defaultCurrency: product.currency, availableCurrencies: [product.currency], pricingPer: PricingPer.UNIT }
      : {}),
    ...(caps.has(CapabilityId.OCTO_CONTENT) ? content(product) : {}),
  };
}
