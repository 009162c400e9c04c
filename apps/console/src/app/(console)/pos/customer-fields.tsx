import { TextField } from "../../../components/form-field";

export const EMPTY_CUSTOMER = { FirstName: "", LastName: "", Email: "", Phone: "" };

type Customer = typeof EMPTY_CUSTOMER;

/** Who the walk-in customer is, each field with the API's word on it. */
export function CustomerFields({
  customer,
  onChange,
  problems,
}: {
  customer: Customer;
  onChange: (customer: Customer) => void;
  problems: Record<string, string>;
}) {
  const field = (key: keyof Customer) => ({
    name: key,
    value: customer[key],
    problem: problems[`Customer.${key}`],
    onValueChange: (value: string) => onChange({ ...customer, [key]: value }),
  });
  return (
    <>
      <div className="grid-2" style={{ gap: 12 }}>
        <TextField label="First name" autoComplete="off" required {...field("FirstName")} />
        <TextField label="Last name" autoComplete="off" required {...field("LastName")} />
      </div>
      <TextField label="E-mail" type="email" autoComplete="off" required {...field("Email")} />
      <TextField
        label="Phone (with country code)"
        type="tel"
        placeholder="+351 912 345 678"
        autoComplete="off"
        required
        {...field("Phone")}
      />
    </>
  );
}
