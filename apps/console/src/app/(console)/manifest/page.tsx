import type { Metadata } from "next";
import { Suspense } from "react";

import { PageHead } from "../../../components/page-head";
import { ManifestView } from "./manifest-view";

export const metadata: Metadata = { title: "Manifest" };

export default function ManifestPage() {
  return (
    <>
      <PageHead
        title="Manifest"
        description="Each departure of the day with its guests: check them in by tapping, typing or scanning a ticket code."
      />
      <Suspense>
        <ManifestView />
      </Suspense>
    </>
  );
}
