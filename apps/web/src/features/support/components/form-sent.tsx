import { useEffect, useRef, type ReactNode } from 'react';
import { FORM_SUBMITTED } from '@sunward/core/support';

/** What replaces a form once the shop has it (spec 2): 'Form Submitted Successfully', focused. */
export function FormSent({ children }: { children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} className="support-form__sent" role="status" tabIndex={-1}>
      <p className="support-form__sent-title">{FORM_SUBMITTED}</p>
      {children}
    </div>
  );
}
