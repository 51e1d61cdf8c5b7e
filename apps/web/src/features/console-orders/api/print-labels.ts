import { useMutation } from '@tanstack/react-query';
import { sendAuthorized } from '@/shared/api/authorized.ts';
import { adminUrl } from '@/shared/console/admin-api.ts';

/**
 * GET /api/admin/labels/print?orders=A,B: one PDF of each order's label and packing slip, opened in
 * the tab `target` (opened by the click, so no pop-up blocker stops it) for the browser's viewer to
 * print; saved as a file when no tab could be opened.
 */
export async function printLabels(orders: readonly string[], target: Window | null): Promise<void> {
  try {
    const response = await sendAuthorized(adminUrl('/labels/print', { orders: orders.join(',') }));
    const href = URL.createObjectURL(await response.blob());
    if (target) {
      target.location.href = href;
    } else {
      const link = document.createElement('a');
      link.href = href;
      link.download = 'shipping-labels.pdf';
      link.hidden = true;
      document.body.append(link);
      link.click();
      link.remove();
    }
    // The tab holds its own reference to the document; the URL can go once it has loaded.
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  } catch (error) {
    target?.close();
    throw error;
  }
}

/** Print labels: `mutate(orders)` from the click itself, which opens the tab the PDF goes to. */
export function usePrintLabels() {
  const mutation = useMutation({
    mutationFn: ({ orders, target }: { orders: readonly string[]; target: Window | null }) =>
      printLabels(orders, target),
  });
  return {
    ...mutation,
    print: (orders: readonly string[]) =>
      mutation.mutate({ orders, target: window.open('', '_blank') }),
  };
}
