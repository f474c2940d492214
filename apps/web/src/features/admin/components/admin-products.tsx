import { CATEGORY_OPTIONS, formatINR, PRODUCT_CATEGORIES } from '@vanya/catalog';
import { PRODUCT_STATUSES, type AdminProduct } from '@vanya/contracts';
import { useId, useState, type ReactNode } from 'react';

import { Field } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-parts';
import { DEFAULT_ERROR_MESSAGE, getErrorMessage, isApiError } from '../../../lib/api-client';
import {
  useAdminProducts,
  useCreateProduct,
  useDuplicateProduct,
  useSaveProduct,
} from '../api/admin-products-api';
import {
  BLANK_DRAFT,
  createOf,
  draftOf,
  editOf,
  fieldOf,
  isBundleCategory,
  type Draft,
  type DraftErrors,
  type TaxClass,
} from '../product-draft';
import { PRODUCT_ADMIN_TEXTS as T } from '../product-texts';
import { ADMIN_TEXTS } from '../texts';
import { ProductPhotos } from './product-photos';
import './admin-coupons.css';
import './admin-products.css';

const CATEGORY_LABEL: Record<string, string> = Object.fromEntries(
  CATEGORY_OPTIONS.map((o) => [o.value, o.label]),
);

/** What the row of a product says after something was done to it. */
type Done = { id: string; text: string };

/**
 * Products: each with its prices, sale and status, a form to change one, a copy of one, and a
 * new one. Archived products wait under "Show archived".
 */
