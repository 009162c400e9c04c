"use client";

import { useState, type SyntheticEvent } from "react";
import { toast } from "sonner";

import { FormField, TextField } from "../../../components/form-field";
import { formatLocalDate, formatMoney } from "../../../lib/format";
import { fieldProblems, problemMessage } from "../../../lib/problem";
import { trpc } from "../../../lib/trpc";
import { LastSaleCard, type Sale } from "./last-sale-card";

const EMPTY_CUSTOMER = { FirstName: "", LastName: "", Email: "", Phone: "" };

export function PointOfSale() {
  const utils = trpc.useUtils();
  const activities = trpc.console.activities.list.useQuery();
  const [productId, setProductId] = useState<number | undefined>();
  const activityId = productId ?? activities.data?.find((a) => a.active)?.id;
  const grid = trpc.console.activities.grid.useQuery(
    { productId: activityId ?? 0 },
    { enabled: activityId !== undefined },
  );
  const [timeslotId, setTimeslotId] = useState("");
  // Quantities by unit ID; a unit not named here sells none, except one adult to start with.
  const [quantities, setQuantities] = useState<Record<string, string>>({ adult: "1" });
  const [customer, setCustomer] = useState(EMPTY_CUSTOMER);
  const [paymentReference, setPaymentReference] = useState("");
  const [sale, setSale] = useState<Sale | null>(null);
  const sell = trpc.console.pointOfSale.sell.useMutation({
    onSuccess: (result) => {
      setSale(result);
      setCustomer(EMPTY_CUSTOMER);
      setPaymentReference("");
      setTimeslotId("");
      void utils.console.activities.grid.invalidate();
      void utils.console.bookings.list.invalidate();
      toast.success(`Sold: booking ${result.booking.Reference}`);
    },
    onError: (error) => toast.error(problemMessage(error)),
  });
  const problems = fieldProblems(sell.error);
  const open = (grid.data?.slots ?? []).filter((s) => !s.closed && !s.salesClosed && s.capacity > s.placesTaken);
  const activity = grid.data?.activity;
  const total = (activity?.units ?? []).reduce(
    (sum, unit) => sum + unit.priceAmount * (Number(quantities[unit.id] ?? 0) || 0),
    0,
  );

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setSale(null);
    sell.mutate({
      timeslotId: Number(timeslotId),
      Units: (activity?.units ?? [])
        .map((unit) => ({ UnitID: unit.id, Quantity: Number(quantities[unit.id] ?? 0) }))
        .filter((unit) => unit.Quantity > 0),
      Customer: customer,
      PaymentReference: paymentReference || undefined,
    });
  };
  const customerField = (key: keyof typeof EMPTY_CUSTOMER) => ({
    name: key,
    value: customer[key],
    problem: problems[`Customer.${key}`],
    onValueChange: (value: string) => setCustomer({ ...customer, [key]: value }),
  });

  return (
    <div className="grid-2" style={{ alignItems: "start" }}>
      <form className="card" onSubmit={submit} aria-labelledby="sale-heading">
        <div className="card-head">
          <h2 id="sale-heading">New sale</h2>
        </div>
        <div className="card-body stack" style={{ gap: 12 }}>
          <FormField label="Activity">
            <select
              value={activityId ?? ""}
              onChange={(e) => {
                setProductId(Number(e.target.value));
                setTimeslotId("");
              }}
            >
              {activities.data
                ?.filter((a) => a.active)
                .map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
            </select>
          </FormField>
          <FormField label="Timeslot" problem={problems.timeslotId}>
            <select
              value={timeslotId}
              onChange={(e) => setTimeslotId(e.target.value)}
              required
              aria-invalid={Boolean(problems.timeslotId)}
            >
              <option value="">
                {grid.isPending
                  ? "Loading timeslots…"
                  : open.length
                    ? "Choose a timeslot"
                    : "No free timeslots in the next 14 days"}
              </option>
              {open.map((s) => (
                <option key={s.id} value={s.id}>
                  {formatLocalDate(s.date)} {s.time} · {s.capacity - s.placesTaken} free
                </option>
              ))}
            </select>
          </FormField>
          <fieldset className="units-fieldset">
            <legend>Participants</legend>
            <div className="grid-2" style={{ gap: 12 }}>
              {activity?.units.map((unit) => (
                <TextField
                  key={unit.id}
                  label={`${unit.label} (${formatMoney(unit.priceAmount, activity.currency)})`}
                  name={`unit-${unit.id}`}
                  type="number"
                  min={0}
                  max={activity.maxParticipants}
                  value={quantities[unit.id] ?? "0"}
                  onValueChange={(value) => setQuantities({ ...quantities, [unit.id]: value })}
                />
              ))}
            </div>
            {problems.Units && <span className="field-error">{problems.Units}</span>}
          </fieldset>
          <div className="grid-2" style={{ gap: 12 }}>
            <TextField label="First name" autoComplete="off" required {...customerField("FirstName")} />
            <TextField label="Last name" autoComplete="off" required {...customerField("LastName")} />
          </div>
          <TextField label="E-mail" type="email" autoComplete="off" required {...customerField("Email")} />
          <TextField
            label="Phone (with country code)"
            type="tel"
            placeholder="+351 912 345 678"
            autoComplete="off"
            required
            {...customerField("Phone")}
          />
          <TextField
            label="Payment reference (card terminal or receipt)"
            name="PaymentReference"
            value={paymentReference}
            onValueChange={setPaymentReference}
            problem={problems.PaymentReference}
            maxLength={128}
          />
          {activity && timeslotId && (
            <p className="muted" style={{ margin: 0 }}>
              Total {formatMoney(total, activity.currency)}
            </p>
          )}
          <button type="submit" className="primary" disabled={sell.isPending || !timeslotId}>
            {sell.isPending ? "Selling…" : "Sell and book"}
          </button>
        </div>
      </form>
      <LastSaleCard sale={sale} />
    </div>
  );
}
