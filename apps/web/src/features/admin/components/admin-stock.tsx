import { formatDateTimeInIndia } from '@vanya/catalog';
import type { BundleStock, StockItem, StockMove } from '@vanya/contracts';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { Field } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-parts';
import { useCatalogue } from '../../../hooks/use-catalogue';
import { DEFAULT_ERROR_MESSAGE, getErrorMessage } from '../../../lib/api-client';
import {
  useAdjustStock,
  useAdminStock,
  useBundleSelling,
  useStockMoves,
  useStockSettings,
} from '../api/admin-stock-api';
import { useTarget } from '../hooks/use-target';
import { STOCK_ADMIN_TEXTS as T } from '../stock-texts';
import { ADMIN_TEXTS } from '../texts';
import './admin-stock.css';

/** '+5', '−3', '0' as the ledger shows a change. */
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/**
 * Stock: per product its counts, the switch, the low-stock level, a receipt form and the ledger.
 * The dashboard's "Low stock" opens only the products at their low-stock level (?show=low).
 */
export function AdminStock() {
  const stock = useAdminStock();
  const [params, setParams] = useSearchParams();
  const onlyLow = params.get('show') === 'low';
  const items = stock.data?.items.filter((item) => !onlyLow || item.low);
  const anchor = useTarget('product', Boolean(stock.data));
  return (
    <section aria-label={ADMIN_TEXTS.tabs.stock} className="admin-stock">
      <p className="admin-lead">{T.lead}</p>
      {onlyLow && items ? (
        <p className="admin-lead">
          {T.onlyLow(items.length)}{' '}
          <button
            type="button"
            className="admin-link-button"
            onClick={() => setParams({ tab: 'stock' })}
          >
            {T.showAll}
          </button>
        </p>
      ) : null}
      {stock.isError ? (
        <FormError message={getErrorMessage(stock.error, DEFAULT_ERROR_MESSAGE)} />
      ) : null}
      <div className="stock-items">
        {items?.map((item) => (
          <StockCard key={item.productId} item={item} anchor={anchor(item.productId)} />
        ))}
      </div>
      {stock.data && !onlyLow ? <Bundles bundles={stock.data.bundles} /> : null}
    </section>
  );
}

/** A confirmation beside the control the owner used, so it is on screen on a phone too. */
function Done({ text }: { text: string | null }) {
  return text ? (
    <p className="admin-done" role="status">
      {text}
    </p>
  ) : null;
}

function StockCard({
  item,
  anchor,
}: {
  item: StockItem;
  anchor: { id: string; className: string };
}) {
  const [done, setDone] = useState<{ level?: string; adjust?: string }>({});
  const onDone = (what: 'level' | 'adjust') => (text: string | null) =>
    setDone(text ? { [what]: text } : {});
  const settings = useStockSettings();
  const [level, setLevel] = useState(String(item.lowStockAt));
  const [ledger, setLedger] = useState(false);
  const id = useId();
  const levelValue = Number(level);
  const levelValid = /^\d+$/.test(level.trim()) && levelValue <= 100_000;
  const figures: [string, number][] = [
    [T.onHand, item.onHand],
    [T.reserved, item.reserved],
    [T.available, item.available],
  ];

  return (
    <article
      id={anchor.id}
      className={`admin-card stock-card${item.low ? ' is-low' : ''}${item.selling ? '' : ' is-off'}${anchor.className}`}
      aria-labelledby={`${id}-name`}
    >
      <header className="stock-card__head">
        <h3 id={`${id}-name`}>{item.name}</h3>
        {item.low ? <span className="status status--low">{T.low}</span> : null}
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            aria-label={T.sellingSwitch(item.name)}
            checked={item.selling}
            disabled={settings.isPending}
            onChange={() => {
              setDone({});
              settings.mutate({ productId: item.productId, body: { selling: !item.selling } });
            }}
          />
          <span>{item.selling ? T.selling : T.stopped}</span>
        </label>
      </header>

      <dl className="stock-card__figures">
        {figures.map(([label, n]) => (
          <div key={label} className={label === T.available ? 'is-available' : undefined}>
            <dt>{label}</dt>
            <dd>{n}</dd>
          </div>
        ))}
      </dl>

      <form
        className="stock-card__level"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!levelValid) return;
          onDone('level')(null);
          settings.mutate(
            { productId: item.productId, body: { lowStockAt: levelValue } },
            { onSuccess: (saved) => onDone('level')(T.levelSaved(saved.name, saved.lowStockAt)) },
          );
        }}
      >
        <Field label={T.lowStockAt} invalid={!levelValid}>
          {(control) => (
            <div className="stock-card__inline">
              <input
                {...control}
                className="input"
                inputMode="numeric"
                value={level}
                onChange={(e) => setLevel(e.target.value)}
              />
              <button
                type="submit"
                className="btn btn--ghost btn--sm"
                disabled={!levelValid || settings.isPending || levelValue === item.lowStockAt}
                aria-label={`${T.saveLevel} ${T.lowStockAt}: ${item.name}`}
              >
                {T.saveLevel}
              </button>
            </div>
          )}
        </Field>
      </form>
      <FormError
        message={settings.isError ? getErrorMessage(settings.error, DEFAULT_ERROR_MESSAGE) : null}
      />
      <Done text={done.level ?? null} />

      <AdjustForm item={item} onDone={onDone('adjust')} done={done.adjust ?? null} />

      <button
        type="button"
        className="btn btn--ghost btn--sm stock-card__ledger-toggle"
        aria-expanded={ledger}
        aria-label={`${ledger ? T.hideLedger : T.ledger}: ${item.name}`}
        onClick={() => setLedger(!ledger)}
      >
        {ledger ? T.hideLedger : T.ledger}
      </button>
      {ledger ? <Ledger item={item} /> : null}
    </article>
  );
}

