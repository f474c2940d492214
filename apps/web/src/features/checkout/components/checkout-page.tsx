import { zodResolver } from '@hookform/resolvers/zod';
import { formatINR, INDIAN_STATES, isIndianState, preOrderNotice } from '@vanya/catalog';
import { checkoutFormSchema, type CheckoutForm, type CheckoutFormInput } from '@vanya/contracts';
import type { PincodeAnswer } from '@vanya/contracts';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router-dom';

import { ResponsiveImage } from '../../../components/media/responsive-image';
import { CouponField } from '../../../components/coupon/coupon-field';
import { PriceSummary } from '../../../components/product/price-summary';
import { Field } from '../../../components/ui/field';
import { PageTitle } from '../../../components/ui/page-title';
import { useToast } from '../../../components/ui/toast';
import { PATHS } from '../../../config/paths';
import { useCartLines } from '../../../hooks/use-cart';
import { useCatalogue } from '../../../hooks/use-catalogue';
import { useCoupon } from '../../../hooks/use-coupon';
import { useSessionUser } from '../../../hooks/use-session';
import { useShopSettings } from '../../../hooks/use-shop-settings';
import type { SessionUser } from '../../../lib/auth-storage';
import { rememberedPin } from '../../../lib/delivery-pin';
import { KEEP_CLEAR } from '../../../lib/keep-clear';
import { useCreateOrder } from '../api/create-order';
import { useSavedAddresses } from '../api/get-saved-addresses';
import { orderableLines, orderBody, priceForState } from '../checkout-order';
import { orderErrorMessage, useCheckoutPayment } from '../hooks/use-checkout-payment';
import { usePinAutofill } from '../hooks/use-pin-autofill';
import { contactOf, useContactPrefill } from '../hooks/use-contact-prefill';
import { CHECKOUT_TEXTS as T } from '../texts';
import { TestPaymentDialog } from './test-payment-dialog';
import './checkout-page.css';

function defaultsFor(user: SessionUser | null): CheckoutFormInput {
  return {
    ...contactOf(user),
    address: '',
    city: '',
    state: '' as CheckoutFormInput['state'],
    // The PIN last checked on the product page or the cart: the city and state follow from it.
    pinCode: rememberedPin(),
    country: 'IN',
    paymentMethod: 'upi',
    gstNumber: '',
    whatsapp: false,
  };
}

/**
 * Whether the shopper may pay on delivery, as far as the page knows (the server has the last word):
 * the PIN takes it, the goods are within the cap, and the account has a verified phone for the code.
 */
function codOffer(
  place: PincodeAnswer | undefined,
  goods: number,
  user: SessionUser | null,
): { available: true; fee: number } | { available: false; reason: string } {
  if (!place) return { available: false, reason: T.cod.enterPin };
  if (!place.cod) return { available: false, reason: T.cod.notForPin };
  if (goods > place.codMaxGoods)
    return { available: false, reason: T.cod.overCap(formatINR(place.codMaxGoods)) };
  if (!user?.phoneVerified || !user.phone) return { available: false, reason: T.cod.needsPhone };
  return { available: true, fee: place.codFee };
}

