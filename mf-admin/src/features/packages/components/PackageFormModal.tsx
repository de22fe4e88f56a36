import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_PACKAGE_VALIDITY_DAYS,
  packageBodySchema,
  packagePointKeys,
  type CreditPackage,
  type PackageForm,
} from '@coldmail/contracts';
import { api } from '@coldmail/session';
import { useQuery } from '@coldmail/query';
import { Alert, FormGrid, TextField, toast } from '@coldmail/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  FormModal,
  saveFailureOf,
  SaveFailureAlert,
  type SaveFailure,
} from '../../../components/FormModal';

const pointLabels = [
  'Feature 1',
  'Feature 2',
  'Feature 3',
  'Feature 4',
  'Feature 5',
  'Feature 6',
  'Feature 7',
  'Feature 8',
  'Feature 9',
  'Feature 10',
];

const valuesOf = (pkg: CreditPackage | null): PackageForm => ({
  packageName: pkg?.packageName ?? '',
  price: pkg ? String(pkg.price) : '',
  credit: pkg ? String(pkg.credit) : '',
  validity: String(pkg?.validity ?? DEFAULT_PACKAGE_VALIDITY_DAYS),
  icon: pkg?.icon ?? '',
  ...Object.fromEntries(packagePointKeys.map((key) => [key, pkg?.[key] ?? ''])),
});

/**
 * Add (package null) or edit a package, validated with the API's own schema. Editing reads the
 * package afresh (GET /package/:id), as the specification's form does: another admin may have
 * changed it since the list was read; the list's copy shows meanwhile, and 'Failed to fetch
 * package' if it cannot be read.
 */
export function PackageFormModal({
  open,
  pkg,
  onClose,
}: {
  open: boolean;
  pkg: CreditPackage | null;
  onClose(): void;
}) {
  const fresh = useQuery({
    ...api.packages.get.query({ params: { id: pkg?._id ?? '' } }),
    enabled: pkg !== null,
  });
  const form = useForm<PackageForm>({
    resolver: zodResolver(packageBodySchema),
    values: valuesOf(fresh.data ?? pkg),
  });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<SaveFailure | null>(null);

  const save = form.handleSubmit(async (values) => {
    setFailure(null);
    const body = packageBodySchema.parse(values);
    try {
      if (pkg) await api.packages.edit({ params: { id: pkg._id }, body });
      else await api.packages.add({ body });
      toast.success(pkg ? 'Package updated successfully' : 'Package added successfully');
      onClose();
    } catch (error) {
      setFailure(saveFailureOf(error, pkg ? 'Failed to update package' : 'Failed to add package'));
    }
  });

  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={pkg ? 'Edit Package' : 'Add Package'}
      formId="package-form"
      submitLabel={pkg ? 'Update Package' : 'Add Package'}
      saving={isSubmitting}
    >
      <form id="package-form" onSubmit={save} noValidate>
        {fresh.isError && <Alert tone="error">Failed to fetch package</Alert>}
        <FormGrid>
          <TextField
            label="Package Name"
            required
            error={errors.packageName?.message}
            {...form.register('packageName')}
          />
          <TextField
            label="Price (USD)"
            required
            inputMode="decimal"
            error={errors.price?.message}
            {...form.register('price')}
          />
          <TextField
            label="Credits"
            required
            inputMode="numeric"
            error={errors.credit?.message}
            {...form.register('credit')}
          />
          <TextField
            label="Validity (days)"
            inputMode="numeric"
            error={errors.validity?.message}
            {...form.register('validity')}
          />
          <TextField
            label="Icon URL"
            type="url"
            error={errors.icon?.message}
            {...form.register('icon')}
          />
          {packagePointKeys.map((key, index) => (
            <TextField
              key={key}
              label={pointLabels[index]}
              error={errors[key]?.message}
              {...form.register(key)}
            />
          ))}
        </FormGrid>
        <SaveFailureAlert failure={failure} />
      </form>
    </FormModal>
  );
}
