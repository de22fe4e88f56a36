import type { GenerateEmailBody, GeneratedEmail } from '@coldmail/contracts';
import { api, StreamError, toApiError } from '@coldmail/session';
import { toast } from '@coldmail/ui';
import { useMutation, useQuery } from '@coldmail/query';

/** Whether an AI key can be used (no key reaches the browser): without one, generating is off. */
export const useAvailability = () => useQuery(api.generator.availability.query());

/**
 * Generates one email over the stream, showing its text as it comes (`onText`; null once done).
 * On success the shell's credit count follows and what a generation makes stale is refreshed;
 * a failure says why (the server gives the credit back on any failure after charging it).
 */
export function useGenerateEmail({
  onText,
  onGenerated,
  onKeysGone,
}: {
  onText(text: string | null): void;
  onGenerated(email: GeneratedEmail): void;
  /** The last key went since the page asked (503): ask again, so Generate turns off. */
  onKeysGone(): void;
}) {
  return useMutation({
    mutationFn: (inputs: GenerateEmailBody) => {
      onText('');
      return api.generator.generateStream({ body: inputs }, onText);
    },
    onSettled: () => onText(null),
    onSuccess: (email: GeneratedEmail) => {
      onGenerated(email);
      toast.success('Email template generated successfully!');
    },
    onError: (error) => {
      const apiError = toApiError(error);
      if (apiError.status === 503) onKeysGone();
      toast.error(
        apiError.status === 402 || apiError.status === 503
          ? apiError.message
          : apiError.status >= 500 && !(error instanceof StreamError)
            ? // The server failed before generating anything: taking the credit is what failed.
              'Failed to deduct credits'
            : `Error: ${apiError.message}`,
      );
    },
  });
}

/** Has Gemini sharpen the custom prompt; `onEnhanced` gets the new one. */
export function useEnhancePrompt(onEnhanced: (enhancedPrompt: string) => void) {
  return useMutation({
    mutationFn: (prompt: string) => api.generator.enhancePrompt({ body: { prompt } }),
    onSuccess: ({ enhancedPrompt }) => {
      onEnhanced(enhancedPrompt);
      toast.success('Prompt enhanced successfully!');
    },
    onError: (error) => toast.error(`Error enhancing prompt: ${toApiError(error).message}`),
  });
}

/** The buyer's generated emails, newest first. */
export const useGenerationHistory = () => useQuery(api.generator.history.query());

/** Deletes one generated email; `onFailed` runs when it could not be deleted. */
export function useDeleteGeneration(onFailed: () => void) {
  return useMutation({
    mutationFn: (id: string) => api.generator.deleteGeneration({ params: { id } }),
    onSuccess: () => {
      toast.success('Email deleted successfully');
    },
    onError: () => {
      onFailed();
      toast.error('Failed to delete the email');
    },
  });
}
