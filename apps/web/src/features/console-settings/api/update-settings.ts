import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConsoleSettingsSchema, type ConsoleSettings } from '@sunward/core/settings';
import { configurationQuery } from '@/shared/api/catalog/get-configuration.ts';
import { adminSend, adminUrl } from '@/shared/console/admin-api.ts';
import { consoleSettingsKey } from './get-settings.ts';

/**
 * PATCH /api/admin/settings with the changed settings by key: all saved or none (422
 * `invalid_settings` with a message per field in `fields`).
 */
export function updateSettings(patch: Record<string, unknown>): Promise<ConsoleSettings> {
  return adminSend(adminUrl('/settings'), { method: 'PATCH', body: patch }, ConsoleSettingsSchema);
}

/** Saves; the form and the console's header (the shop's name) follow the server's answer. */
export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (saved) => {
      client.setQueryData(consoleSettingsKey, saved);
      void client.invalidateQueries({ queryKey: configurationQuery.queryKey });
    },
  });
}
