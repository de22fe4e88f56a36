import { ApiError, errorOfAnswer, StreamError } from './api-error';
import { apiFetch } from './api-fetch';

/**
 * A stream entry's call (see Route.stream): POSTs `body` to `path` and reads the server-sent
 * events as they arrive. `onText` gets the text so far after each `chunk`; resolves to the
 * `done` event's data. A refusal before the first event (402, 429, 503...) and an `error` event
 * both reject with an ApiError, as every call of the typed client does.
 */
export async function readStream(
  path: string,
  body: unknown,
  onText: (soFar: string) => void,
  signal?: AbortSignal,
): Promise<unknown> {
  const response = await apiFetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
    signal,
  });
  if (!response.headers.get('content-type')?.includes('text/event-stream') || !response.body) {
    throw errorOfAnswer(response.status, await response.json().catch(() => ({})));
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
        return data;
      } else if (event === 'error') {
        const failure = errorOfAnswer(Number(data.statusCode ?? 500), {
          message: data.message ?? 'Generation failed',
        });
        throw new StreamError(failure.message, failure.status);
      }
    }
  }
  throw new ApiError('The stream ended before the answer was complete', 502);
}