export function AdminProducts() {
  const products = useAdminProducts();
  const duplicate = useDuplicateProduct();
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [showArchived, setShowArchived] = useState(false);
  const [done, setDone] = useState<Done | null>(null);
  const all = products.data ?? [];
  const archived = all.filter((p) => p.status === 'archived').length;
  const listed = all.filter((p) => showArchived || p.status !== 'archived' || p.id === editing);
  const open = (id: string | null) => {
    setDone(null);
    setAdding(false);
    setEditing(id);
  };

  return (
    <section aria-label={ADMIN_TEXTS.tabs.products} className="admin-products">
      <p className="admin-lead">{T.lead}</p>
      <div className="admin-actions">
        <button
          type="button"
          className="btn btn--primary btn--sm"
          aria-expanded={adding}
          onClick={() => {
            open(null);
            setAdding(!adding);
          }}
        >
          {T.add}
        </button>
        {archived > 0 ? (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            aria-pressed={showArchived}
            onClick={() => setShowArchived(!showArchived)}
          >
            {showArchived ? T.hideArchived : T.showArchived(archived)}
          </button>
        ) : null}
      </div>
      {adding ? (
        <ProductForm
          all={all}
          onCancel={() => setAdding(false)}
          onSaved={(made) => {
            open(made.id);
            setDone({ id: made.id, text: T.created(made.name) });
          }}
        />
      ) : null}
      {products.isError ? (
        <FormError message={getErrorMessage(products.error, DEFAULT_ERROR_MESSAGE)} />
      ) : null}
      {duplicate.isError ? (
        <FormError message={getErrorMessage(duplicate.error, DEFAULT_ERROR_MESSAGE)} />
      ) : null}
      {products.data?.length === 0 ? <p className="admin-empty">{T.empty}</p> : null}
      <ul className="admin-list">
        {listed.map((p) => (
          <li
            key={p.id}
            className={`admin-row product-row${p.status === 'published' ? '' : ' is-paused'}`}
          >
            <ProductSummary product={p} />
            <div className="admin-actions">
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                aria-label={`${T.edit} ${p.name}`}
                aria-expanded={editing === p.id}
                onClick={() => open(editing === p.id ? null : p.id)}
              >
                {T.edit}
              </button>
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                aria-label={`${T.duplicate} ${p.name}`}
                disabled={duplicate.isPending}
                onClick={() =>
                  duplicate.mutate(p.id, {
                    onSuccess: (copy) => {
                      open(copy.id);
                      setDone({ id: copy.id, text: T.duplicated(copy.name) });
                    },
                  })
                }
              >
                {T.duplicate}
              </button>
            </div>
            {done?.id === p.id ? (
              <p className="admin-done product-row__done" role="status">
                {done.text}
              </p>
            ) : null}
            {editing === p.id ? (
              <ProductForm
                // By id only: a photo added refreshes the list, and must not drop what is typed.
                key={p.id}
                product={p}
                all={all}
                onCancel={() => open(null)}
                onSaved={(saved) => {
                  open(null);
                  setDone({ id: saved.id, text: T.saved(saved.name) });
                }}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ProductSummary({ product: p }: { product: AdminProduct }) {
  const onSale = p.price !== p.regularPrice;
  return (
    <div className="admin-row__main">
      <p className="admin-row__title">
        {p.name}{' '}
        <span className={`status status--${p.status === 'published' ? 'active' : 'paused'}`}>
          {T.status[p.status]}
        </span>
        {onSale ? <span className="status status--active"> {T.onSaleNow}</span> : null}
      </p>
      <p className="product-row__prices">
        {T.prices(p)}
        {onSale ? ` · ${formatINR(p.price)} now` : ''}
      </p>
      <p className="admin-row__meta">
        {CATEGORY_LABEL[p.category]} · /products/{p.id}
      </p>
      {p.sale ? <p className="admin-row__meta">{T.saleLine(p)}</p> : null}
    </div>
  );
}

/** The how-to videos the shop has: those its products show. */
const videosOf = (all: readonly AdminProduct[]) =>
  [...new Set(all.map((p) => p.howToUseVideo).filter(Boolean))].sort();

/** An error of the server's that names a field (its `issues`), said beside that field. */
function serverFieldErrors(error: unknown): DraftErrors {
  const errors: DraftErrors = {};
  if (isApiError(error))
    for (const issue of error.issues) errors[fieldOf(issue.path)] ??= issue.message;
  return errors;
}

/** The form of one product, or of a new one when `product` is not given. */
function ProductForm({
  product,
  all,
  onCancel,
  onSaved,
}: {
  product?: AdminProduct;
  all: readonly AdminProduct[];
  onCancel: () => void;
  onSaved: (saved: AdminProduct) => void;
}) {
  const save = useSaveProduct();
  const create = useCreateProduct();
  const sending = product ? save : create;
  const [draft, setDraft] = useState<Draft>(() => (product ? draftOf(product) : BLANK_DRAFT));
  const [errors, setErrors] = useState<DraftErrors>({});
  const headingId = useId();
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const bundle = isBundleCategory(draft.category);
  const others = all.filter((p) => p.id !== product?.id && p.status !== 'archived');
  const singles = others.filter((p) => p.contents.length === 0);
  const serverErrors = serverFieldErrors(sending.error);
  const errorOf = (field: keyof Draft) => errors[field] ?? serverErrors[field];

  const checkbox = (field: 'featured' | 'isNew', label: string) => (
    <label className="coupon-form__active">
      <input
        type="checkbox"
        checked={draft[field]}
        onChange={(e) => set({ [field]: e.target.checked })}
      />
      <span>{label}</span>
    </label>
  );
  type TextField = 'id' | 'name' | 'size' | 'price' | 'mrp' | 'salePrice' | 'openingStock';
  const input = (field: TextField, mode?: 'decimal' | 'numeric') => (props: object) => (
    <input
      {...props}
      className="input"
      inputMode={mode}
      value={draft[field]}
      onChange={(e) => set({ [field]: e.target.value })}
    />
  );
  type BoxField = 'description' | 'longdescription' | 'ingredients' | 'benefits' | 'howTo';
  const box = (field: BoxField, rows: number) => (props: object) => (
    <textarea
      {...props}
      className="input"
      rows={rows}
      value={draft[field]}
      onChange={(e) => set({ [field]: e.target.value })}
    />
  );
  const select =
    <F extends 'category' | 'taxClass' | 'video' | 'status'>(
      field: F,
      options: readonly { value: string; label: string }[],
    ) =>
    (props: object) => (
      <select
        {...props}
        className="input"
        value={draft[field]}
        onChange={(e) => set({ [field]: e.target.value } as Partial<Draft>)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );

  return (
    <form
      className="admin-card coupon-form product-form"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (product) {
          const result = editOf(draft);
          setErrors('errors' in result ? result.errors : {});
          if ('body' in result)
            save.mutate({ id: product.id, edit: result.body }, { onSuccess: onSaved });
        } else {
          const result = createOf(draft);
          setErrors('errors' in result ? result.errors : {});
          if ('body' in result) create.mutate(result.body, { onSuccess: onSaved });
        }
      }}
    >
      <h3 id={headingId}>{product ? T.formEdit(product.name) : T.formNew}</h3>
      <Field label={T.name} error={errorOf('name')}>
        {input('name')}
      </Field>
      {product ? null : (
        <Field label={T.id} hint={T.idHint(draft.id)} error={errorOf('id')} optional="(optional)">
          {input('id')}
        </Field>
      )}
      <div className="coupon-form__grid">
        <Field label={T.category} error={errorOf('category')}>
          {select(
            'category',
            PRODUCT_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABEL[c] ?? c })),
          )}
        </Field>
        <Field label={T.size} hint={T.sizeHint} error={errorOf('size')}>
          {input('size')}
        </Field>
        <Field label={T.statusLabel} error={errorOf('status')}>
          {select(
            'status',
            PRODUCT_STATUSES.map((s) => ({ value: s, label: T.status[s] })),
          )}
        </Field>
      </div>
      <p className="admin-row__meta">{T.statusHint}</p>
      {product ? (
        <ProductPhotos
          product={product}
          images={draft.images}
          onImagesChange={(images) => set({ images })}
        />
      ) : (
        <p className="admin-row__meta">{T.photosLater}</p>
      )}
      <Field label={T.description} hint={T.descriptionHint} error={errorOf('description')}>
        {box('description', 2)}
      </Field>
      <Field label={T.longdescription} error={errorOf('longdescription')}>
        {box('longdescription', 5)}
      </Field>
      {bundle ? (
        <Contents draft={draft} singles={singles} set={set} error={errorOf('contents')} />
      ) : (
        <>
          <Field label={T.ingredients} hint={T.linesHint} error={errorOf('ingredients')}>
            {box('ingredients', 4)}
          </Field>
          <Field label={T.taxClass} hint={T.taxClassHint} error={errorOf('taxClass')}>
            {select(
              'taxClass',
              (Object.keys(T.taxClasses) as TaxClass[]).map((c) => ({
                value: c,
                label: T.taxClasses[c],
              })),
            )}
          </Field>
        </>
      )}
      <Field label={T.benefits} hint={T.linesHint} error={errorOf('benefits')}>
        {box('benefits', 4)}
      </Field>
      <Field label={T.howTo} hint={T.linesHint} error={errorOf('howTo')}>
        {box('howTo', 4)}
      </Field>
      <Field label={T.video} error={errorOf('video')}>
        {select('video', [
          { value: '', label: T.noVideo },
          ...videosOf(all).map((v) => ({ value: v, label: v.split('/').pop() ?? v })),
        ])}
      </Field>
      <div className="coupon-form__grid">
        <Field label={T.price} hint={T.priceHint} error={errorOf('price')}>
          {input('price', 'decimal')}
        </Field>
        <Field label={T.mrp} error={errorOf('mrp')}>
          {input('mrp', 'decimal')}
        </Field>
        {product || bundle ? null : (
          <Field label={T.openingStock} hint={T.openingStockHint} error={errorOf('openingStock')}>
            {input('openingStock', 'numeric')}
          </Field>
        )}
      </div>
      <Sale draft={draft} set={set} errorOf={errorOf} input={input('salePrice', 'decimal')} />
      <Related draft={draft} others={others} set={set} error={errorOf('related')} />
      {checkbox('featured', T.featured)}
      {checkbox('isNew', T.isNew)}
      <FormError
        message={sending.isError ? getErrorMessage(sending.error, DEFAULT_ERROR_MESSAGE) : null}
      />
      <div className="admin-actions">
        <button type="submit" className="btn btn--primary btn--sm" disabled={sending.isPending}>
          {sending.isPending ? T.saving : product ? T.save : T.create}
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onCancel}>
          {T.cancel}
        </button>
      </div>
    </form>
  );
}

type Part = { draft: Draft; set: (change: Partial<Draft>) => void };

function Sale({
  draft,
  set,
  errorOf,
  input,
}: Part & {
  errorOf: (f: keyof Draft) => string | undefined;
  input: (props: object) => ReactNode;
}) {
  const clock = (field: 'saleStarts' | 'saleEnds') => (props: object) => (
    <input
      {...props}
      className="input"
      type="datetime-local"
      value={draft[field]}
      onChange={(e) => set({ [field]: e.target.value })}
    />
  );
  return (
    <fieldset className="product-form__set">
      <legend>{T.sale}</legend>
      <div className="coupon-form__grid">
        <Field label={T.salePrice} hint={T.saleHint} error={errorOf('salePrice')}>
          {input}
        </Field>
        <Field label={T.saleStarts} error={errorOf('saleStarts')}>
          {clock('saleStarts')}
        </Field>
        <Field label={T.saleEnds} error={errorOf('saleEnds')}>
          {clock('saleEnds')}
        </Field>
      </div>
    </fieldset>
  );
}

/** A bundle's contents: how many of each single product one bundle holds. */
function Contents({
  draft,
  singles,
  set,
  error,
}: Part & { singles: readonly AdminProduct[]; error?: string }) {
  return (
    <fieldset className="product-form__set" aria-invalid={Boolean(error)}>
      <legend>{T.contents}</legend>
      <p className="admin-row__meta">{T.contentsHint}</p>
      <div className="product-form__quantities">
        {singles.map((p) => (
          <label key={p.id} className="product-form__quantity">
            <input
              className="input"
              inputMode="numeric"
              aria-label={T.quantityOf(p.name)}
              value={draft.contents[p.id] ?? ''}
              placeholder="0"
              onChange={(e) => set({ contents: { ...draft.contents, [p.id]: e.target.value } })}
            />
            <span>{p.name}</span>
          </label>
        ))}
      </div>
      <p className="admin-row__meta">{T.bundleFacts}</p>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** "You may also like": the other products, ticked in the order they are shown. */
function Related({
  draft,
  others,
  set,
  error,
}: Part & { others: readonly AdminProduct[]; error?: string }) {
  const toggle = (id: string, on: boolean) =>
    set({ related: on ? [...draft.related, id] : draft.related.filter((r) => r !== id) });
  return (
    <fieldset className="product-form__set">
      <legend>{T.related}</legend>
      <div className="product-form__related">
        {others.map((p) => (
          <label key={p.id} className="coupon-form__active">
            <input
              type="checkbox"
              checked={draft.related.includes(p.id)}
              onChange={(e) => toggle(p.id, e.target.checked)}
            />
            <span>{p.name}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
