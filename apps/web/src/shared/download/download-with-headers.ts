import { readErrorEnvelope } from '../api/http-error.ts';

const fileNameFromDisposition = (header: string | null): string | null => {
  if (!header) {
    return null;
  }
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // Fall through to the plain form.
    }
  }

  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? null;
};

/**
 * A plain link cannot carry an Authorization header, so the file is fetched with it and handed
 * to the browser as a blob URL.
 */
export const downloadWithHeaders = async (url: string, headers: Record<string, string>, fallbackName: string): Promise<void> => {
  const response = await fetch(url, { headers });
  if (!response.ok) {
    throw readErrorEnvelope(response.status, await response.text());
  }
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = objectUrl;
  anchor.download = fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoking at once can cancel the save in some browsers; a minute is plenty.
  window.setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
};
