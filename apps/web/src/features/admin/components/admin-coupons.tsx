import { formatINR, rupeesToPaise } from '@vanya/catalog';
import {
  couponInputSchema,
  ORDER_STATUS_LABELS,
  type Coupon,
  type CouponInput,
} from '@vanya/contracts';
import { useId, useState, type ReactNode } from 'react';

import { FormError } from '../../../components/ui/form-parts';
import { DEFAULT_ERROR_MESSAGE, getErrorMessage } from '../../../lib/api-client';
import { useAdminCoupons, useCouponUses, useSaveCoupon } from '../api/admin-coupons-api';
import { COUPON_ADMIN_TEXTS as T, couponGives } from '../coupon-texts';
import { ADMIN_TEXTS } from '../texts';
import './admin-coupons.css';

const IST = 'Asia/Kolkata';
const day = new Intl.DateTimeFormat('en-IN', {
  timeZone: IST,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
/** YYYY-MM-DD of an instant in India, as a date input holds it. */
const isoDay = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: IST }).format(new Date(iso));

/** The form as typed: rupees and whole numbers as text, days as YYYY-MM-DD. */
type Draft = {
  code: string;
  kind: 'percent' | 'flat';
  value: string;
  maxDiscount: string;
  minOrder: string;
  startsOn: string;
  endsOn: string;
  usageLimit: string;
  perCustomerLimit: string;
  active: boolean;
};

const EMPTY: Draft = {
  code: '',
  kind: 'percent',
  value: '',
  maxDiscount: '',
  minOrder: '',
  startsOn: '',
  endsOn: '',
  usageLimit: '',
  perCustomerLimit: '1',
  active: true,
};

/** Paise as the rupees an owner types: '300', '99.5'. */
const rupeesText = (paise: number) => String(paise / 100);

function draftOf(c: Coupon): Draft {
  return {
    code: c.code,
    kind: c.kind,
    value: c.kind === 'percent' ? String(c.value) : rupeesText(c.value),
    maxDiscount: c.maxDiscount === null ? '' : rupeesText(c.maxDiscount),
    minOrder: c.minOrder === 0 ? '' : rupeesText(c.minOrder),
    startsOn: c.startsAt ? isoDay(c.startsAt) : '',
    endsOn: c.endsAt ? isoDay(c.endsAt) : '',
    usageLimit: c.usageLimit === null ? '' : String(c.usageLimit),
    perCustomerLimit: String(c.perCustomerLimit),
    active: c.active,
  };
}

/** The coupon as the API takes it (paise; a day starts and ends in India), or the fields' errors. */
function inputOf(d: Draft): { input: CouponInput } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const paise = (field: keyof Draft, text: string): number | null => {
    if (text.trim() === '') return null;
    try {
      return rupeesToPaise(text);
    } catch {
      errors[field] = T.rupeesError;
      return null;
    }
  };
  const whole = (field: keyof Draft, text: string): number | null => {
    if (text.trim() === '') return null;
    if (!/^\d+$/.test(text.trim())) {
      errors[field] = T.wholeNumber;
      return null;
    }
    return Number(text);
  };
  const percent = d.kind === 'percent';
  const raw = {
    code: d.code,
    kind: d.kind,
    value: (percent ? whole('value', d.value) : paise('value', d.value)) ?? 0,
    minOrder: paise('minOrder', d.minOrder) ?? 0,
    maxDiscount: percent ? paise('maxDiscount', d.maxDiscount) : null,
    // The owner picks days; a coupon runs from the first day's start to the last day's end in IST.
    startsAt: d.startsOn ? `${d.startsOn}T00:00:00.000+05:30` : null,
    endsAt: d.endsOn ? `${d.endsOn}T23:59:59.999+05:30` : null,
    usageLimit: whole('usageLimit', d.usageLimit),
    perCustomerLimit: whole('perCustomerLimit', d.perCustomerLimit) ?? 1,
    active: d.active,
  };
  const parsed = couponInputSchema.safeParse(raw);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'code');
      errors[field === 'startsAt' ? 'startsOn' : field === 'endsAt' ? 'endsOn' : field] ??=
        issue.message;
    }
  return Object.keys(errors).length > 0 || !parsed.success ? { errors } : { input: parsed.data };
}

/** The coupon as it stands, as the API takes it back (an edit sends every field). */
function inputFromCoupon(c: Coupon): CouponInput {
  return {
    code: c.code,
    kind: c.kind,
    value: c.value,
    minOrder: c.minOrder,
    maxDiscount: c.maxDiscount,
    startsAt: c.startsAt,
    endsAt: c.endsAt,
    usageLimit: c.usageLimit,
    perCustomerLimit: c.perCustomerLimit,
    active: c.active,
  };
}

