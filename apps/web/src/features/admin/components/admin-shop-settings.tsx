import {
  calendarDateInIndia,
  DEFAULT_SHOP_SETTINGS,
  dispatchDayPassed,
  formatINR,
  paiseToRupees,
  rupeesToPaise,
  SHIPPING_FEE_PAISE,
  SHOP_SETTINGS_LIMITS,
  type ShopSettings,
} from '@vanya/catalog';
import { SHOP_SETTINGS_MESSAGES, shopSettingsSchema } from '@vanya/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';

import { BusyButton } from '../../../components/ui/form-parts';
import { Notice } from '../../../components/ui/notice';
import { getShopSettings, SHOP_SETTINGS_KEY } from '../../../hooks/use-shop-settings';
import { api, isApiError } from '../../../lib/api-client';
import { SettingsSection } from './settings-section';

export const SHOP_SETTINGS_TEXTS = {
  heading: 'Shop settings',
  lead: 'What shoppers see and pay, changed here without a new release. The checkout charges the values saved here.',
  preOrderOn: 'Orders are pre-orders',
  dispatchFrom: 'First dispatch day',
  dispatchFromHint:
    'Delivery dates are counted from this day while pre-orders are on; from the day after it, the shop takes ordinary orders again.',
  text: 'Pre-order text',
  textHint: (max: number) =>
    `Shown on the product pages, at checkout and in the order mail; at most ${max} characters. Default: “${DEFAULT_SHOP_SETTINGS.preOrder.text}”`,
  codFee: 'Cash on delivery fee (₹)',
  codMax: 'Cash on delivery up to (₹ of goods)',
  freeShipping: 'Free shipping from (₹)',
  freeShippingHint: (fee: string) => `Below it, shipping costs ${fee}.`,
  save: 'Save shop settings',
  saving: 'Saving…',
  saved: 'Shop settings saved. Shoppers see them on their next page load.',
} as const;

const T = SHOP_SETTINGS_TEXTS;
const ADMIN_KEY = ['admin', 'settings', 'shop'] as const;

type Field = 'dispatchFrom' | 'text' | 'codFee' | 'codMax' | 'freeShipping';

/** The form's values as typed: amounts in rupees, as text. */
interface Draft {
  on: boolean;
  dispatchFrom: string;
  text: string;
  codFee: string;
  codMax: string;
  freeShipping: string;
}

const rupees = (paise: number) => String(paiseToRupees(paise));

function draftOf(settings: ShopSettings): Draft {
  return {
    on: settings.preOrder.on,
    dispatchFrom: settings.preOrder.dispatchFrom,
    text: settings.preOrder.text,
    codFee: rupees(settings.codFeePaise),
    codMax: rupees(settings.codMaxGoodsPaise),
    freeShipping: rupees(settings.freeShippingThresholdPaise),
  };
}

/** Rupees as typed to paise; NaN for what is not an amount (the schema then names the field). */
function paiseOf(value: string): number {
  try {
    return rupeesToPaise(value);
  } catch {
    return Number.NaN;
  }
}

/** The server's field of an issue path, as the form names it. */
const FIELD_OF: Record<string, Field> = {
  'preOrder.dispatchFrom': 'dispatchFrom',
  'preOrder.text': 'text',
  codFeePaise: 'codFee',
  codMaxGoodsPaise: 'codMax',
  freeShippingThresholdPaise: 'freeShipping',
};

/**
 * The owner's shop settings: the pre-order switch, its first dispatch day and text, the
 * cash-on-delivery fee and limit, and the free-shipping threshold. Checked here as the server
 * checks them (the contracts' schema), saved together.
 */
export function AdminShopSettings() {
  const client = useQueryClient();
  // Read fresh for the form, never the storefront's cached copy or its defaults.
  const settings = useQuery({ queryKey: ADMIN_KEY, queryFn: getShopSettings, staleTime: 0 });
  const save = useMutation({
    mutationFn: async (next: ShopSettings) =>
      shopSettingsSchema.parse((await api.put('/admin/settings/shop', next)).data),
    onSuccess: (saved) => {
      client.setQueryData(ADMIN_KEY, saved);
      client.setQueryData(SHOP_SETTINGS_KEY, saved);
    },
  });
  return (
    <SettingsSection
      id="admin-settings-shop"
      heading={T.heading}
      lead={T.lead}
      loadError={settings.error}
      saveError={Object.keys(serverErrors(save.error)).length === 0 && save.error}
      saved={save.isSuccess && T.saved}
    >
      {settings.data ? (
        <ShopSettingsForm
          current={settings.data}
          busy={save.isPending}
          onSave={(next) => save.mutate(next)}
          serverErrors={serverErrors(save.error)}
        />
      ) : null}
    </SettingsSection>
  );
}

