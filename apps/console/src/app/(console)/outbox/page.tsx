import type { Metadata } from "next";
import { Suspense } from "react";

import { PageHead } from "../../../components/page-head";
import { OutboxView } from "./outbox-view";

export const metadata: Metadata = { title: "Outbox" };

export default function OutboxPage() {
  return (
    <>
      <PageHead
        title="Outbox"
        description="Every e-mail the platform sends for you: confirmations, reminders and waitlist notifications."
      />
      <Suspense>
        <OutboxView />
      </Suspense>
    </>
  );
}
