import { zodResolver } from '@hookform/resolvers/zod';
import { formatDayInIndia, formatINR } from '@vanya/catalog';
import {
  PROFILE_MESSAGES,
  RETURN_METHODS,
  createReturnBodySchema,
  type OrderStatus,
  type OrderSummary,
  type ReturnRequest,
} from '@vanya/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';

import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { BusyButton, FormError } from '../../../components/ui/form-parts';
import { useToast } from '../../../components/ui/toast';
import { PATHS } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { useCreateReturn } from '../api/create-return';
import { useOrders } from '../api/get-orders';
import { useReturns } from '../api/get-returns';
import { ACCOUNT_TEXTS } from '../texts';
import { shortId } from '../utils/format';
import { QueryList, TabSection } from './tab-section';

/** Orders the API takes a return for: paid (or further along), without an open return. */
const RETURNABLE: readonly OrderStatus[] = ['paid', 'shipped', 'delivered'];
const RETURN_ORDER_PARAM = 'returnOrder';
const OPEN_RETURN: readonly ReturnRequest['status'][] = ['requested', 'approved', 'received'];

export function eligibleOrders(orders: OrderSummary[], returns: ReturnRequest[]): OrderSummary[] {
  const open = new Set(
    returns.filter((item) => OPEN_RETURN.includes(item.status)).map((item) => item.orderId),
  );
  return orders.filter((order) => RETURNABLE.includes(order.status) && !open.has(order._id));
}

export function ReturnsTab() {
  const t = ACCOUNT_TEXTS.returns;
  const returns = useReturns();
  const orders = useOrders();
  const orderNumber = (orderId: string) =>
    orders.data?.find((order) => order._id === orderId)?.orderNumber;
  // The order page's 'Return this order' opens the form on that order (?returnOrder=<id>).
  const [params, setParams] = useSearchParams();
  const preselected = params.get(RETURN_ORDER_PARAM) ?? '';
  const [starting, setStarting] = useState(preselected !== '');
  const finish = () => {
    setStarting(false);
    if (!params.has(RETURN_ORDER_PARAM)) return;
    const rest = new URLSearchParams(params);
    rest.delete(RETURN_ORDER_PARAM);
    setParams(rest, { replace: true, preventScrollReset: true });
  };

  return (
    <TabSection
      title={t.heading}
      lead={
        <>
          {t.lead}{' '}
          <Link className="text-link" to={PATHS.returnPolicy}>
            {t.policyLink}
          </Link>
        </>
      }
      aside={
        starting ? null : (
          <button
            type="button"
            className="btn btn--primary btn--sm"
            onClick={() => setStarting(true)}
          >
            {t.initiate}
          </button>
        )
      }
    >
      {starting ? (
        <ReturnForm returns={returns.data ?? []} orderId={preselected} onDone={finish} />
      ) : null}
      <QueryList query={returns} empty={t.empty}>
        {(items) => (
          <ul className="record-list">
            {items.map((item) => (
              <li key={item._id} className="record">
                <div className="record__main">
                  <p className="record__title">
                    {ACCOUNT_TEXTS.orders.order}{' '}
                    <span className="record__id">#{shortId(item.orderId)}</span>
                  </p>
                  <p className="record__meta">
                    {[orderNumber(item.orderId), ACCOUNT_TEXTS.returnMethods[item.method]]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                  {item.status === 'refunded' && item.refundedAmount !== undefined ? (
                    <p className="record__meta record__refund">
                      {t.refunded(
                        formatINR(item.refundedAmount),
                        ACCOUNT_TEXTS.returnMethods[item.method].toLowerCase(),
                      )}
                      {item.creditNoteNumber ? ` · ${t.creditNote(item.creditNoteNumber)}` : ''}
                    </p>
                  ) : null}
                  {item.note ? (
                    <p className="record__note">
                      <span className="record__note-label">{t.shopNote}: </span>
                      {item.note}
                    </p>
                  ) : null}
                </div>
                <span className={`status status--${item.status}`}>
                  {ACCOUNT_TEXTS.returnStatuses[item.status]}
                </span>
                <p className="record__amount">
                  <span className="visually-hidden">{t.refund}: </span>
                  {formatINR(item.refundAmount)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </QueryList>
    </TabSection>
  );
}

function ReturnForm({
  returns,
  orderId,
  onDone,
}: {
  returns: ReturnRequest[];
  orderId: string;
  onDone: () => void;
}) {
  const t = ACCOUNT_TEXTS.returns;
  const toast = useToast();
  const orders = useOrders();
  const createReturn = useCreateReturn();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(createReturnBodySchema),
    defaultValues: { orderId, reason: '', method: 'original_payment' as const },
  });
  const error = errors.orderId?.message ?? errors.reason?.message ?? errors.method?.message;

  const onSubmit = handleSubmit(async (body) => {
    try {
      await createReturn.mutateAsync(body);
      toast.success(PROFILE_MESSAGES.returnRequested);
      onDone();
    } catch (failure) {
      toast.error(getErrorMessage(failure, PROFILE_MESSAGES.returnNotAllowed));
    }
  });

  if (orders.isPending) {
    return (
      <p className="list-state" role="status">
        <Spinner /> Loading…
      </p>
    );
  }
  const eligible = eligibleOrders(orders.data ?? [], returns);
  if (eligible.length === 0) {
    return (
      <div className="inline-panel">
        <p>{t.noEligible}</p>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onDone}>
          {t.cancel}
        </button>
      </div>
    );
  }

  return (
    <form className="account-form inline-panel" onSubmit={onSubmit} noValidate>
      <Field label={t.order} invalid={Boolean(errors.orderId)}>
        {(control) => (
          <select {...control} className="select" {...register('orderId')}>
            <option value="">{t.orderPlaceholder}</option>
            {eligible.map((order) => (
              <option key={order._id} value={order._id}>
                #{shortId(order._id)} · {order.orderNumber} · {formatDayInIndia(order.createdAt)} ·{' '}
                {formatINR(order.total)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t.reason} invalid={Boolean(errors.reason)}>
        {(control) => (
          <textarea
            {...control}
            className="textarea"
            placeholder={t.reasonPlaceholder}
            {...register('reason')}
          />
        )}
      </Field>
      <Field label={t.method} invalid={Boolean(errors.method)}>
        {(control) => (
          <select {...control} className="select" {...register('method')}>
            {RETURN_METHODS.map((method) => (
              <option key={method} value={method}>
                {ACCOUNT_TEXTS.returnMethods[method]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <FormError message={error} />
      <div className="account-form__actions">
        <BusyButton busy={isSubmitting} label={t.submit} busyLabel={t.submitting} />
        <button type="button" className="btn btn--ghost" onClick={onDone}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
