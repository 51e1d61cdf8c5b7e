import { useState } from 'react';
import { errorMessage } from '@/shared/console/console-error.tsx';
import { useToastStore } from '@/shared/toast/toast-store.ts';
import { useExportCustomer } from '../api/export-customer.ts';
import { EraseDialog, type ErasableCustomer } from './erase-dialog.tsx';
import './customers.css';

/**
 * Export JSON (everything the shop holds on the customer, downloaded) and Erase (with its dialog), for
 * the customer page and a data request's page.
 */
export function CustomerDataActions({ customer }: { customer: ErasableCustomer }) {
  const [erasing, setErasing] = useState(false);
  const download = useExportCustomer();
  const toast = useToastStore((s) => s.show);
  return (
    <div className="customer-actions">
      <button
        type="button"
        className="btn btn--outline btn--small"
        disabled={download.isPending}
        aria-busy={download.isPending}
        onClick={() =>
          download.mutate(customer.id, {
            onSuccess: (name) => toast('success', `Saved ${name}`),
          })
        }
      >
        {download.isPending ? 'Exporting…' : 'Export JSON'}
      </button>
      <button
        type="button"
        className="btn btn--small customers-danger"
        onClick={() => setErasing(true)}
      >
        Erase…
      </button>
      {download.isError ? (
        <p role="alert" className="customers-alert">
          The export failed: {errorMessage(download.error)}
        </p>
      ) : null}
      <EraseDialog customer={customer} open={erasing} onClose={() => setErasing(false)} />
    </div>
  );
}
