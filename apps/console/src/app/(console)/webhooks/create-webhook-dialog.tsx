"use client";

import { useState, type SyntheticEvent } from "react";
import { toast } from "sonner";

import { Dialog } from "../../../components/confirm-dialog";
import { CheckList, PartnerSelect, TextField } from "../../../components/form-field";
import { SecretOnceDialog } from "../../../components/secret-once-dialog";
import { fieldProblems, problemMessage } from "../../../lib/problem";
import { trpc, type RouterInputs } from "../../../lib/trpc";

type EventType = RouterInputs["console"]["webhooks"]["create"]["events"][number];

const EVENTS: { value: EventType; help: string }[] = [
  { value: "booking.confirmed", help: "A booking of the partner is made or its hold confirmed" },
  { value: "booking.changed", help: "Its date, time or places change" },
  { value: "booking.cancelled", help: "It is cancelled" },
  { value: "booking.expired", help: "Its hold lapses" },
  { value: "availability.changed", help: "Any of your timeslots' free places, capacity or closing" },
];
const ALL_EVENTS = EVENTS.map((e) => e.value);

/** Registers a partner's endpoint and shows its signing secret once, with a copy button. */
export function CreateWebhookDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const partners = trpc.console.bookings.filterOptions.useQuery(undefined, { enabled: open, staleTime: 300_000 });
  const [partner, setPartner] = useState("");
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<EventType[]>(ALL_EVENTS);
  const [secret, setSecret] = useState<string | null>(null);
  const create = trpc.console.webhooks.create.useMutation({
    onSuccess: (result) => {
      setSecret(result.secret);
      void utils.console.webhooks.list.invalidate();
      toast.success(`Endpoint for ${result.endpoint.partner.name} created`);
    },
    onError: (error) => toast.error(problemMessage(error)),
  });
  const problems = fieldProblems(create.error);

  const close = () => {
    setSecret(null);
    setPartner("");
    setUrl("");
    setEvents(ALL_EVENTS);
    create.reset();
    onClose();
  };
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    create.mutate({ partner, url, events });
  };

  if (secret) {
    return (
      <SecretOnceDialog
        open={open}
        onClose={close}
        title="The endpoint's signing secret"
        secret={secret}
        noun="secret"
        testId="new-webhook-secret"
      >
        Give it to the partner now: it is shown only this once. Every delivery is signed with it in the{" "}
        <code>Slotwise-Signature</code> header.
      </SecretOnceDialog>
    );
  }
  return (
    <Dialog
      open={open}
      onClose={close}
      title="Add a webhook endpoint"
      footer={
        <>
          <button type="button" onClick={close}>
            Cancel
          </button>
          <button type="submit" form="create-webhook" className="primary" disabled={create.isPending}>
            {create.isPending ? "Adding…" : "Add endpoint"}
          </button>
        </>
      }
    >
      <form id="create-webhook" onSubmit={submit} className="stack" style={{ gap: 12 }}>
        <PartnerSelect
          value={partner}
          onValueChange={setPartner}
          partners={partners.data?.partners}
          placeholder="Choose the partner to tell"
          problem={problems.partner}
        />
        <TextField
          label="URL"
          type="url"
          value={url}
          onValueChange={setUrl}
          placeholder="https://hooks.partner.example/slotwise"
          maxLength={2048}
          problem={problems.url}
          required
        />
        <CheckList legend="Events" options={EVENTS} selected={events} onChange={setEvents} problem={problems.events} />
      </form>
    </Dialog>
  );
}
