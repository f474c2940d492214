import jwt from 'jsonwebtoken';
import type { LabelParcel } from './test-label-pdf';
import {
  kindOfStatus,
  shippingRefused,
  shippingUnavailable,
  statusLabel,
  trackingPageOf,
} from './shipping-provider';
import type { ParcelOrder, ShippingProvider, Tracking } from './shipping-provider';

export interface ShiprocketOptions {
  email: string;
  password: string;
  webhookToken: string;
  /** https://apiv2.shiprocket.in/v1/external, or a local server speaking its protocol (tests). */
  apiUrl: string;
  /** The pickup location's name as set in Shiprocket's panel. */
  pickupLocation: string;
  parcel: { weightKg: number; length: number; breadth: number; height: number };
  now?: () => number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const REQUEST_TIMEOUT_MS = 15_000;
/** Shiprocket's tokens last 10 days; one whose expiry we cannot read is renewed after 9. */
const TOKEN_LIFETIME_MS = 9 * DAY_MS;
/** A token is renewed this long before it expires, so no call is made with one about to lapse. */
const RENEW_BEFORE_MS = DAY_MS;

const rupees = (paise: number) => Math.round(paise) / 100;

/** 'YYYY-MM-DD HH:mm' in India's time, as Shiprocket's order_date wants it. */
function indianDateTime(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** When a JWT expires (its `exp`), if it says. */
function jwtExpiry(token: string): number | undefined {
  try {
    const exp = jwt.decode(token, { json: true })?.exp;
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** Shiprocket's words for a refusal: `message`, and the per-field `errors` of a 422. */
function refusalText(body: unknown): string {
  const { message, errors } = (body ?? {}) as { message?: unknown; errors?: unknown };
  const fields =
    errors && typeof errors === 'object'
      ? Object.values(errors as Record<string, unknown>)
          .flat()
          .map(String)
      : [];
  return [typeof message === 'string' ? message : 'refused', ...fields].join(' ');
}

/**
 * Shiprocket's external API (apiv2.shiprocket.in/v1/external): a token from `POST /auth/login`
 * (email and password of an API user), sent as a bearer on every call, kept until a day before it
 * expires and renewed then, or at once when a call answers 401.
 */
export class ShiprocketProvider implements ShippingProvider {
  readonly mode = 'shiprocket' as const;
  readonly webhookToken: string;
  private token: { value: string; renewAt: number } | undefined;
  /** One login at a time: calls that find no token wait for the same login. */
  private loggingIn: Promise<string> | undefined;
  private readonly now: () => number;

  constructor(private readonly options: ShiprocketOptions) {
    this.webhookToken = options.webhookToken;
    this.now = options.now ?? Date.now;
  }

  private async send(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    token: string | undefined,
  ): Promise<{ status: number; body: unknown }> {
    let res: Response;
    try {
      res = await fetch(`${this.options.apiUrl}${path}`, {
        method,
        headers: {
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch {
      throw shippingUnavailable();
    }
    const text = await res.text().catch(() => '');
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = { message: text.slice(0, 200) };
    }
    return { status: res.status, body: parsed };
  }

  private login(): Promise<string> {
    this.loggingIn ??= (async () => {
      try {
        const { status, body } = await this.send(
          'POST',
          '/auth/login',
          { email: this.options.email, password: this.options.password },
          undefined,
        );
        if (status >= 500) throw shippingUnavailable();
        const token = (body as { token?: unknown } | undefined)?.token;
        if (status !== 200 || typeof token !== 'string')
          throw shippingRefused(`login: ${refusalText(body)}`);
        const expiry = jwtExpiry(token) ?? this.now() + TOKEN_LIFETIME_MS + RENEW_BEFORE_MS;
        this.token = { value: token, renewAt: expiry - RENEW_BEFORE_MS };
        return token;
      } finally {
        this.loggingIn = undefined;
      }
    })();
    return this.loggingIn;
  }

  private async bearer(): Promise<string> {
    const token = this.token;
    if (token && this.now() < token.renewAt) return token.value;
    return this.login();
  }

  /** One call with the token; a 401 (the token revoked or expired early) logs in again, once. */
  private async answer(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: unknown }> {
    let answer = await this.send(method, path, body, await this.bearer());
    if (answer.status === 401) {
      this.token = undefined;
      answer = await this.send(method, path, body, await this.bearer());
    }
    if (answer.status >= 500 || answer.status === 429) throw shippingUnavailable();
    return answer;
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const answer = await this.answer(method, path, body);
    if (answer.status >= 400) throw shippingRefused(refusalText(answer.body));
    return answer.body as T;
  }

  async createOrder(parcel: ParcelOrder): Promise<{ providerOrderId: string; shipmentId: string }> {
    const c = parcel.customer;
    const { weightKg, length, breadth, height } = this.options.parcel;
    const answer = await this.call<{ order_id?: unknown; shipment_id?: unknown }>(
      'POST',
      '/orders/create/adhoc',
      {
        order_id: parcel.reference,
        order_date: indianDateTime(parcel.placedAt),
        pickup_location: this.options.pickupLocation,
        billing_customer_name: c.firstName,
        billing_last_name: c.lastName,
        billing_address: c.address,
        billing_city: c.city.slice(0, 30),
        billing_pincode: Number(c.pinCode),
        billing_state: c.state,
        billing_country: 'India',
        billing_email: c.email,
        billing_phone: Number(c.phone),
        shipping_is_billing: true,
        order_items: parcel.items.map((item) => ({
          name: item.name,
          sku: item.sku,
          units: item.units,
          selling_price: rupees(item.unitPrice),
          tax: item.gstRate,
          hsn: item.hsn,
        })),
        payment_method: parcel.cod ? 'COD' : 'Prepaid',
        shipping_charges: rupees(parcel.shipping),
        transaction_charges: rupees(parcel.codFee),
        total_discount: rupees(parcel.discount),
        // Shiprocket does not add it up: for cash on delivery it is what the courier collects.
        sub_total: rupees(parcel.collect),
        length,
        breadth,
        height,
        weight: weightKg,
      },
    );
    if (answer.order_id === undefined || answer.shipment_id === undefined)
      throw shippingRefused(`no shipment for order ${parcel.reference}`);
    return { providerOrderId: String(answer.order_id), shipmentId: String(answer.shipment_id) };
  }

  async assignAwb(shipmentId: string): Promise<{ awb: string; courier: string }> {
    const answer = await this.call<{
      awb_assign_status?: number;
      message?: string;
      response?: {
        data?: { awb_code?: unknown; courier_name?: unknown; awb_assign_error?: string };
      };
    }>('POST', '/courier/assign/awb', { shipment_id: Number(shipmentId) });
    const data = answer.response?.data;
    if (answer.awb_assign_status !== 1 || !data?.awb_code)
      throw shippingRefused(data?.awb_assign_error ?? answer.message ?? 'no AWB assigned');
    return { awb: String(data.awb_code), courier: String(data.courier_name ?? 'Courier') };
  }

  async requestPickup(shipmentId: string): Promise<void> {
    const answer = await this.call<{ pickup_status?: number; message?: string }>(
      'POST',
      '/courier/generate/pickup',
      { shipment_id: [Number(shipmentId)] },
    );
    if (answer.pickup_status !== 1)
      throw shippingRefused(answer.message ?? 'the pickup was not scheduled');
  }

  async cancelOrder(providerOrderId: string): Promise<void> {
    await this.call('POST', '/orders/cancel', { ids: [Number(providerOrderId)] });
  }

  /** Shiprocket's label API takes several shipments and answers one PDF with a label for each. */
  async generateLabel(shipmentIds: readonly string[]): Promise<string> {
    const answer = await this.call<{
      label_created?: number;
      label_url?: unknown;
      message?: string;
    }>('POST', '/courier/generate/label', { shipment_id: shipmentIds.map(Number) });
    if (answer.label_created !== 1 || typeof answer.label_url !== 'string')
      throw shippingRefused(answer.message ?? 'no label was made');
    return answer.label_url;
  }

  async labelPdf(labelUrl: string, _parcels: readonly LabelParcel[]): Promise<Buffer> {
    let res: Response;
    try {
      res = await fetch(labelUrl, {
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch {
      throw shippingUnavailable();
    }
    if (!res.ok) throw shippingUnavailable();
    return Buffer.from(await res.arrayBuffer());
  }

  trackingUrl(awb: string): string {
    return trackingPageOf(awb);
  }

  async track(awb: string): Promise<Tracking> {
    const answer = await this.call<{
      tracking_data?: {
        track_status?: number;
        shipment_status?: number | string;
        shipment_track_activities?: { date?: string; 'sr-status'?: string | number }[] | null;
        error?: string;
      };
    }>('GET', `/courier/track/awb/${encodeURIComponent(awb)}`);
    const data = answer.tracking_data;
    const statusId = Number(data?.shipment_status);
    if (!data || data.track_status !== 1 || !Number.isInteger(statusId))
      return { awb, kind: null, label: null, scanKey: 'none' };
    // The scan is named by its status and the time of the newest activity with that status, so
    // a second delivery attempt (out for delivery again, next day) is a scan of its own.
    const activity = (data.shipment_track_activities ?? []).find(
      (a) => Number(a['sr-status']) === statusId,
    );
    return {
      awb,
      kind: kindOfStatus(statusId),
      label: statusLabel(statusId) ?? null,
      scanKey: activity?.date ? `${statusId}@${activity.date}` : String(statusId),
    };
  }

  async serviceability(
    pickupPin: string,
    pin: string,
  ): Promise<{ serviceable: boolean; cod: boolean }> {
    const query = new URLSearchParams({
      pickup_postcode: pickupPin,
      delivery_postcode: pin,
      cod: '0',
      weight: String(this.options.parcel.weightKg),
    });
    const { status, body } = await this.answer(
      'GET',
      `/courier/serviceability/?${query.toString()}`,
    );
    const answer = (body ?? {}) as {
      status?: number;
      data?: { available_courier_companies?: { cod?: number | boolean }[] };
    };
    // Shiprocket answers a PIN no courier serves with 404 (in the status or in the body).
    if (status === 404 || answer.status === 404) return { serviceable: false, cod: false };
    if (status >= 400) throw shippingRefused(refusalText(body));
    const couriers = answer.data?.available_courier_companies ?? [];
    if (couriers.length === 0) return { serviceable: false, cod: false };
    return { serviceable: true, cod: couriers.some((c) => c.cod === 1 || c.cod === true) };
  }
}
