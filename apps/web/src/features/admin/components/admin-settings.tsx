import {
  OWNER_NOTICES,
  ownerNoticeSettingsSchema,
  type OwnerNoticeSettings,
} from '@vanya/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { FormError } from '../../../components/ui/form-parts';
import { api, DEFAULT_ERROR_MESSAGE, getErrorMessage } from '../../../lib/api-client';
import { ADMIN_TEXTS } from '../texts';

const T = ADMIN_TEXTS.settings;
const KEY = ['admin', 'settings', 'notifications'] as const;

/** The owners' settings: which events they are mailed about. */
export function AdminSettings() {
  const client = useQueryClient();
  const settings = useQuery({
    queryKey: KEY,
    queryFn: async () =>
      ownerNoticeSettingsSchema.parse((await api.get('/admin/settings/notifications')).data),
  });
  const save = useMutation({
    mutationFn: async (next: OwnerNoticeSettings) =>
      ownerNoticeSettingsSchema.parse((await api.put('/admin/settings/notifications', next)).data),
    onSuccess: (saved) => client.setQueryData(KEY, saved),
  });
  const current = settings.data;
  return (
    <section aria-labelledby="admin-settings-notices">
      <h2 id="admin-settings-notices" className="admin-subhead">
        {T.noticesHeading}
      </h2>
      <p className="admin-lead">{T.noticesLead}</p>
      {settings.isError ? (
        <FormError message={getErrorMessage(settings.error, DEFAULT_ERROR_MESSAGE)} />
      ) : null}
      {current ? (
        <ul className="admin-list">
          {OWNER_NOTICES.map((kind) => (
            <li key={kind} className="admin-row">
              <label className="switch admin-setting">
                <input
                  type="checkbox"
                  role="switch"
                  checked={current[kind]}
                  disabled={save.isPending}
                  onChange={(e) => save.mutate({ ...current, [kind]: e.target.checked })}
                />
                <span>{T.notices[kind]}</span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      {save.isError ? (
        <FormError message={getErrorMessage(save.error, DEFAULT_ERROR_MESSAGE)} />
      ) : null}
      {save.isSuccess ? (
        <p className="admin-done" role="status">
          {T.saved}
        </p>
      ) : null}
    </section>
  );
}
