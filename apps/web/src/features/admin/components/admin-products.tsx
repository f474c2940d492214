import { formatINR, rupeesToPaise } from '@vanya/catalog';
import { productEditSchema, type AdminProduct, type ProductEdit } from '@vanya/contracts';
import { useId, useState } from 'react';

import { Field } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-parts';
import { DEFAULT_ERROR_MESSAGE, getErrorMessage } from '../../../lib/api-client';
import { useAdminProducts, useSaveProduct } from '../api/admin-products-api';
import { PRODUCT_ADMIN_TEXTS as T } from '../product-texts';
import { ADMIN_TEXTS } from '../texts';
import './admin-coupons.css';
import './admin-products.css';

/** The form as typed: rupees as text, the sale's times as India's wall clock (YYYY-MM-DDTHH:mm). */
type Draft = {
  name: string;
  description: string;
  longdescription: string;
  size: string;
  /** One benefit, or one step, a line. */
  benefits: string;
  howTo: string;
  featured: boolean;
  isNew: boolean;
  price: string;
  mrp: string;
  salePrice: string;
  saleStarts: string;
  saleEnds: string;
  shown: boolean;
};

const IST_OFFSET_MS = 330 * 60_000;

/** An instant as India's wall clock, for a datetime-local field: '2026-10-20T00:00'. */
const indiaClock = (iso: string) =>
  new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(0, 16);

/** Paise as the rupees an owner types: '349', '349.5'. */
const rupeesText = (paise: number) => String(paise / 100);

function draftOf(p: AdminProduct): Draft {
  return {
    name: p.name,
    description: p.description,
    longdescription: p.longdescription,
    size: p.size,
    benefits: p.benefits.join('\n'),
    howTo: p.howToUseDescription.join('\n'),
    featured: p.featured,
    isNew: p.isNew,
    price: rupeesText(p.regularPrice),
    mrp: rupeesText(p.mrp),
    salePrice: p.sale ? rupeesText(p.sale.price) : '',
    saleStarts: p.sale ? indiaClock(p.sale.startsAt) : '',
    saleEnds: p.sale ? indiaClock(p.sale.endsAt) : '',
    shown: p.status === 'published',
  };
}

/** A box of one item a line, without its empty lines. */
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The field a schema issue belongs to on the form. */
const FIELD_OF: Record<string, keyof Draft> = {
  howToUseDescription: 'howTo',
  'sale.price': 'salePrice',
  'sale.startsAt': 'saleStarts',
  'sale.endsAt': 'saleEnds',
};

/** The change as the API takes it (paise; the sale's times in India), or the fields' errors. */
function editOf(
  d: Draft,
): { edit: ProductEdit } | { errors: Partial<Record<keyof Draft, string>> } {
  const errors: Partial<Record<keyof Draft, string>> = {};
  const paise = (field: keyof Draft, text: string): number => {
    try {
      return rupeesToPaise(text.trim());
    } catch {
      errors[field] = T.rupeesError;
      return 0;
    }
  };
  const onSale = d.salePrice.trim() !== '';
  const salePrice = onSale ? paise('salePrice', d.salePrice) : 0;
  if (onSale && (!d.saleStarts || !d.saleEnds))
    errors[d.saleStarts ? 'saleEnds' : 'saleStarts'] = T.saleDatesNeeded;
  const parsed = productEditSchema.safeParse({
    name: d.name,
    description: d.description,
    longdescription: d.longdescription,
    size: d.size,
    benefits: lines(d.benefits),
    howToUseDescription: lines(d.howTo),
    featured: d.featured,
    isNew: d.isNew,
    price: paise('price', d.price),
    mrp: paise('mrp', d.mrp),
    sale:
      onSale && d.saleStarts && d.saleEnds
        ? {
            price: salePrice,
            startsAt: `${d.saleStarts}:00+05:30`,
            endsAt: `${d.saleEnds}:00+05:30`,
          }
        : null,
    status: d.shown ? 'published' : 'hidden',
  });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      // A line of a list belongs to its field: benefits.2 is the benefits' box.
      const path = issue.path.filter((part) => typeof part === 'string').join('.');
      errors[FIELD_OF[path] ?? (path as keyof Draft)] ??= issue.message;
    }
  return Object.keys(errors).length > 0 || !parsed.success ? { errors } : { edit: parsed.data };
}

