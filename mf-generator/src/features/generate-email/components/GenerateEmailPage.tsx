import {
  NO_KEYS_TO_ENHANCE,
  NO_KEYS_TO_GENERATE,
  REQUIRED_FIELDS_MESSAGE,
  emailTones,
  type EmailTone,
} from '@coldmail/contracts';
import { paths } from '@coldmail/registry/pages';
import { toApiError, useMe, useSession } from '@coldmail/session';
import {
  Alert,
  Badge,
  Button,
  ButtonLink,
  Card,
  EmptyState,
  PageHeader,
  Select,
  TextArea,
  TextField,
  VisuallyHidden,
  toast,
} from '@coldmail/ui';

import { useId, useRef, useState } from 'react';
import { useAvailability, useEnhancePrompt, useGenerateEmail } from '../api/generator';
import { GeneratedEmailCard } from './GeneratedEmailCard';
import { GenerationHistory } from './GenerationHistory';
import styles from './GenerateEmail.module.css';

const DEFAULT_PROMPT = '';
const BUY_MORE_BELOW = 5;
const INSUFFICIENT_CREDITS =
  'Insufficient credits. You need at least 1 credit to generate an email template.';

interface Inputs {
  recipientName: string;
  senderName: string;
  purpose: string;
  keyDetails: string;
  tone: EmailTone;
  customPrompt: string;
  enhancedPrompt: string;
}

const emptyInputs: Inputs = {
  recipientName: '',
  senderName: '',
  purpose: '',
  keyDetails: '',
  tone: 'professional',
  customPrompt: DEFAULT_PROMPT,
  enhancedPrompt: '',
};

const toneOptions = emailTones.map((tone) => ({
  value: tone,
  label: tone.charAt(0).toUpperCase() + tone.slice(1),
}));

/** /user/generate-email */
export function GenerateEmailPage() {
  const status = useSession((state) => state.status);
  if (status === 'signed-out') {
    return (
      <section data-remote="generator" data-page="GenerateEmailPage">
        <EmptyState
          title="AI Email Template Generator"
          description="Please log in to use the Email Template Generator"
          action={<ButtonLink to={paths.login}>Go to Login</ButtonLink>}
        />
      </section>
    );
  }
  return <Generator />;
}

