import type { Metadata } from "next";

import { PageHead } from "../../../components/page-head";
import { PointOfSale } from "./point-of-sale";

export const metadata: Metadata = { title: "Point of sale" };

export default function PosPage() {
  return (
    <>
      <PageHead
        title="Point of sale"
        description="Book a walk-in customer at the desk: the sale is a paid order and the booking counts like any other."
      />
      <PointOfSale />
    </>
  );
}
