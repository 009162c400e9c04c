import type { Metadata } from "next";

import { PageHead } from "../../../components/page-head";
import { MeterDefinitionsCard } from "./meter-definitions-card";
import { ThresholdNoticesCard } from "./threshold-notices-card";

export const metadata: Metadata = { title: "Meters" };

export default function MetersPage() {
  return (
    <>
      <PageHead
        title="Meters"
        description="Each meter's unit and description, and thresholds on its total per day or month in your time zone: reaching one sends you an e-mail and a notice here, once per period."
      />
      <div className="stack">
        <MeterDefinitionsCard />
        <ThresholdNoticesCard />
      </div>
    </>
  );
}
