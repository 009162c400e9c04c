"use client";

import { useState, type SyntheticEvent } from "react";

import { Card } from "../../../../components/card";
import { detailsForm, detailsInput } from "../../../../lib/activity-form";
import { fieldProblems, problemMessage, problemStatus } from "../../../../lib/problem";
import type { RouterOutputs } from "../../../../lib/trpc";
import { DetailsFields } from "../details-fields";
import { usePatchActivity } from "./use-patch-activity";

export type Activity = RouterOutputs["catalog"]["activity"]["data"];

/** Name, description, zone, currency (locked once booked), duration and limits. */
export function DetailsCard({ activity }: { activity: Activity }) {
  const [form, setForm] = useState(() => detailsForm(activity));
  const patch = usePatchActivity("Details saved");
  // A currency cannot change once the activity is booked (409): that refusal is the Currency field's.
  const problems =
    problemStatus(patch.error) === 409 ? { Currency: problemMessage(patch.error) } : fieldProblems(patch.error);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    patch.mutate({ ActivityID: activity.ActivityID, ...detailsInput(form) });
  };
  return (
    <Card id="details-heading" title="Details">
      <form onSubmit={submit} className="stack" style={{ gap: 12 }} aria-label="Details">
        <DetailsFields form={form} onChange={setForm} problems={problems} />
        <div className="row">
          <button type="submit" className="primary" disabled={patch.isPending}>
            {patch.isPending ? "Saving…" : "Save details"}
          </button>
        </div>
      </form>
    </Card>
  );
}
