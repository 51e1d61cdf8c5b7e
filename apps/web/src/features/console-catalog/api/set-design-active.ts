import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminSend, adminUrl } from '@/shared/console/admin-api.ts';
import { ConsoleDesignSchema, type ConsoleDesign } from '@sunward/core/console-catalog';
import { updateCachedCatalog } from './get-console-catalog.ts';

/** PATCH /api/admin/catalog/designs/{designName}: the design as the server now has it. */
export function setDesignActive(change: {
  designName: string;
  active: boolean;
}): Promise<ConsoleDesign> {
  return adminSend(
    adminUrl(`/catalog/designs/${encodeURIComponent(change.designName)}`),
    { method: 'PATCH', body: { active: change.active } },
    ConsoleDesignSchema,
  );
}

/** Puts a design on sale or takes it off; its card follows the server's answer. */
export function useSetDesignActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setDesignActive,
    onSuccess: (design) =>
      updateCachedCatalog(client, (catalog) => ({
        ...catalog,
        designs: catalog.designs.map((d) => (d.designName === design.designName ? design : d)),
      })),
  });
}