function Generator() {
  const { credits, status: recordStatus } = useMe();
  const [inputs, setInputs] = useState<Inputs>(emptyInputs);
  const [result, setResult] = useState<{ subject: string; body: string } | null>(null);
  /** The email as the model writes it, until the parsed one arrives. */
  const [streaming, setStreaming] = useState<string | null>(null);
  /** The 'Generated Email' heading, where an email opened from the history takes focus. */
  const resultHeading = useRef<HTMLSpanElement>(null);
  const generateReasonId = useId();
  const set = (key: keyof Inputs) => (event: { target: { value: string } }) =>
    setInputs({ ...inputs, [key]: event.target.value });

  const missing =
    !inputs.recipientName.trim() || !inputs.senderName.trim() || !inputs.purpose.trim();
  // Whether an AI key can be used (no key reaches the browser): without one, generating is off.
  const availability = useAvailability();
  const noKeys = availability.data?.keysAvailable === false;
  // Why Generate refuses, in the order the spec checks: said on the button and when pressed.
  // Without the user's record the credits are unknown, not zero.
  const generateRefusal = missing
    ? REQUIRED_FIELDS_MESSAGE
    : recordStatus === 'error'
      ? 'User data not found'
      : recordStatus === 'idle'
        ? 'User not logged in'
        : credits !== null && credits < 1
          ? INSUFFICIENT_CREDITS
          : noKeys
            ? NO_KEYS_TO_GENERATE
            : null;
  const generate = useGenerateEmail({
    onText: setStreaming,
    onGenerated: (email) => setResult({ subject: email.subject, body: email.body }),
    onKeysGone: () => void availability.refetch(),
  });
  const enhance = useEnhancePrompt((enhancedPrompt) =>
    setInputs((current) => ({ ...current, enhancedPrompt })),
  );

  const submit = () => {
    if (generate.isPending) return;
    if (generateRefusal) {
      toast.error(generateRefusal);
      return;
    }
    setResult(null);
    generate.mutate(inputs);
  };
  const enhancePromptNow = () => {
    if (!inputs.customPrompt.trim()) toast.error('Please enter a custom prompt to enhance');
    else if (noKeys) toast.error(NO_KEYS_TO_ENHANCE);
    else enhance.mutate(inputs.customPrompt);
  };

  return (
    <section className={styles.page} data-remote="generator" data-page="GenerateEmailPage">
      <PageHeader
        title="AI Email Template Generator"
        actions={
          <span className={styles.credits}>
            {credits !== null && (
              <Badge tone="info" data-testid="generator-credits">
                Credits: {credits}
              </Badge>
            )}
            {credits !== null && credits < BUY_MORE_BELOW && (
              <ButtonLink to={paths.userSelectPackage} size="sm">
                Buy More
              </ButtonLink>
            )}
          </span>
        }
      />
      {noKeys && <Alert tone="warning">{NO_KEYS_TO_GENERATE}</Alert>}
      {availability.isError && (
        <Alert tone="error">
          {toApiError(availability.error).status === 0
            ? 'Error loading API keys'
            : 'Failed to load API keys'}
        </Alert>
      )}
      <div className={styles.layout}>
        <Card title="Email Details">
          <form
            className={styles.form}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <TextField
              label="Recipient Name"
              required
              maxLength={100}
              value={inputs.recipientName}
              onChange={set('recipientName')}
            />
            <TextField
              label="Sender Name"
              required
              maxLength={100}
              value={inputs.senderName}
              onChange={set('senderName')}
            />
            <TextField
              label="Purpose of Email"
              required
              maxLength={500}
              value={inputs.purpose}
              onChange={set('purpose')}
            />
            <TextArea
              label="Key Details or Hints"
              rows={3}
              maxLength={2000}
              value={inputs.keyDetails}
              onChange={set('keyDetails')}
            />
            <Select
              label="Desired Tone"
              options={toneOptions}
              value={inputs.tone}
              onChange={set('tone')}
            />
            <TextArea
              label="Custom Prompt"
              rows={3}
              maxLength={2000}
              value={inputs.customPrompt}
              onChange={set('customPrompt')}
            />
            <Button
              type="button"
              variant="secondary"
              // Busy, it keeps focus (a disabled button would drop it to the page).
              loading={enhance.isPending}
              loadingText="Enhancing..."
              onClick={enhancePromptNow}
            >
              Enhance Prompt
            </Button>
            {inputs.enhancedPrompt && (
              <TextArea
                label="Enhanced Prompt"
                rows={5}
                maxLength={4000}
                value={inputs.enhancedPrompt}
                onChange={set('enhancedPrompt')}
              />
            )}
            <div className={styles.actions}>
              {/*
                Refusing, it stays in the tab order with the reason as its description; pressed,
                it says the reason (submit).
              */}
              <Button
                type="submit"
                aria-disabled={generateRefusal !== null || generate.isPending || undefined}
                aria-describedby={generateRefusal ? generateReasonId : undefined}
              >
                {generate.isPending ? 'Generating...' : 'Generate Email'}
              </Button>
              {generateRefusal && (
                <VisuallyHidden id={generateReasonId}>{generateRefusal}</VisuallyHidden>
              )}
              <Button
                type="button"
                variant="ghost"
                onClick={() => {
                  setInputs(emptyInputs);
                  setResult(null);
                }}
              >
                Reset
              </Button>
            </div>
          </form>
        </Card>
        <GeneratedEmailCard ref={resultHeading} streaming={streaming} result={result} />
      </div>
      <GenerationHistory
        onOpen={(generation) => {
          setResult({ subject: generation.subject, body: generation.body });
          // The email shows in the card above: take the reader there.
          resultHeading.current?.focus();
        }}
      />
    </section>
  );
}
