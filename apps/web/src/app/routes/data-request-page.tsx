import { DataRequestForm } from '@/features/support/components/data-request-form.tsx';
import { PageTitle } from '@/shared/ui/page-title.tsx';

/** /data-request (spec 2): a privacy data request, email and message. */
export default function DataRequestPage() {
  return (
    <div className="page container">
      <PageTitle title="Data Request" />
      <h1 className="page-title">Data Request</h1>
      <p className="page-lead">
        Ask for a copy of the personal information we hold about you, for a correction, or for its
        deletion. We confirm your request by email.
      </p>
      <DataRequestForm />
    </div>
  );
}
