import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { ReturnForm } from '@/features/returns/components/return-form.tsx';
import { readReturnState } from '@/features/returns/lib/return-state.ts';
import { PageTitle } from '@/shared/ui/page-title.tsx';

/**
 * /return (spec 2, Start a Return): needs the order in navigation state ({ order, email? }, from the
 * account's or the lookup's Create Return); without it nothing renders, as the spec says.
 */
export default function ReturnPage() {
  const location = useLocation();
  const state = useMemo(() => readReturnState(location.state), [location.state]);
  if (!state) return null;
  return (
    <div className="page">
      <PageTitle title="Start a Return" />
      <ReturnForm key={location.key} order={state.order} email={state.email} />
    </div>
  );
}
