import { sendAuthorized } from '@/shared/api/authorized.ts';

/** The file name a Content-Disposition header gives (`filename*=` first, then `filename=`). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A badly encoded name: try the plain one.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/**
 * Downloads a file an operator's call answers (a CSV export, a customer's data as JSON): the request
 * carries the bearer (so a plain link cannot do it), the answer is saved under the name the server gives
 * in Content-Disposition, else `fallbackName`. Throws the server's error as an ApiError; resolves with
 * the name saved.
 */
export async function downloadAdminFile(url: string, fallbackName: string): Promise<string> {
  const response = await sendAuthorized(url);
  const blob = await response.blob();
  const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once click() returns; the URL can go on the next task.
  setTimeout(() => URL.revokeObjectURL(href), 0);
  return name;
}
