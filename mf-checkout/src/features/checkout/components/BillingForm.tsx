import type { BillingForm as BillingValues } from '@coldmail/contracts';
import { toApiError } from '@coldmail/session';
import { Button, FormGrid, FormRow, Select, TextField, toast } from '@coldmail/ui';
import type { ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { countryNames } from '../utils/countries';
import styles from './Checkout.module.css';

// The form's rules (the contract's schema and zod) load when the buyer starts filling the form,
// not with the page: by the time they submit, they are in.
let billingRules: Promise<Resolver<BillingValues>> | undefined;
function loadBillingRules(): Promise<Resolver<BillingValues>> {
  billingRules ??= Promise.all([import('@hookform/resolvers/zod'), import('@coldmail/contracts')])
    .then(([{ zodResolver }, { billingFormSchema }]) => zodResolver(billingFormSchema))
    .catch((error: unknown) => {
      billingRules = undefined; // the next attempt loads again
      throw error;
    });
  return billingRules;
}
const billingResolver: Resolver<BillingValues> = async (values, context, options) =>
  (await loadBillingRules())(values, context, options);

const countryOptions = countryNames.map((name) => ({ value: name, label: name }));
const billingFields = [
  'customerName',
  'address',
  'country',
  'companyName',
  'companyTaxId',
] as const;

interface BillingFormProps {
  /** The login e-mail: shown, never edited; the server takes it from the token. */
  email: string;
  defaultValues: BillingValues;
  /** Places the order and moves on; a rejection keeps the user on the form. */
  onSubmit: (values: BillingValues) => Promise<void>;
  /** Shown under the button, e.g. 'Secure payment processing'. */
  note?: ReactNode;
  /** The buyer picked another country: its tax shows in the price summary. */
  onCountryChange?: (country: string) => void;
}

export function BillingForm({
  email,
  defaultValues,
  onSubmit,
  note,
  onCountryChange,
}: BillingFormProps) {
  const form = useForm<BillingValues>({
    resolver: billingResolver,
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ companyName, companyTaxId, ...billing }) => {
    try {
      // A business buyer's fields are left out when empty: the order then has none.
      await onSubmit({
        ...billing,
        ...(companyName ? { companyName } : {}),
        ...(companyTaxId ? { companyTaxId } : {}),
      });
    } catch (error) {
      // Spec: a failed order is logged and the button comes back. The server now refuses some
      // orders (a Seller's, a bad field), so the user is also told why.
      console.error('Order submission failed', error);
      const apiError = toApiError(error);
      for (const field of billingFields) {
        const message = apiError.fieldErrors[field];
        if (message) form.setError(field, { message });
      }
      toast.error(apiError.message);
    }
  });

  return (
    <form
      onSubmit={submit}
      onFocus={() => void loadBillingRules().catch(() => undefined)}
      noValidate
      aria-label="Billing details"
    >
      <FormGrid>
        <TextField
          label="Full Name"
          autoComplete="name"
          required
          error={errors.customerName?.message}
          {...form.register('customerName')}
        />
        <TextField label="Email" type="email" value={email} readOnly />
        <FormRow>
          <TextField
            label="Address"
            autoComplete="street-address"
            required
            error={errors.address?.message}
            {...form.register('address')}
          />
        </FormRow>
        <FormRow>
          <Select
            label="Country"
            required
            placeholder="Select Country"
            options={countryOptions}
            error={errors.country?.message}
            {...form.register('country', {
              onChange: (event: { target: { value: string } }) =>
                onCountryChange?.(event.target.value),
            })}
          />
        </FormRow>
        <TextField
          label="Company name"
          hint="Optional, for a business invoice"
          autoComplete="organization"
          error={errors.companyName?.message}
          {...form.register('companyName')}
        />
        <TextField
          label="Company tax ID"
          hint="Optional, e.g. a VAT number"
          autoComplete="off"
          error={errors.companyTaxId?.message}
          {...form.register('companyTaxId')}
        />
      </FormGrid>
      <div className={styles.actions}>
        <Button type="submit" fullWidth loading={isSubmitting} loadingText="Processing...">
          Proceed to Payment
        </Button>
        {note && <p className={styles.note}>{note}</p>}
      </div>
    </form>
  );
}