/** Coupons: the list with what each gives and how much it was used, a form, pause and uses. */
export function AdminCoupons() {
  const coupons = useAdminCoupons();
  const save = useSaveCoupon();
  // 'new', the code being edited, or nothing.
  const [editing, setEditing] = useState<string | null>(null);
  const [usesOf, setUsesOf] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // A pause or resume is confirmed in its coupon's row, where the owner pressed it.
  const [toggled, setToggled] = useState<{ code: string; text: string } | null>(null);

  const toggle = (c: Coupon) => {
    setDone(null);
    setToggled(null);
    save.mutate(
      { input: { ...inputFromCoupon(c), active: !c.active }, editing: c.code },
      {
        onSuccess: (saved) =>
          setToggled({ code: c.code, text: saved.active ? T.resumed(c.code) : T.paused(c.code) }),
      },
    );
  };

  const editingCoupon =
    editing && editing !== 'new' ? coupons.data?.find((c) => c.code === editing) : undefined;

  return (
    <section aria-label={ADMIN_TEXTS.tabs.coupons} className="admin-coupons">
      <div className="admin-coupons__head">
        <p className="admin-lead">{T.lead}</p>
        {editing === null ? (
          <button
            type="button"
            className="btn btn--primary btn--sm"
            onClick={() => {
              setDone(null);
              setEditing('new');
            }}
          >
            {T.newCoupon}
          </button>
        ) : null}
      </div>

      {editing !== null ? (
        <CouponForm
          key={editing}
          coupon={editingCoupon}
          onCancel={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setDone(T.saved(saved.code));
          }}
        />
      ) : null}

      {done ? (
        <p className="admin-done" role="status">
          {done}
        </p>
      ) : null}
      {coupons.isError ? (
        <FormError message={getErrorMessage(coupons.error, DEFAULT_ERROR_MESSAGE)} />
      ) : null}
      {save.isError && editing === null ? (
        <FormError message={getErrorMessage(save.error, DEFAULT_ERROR_MESSAGE)} />
      ) : null}
      {coupons.data?.length === 0 ? <p className="admin-empty">{T.empty}</p> : null}

      <ul className="admin-list">
        {coupons.data?.map((c) => (
          <li key={c.code} className={`admin-row coupon-row${c.active ? '' : ' is-paused'}`}>
            <div className="admin-row__main">
              <p className="admin-row__title">
                <span className="coupon-row__code">{c.code}</span>{' '}
                <span className={`status status--${c.active ? 'active' : 'paused'}`}>
                  {c.active ? T.status.active : T.status.paused}
                </span>
              </p>
              <p className="coupon-row__gives">{couponGives(c)}</p>
              <p className="admin-row__meta">
                {T.minimum(c.minOrder)} · {T.perShopper(c.perCustomerLimit)} · {dates(c)}
              </p>
            </div>
            <div className="coupon-row__side">
              <p className="coupon-row__uses">
                <span className="visually-hidden">{T.usesLabel}: </span>
                {T.uses(c)}
              </p>
              <div className="admin-actions">
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  aria-label={`${T.edit} ${c.code}`}
                  onClick={() => {
                    setDone(null);
                    setEditing(c.code);
                  }}
                >
                  {T.edit}
                </button>
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  aria-label={`${c.active ? T.pause : T.resume} ${c.code}`}
                  disabled={save.isPending}
                  onClick={() => toggle(c)}
                >
                  {c.active ? T.pause : T.resume}
                </button>
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  aria-expanded={usesOf === c.code}
                  aria-label={`${usesOf === c.code ? T.hideUses : T.showUses} ${c.code}`}
                  onClick={() => setUsesOf(usesOf === c.code ? null : c.code)}
                >
                  {usesOf === c.code ? T.hideUses : T.showUses}
                </button>
              </div>
            </div>
            {toggled?.code === c.code ? (
              <p className="admin-done coupon-row__done" role="status">
                {toggled.text}
              </p>
            ) : null}
            {usesOf === c.code ? <CouponUses code={c.code} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** An order's status in words (a status without words yet shows as it is named). */
const statusName = (status: string) =>
  (ORDER_STATUS_LABELS as Partial<Record<string, string>>)[status] ?? status;

function dates(c: Coupon): string {
  const from = c.startsAt ? day.format(new Date(c.startsAt)) : null;
  const to = c.endsAt ? day.format(new Date(c.endsAt)) : null;
  if (from && to) return T.between(from, to);
  if (from) return T.from(from);
  if (to) return T.until(to);
  return T.always;
}

function CouponUses({ code }: { code: string }) {
  const uses = useCouponUses(code);
  return (
    <div className="coupon-uses" aria-label={`${T.showUses} ${code}`} role="region">
      {uses.isError ? (
        <FormError message={getErrorMessage(uses.error, DEFAULT_ERROR_MESSAGE)} />
      ) : null}
      {uses.data?.length === 0 ? <p className="admin-empty">{T.noUses}</p> : null}
      {uses.data?.length ? (
        <ul className="admin-lines">
          {uses.data.map((u) => (
            <li key={u.orderId} className={u.givenBackAt ? 'is-given-back' : undefined}>
              <span className="coupon-uses__order">
                {u.orderNumber ?? u.orderId}
                {u.status ? ` · ${statusName(u.status)}` : ''}
                {u.givenBackAt ? ` · ${T.givenBack}` : ''} · {day.format(new Date(u.at))}
              </span>
              <span>−{formatINR(u.discount)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function CouponForm({
  coupon,
  onCancel,
  onSaved,
}: {
  coupon?: Coupon;
  onCancel: () => void;
  onSaved: (saved: Coupon) => void;
}) {
  const save = useSaveCoupon();
  const [draft, setDraft] = useState<Draft>(coupon ? draftOf(coupon) : EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const headingId = useId();
  const set = (change: Partial<Draft>) => setDraft({ ...draft, ...change });
  const percent = draft.kind === 'percent';

  return (
    <form
      className="admin-card coupon-form"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const result = inputOf(draft);
        if ('errors' in result) {
          setErrors(result.errors);
          return;
        }
        setErrors({});
        save.mutate({ input: result.input, editing: coupon?.code }, { onSuccess: onSaved });
      }}
    >
      <h3 id={headingId}>{coupon ? T.formEdit(coupon.code) : T.formNew}</h3>
      <div className="coupon-form__grid">
        <FormField label={T.code} hint={coupon ? undefined : T.codeHint} error={errors.code}>
          {(props) => (
            <input
              {...props}
              className="input coupon-form__code"
              value={draft.code}
              readOnly={Boolean(coupon)}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={20}
              onChange={(e) => set({ code: e.target.value.toUpperCase() })}
            />
          )}
        </FormField>
        <FormField label={T.kind}>
          {(props) => (
            <select
              {...props}
              className="input"
              value={draft.kind}
              onChange={(e) => set({ kind: e.target.value as Draft['kind'] })}
            >
              <option value="percent">{T.kinds.percent}</option>
              <option value="flat">{T.kinds.flat}</option>
            </select>
          )}
        </FormField>
        <FormField label={percent ? T.percent : T.rupees} error={errors.value}>
          {(props) => (
            <input
              {...props}
              className="input"
              inputMode={percent ? 'numeric' : 'decimal'}
              value={draft.value}
              onChange={(e) => set({ value: e.target.value })}
            />
          )}
        </FormField>
        {percent ? (
          <FormField label={T.maxDiscount} hint={T.maxDiscountHint} error={errors.maxDiscount}>
            {(props) => (
              <input
                {...props}
                className="input"
                inputMode="decimal"
                value={draft.maxDiscount}
                onChange={(e) => set({ maxDiscount: e.target.value })}
              />
            )}
          </FormField>
        ) : null}
        <FormField label={T.minOrder} error={errors.minOrder}>
          {(props) => (
            <input
              {...props}
              className="input"
              inputMode="decimal"
              value={draft.minOrder}
              onChange={(e) => set({ minOrder: e.target.value })}
            />
          )}
        </FormField>
        <FormField label={T.startsOn} error={errors.startsOn}>
          {(props) => (
            <input
              {...props}
              className="input"
              type="date"
              value={draft.startsOn}
              onChange={(e) => set({ startsOn: e.target.value })}
            />
          )}
        </FormField>
        <FormField label={T.endsOn} error={errors.endsOn}>
          {(props) => (
            <input
              {...props}
              className="input"
              type="date"
              value={draft.endsOn}
              onChange={(e) => set({ endsOn: e.target.value })}
            />
          )}
        </FormField>
        <FormField label={T.usageLimit} hint={T.usageLimitHint} error={errors.usageLimit}>
          {(props) => (
            <input
              {...props}
              className="input"
              inputMode="numeric"
              value={draft.usageLimit}
              onChange={(e) => set({ usageLimit: e.target.value })}
            />
          )}
        </FormField>
        <FormField label={T.perCustomerLimit} error={errors.perCustomerLimit}>
          {(props) => (
            <input
              {...props}
              className="input"
              inputMode="numeric"
              value={draft.perCustomerLimit}
              onChange={(e) => set({ perCustomerLimit: e.target.value })}
            />
          )}
        </FormField>
      </div>
      <label className="coupon-form__active">
        <input
          type="checkbox"
          checked={draft.active}
          onChange={(e) => set({ active: e.target.checked })}
        />
        <span>{T.active}</span>
      </label>
      <FormError
        message={save.isError ? getErrorMessage(save.error, DEFAULT_ERROR_MESSAGE) : null}
      />
      <div className="admin-actions">
        <button type="submit" className="btn btn--primary btn--sm" disabled={save.isPending}>
          {save.isPending ? T.saving : T.save}
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onCancel}>
          {T.cancel}
        </button>
      </div>
    </form>
  );
}

type ControlProps = { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string };

function FormField({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy || undefined,
      })}
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
