/**
 * The meter definition form as typed, and the definition the API takes. Thresholds are typed
 * as text and sent as JSON numbers; the API judges them under the usage bounds and names the
 * field it refuses, so the form only turns text into a number.
 */
export type ThresholdPeriod = "day" | "month";

export interface ThresholdRow {
  period: ThresholdPeriod;
  value: string;
}

export interface MeterForm {
  meter: string;
  unit: string;
  description: string;
  thresholds: ThresholdRow[];
}

export interface MeterDefinition {
  Meter: string;
  Unit: string | null;
  Description: string;
  Thresholds: { Period: ThresholdPeriod; Value: number }[];
}

export const EMPTY_METER_FORM: MeterForm = { meter: "", unit: "", description: "", thresholds: [] };

const DECIMAL = /^\d+(\.\d+)?$/;

/** A threshold as typed ("1,000.5" and " 12 " included), or null when it is no plain decimal number. */
export function thresholdValueOf(text: string): number | null {
  const plain = text.trim().replaceAll(",", "");
  return DECIMAL.test(plain) ? Number(plain) : null;
}

/** The definition to send, or null while a threshold is not a number. */
export function definitionOf(form: MeterForm): MeterDefinition | null {
  const values = form.thresholds.map((t) => thresholdValueOf(t.value));
  if (values.some((v) => v === null)) return null;
  return {
    Meter: form.meter.trim(),
    Unit: form.unit.trim() === "" ? null : form.unit,
    Description: form.description,
    Thresholds: form.thresholds.map((t, i) => ({ Period: t.period, Value: values[i] ?? 0 })),
  };
}

export function formOf(definition: MeterDefinition): MeterForm {
  return {
    meter: definition.Meter,
    unit: definition.Unit ?? "",
    description: definition.Description,
    thresholds: definition.Thresholds.map((t) => ({ period: t.Period, value: String(t.Value) })),
  };
}
