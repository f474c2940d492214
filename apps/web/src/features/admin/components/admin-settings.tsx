import {
  OWNER_NOTICES,
  ownerNoticeSettingsSchema,
  type OwnerNoticeSettings,
} from '@vanya/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { Field } from '../../../components/ui/field';
import { BusyButton } from '../../../components/ui/form-parts';
import { api, DEFAULT_ERROR_MESSAGE } from '../../../lib/api-client';
import { ADMIN_TEXTS } from '../texts';
import { AdminShopSettings } from './admin-shop-settings';
import { SettingsSection } from './settings-section';

const T = ADMIN_TEXTS.settings;
const KEY = ['admin', 'settings', 'notifications'] as const;

/** The owners' settings: which events they are mailed (and texted) about. */
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
    <>
      <SettingsSection
        id="admin-settings-notices"
        heading={T.noticesHeading}
        lead={T.noticesLead}
        loadError={settings.error}
        saveError={save.error}
        saved={save.isSuccess && T.saved}
      >
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
        {current ? (
          <OwnerSmsForm
            current={current}
            busy={save.isPending}
            onSave={(next) => save.mutate({ ...current, ...next })}
          />
        ) : null}
      </SettingsSection>
      <AdminShopSettings />
    </>
  );
}

/**
 * The owner's mobile number and the "also by SMS" switch, saved together (a number is typed, so
 * it is not saved at each key). Checked here as the server checks it.
 */
function OwnerSmsForm({
  current,
  busy,
  onSave,
}: {
  current: OwnerNoticeSettings;
  busy: boolean;
  onSave: (next: Pick<OwnerNoticeSettings, 'smsPhone' | 'sms'>) => void;
}) {
  const [smsPhone, setSmsPhone] = useState(current.smsPhone);
  const [sms, setSms] = useState(current.sms);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = ownerNoticeSettingsSchema.safeParse({ ...current, smsPhone, sms });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? DEFAULT_ERROR_MESSAGE);
      return;
    }
    setError(null);
    onSave({ smsPhone: checked.data.smsPhone, sms: checked.data.sms });
  };
  return (
    <form className="admin-sms" onSubmit={submit} noValidate>
      <Field label={T.smsPhone} hint={T.smsPhoneHint} error={error}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={14}
            value={smsPhone}
            onChange={(e) => setSmsPhone(e.target.value)}
          />
        )}
      </Field>
      <label className="switch admin-setting">
        <input
          type="checkbox"
          role="switch"
          checked={sms}
          onChange={(e) => setSms(e.target.checked)}
        />
        <span>{T.sms}</span>
      </label>
      <BusyButton busy={busy} label={T.smsSave} busyLabel={T.smsSaving} className="btn" />
    </form>
  );
}
