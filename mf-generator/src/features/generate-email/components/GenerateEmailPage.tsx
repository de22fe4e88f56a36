import {
  NO_KEYS_TO_ENHANCE,
  NO_KEYS_TO_GENERATE,
  REQUIRED_FIELDS_MESSAGE,
  emailTones,
  type EmailTone,
  type GeneratedEmail,
  type Generation,
} from '@coldmail/contracts';
import { paths } from '@coldmail/registry/pages';
import {
  api,
  refreshAfter,
  selectCredits,
  sessionActions,
  toApiError,
  useSession,
} from '@coldmail/session';
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
  formatDate,
  toast,
} from '@coldmail/ui';
import { useMutation, useQuery } from '@coldmail/query';
import { useEffect, useId, useRef, useState } from 'react';
import { downloadEmail, emailText } from './emailFile';
import { streamGeneration } from './streamGeneration';
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

async function copy(text: string, what: 'Subject' | 'Body' | 'Email') {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied to clipboard!`);
  } catch {
    toast.error(`Failed to copy ${what.toLowerCase()} to clipboard`);
  }
}

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
  const credits = useSession(selectCredits);
  const profile = useSession((state) => state.profile);
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
  const availability = useQuery(api.generator.availability.query());
  const noKeys = availability.data?.keysAvailable === false;
  // Why Generate refuses, in the order the spec checks: said on the button and when pressed.
  const generateRefusal = missing
    ? REQUIRED_FIELDS_MESSAGE
    : (credits ?? 0) < 1
      ? INSUFFICIENT_CREDITS
      : noKeys
        ? NO_KEYS_TO_GENERATE
        : null;
  const generate = useMutation({
    mutationFn: () => {
      setResult(null);
      setStreaming('');
      return streamGeneration(inputs, setStreaming);
    },
    onSettled: () => setStreaming(null),
    onSuccess: (email: GeneratedEmail) => {
      setResult({ subject: email.subject, body: email.body });
      // The shell's credit count follows without a reload.
      if (profile) sessionActions.setProfile({ ...profile, currentBalance: email.credits });
      toast.success('Email template generated successfully!');
      // The stream is not a typed-client call: what its entry makes stale is refreshed here.
      return refreshAfter('generator', 'generate');
    },
    onError: (error) => {
      const apiError = toApiError(error);
      // The last key may have gone since the page asked: ask again, so Generate turns off.
      if (apiError.status === 503) void availability.refetch();
      // The server gives the credit back on any failure after charging it.
      toast.error(
        apiError.status === 402 || apiError.status === 503
          ? apiError.message
          : `Error: ${apiError.message}`,
      );
    },
  });
  const enhance = useMutation({
    mutationFn: () => api.generator.enhancePrompt({ body: { prompt: inputs.customPrompt } }),
    onSuccess: ({ enhancedPrompt }) => {
      setInputs((current) => ({ ...current, enhancedPrompt }));
      toast.success('Prompt enhanced successfully!');
    },
    onError: (error) => toast.error(`Error enhancing prompt: ${toApiError(error).message}`),
  });

  const submit = () => {
    if (generate.isPending) return;
    if (generateRefusal) {
      toast.error(generateRefusal);
      return;
    }
    generate.mutate();
  };
  const enhancePromptNow = () => {
    if (!inputs.customPrompt.trim()) toast.error('Please enter a custom prompt to enhance');
    else if (noKeys) toast.error(NO_KEYS_TO_ENHANCE);
    else enhance.mutate();
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
        <Card
          title={
            <span ref={resultHeading} tabIndex={-1}>
              Generated Email
            </span>
          }
        >
          {streaming !== null ? (
            <pre className={styles.body} data-testid="streaming-email" aria-live="polite">
              {streaming || 'Writing...'}
            </pre>
          ) : result ? (
            <div className={styles.result} data-testid="generated-email">
              <div className={styles.line}>
                <strong>Subject: {result.subject}</strong>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => void copy(result.subject, 'Subject')}
                >
                  Copy Subject
                </Button>
              </div>
              <pre className={styles.body}>{result.body}</pre>
              <div className={styles.actions}>
                <Button size="sm" variant="ghost" onClick={() => void copy(result.body, 'Body')}>
                  Copy Body
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => void copy(emailText(result), 'Email')}
                >
                  Copy Entire Email
                </Button>
                <Button size="sm" variant="secondary" onClick={() => downloadEmail(result)}>
                  Download as Text
                </Button>
              </div>
            </div>
          ) : (
            <p className={styles.muted}>Your email appears here once it is generated.</p>
          )}
        </Card>
      </div>
      <History
        onOpen={(generation) => {
          setResult({ subject: generation.subject, body: generation.body });
          // The email shows in the card above: take the reader there.
          resultHeading.current?.focus();
        }}
      />
    </section>
  );
}

function History({ onOpen }: { onOpen(generation: Generation): void }) {
  const history = useQuery(api.generator.history.query());
  const heading = useRef<HTMLSpanElement>(null);
  const openButtons = useRef(new Map<string, HTMLButtonElement>());
  /** The email being deleted, and the one whose Open button takes focus once it has gone. */
  const afterDelete = useRef<{ deleted: string; next: string | null } | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => api.generator.deleteGeneration({ params: { id } }),
    onSuccess: () => {
      toast.success('Email deleted successfully');
    },
    onError: () => {
      afterDelete.current = null;
      toast.error('Failed to delete the email');
    },
  });
  // Once the deleted email is no longer listed, focus goes to the next email's Open button (the
  // previous one's for the last), or to the list's heading when none is left, instead of falling
  // to the page with the deleted row.
  useEffect(() => {
    const pending = afterDelete.current;
    const list = history.data;
    if (!pending || !list || list.some((generation) => generation._id === pending.deleted)) return;
    afterDelete.current = null;
    const next = pending.next ? openButtons.current.get(pending.next) : undefined;
    (next ?? heading.current)?.focus();
  }, [history.data]);

  const deleteEmail = (generation: Generation, index: number, list: Generation[]) => {
    if (remove.isPending) return;
    afterDelete.current = {
      deleted: generation._id,
      next: (list[index + 1] ?? list[index - 1])?._id ?? null,
    };
    remove.mutate(generation._id);
  };

  return (
    <Card
      title={
        <span ref={heading} tabIndex={-1}>
          Your Generated Emails
        </span>
      }
    >
      {history.isPending ? null : history.isError ? (
        <Alert tone="error">Failed to load data</Alert>
      ) : history.data.length === 0 ? (
        <p className={styles.muted}>Emails you generate are kept here.</p>
      ) : (
        <ul className={styles.history} aria-label="Generated emails">
          {history.data.map((generation, index, list) => (
            <li key={generation._id} className={styles.entry}>
              <span>
                <strong>{generation.subject}</strong>
                <span className={styles.muted}>
                  {' '}
                  · to {generation.recipientName} · {formatDate(generation.createdAt)}
                </span>
              </span>
              {/* Each named after its email: the list repeats them once per email. */}
              <span className={styles.actions}>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Open ${generation.subject}`}
                  ref={(button) => {
                    if (!button) return;
                    openButtons.current.set(generation._id, button);
                    return () => {
                      openButtons.current.delete(generation._id);
                    };
                  }}
                  onClick={() => onOpen(generation)}
                >
                  Open
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Copy ${generation.subject}`}
                  onClick={() => void copy(emailText(generation), 'Email')}
                >
                  Copy
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Download ${generation.subject}`}
                  onClick={() => downloadEmail(generation)}
                >
                  Download
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Delete ${generation.subject}`}
                  // While one is deleted the others wait; this one keeps focus until it goes.
                  aria-disabled={remove.isPending || undefined}
                  onClick={() => deleteEmail(generation, index, list)}
                >
                  Delete
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
