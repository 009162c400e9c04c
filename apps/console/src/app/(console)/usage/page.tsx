import type { Metadata } from "next";
import { Suspense } from "react";

import { PageHead } from "../../../components/page-head";
import { UsageView } from "./usage-view";

export const metadata: Metadata = { title: "Usage" };

export default function UsagePage() {
  return (
    <>
      <PageHead
        title="Usage"
        description="What your services and the platform metered, per meter, for any dates and time zone."
      />
      <Suspense>
        <UsageView />
      </Suspense>
    </>
  );
}