function AdjustForm({
  item,
  onDone,
  done,
}: {
  item: StockItem;
  onDone: (text: string | null) => void;
  done: string | null;
}) {
  const adjust = useAdjustStock();
  const [kind, setKind] = useState<'receive' | 'takeOff'>('receive');
  const [units, setUnits] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ units?: string; reason?: string }>({});

  return (
    <form
      className="stock-card__adjust"
      aria-label={T.adjustHeading(item.name)}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const count = Number(units.trim());
        const found = {
          ...(/^\d+$/.test(units.trim()) && count >= 1 && count <= 100_000
            ? {}
            : { units: T.unitsError }),
          ...(reason.trim() ? {} : { reason: T.reasonError }),
        };
        setErrors(found);
        if (Object.keys(found).length > 0) return;
        const change = kind === 'receive' ? count : -count;
        onDone(null);
        adjust.mutate(
          { productId: item.productId, body: { adjust: change, reason: reason.trim() } },
          {
            onSuccess: () => {
              setUnits('');
              setReason('');
              onDone(T.recorded(item.name, change));
            },
          },
        );
      }}
    >
      <div className="stock-card__adjust-grid">
        <Field label={T.kind}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={kind}
              onChange={(e) => setKind(e.target.value as typeof kind)}
            >
              <option value="receive">{T.kinds.receive}</option>
              <option value="takeOff">{T.kinds.takeOff}</option>
            </select>
          )}
        </Field>
        <Field label={T.units} error={errors.units}>
          {(control) => (
            <input
              {...control}
              className="input"
              inputMode="numeric"
              value={units}
              onChange={(e) => setUnits(e.target.value)}
            />
          )}
        </Field>
        <Field label={T.reason} error={errors.reason} className="stock-card__reason">
          {(control) => (
            <input
              {...control}
              className="input"
              value={reason}
              maxLength={200}
              placeholder={T.reasonHint}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </Field>
      </div>
      <FormError
        message={adjust.isError ? getErrorMessage(adjust.error, DEFAULT_ERROR_MESSAGE) : null}
      />
      <button
        type="submit"
        className="btn btn--primary btn--sm"
        disabled={adjust.isPending}
        aria-label={`${T.record}: ${item.name}`}
      >
        {adjust.isPending ? T.recording : T.record}
      </button>
      <Done text={done} />
    </form>
  );
}

function Ledger({ item }: { item: StockItem }) {
  const moves = useStockMoves(item.productId);
  return (
    <div className="stock-ledger" role="region" aria-label={T.ledgerOf(item.name)}>
      {moves.isError ? (
        <FormError message={getErrorMessage(moves.error, DEFAULT_ERROR_MESSAGE)} />
      ) : null}
      {moves.data?.length === 0 ? <p className="admin-empty">{T.noMoves}</p> : null}
      {moves.data?.length ? (
        <ol className="stock-ledger__list">
          {moves.data.map((move, index) => (
            <LedgerLine key={`${move.at}-${index}`} move={move} />
          ))}
        </ol>
      ) : null}
    </div>
  );
}

function LedgerLine({ move }: { move: StockMove }) {
  const changes = [
    move.change !== 0 ? `${signed(move.change)} ${T.onHandChange}` : '',
    move.reservedChange !== 0 ? `${signed(move.reservedChange)} ${T.heldChange}` : '',
  ].filter(Boolean);
  return (
    <li className={`stock-ledger__line stock-ledger__line--${move.kind}`}>
      <span className="stock-ledger__what">
        <strong>{T.moveKinds[move.kind]}</strong>
        {move.orderNumber ? ` · ${move.orderNumber}` : ''}
        {move.kind === 'receipt' || move.kind === 'adjustment' ? ` · ${move.reason}` : ''}
      </span>
      <span className="stock-ledger__change">{changes.join(', ')}</span>
      <span className="stock-ledger__meta">
        {formatDateTimeInIndia(move.at)} · {move.by}
      </span>
    </li>
  );
}

function Bundles({ bundles }: { bundles: BundleStock[] }) {
  const selling = useBundleSelling();
  const catalogue = useCatalogue();
  return (
    <section className="stock-bundles" aria-label={T.bundles}>
      <h2 className="admin-subhead">{T.bundles}</h2>
      <p className="admin-lead">{T.bundlesLead}</p>
      <ul className="admin-list admin-list--grid">
        {bundles.map((b) => (
          <li key={b.productId} className={`admin-row stock-bundle${b.selling ? '' : ' is-off'}`}>
            <div className="stock-bundle__head">
              <p className="admin-row__title">{b.name}</p>
              <label className="switch">
                <input
                  type="checkbox"
                  role="switch"
                  aria-label={T.sellingSwitch(b.name)}
                  checked={b.selling}
                  disabled={selling.isPending}
                  onChange={() => selling.mutate({ productId: b.productId, selling: !b.selling })}
                />
                <span>{b.selling ? T.selling : T.stopped}</span>
              </label>
            </div>
            <p className="admin-row__meta">{T.canMake(b.available)}</p>
            <p className="admin-row__meta">
              {b.contents
                .map((c) => `${c.quantity} × ${catalogue.get(c.productId)?.name ?? c.productId}`)
                .join(', ')}
            </p>
          </li>
        ))}
      </ul>
      <FormError
        message={selling.isError ? getErrorMessage(selling.error, DEFAULT_ERROR_MESSAGE) : null}
      />
    </section>
  );
}
