import type { ReactNode } from 'react';

import { FormError } from '../../../components/ui/form-parts';
import { DEFAULT_ERROR_MESSAGE, getErrorMessage } from '../../../lib/api-client';

/**
 * One section of the Settings tab: its heading, what it is for, why it could not load, and after
 * its form, why a save failed (`saveError`, when the form does not show it at a field) or that it
 * was saved (`saved`, the words to say so).
 */
export function SettingsSection({
  id,
  heading,
  lead,
  loadError,
  saveError,
  saved,
  children,
}: {
  id: string;
  heading: string;
  lead: string;
  loadError: unknown;
  saveError: unknown;
  saved: string | false;
  children: ReactNode;
}) {
  return (
    <section className="admin-settings-section" aria-labelledby={id}>
      <h2 id={id} className="admin-subhead">
        {heading}
      </h2>
      <p className="admin-lead">{lead}</p>
      {loadError ? <FormError message={getErrorMessage(loadError, DEFAULT_ERROR_MESSAGE)} /> : null}
      {children}
      {saveError ? <FormError message={getErrorMessage(saveError, DEFAULT_ERROR_MESSAGE)} /> : null}
      {saved ? (
        <p className="admin-done" role="status">
          {saved}
        </p>
      ) : null}
    </section>
  );
}