export function CheckoutPage() {
  const lines = useCartLines();
  const catalogue = useCatalogue();
  const user = useSessionUser();
  const toast = useToast();
  const createOrder = useCreateOrder();
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const agreementId = useId();
  // One key per distinct order attempt: submitting the same cart and details again (after
  // closing the payment window) gets the same order back instead of a second one.
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  // Set while the order is paid for and the cart emptied, so the empty cart does not bounce the
  // shopper back to /cart on the way to the confirmation.
  const [leaving, setLeaving] = useState(false);

  const form = useForm<CheckoutFormInput, unknown, CheckoutForm>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: defaultsFor(user),
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, watch, trigger } = form;
  const savedAddresses = useSavedAddresses().data ?? [];
  const errors = formState.errors;
  const pinCheck = usePinAutofill(form);
  useContactPrefill(form, user);

  const settle = useCallback(() => setBusy(false), []);
  const payment = useCheckoutPayment(settle);

  const state = watch('state');
  const method = watch('paymentMethod');
  const items = orderableLines(lines, catalogue);
  // The applied coupon, checked again for this delivery state; the order carries it once priced.
  const coupon = useCoupon(items, state && isIndianState(state) ? state : undefined);
  const shop = useShopSettings();
  // The pre-order agreement is asked for only while the owner takes pre-orders: drawn once their
  // settings have come, so it never shows for a moment on a direct load while pre-orders are off.
  const agreementNeeded = shop.preOrderOpen;
  const discount = coupon.applied?.discount;
  const goods = priceForState(lines, catalogue, state, discount, 0, shop.shippingPolicy);
  const cod = codOffer(pinCheck.place, goods.itemsTotal - goods.couponDiscount, user);
  const codFee = method === 'cod' && cod.available ? cod.fee : 0;
  const priced =
    codFee > 0
      ? priceForState(lines, catalogue, state, discount, codFee, shop.shippingPolicy)
      : goods;
  // Cash on delivery chosen, then no longer possible (another PIN, a bigger cart): back to UPI.
  useEffect(() => {
    if (method === 'cod' && !cod.available) form.setValue('paymentMethod', 'upi');
  }, [method, cod.available, form]);

  if (items.length === 0 && !leaving && !busy) return <Navigate replace to={PATHS.cart} />;

  const place = async (values: CheckoutForm) => {
    setBusy(true);
    const applied = coupon.applied ?? undefined;
    const body = orderBody(values, lines, catalogue, applied, codFee, shop.shippingPolicy);
    const fingerprint = JSON.stringify(body);
    if (attempt.current?.fingerprint !== fingerprint) {
      attempt.current = { fingerprint, key: crypto.randomUUID() };
    }
    try {
      const created = await createOrder.mutateAsync({ body, idempotencyKey: attempt.current.key });
      setLeaving(true);
      await payment.start(created);
    } catch (error) {
      console.error('Could not place the order.', error);
      setLeaving(false);
      // A coupon refused by the order (used up meanwhile ...) is dropped: the shopper can pay without it.
      toast.error(coupon.refusedByOrder(error) ?? orderErrorMessage(error), {
        title: T.orderFailedTitle,
      });
      setBusy(false);
    }
  };

  const submit = handleSubmit(place);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Nothing goes while an order is on its way, or before the owner's settings say what to ask.
    if (busy || !shop.settled) {
      event.preventDefault();
      return;
    }
    // A state the PIN contradicts is flagged on the state field; nothing goes until it is settled.
    if (pinCheck.blocksSubmit) {
      event.preventDefault();
      form.setFocus('state');
      return;
    }
    if (agreementNeeded && !agreed) {
      event.preventDefault();
      toast.error(T.agreementRequired, { title: T.agreementRequiredTitle });
      void trigger();
      return;
    }
    void submit(event);
  };

  // The policies, linked whether or not an agreement is asked for.
  const policyLinks = (
    <p className="checkout-agreement__links">
      {T.readTerms}{' '}
      <Link className="text-link" to={PATHS.terms} target="_blank">
        {T.termsLink}
      </Link>
      ,{' '}
      <Link className="text-link" to={PATHS.cancellationRefund} target="_blank">
        {T.refundLink}
      </Link>{' '}
      and{' '}
      <Link className="text-link" to={PATHS.shippingPolicy} target="_blank">
        {T.shippingLink}
      </Link>
      .
    </p>
  );

  return (
    <div className="page container checkout-page">
      <PageTitle title={T.heading} />
      <header className="checkout-page__header">
        <p className="eyebrow">
          <LockIcon /> {method === 'cod' ? T.eyebrowCod : T.eyebrow}
        </p>
        <h1>{T.heading}</h1>
        <p className="checkout-page__lead">{method === 'cod' ? T.leadCod : T.lead}</p>
      </header>

      <div className="checkout-layout">
        <form className="checkout-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
          <section className="panel checkout-form__section" aria-labelledby="delivery-heading">
            <h2 id="delivery-heading" className="checkout-form__heading">
              {T.deliveryHeading}
            </h2>
            <div className="checkout-form__grid">
              <Field label={T.fields.firstName} error={errors.firstName}>
                {(props) => (
                  <input
                    {...props}
                    {...register('firstName')}
                    className="input"
                    autoComplete="given-name"
                  />
                )}
              </Field>
              <Field label={T.fields.lastName} error={errors.lastName}>
                {(props) => (
                  <input
                    {...props}
                    {...register('lastName')}
                    className="input"
                    autoComplete="family-name"
                  />
                )}
              </Field>
              <Field label={T.fields.email} error={errors.email}>
                {(props) => (
                  <input
                    {...props}
                    {...register('email')}
                    className="input"
                    type="email"
                    autoComplete="email"
                    inputMode="email"
                  />
                )}
              </Field>
              <Field label={T.fields.phone} error={errors.phone}>
                {(props) => (
                  <input
                    {...props}
                    {...register('phone')}
                    className="input"
                    type="tel"
                    autoComplete="tel-national"
                    inputMode="numeric"
                    maxLength={10}
                    placeholder={T.fields.phonePlaceholder}
                  />
                )}
              </Field>
              <Field label={T.fields.pinCode} error={errors.pinCode} hint={pinCheck.pinHint}>
                {(props) => (
                  <input
                    {...props}
                    {...register('pinCode')}
                    className="input"
                    inputMode="numeric"
                    autoComplete="postal-code"
                    maxLength={6}
                    placeholder={T.fields.pinCodePlaceholder}
                  />
                )}
              </Field>
              <Field label={T.fields.city} error={errors.city}>
                {(props) => (
                  <input
                    {...props}
                    {...register('city')}
                    className="input"
                    autoComplete="address-level2"
                  />
                )}
              </Field>
              <Field label={T.fields.state} error={errors.state ?? pinCheck.stateError}>
                {(props) => (
                  <select
                    {...props}
                    {...register('state')}
                    className="select"
                    autoComplete="address-level1"
                  >
                    <option value="" disabled>
                      {T.fields.statePlaceholder}
                    </option>
                    {INDIAN_STATES.map((name) => (
                      <option key={name} value={name}>
                        {name}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label={T.fields.country}>
                {(props) => (
                  <input {...props} className="input" value="India" readOnly aria-readonly="true" />
                )}
              </Field>
              {savedAddresses.length > 0 ? (
                <Field label={T.fields.savedAddress} className="field--wide">
                  {(props) => (
                    <select
                      {...props}
                      className="input"
                      defaultValue=""
                      onChange={(event) => {
                        if (event.target.value)
                          form.setValue('address', event.target.value, {
                            shouldValidate: true,
                            shouldDirty: true,
                          });
                      }}
                    >
                      <option value="">{T.fields.savedAddressPlaceholder}</option>
                      {savedAddresses.map((saved) => (
                        <option key={saved.id} value={saved.address}>
                          {saved.address}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              ) : null}
              <Field label={T.fields.address} error={errors.address} className="field--wide">
                {(props) => (
                  <textarea
                    {...props}
                    {...register('address')}
                    className="textarea"
                    rows={3}
                    autoComplete="street-address"
                    placeholder={T.fields.addressPlaceholder}
                  />
                )}
              </Field>
              <Field
                label={T.fields.gstNumber}
                optional={T.fields.optional}
                hint={T.fields.gstNumberHint}
                error={errors.gstNumber}
                className="field--wide"
              >
                {(props) => (
                  <input
                    {...props}
                    {...register('gstNumber')}
                    className="input input--upper"
                    maxLength={15}
                    autoComplete="off"
                    placeholder="27AAPFU0939F1ZV"
                  />
                )}
              </Field>
            </div>
            <label className="checkout-form__check">
              <input type="checkbox" {...register('whatsapp')} />
              <span>{T.fields.whatsapp}</span>
            </label>
          </section>

          <section className="panel checkout-form__section" aria-labelledby="payment-heading">
            <h2 id="payment-heading" className="checkout-form__heading">
              {T.paymentHeading}
            </h2>
            <div className="pay-options" role="radiogroup" aria-labelledby="payment-heading">
              {(['upi', 'card'] as const).map((option) => (
                <label key={option} className="pay-option">
                  <input type="radio" value={option} {...register('paymentMethod')} />
                  <span className="pay-option__text">
                    <span className="pay-option__label">{T.paymentMethods[option].label}</span>
                    <span className="pay-option__hint">{T.paymentMethods[option].hint}</span>
                  </span>
                </label>
              ))}
              <label
                className={cod.available ? 'pay-option' : 'pay-option pay-option--unavailable'}
              >
                <input
                  type="radio"
                  value="cod"
                  disabled={!cod.available}
                  {...register('paymentMethod')}
                />
                <span className="pay-option__text">
                  <span className="pay-option__label">{T.paymentMethods.cod.label}</span>
                  <span className="pay-option__hint">
                    {cod.available ? T.paymentMethods.cod.hint(formatINR(cod.fee)) : cod.reason}
                  </span>
                </span>
              </label>
            </div>
            <p className="checkout-form__secure">{method === 'cod' ? T.codNote : T.secureNote}</p>
          </section>

          {agreementNeeded ? (
            <section className="checkout-agreement" aria-labelledby={`${agreementId}-heading`}>
              <h2 id={`${agreementId}-heading`} className="checkout-agreement__heading">
                {T.agreementHeading}
              </h2>
              <p className="checkout-agreement__text" id={`${agreementId}-text`}>
                {T.agreement(preOrderNotice(shop.preOrder))}
              </p>
              {policyLinks}
              <label className="checkout-agreement__check">
                <input
                  type="checkbox"
                  checked={agreed}
                  onChange={(event) => setAgreed(event.target.checked)}
                  aria-describedby={`${agreementId}-text`}
                />
                <span>{T.agreementLabel}</span>
              </label>
            </section>
          ) : (
            policyLinks
          )}

          <button
            type="submit"
            className="btn btn--primary btn--lg btn--block checkout-form__submit"
            disabled={busy}
            // Unticked, it looks and reads as unavailable but still explains why when pressed.
            aria-disabled={!shop.settled || (agreementNeeded && !agreed) || busy}
            {...KEEP_CLEAR}
          >
            {busy ? T.processing : method === 'cod' ? T.placeCodOrder : T.continueToPayment}
          </button>
        </form>

        <aside className="checkout-summary panel" aria-labelledby="checkout-summary-heading">
          <h2 id="checkout-summary-heading" className="checkout-summary__title">
            {T.summaryHeading}
          </h2>
          <ul className="checkout-summary__items">
            {items.map((line) => {
              const product = catalogue.get(line.productId);
              if (!product) return null;
              return (
                <li key={line.productId} className="checkout-item">
                  <span className="checkout-item__media">
                    <ResponsiveImage
                      src={product.image}
                      alt=""
                      sizes="64px"
                      width={480}
                      height={480}
                    />
                    <span className="checkout-item__qty" aria-hidden="true">
                      {line.quantity}
                    </span>
                  </span>
                  <span className="checkout-item__name">
                    {product.name}
                    <span className="visually-hidden"> × {line.quantity}</span>
                  </span>
                  <span className="checkout-item__price">
                    {formatINR(product.price * line.quantity)}
                  </span>
                </li>
              );
            })}
          </ul>
          <PriceSummary
            priced={priced}
            couponCode={coupon.applied?.code}
            shippingNote={shop.freeShippingText}
          />
          <CouponField coupon={coupon} />
        </aside>
      </div>

      {payment.testDialog ? <TestPaymentDialog {...payment.testDialog} /> : null}
    </div>
  );
}

function LockIcon() {
  return (
    <svg
      viewBox="0 0 16 16"
      width="12"
      height="12"
      aria-hidden="true"
      style={{ display: 'inline' }}
    >
      <path
        d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2M3.5 7h9v7h-9z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}
