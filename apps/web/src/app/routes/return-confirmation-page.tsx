import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { ReturnConfirmation } from '@/features/returns/components/return-confirmation.tsx';
import { readReturnState } from '@/features/returns/lib/return-state.ts';
import { PageTitle } from '@/shared/ui/page-title.tsx';

/**
 * /return/confirmation (spec 2, Return Confirmation): needs the order (and a guest's email) in
 * navigation state, as /return leaves it after Submit Return; without it nothing renders.
 */
export default function ReturnConfirmationPage() {
  const location = useLocation();
  const state = useMemo(() => readReturnState(location.state), [location.state]);
  if (!state) return null;
  return (
    <div className="page">
      <PageTitle title="Return Confirmation" />
      <ReturnConfirmation key={location.key} order={state.order} email={state.email} />
    </div>
  );
}
