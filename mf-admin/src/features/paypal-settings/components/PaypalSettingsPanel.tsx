import {
  SECRET_MASK,
  buttonColors,
  buttonLabels,
  buttonLayouts,
  buttonShapes,
  paypalCurrencies,
  paypalModes,
  type PaypalSettings,
  type PaypalSettingsBody,
} from '@coldmail/contracts';
import { api, type ApiError } from '@coldmail/session';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  ConfirmDialog,
  FormGrid,
  PageLoader,
  Select,
  TextField,
  toast,
} from '@coldmail/ui';
import { useMutation, useQuery } from '@coldmail/query';
import { useState } from 'react';
import { PaypalButtonPreview } from './PaypalButtonPreview';
import styles from './PaypalSettings.module.css';

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/**
 * The spec has two texts per failure: 'Error ...' when the request got no answer at all (no HTTP
 * status: the network or the server is down), 'Failed ...' when the server answered with an error.
 */
const failureText = (error: ApiError, texts: { unanswered: string; failed: string }) =>
  error.status === 0 ? texts.unanswered : texts.failed;

const formOf = (settings: PaypalSettings): PaypalSettingsBody => ({
  clientId: settings.clientId,
  // Write-only: the field starts empty; empty keeps the stored secret.
  clientSecret: '',
  mode: settings.mode ?? 'sandbox',
  currency: settings.currency,
  enablePayPal: settings.enablePayPal,
  buttonStyles: settings.buttonStyles,
});

/** Paypal Setup: general settings and button appearance with a live preview; reset to defaults. */
export function PaypalSettingsPanel() {
  const settings = useQuery(api.paypalSettings.get.query());
  if (settings.isPending) return <PageLoader />;
  if (settings.isError) {
    return (
      <Alert tone="error">
        {failureText(settings.error, {
          unanswered: 'Error fetching PayPal data',
          failed: 'Failed to fetch PayPal data',
        })}
      </Alert>
    );
  }
  return <PaypalSettingsForm settings={settings.data.data} />;
}

function PaypalSettingsForm({ settings }: { settings: PaypalSettings }) {
  const [form, setForm] = useState<PaypalSettingsBody>(() => formOf(settings));
  const [confirmReset, setConfirmReset] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      api.paypalSettings.update({
        body: { ...form, ...(form.clientSecret ? {} : { clientSecret: undefined }) },
      }),
    onSuccess: (saved) => {
      toast.success('PayPal settings updated successfully');
      setForm(formOf(saved.data));
    },
    onError: (error) =>
      toast.error(
        failureText(error, {
          unanswered: 'Error updating PayPal settings',
          failed: 'Failed to update PayPal settings',
        }),
      ),
  });
  const reset = useMutation({
    mutationFn: () => api.paypalSettings.reset(),
    onSuccess: (restored) => {
      toast.success('PayPal settings reset successfully');
      setForm(formOf(restored.data));
      setConfirmReset(false);
    },
    onError: (error) =>
      toast.error(
        failureText(error, {
          unanswered: 'Error resetting PayPal settings',
          failed: 'Failed to reset PayPal settings',
        }),
      ),
  });
  const style = (key: keyof PaypalSettingsBody['buttonStyles'], value: string) =>
    setForm({ ...form, buttonStyles: { ...form.buttonStyles, [key]: value } });

  return (
    <form
      className={styles.layout}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <Card title="General Settings">
        <FormGrid>
          <TextField
            label="Client ID"
            value={form.clientId}
            onChange={(event) => setForm({ ...form, clientId: event.target.value })}
          />
          <TextField
            label="Client Secret"
            type="password"
            autoComplete="new-password"
            value={form.clientSecret ?? ''}
            placeholder={settings.clientSecret ? settings.clientSecret : 'Not set'}
            hint={
              settings.clientSecret?.includes(SECRET_MASK)
                ? 'A secret is stored. Leave empty to keep it.'
                : 'Not stored yet.'
            }
            onChange={(event) => setForm({ ...form, clientSecret: event.target.value })}
          />
          <Select
            label="Mode"
            options={options(paypalModes)}
            value={form.mode}
            onChange={(event) =>
              setForm({ ...form, mode: event.target.value as PaypalSettingsBody['mode'] })
            }
          />
          <Select
            label="Currency"
            options={options(paypalCurrencies)}
            value={form.currency}
            onChange={(event) =>
              setForm({ ...form, currency: event.target.value as PaypalSettingsBody['currency'] })
            }
          />
        </FormGrid>
        <Checkbox
          label="Enable PayPal payments"
          checked={form.enablePayPal}
          onChange={(event) => setForm({ ...form, enablePayPal: event.target.checked })}
        />
      </Card>
      <Card title="Button Appearance">
        <FormGrid>
          <Select
            label="Layout"
            options={options(buttonLayouts)}
            value={form.buttonStyles.layout}
            onChange={(event) => style('layout', event.target.value)}
          />
          <Select
            label="Color"
            options={options(buttonColors)}
            value={form.buttonStyles.color}
            onChange={(event) => style('color', event.target.value)}
          />
          <Select
            label="Shape"
            options={options(buttonShapes)}
            value={form.buttonStyles.shape}
            onChange={(event) => style('shape', event.target.value)}
          />
          <Select
            label="Label"
            options={options(buttonLabels)}
            value={form.buttonStyles.label}
            onChange={(event) => style('label', event.target.value)}
          />
        </FormGrid>
        <h3 className={styles.previewTitle}>Preview</h3>
        <PaypalButtonPreview
          clientId={settings.clientId}
          currency={form.currency}
          style={form.buttonStyles}
        />
      </Card>
      <div className={styles.actions}>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Settings'}
        </Button>
        <Button type="button" variant="secondary" onClick={() => setConfirmReset(true)}>
          Reset to Default
        </Button>
      </div>
      <ConfirmDialog
        open={confirmReset}
        title="Reset PayPal settings"
        message="Are you sure you want to reset the PayPal settings to their defaults?"
        confirmLabel="Reset"
        busyLabel="Resetting..."
        tone="danger"
        busy={reset.isPending}
        onConfirm={() => reset.mutate()}
        onCancel={() => setConfirmReset(false)}
      />
    </form>
  );
}