/** Products: each with its prices, sale and whether it is shown, and a form to change one. */
export function AdminProducts() {
  const products = useAdminProducts();
  const [editing, setEditing] = useState<string | null>(null);
  // The confirmation shows in the row of the product saved.
  const [saved, setSaved] = useState<string | null>(null);

  return (
    <section aria-label={ADMIN_TEXTS.tabs.products} className="admin-products">
      <p className="admin-lead">{T.lead}</p>
      {products.isError ? (
        <FormError message={getErrorMessage(products.error, DEFAULT_ERROR_MESSAGE)} />
      ) : null}
      {products.data?.length === 0 ? <p className="admin-empty">{T.empty}</p> : null}
      <ul className="admin-list">
        {products.data?.map((p) => (
          <li
            key={p.id}
            className={`admin-row product-row${p.status === 'hidden' ? ' is-paused' : ''}`}
          >
            <div className="admin-row__main">
              <p className="admin-row__title">
                {p.name}{' '}
                <span
                  className={`status status--${p.status === 'published' ? 'active' : 'paused'}`}
                >
                  {T.status[p.status]}
                </span>
                {p.price !== p.regularPrice ? (
                  <span className="status status--active"> {T.onSaleNow}</span>
                ) : null}
              </p>
              <p className="product-row__prices">
                {T.prices(p)}
                {p.price !== p.regularPrice ? ` · ${formatINR(p.price)} now` : ''}
              </p>
              {p.sale ? <p className="admin-row__meta">{T.saleLine(p)}</p> : null}
            </div>
            <div className="admin-actions">
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                aria-label={`${T.edit} ${p.name}`}
                aria-expanded={editing === p.id}
                onClick={() => {
                  setSaved(null);
                  setEditing(editing === p.id ? null : p.id);
                }}
              >
                {T.edit}
              </button>
            </div>
            {saved === p.id ? (
              <p className="admin-done product-row__done" role="status">
                {T.saved(p.name)}
              </p>
            ) : null}
            {editing === p.id ? (
              <ProductForm
                key={`${p.id}:${p.updatedAt}`}
                product={p}
                onCancel={() => setEditing(null)}
                onSaved={() => {
                  setEditing(null);
                  setSaved(p.id);
                }}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ProductForm({
  product,
  onCancel,
  onSaved,
}: {
  product: AdminProduct;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const save = useSaveProduct();
  const [draft, setDraft] = useState<Draft>(() => draftOf(product));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const headingId = useId();
  const set = (change: Partial<Draft>) => setDraft({ ...draft, ...change });
  const checkbox = (field: 'featured' | 'isNew' | 'shown', label: string) => (
    <label className="coupon-form__active">
      <input
        type="checkbox"
        checked={draft[field]}
        onChange={(e) => set({ [field]: e.target.checked })}
      />
      <span>{label}</span>
    </label>
  );
  // A text field's input, given the props Field passes (id, aria-describedby, aria-invalid).
  const input =
    (field: 'name' | 'size' | 'price' | 'mrp' | 'salePrice', decimal = false) =>
    (props: object) => (
      <input
        {...props}
        className="input"
        inputMode={decimal ? 'decimal' : undefined}
        value={draft[field]}
        onChange={(e) => set({ [field]: e.target.value })}
      />
    );

  return (
    <form
      className="admin-card coupon-form product-form"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const result = editOf(draft);
        if ('errors' in result) {
          setErrors(result.errors);
          return;
        }
        setErrors({});
        save.mutate({ id: product.id, edit: result.edit }, { onSuccess: onSaved });
      }}
    >
      <h3 id={headingId}>{T.formEdit(product.name)}</h3>
      <Field label={T.name} error={errors.name}>
        {input('name')}
      </Field>
      <Field label={T.description} hint={T.descriptionHint} error={errors.description}>
        {(props) => (
          <textarea
            {...props}
            className="input"
            rows={2}
            value={draft.description}
            onChange={(e) => set({ description: e.target.value })}
          />
        )}
      </Field>
      <Field label={T.longdescription} error={errors.longdescription}>
        {(props) => (
          <textarea
            {...props}
            className="input"
            rows={5}
            value={draft.longdescription}
            onChange={(e) => set({ longdescription: e.target.value })}
          />
        )}
      </Field>
      <Field label={T.benefits} hint={T.linesHint} error={errors.benefits}>
        {(props) => (
          <textarea
            {...props}
            className="input"
            rows={4}
            value={draft.benefits}
            onChange={(e) => set({ benefits: e.target.value })}
          />
        )}
      </Field>
      <Field label={T.howTo} hint={T.linesHint} error={errors.howTo}>
        {(props) => (
          <textarea
            {...props}
            className="input"
            rows={4}
            value={draft.howTo}
            onChange={(e) => set({ howTo: e.target.value })}
          />
        )}
      </Field>
      <div className="coupon-form__grid">
        <Field label={T.size} hint={T.sizeHint} error={errors.size}>
          {input('size')}
        </Field>
        <Field label={T.price} hint={T.priceHint} error={errors.price}>
          {input('price', true)}
        </Field>
        <Field label={T.mrp} error={errors.mrp}>
          {input('mrp', true)}
        </Field>
      </div>
      <fieldset className="product-form__sale">
        <legend>{T.sale}</legend>
        <div className="coupon-form__grid">
          <Field label={T.salePrice} hint={T.saleHint} error={errors.salePrice}>
            {input('salePrice', true)}
          </Field>
          <Field label={T.saleStarts} error={errors.saleStarts}>
            {(props) => (
              <input
                {...props}
                className="input"
                type="datetime-local"
                value={draft.saleStarts}
                onChange={(e) => set({ saleStarts: e.target.value })}
              />
            )}
          </Field>
          <Field label={T.saleEnds} error={errors.saleEnds}>
            {(props) => (
              <input
                {...props}
                className="input"
                type="datetime-local"
                value={draft.saleEnds}
                onChange={(e) => set({ saleEnds: e.target.value })}
              />
            )}
          </Field>
        </div>
      </fieldset>
      {checkbox('featured', T.featured)}
      {checkbox('isNew', T.isNew)}
      {checkbox('shown', T.shown)}
      <p className="admin-row__meta">{T.shownHint}</p>
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
