import { zodResolver } from '@hookform/resolvers/zod';
import {
  promoCodeBodySchema,
  type PaypalCurrency,
  type PromoCode,
  type PromoCodeBody,
} from '@coldmail/contracts';
import {
  Alert,
  Checkbox,
  FormGrid,
  FormRow,
  PageLoader,
  Select,
  TextField,
  toast,
} from '@coldmail/ui';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import {
  FormModal,
  saveFailureOf,
  SaveFailureAlert,
  type SaveFailure,
} from '../../../components/FormModal';
import { usePromoCodeChanges, useProducts, useStoreCurrency } from '../api/promo-codes';
import { bodyOf, formValuesOf, type PromoCodeFormValues } from '../utils/promo-code-form';
import styles from './PromoCodes.module.css';

const kindOptions = [
  { value: 'percent', label: 'Percent off' },
  { value: 'fixed', label: 'Fixed amount off' },
];

/**
 * Add (code null) or edit a promo code. The products and the store's currency are usually in
 * the cache already (the table names the products); the form waits for them.
 */
export function PromoCodeFormModal({ code, onClose }: { code: PromoCode | null; onClose(): void }) {
  const { packages, items } = useProducts();
  const currency = useStoreCurrency();
  const changes = usePromoCodeChanges();
  const saving = changes.create.isPending || changes.update.isPending;
  const loaded =
    packages.data && items.data && currency.data
      ? { packages: packages.data, items: items.data, currency: currency.data }
      : null;
  let content;
  if (loaded) {
    content = (
      <PromoCodeForm
        code={code}
        {...loaded}
        save={(body) =>
          code
            ? changes.update.mutateAsync({ params: { id: code._id }, body })
            : changes.create.mutateAsync({ body })
        }
        onSaved={onClose}
      />
    );
  } else if (packages.isError || items.isError || currency.isError) {
    content = <Alert tone="error">Failed to load the packages, items and store currency</Alert>;
  } else {
    content = <PageLoader />;
  }
  return (
    <FormModal
      onClose={onClose}
      title={code ? 'Edit Promo Code' : 'Add Promo Code'}
      formId={FORM_ID}
      submitLabel={code ? 'Update Promo Code' : 'Add Promo Code'}
      saving={saving}
      disabled={!loaded}
    >
      {content}
    </FormModal>
  );
}

const FORM_ID = 'promo-code-form';

interface PromoCodeFormProps {
  code: PromoCode | null;
  currency: PaypalCurrency;
  packages: ReadonlyArray<{ _id: string; packageName: string }>;
  items: ReadonlyArray<{ _id: string; name: string }>;
  save(body: PromoCodeBody): Promise<unknown>;
  onSaved(): void;
}

/** The fields, validated with the API's own schema on the body they make. */
function PromoCodeForm({ code, currency, packages, items, save, onSaved }: PromoCodeFormProps) {
  const rules = zodResolver(promoCodeBodySchema);
  const resolver: Resolver<PromoCodeFormValues, unknown, PromoCodeBody> = (
    values,
    context,
    options,
  ) =>
    // The schema's paths are the form's (code, percent, amount, expiresAt, maxUses, appliesTo).
    rules(bodyOf(values, currency), context, options as unknown as Parameters<typeof rules>[2]);
  const form = useForm<PromoCodeFormValues, unknown, PromoCodeBody>({
    resolver,
    defaultValues: formValuesOf(code),
  });
  const { errors } = form.formState;
  const kind = form.watch('kind');
  const [failure, setFailure] = useState<SaveFailure | null>(null);

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      await save(body);
      toast.success(code ? 'Promo code updated successfully' : 'Promo code added successfully');
      onSaved();
    } catch (error) {
      setFailure(
        saveFailureOf(error, code ? 'Failed to update promo code' : 'Failed to add promo code'),
      );
    }
  });

  return (
    <form id={FORM_ID} onSubmit={submit} noValidate>
      {' '}
      <FormGrid>
        <TextField
          label="Code"
          required
          autoComplete="off"
          spellCheck={false}
          hint="3 to 32 letters, digits, dashes or underscores; buyers may type it in any case."
          error={errors.code?.message}
          {...form.register('code')}
        />
        <Select label="Discount type" options={kindOptions} {...form.register('kind')} />
        {kind === 'percent' ? (
          <TextField
            key="percent"
            label="Percent off"
            required
            inputMode="numeric"
            error={errors.percent?.message}
            {...form.register('percent')}
          />
        ) : (
          <TextField
            key="amount"
            label={`Amount off (${currency})`}
            required
            inputMode="decimal"
            error={errors.amount?.message}
            {...form.register('amount')}
          />
        )}
        <TextField
          label="Expires after"
          type="date"
          hint="The code works until the end of this day. Empty: it never expires."
          error={errors.expiresAt?.message}
          {...form.register('expiresAt')}
        />
        <TextField
          label="Maximum uses"
          inputMode="numeric"
          hint="Orders placed with the code, all buyers together. Empty: no limit."
          error={errors.maxUses?.message}
          {...form.register('maxUses')}
        />
        <FormRow>
          <Checkbox
            label="Once per buyer"
            hint="Each buyer may use the code on one order only."
            {...form.register('oncePerBuyer')}
          />
        </FormRow>
        <FormRow>
          <fieldset className={styles.products}>
            <legend>Applies to</legend>
            <p className={styles.muted}>None ticked: every package and item.</p>
            {packages.map((pkg) => (
              <Checkbox
                key={pkg._id}
                label={`${pkg.packageName || 'Package'} (package)`}
                value={pkg._id}
                {...form.register('appliesTo.packageIds')}
              />
            ))}
            {items.map((item) => (
              <Checkbox
                key={item._id}
                label={`${item.name} (item)`}
                value={item._id}
                {...form.register('appliesTo.itemIds')}
              />
            ))}
            {errors.appliesTo && (
              <p role="alert" className={styles.error}>
                {errors.appliesTo.message ??
                  errors.appliesTo.packageIds?.message ??
                  errors.appliesTo.itemIds?.message}
              </p>
            )}
          </fieldset>
        </FormRow>
      </FormGrid>
      <SaveFailureAlert failure={failure} />
    </form>
  );
}
