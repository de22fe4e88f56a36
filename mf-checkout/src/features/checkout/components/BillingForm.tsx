import { billingFormSchema, type BillingForm as BillingValues } from '@coldmail/contracts';
import { toApiError } from '@coldmail/session';
import { Button, FormGrid, FormRow, Select, TextField, toast } from '@coldmail/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { countryNames } from '../utils/countries';
import styles from './Checkout.module.css';

const countryOptions = countryNames.map((name) => ({ value: name, label: name }));
const billingFields = ['customerName', 'address', 'country'] as const;

interface BillingFormProps {
  /** The login e-mail: shown, never edited; the server takes it from the token. */
  email: string;
  defaultValues: BillingValues;
  /** Places the order and moves on; a rejection keeps the user on the form. */
  onSubmit: (values: BillingValues) => Promise<void>;
  /** Shown under the button, e.g. 'Secure payment processing'. */
  note?: ReactNode;
}

export function BillingForm({ email, defaultValues, onSubmit, note }: BillingFormProps) {
  const form = useForm<BillingValues>({
    resolver: zodResolver(billingFormSchema),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
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
    <form onSubmit={submit} noValidate aria-label="Billing details">
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
            {...form.register('country')}
          />
        </FormRow>
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
