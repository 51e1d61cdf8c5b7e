import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { EraseCustomerAnswer } from '@sunward/core/console-customers';
import { errorMessage } from '@/shared/console/console-error.tsx';
import { useToastStore } from '@/shared/toast/toast-store.ts';
import { useEraseCustomer } from '../api/erase-customer.ts';
import { useEraseRequestData } from '../api/erase-request-data.ts';
import { useExportCustomer } from '../api/export-customer.ts';
import { useExportRequestData } from '../api/export-request-data.ts';
import { EraseDialog, type ErasableCustomer, type ErasureSubject } from './erase-dialog.tsx';
import './customers.css';

/** Export JSON (downloaded, the name saved said) and Erase… (with its dialog). */
function DataActions({
  subject,
  person,
  download,
  erase,
}: {
  subject: ErasureSubject;
  /** Whose data: `id` is what the export is asked by (the customer's or the request's). */
  person: ErasableCustomer;
  download: UseMutationResult<string, Error, string>;
  erase: UseMutationResult<EraseCustomerAnswer, Error, string>;
}) {
  const [erasing, setErasing] = useState(false);
  const toast = useToastStore((s) => s.show);
  return (
    <div className="customer-actions">
      <button
        type="button"
        className="btn btn--outline btn--small"
        disabled={download.isPending}
        aria-busy={download.isPending}
        onClick={() =>
          download.mutate(person.id, {
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
      <EraseDialog
        subject={subject}
        customer={person}
        erase={erase}
        open={erasing}
        onClose={() => setErasing(false)}
      />
    </div>
  );
}

/**
 * Export JSON (everything the shop holds on the customer, downloaded) and Erase (with its dialog), for
 * the customer page and a data request's page.
 */
export function CustomerDataActions({ customer }: { customer: ErasableCustomer }) {
  const download = useExportCustomer();
  const erase = useEraseCustomer(customer.id);
  return <DataActions subject="customer" person={customer} download={download} erase={erase} />;
}

/**
 * Export JSON and Erase of everything kept under a data request's email, once the requester proved it
 * (decision 053): guest orders, messages, requests and emails, whoever placed them.
 */
export function RequestDataActions({ request }: { request: { id: string; email: string } }) {
  const download = useExportRequestData();
  const erase = useEraseRequestData(request.id);
  return (
    <DataActions
      subject="request"
      person={{ id: request.id, email: request.email, name: '' }}
      download={download}
      erase={erase}
    />
  );
}
