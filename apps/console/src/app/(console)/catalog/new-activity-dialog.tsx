"use client";

import { useRouter } from "next/navigation";
import { useState, type SyntheticEvent } from "react";
import { toast } from "sonner";

import { Dialog } from "../../../components/confirm-dialog";
import { TextField } from "../../../components/form-field";
import { detailsInput, EMPTY_DETAILS } from "../../../lib/activity-form";
import { minorUnitsOf } from "../../../lib/money-input";
import { fieldProblems, problemMessage } from "../../../lib/problem";
import { trpc } from "../../../lib/trpc";
import { DetailsFields } from "./details-fields";

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A new activity needs its details and the adult price (every activity sells adults); more
 * units, questions, partners, a policy and schedules are added in its editor, where it opens.
 */
export function NewActivityDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const router = useRouter();
  const utils = trpc.useUtils();
  const [form, setForm] = useState(() => ({ ...EMPTY_DETAILS, timeZone: browserZone() }));
  const [price, setPrice] = useState("");
  const create = trpc.catalog.createActivity.useMutation({
    onSuccess: (result) => {
      void utils.catalog.activities.invalidate();
      void utils.console.activities.invalidate();
      toast.success(`${result.data.Name} created`);
      router.push(`/catalog/${result.data.ActivityID}`);
    },
    onError: (error) => toast.error(problemMessage(error)),
  });
  const problems = fieldProblems(create.error);
  const amount = minorUnitsOf(price);
  const priceProblem =
    problems["Units[0].Price.Amount"] ??
    problems.Units ??
    (price !== "" && amount === null ? "A price is an amount such as 45 or 45.50" : undefined);

  const close = () => {
    create.reset();
    onClose();
  };
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (amount === null) return;
    create.mutate({
      ...detailsInput(form),
      Units: [{ ID: "adult", Label: "Adult", Price: { Amount: amount } }],
    });
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title="New activity"
      footer={
        <>
          <button type="button" onClick={close}>
            Cancel
          </button>
          <button type="submit" form="new-activity" className="primary" disabled={create.isPending || amount === null}>
            {create.isPending ? "Creating…" : "Create activity"}
          </button>
        </>
      }
    >
      <form id="new-activity" onSubmit={submit} className="stack" style={{ gap: 12 }}>
        <DetailsFields form={form} onChange={setForm} problems={problems} />
        <TextField
          label="Adult price"
          name="adultPrice"
          value={price}
          onValueChange={setPrice}
          problem={priceProblem}
          inputMode="decimal"
          placeholder="45.00"
          required
        />
      </form>
    </Dialog>
  );
}
