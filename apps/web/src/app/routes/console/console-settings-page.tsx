import { SettingsView } from '@/features/console-settings/components/settings-form.tsx';
import { ConsolePage } from '@/shared/console/console-page.tsx';

/** /admin/settings: the shop, shipping, rate tables and sales tax. */
export default function ConsoleSettingsPage() {
  return (
    <ConsolePage title="Settings">
      <SettingsView />
    </ConsolePage>
  );
}
