import { useMutation } from '@tanstack/react-query';
import { adminUrl } from '@/shared/console/admin-api.ts';
import { downloadAdminFile } from '@/shared/console/download-file.ts';

/**
 * GET /api/admin/data-requests/{id}/export: everything kept under a proven request's email (decision
 * 053), saved as the JSON file the server names.
 */
export const exportRequestData = (requestId: string) =>
  downloadAdminFile(
    adminUrl(`/data-requests/${encodeURIComponent(requestId)}/export`),
    `data-request-${requestId}.json`,
  );

export function useExportRequestData() {
  return useMutation({ mutationFn: exportRequestData });
}
