"use client";

import { useState, type SyntheticEvent } from "react";
import { toast } from "sonner";

import { TextField } from "../../../components/form-field";
import { formatMoney } from "../../../lib/format";
import { fieldProblems, problemMessage } from "../../../lib/problem";
import { trpc } from "../../../lib/trpc";
import { ActivitySelect } from "./activity-select";
import { CustomerFields, EMPTY_CUSTOMER } from "./customer-fields";
import { LastSaleCard, type Sale } from "./last-sale-card";
import { ParticipantsFieldset, saleTotal, unitsSold, type Quantities } from "./participants-fieldset";
import { TimeslotSelect } from "./timeslot-select";

/** The desk's sale: a walk-in customer booked and paid at once, the last sale read back beside it. */
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
  // One adult to start with.
  const [quantities, setQuantities] = useState<Quantities>({ adult: "1" });
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

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setSale(null);
    sell.mutate({
      timeslotId: Number(timeslotId),
      Units: unitsSold(activity, quantities),
      Customer: customer,
      PaymentReference: paymentReference || undefined,
    });
  };

  return (
    <div className="grid-2" style={{ alignItems: "start" }}>
      <form className="card" onSubmit={submit} aria-labelledby="sale-heading">
        <div className="card-head">
          <h2 id="sale-heading">New sale</h2>
        </div>
        <div className="card-body stack" style={{ gap: 12 }}>
          <ActivitySelect
            activities={activities.data}
            value={activityId}
            onChange={(id) => {
              setProductId(id);
              setTimeslotId("");
            }}
          />
          <TimeslotSelect
            slots={open}
            pending={grid.isPending}
            value={timeslotId}
            onChange={setTimeslotId}
            problem={problems.timeslotId}
          />
          <ParticipantsFieldset
            activity={activity}
            quantities={quantities}
            onChange={setQuantities}
            problem={problems.Units}
          />
          <CustomerFields customer={customer} onChange={setCustomer} problems={problems} />
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
              Total {formatMoney(saleTotal(activity, quantities), activity.currency)}
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
