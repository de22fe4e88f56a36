import { errorOfAnswer } from './api-error';
import { apiFetch } from './api-fetch';

/**
 * Downloads a list's CSV export (`?format=csv` on its contract path, with the list's own search,
 * sort and filters; not its page): the signed-in caller's request, saved under the name the API
 * gives it. Rejects with an ApiError as every call of the typed client does.
 */
export async function downloadCsv(path: string, query: Record<string, unknown>): Promise<void> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    // The export is the whole list, not the page on screen.
    if (value === undefined || value === '' || key === 'page' || key === 'pageSize') continue;
    search.set(key, String(value));
  }
  search.set('format', 'csv');
  await saveAnswer(`${path}?${search}`, 'export.csv');
}

/**
 * Downloads a GET endpoint's JSON answer as a file ("Download my data": its contract path), as
 * the API wrote it and under the name it gives it. Rejects with an ApiError as downloadCsv does.
 */
export async function downloadJson(path: string): Promise<void> {
  await saveAnswer(path, 'export.json');
}

/** The caller's GET of `path`, saved by the browser under the answer's file name. */
async function saveAnswer(path: string, fallbackName: string): Promise<void> {
  const response = await apiFetch(path);
  if (!response.ok) {
    throw errorOfAnswer(response.status, await response.json().catch(() => ({})));
  }
  const blob = await response.blob();
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
