import type { Metadata } from "next";
import { Suspense } from "react";

import { PageHead } from "../../../components/page-head";
import { ActivitiesView } from "./activities-view";

export const metadata: Metadata = { title: "Activities" };

export default function ActivitiesPage() {
  return (
    <>
      <PageHead
        title="Activities"
        description="Fourteen days of timeslots: capacity, places taken and who is waiting. Select a timeslot to change it."
      />
      <Suspense>
        <ActivitiesView />
      </Suspense>
    </>
  );
}
