import type { Metadata } from "next";
import { Suspense } from "react";

import { PageHead } from "../../../components/page-head";
import { BookingsTable } from "./bookings-table";

export const metadata: Metadata = { title: "Bookings" };

export default function BookingsPage() {
  return (
    <>
      <PageHead
        title="Bookings"
        description="Every booking of your activities: from partners, your online shop and the desk."
      />
      <Suspense>
        <BookingsTable />
      </Suspense>
    </>
  );
}
