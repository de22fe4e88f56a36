import { zodResolver } from '@hookform/resolvers/zod';
import { invoiceSettingsSchema, type InvoiceSettings } from '@coldmail/contracts';
import { useMutation, useQuery } from '@coldmail/query';
import { api } from '@coldmail/session';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  FormGrid,
  PageLoader,
  Select,
  TextArea,
  TextField,
  toast,
} from '@coldmail/ui';
import { useFieldArray, useForm } from 'react-hook-form';
import { countryOptions } from './countries';
import styles from './InvoiceSettings.module.css';

/** Invoicing: the seller as invoices name them, and the tax each buyer country pays. */
export function InvoiceSettingsPanel() {
  const settings = useQuery(api.invoices.settings.query());
  if (settings.isPending) return <PageLoader />;
  if (settings.isError) {
    return (
      <Alert tone="error">Failed to fetch the invoicing settings: {settings.error.message}</Alert>
    );
  }
  const { updatedAt: _readOnly, ...saved } = settings.data;
  return <InvoiceSettingsForm saved={saved} />;
}

function InvoiceSettingsForm({ saved }: { saved: InvoiceSettings }) {
  const form = useForm<InvoiceSettings>({
    resolver: zodResolver(invoiceSettingsSchema),
    defaultValues: saved,
  });
  const rates = useFieldArray({ control: form.control, name: 'taxRates' });
  const { errors, isDirty } = form.formState;
  const save = useMutation({
    mutationFn: (body: InvoiceSettings) => api.invoices.saveSettings({ body }),
    onSuccess: (stored) => {
      const { updatedAt: _readOnly, ...values } = stored;
      form.reset(values);
      toast.success('Invoicing settings saved');
    },
    onError: (error) => toast.error(`Failed to save the invoicing settings: ${error.message}`),
  });

  return (
    <form
      className={styles.layout}
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      noValidate
    >
      <Card title="Seller">
        <p className={styles.hint}>
          As every invoice names you. An invoice keeps these details as they were when it was
          issued.
        </p>
        <FormGrid>
          <TextField
            label="Legal name"
            error={errors.sellerName?.message}
            {...form.register('sellerName')}
          />
          <TextField
            label="Tax ID"
            error={errors.sellerTaxId?.message}
            {...form.register('sellerTaxId')}
          />
        </FormGrid>
        <TextArea
          label="Address"
          rows={3}
          error={errors.sellerAddress?.message}
          {...form.register('sellerAddress')}
        />
      </Card>
      <Card title="Tax">
        <Checkbox label="Prices include tax" {...form.register('pricesIncludeTax')} />
        <p className={styles.hint}>
          Each buyer country’s rate applies to orders placed from now on; a country not listed pays
          no tax.
        </p>
        {errors.taxRates?.root?.message && (
          <Alert tone="error">{errors.taxRates.root.message}</Alert>
        )}
        <ul className={styles.rates} aria-label="Tax rates">
          {rates.fields.map((field, index) => (
            <li key={field.id} className={styles.rate}>
              <Select
                label="Country"
                options={countryOptions}
                error={errors.taxRates?.[index]?.country?.message}
                {...form.register(`taxRates.${index}.country`)}
              />
              <TextField
                label="Rate (%)"
                type="number"
                step="0.01"
                min={0}
                max={100}
                error={errors.taxRates?.[index]?.rate?.message}
                {...form.register(`taxRates.${index}.rate`, { valueAsNumber: true })}
              />
              <TextField
                label="Name on invoices"
                error={errors.taxRates?.[index]?.label?.message}
                {...form.register(`taxRates.${index}.label`)}
              />
              <Button
                type="button"
                variant="secondary"
                size="sm"
                onClick={() => rates.remove(index)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
        <Button
          type="button"
          variant="secondary"
          onClick={() => rates.append({ country: 'FR', rate: 20, label: 'VAT' })}
        >
          Add a country
        </Button>
      </Card>
      <div className={styles.actions}>
        <Button type="submit" loading={save.isPending} loadingText="Saving..." disabled={!isDirty}>
          Save Settings
        </Button>
      </div>
    </form>
  );
}
