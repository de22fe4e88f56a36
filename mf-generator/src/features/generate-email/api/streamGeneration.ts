import type { GenerateEmailBody, GeneratedEmail } from '@coldmail/contracts';
import { newTraceparent, routes } from '@coldmail/contracts/routes';
import { ApiError, useSession } from '@coldmail/session';

/**
 * POST /api/generate-email/stream, read as it arrives: `onText` gets the email so far after each
 * chunk; resolves to the parsed email. A refusal before the first words (402, 429, 503...) and an
 * `error` event both reject with an ApiError.
 */
export async function streamGeneration(
  body: GenerateEmailBody,
  onText: (soFar: string) => void,
  signal?: AbortSignal,
): Promise<GeneratedEmail> {
  const { apiBaseUrl, adapter } = useSession.getState();
  const token = await adapter?.getIdToken();
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl}${routes.generator.generateStream.path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        traceparent: newTraceparent(),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    throw new ApiError(error instanceof Error ? error.message : 'Network error', 0);
  }
  if (!response.headers.get('content-type')?.includes('text/event-stream') || !response.body) {
    const answer = (await response.json().catch(() => ({}))) as {
      message?: string;
      fieldErrors?: Record<string, string>;
    };
    throw new ApiError(
      answer.message ?? `HTTP error! Status: ${response.status}`,
      response.status,
      answer.fieldErrors ?? {},
    );
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? '{}') as Record<string, unknown>;
      if (event === 'chunk') {
        text += String(data.text ?? '');
        onText(text);
      } else if (event === 'done') {
        return data as unknown as GeneratedEmail;
      } else if (event === 'error') {
        throw new ApiError(
          String(data.message ?? 'Generation failed'),
          Number(data.statusCode ?? 500),
        );
      }
    }
  }
  throw new ApiError('The stream ended before the email was complete', 502);
}
