import type { ReactNode } from 'react';

import { FormError } from '../../../components/ui/form-parts';
import { DEFAULT_ERROR_MESSAGE, getErrorMessage } from '../../../lib/api-client';

/** One section of the Settings tab: its heading, what it is for, and why it could not load. */
export function SettingsSection({
  id,
  heading,
  lead,
  loadError,
  children,
}: {
  id: string;
  heading: string;
  lead: string;
  loadError: unknown;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="admin-subhead">
        {heading}
      </h2>
      <p className="admin-lead">{lead}</p>
      {loadError ? <FormError message={getErrorMessage(loadError, DEFAULT_ERROR_MESSAGE)} /> : null}
      {children}
    </section>
  );
}