/** A 400's refused fields, by the form's names. */
function serverErrors(error: unknown): Partial<Record<Field, string>> {
  if (!isApiError(error) || !error.issues) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of error.issues) {
    const field = FIELD_OF[issue.path.join('.')];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

function ShopSettingsForm({
  current,
  busy,
  onSave,
  serverErrors: fromServer,
}: {
  current: ShopSettings;
  busy: boolean;
  onSave: (next: ShopSettings) => void;
  serverErrors: Partial<Record<Field, string>>;
}) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(current));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const shown = { ...fromServer, ...errors };
  const set = (field: keyof Draft, value: string | boolean) =>
    setDraft((d) => ({ ...d, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = shopSettingsSchema.safeParse({
      preOrder: { on: draft.on, dispatchFrom: draft.dispatchFrom, text: draft.text },
      codFeePaise: paiseOf(draft.codFee),
      codMaxGoodsPaise: paiseOf(draft.codMax),
      freeShippingThresholdPaise: paiseOf(draft.freeShipping),
    });
    if (!checked.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const field = FIELD_OF[issue.path.join('.')];
        if (field && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    // The server refuses it too; said here at once, beside the field.
    const { preOrder } = checked.data;
    if (dispatchDayPassed(preOrder, calendarDateInIndia(new Date()))) {
      setErrors({ dispatchFrom: SHOP_SETTINGS_MESSAGES.dispatchFromPast(preOrder.dispatchFrom) });
      return;
    }
    setErrors({});
    onSave(checked.data);
  };

  const field = (
    name: Field,
    label: string,
    input: (props: {
      id: string;
      'aria-invalid': boolean;
      'aria-describedby': string | undefined;
    }) => ReactNode,
    hint?: string,
  ) => {
    const fieldId = `${id}-${name}`;
    const error = shown[name];
    const describedBy =
      [hint ? `${fieldId}-hint` : '', error ? `${fieldId}-error` : ''].filter(Boolean).join(' ') ||
      undefined;
    return (
      <div className="field">
        <label className="field__label" htmlFor={fieldId}>
          {label}
        </label>
        {input({ id: fieldId, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
        {hint ? (
          <p className="field__hint" id={`${fieldId}-hint`}>
            {hint}
          </p>
        ) : null}
        {error ? (
          <p className="field__error" id={`${fieldId}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  const amount = (name: 'codFee' | 'codMax' | 'freeShipping') => (props: object) => (
    <input
      {...props}
      className="input"
      type="text"
      inputMode="decimal"
      value={draft[name]}
      onChange={(e) => set(name, e.target.value)}
    />
  );

  const ended = dispatchDayPassed(current.preOrder, calendarDateInIndia(new Date()));

  return (
    <form className="admin-shop-settings" onSubmit={submit} noValidate>
      {ended ? (
        <Notice tone="info">
          {SHOP_SETTINGS_MESSAGES.preOrdersEnded(current.preOrder.dispatchFrom)}
        </Notice>
      ) : null}
      <label className="switch admin-setting">
        <input
          type="checkbox"
          role="switch"
          checked={draft.on}
          onChange={(e) => set('on', e.target.checked)}
        />
        <span>{T.preOrderOn}</span>
      </label>
      {field(
        'dispatchFrom',
        T.dispatchFrom,
        (props) => (
          <input
            {...props}
            className="input"
            type="date"
            value={draft.dispatchFrom}
            onChange={(e) => set('dispatchFrom', e.target.value)}
          />
        ),
        T.dispatchFromHint,
      )}
      {field(
        'text',
        T.text,
        (props) => (
          <textarea
            {...props}
            className="input"
            rows={2}
            value={draft.text}
            onChange={(e) => set('text', e.target.value)}
          />
        ),
        T.textHint(SHOP_SETTINGS_LIMITS.preOrderTextMax),
      )}
      {field('codFee', T.codFee, amount('codFee'))}
      {field('codMax', T.codMax, amount('codMax'))}
      {field(
        'freeShipping',
        T.freeShipping,
        amount('freeShipping'),
        T.freeShippingHint(formatINR(SHIPPING_FEE_PAISE)),
      )}
      <BusyButton busy={busy} label={T.save} busyLabel={T.saving} className="btn" />
    </form>
  );
}
