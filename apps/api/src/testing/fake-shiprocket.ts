import { randomBytes, randomInt } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderTestLabels } from '../modules/shipping/test-label-pdf';
import type { LabelParcel } from '../modules/shipping/test-label-pdf';
import { STATUS_ID_OF, statusLabel } from '../modules/shipping/shipping-provider';
import type { ScanKind } from '../modules/shipping/shipping-provider';

interface FakeShipment {
  orderId: number;
  shipmentId: number;
  /** The seller's order id (ours: the order number). */
  channelOrderId: string;
  body: Record<string, unknown>;
  awb?: string;
  courier?: string;
  pickupRequested: boolean;
  /** Called off by the seller (POST /orders/cancel). */
  cancelled?: boolean;
  scans: { statusId: number; date: string }[];
}

const COURIER = { id: 43, name: 'Delhivery Surface' };
const DAY_S = 24 * 60 * 60;

/** Fields an ad-hoc order must carry (Shiprocket's parameter table marks them required). */
const REQUIRED_ORDER_FIELDS = [
  'order_id',
  'order_date',
  'pickup_location',
  'billing_customer_name',
  'billing_address',
  'billing_city',
  'billing_pincode',
  'billing_state',
  'billing_country',
  'billing_email',
  'billing_phone',
  'shipping_is_billing',
  'order_items',
  'payment_method',
  'sub_total',
  'length',
  'breadth',
  'height',
  'weight',
];

/** What a parcel's label shows, from the order Shiprocket was sent. */
function labelOf(shipment: FakeShipment): LabelParcel {
  const b = shipment.body;
  return {
    awb: shipment.awb ?? '',
    courier: shipment.courier ?? '',
    orderNumber: shipment.channelOrderId,
    to: {
      name: `${String(b.billing_customer_name)} ${String(b.billing_last_name ?? '')}`.trim(),
      address: String(b.billing_address),
      city: String(b.billing_city),
      state: String(b.billing_state),
      pinCode: String(b.billing_pincode),
      phone: String(b.billing_phone),
    },
    collect: b.payment_method === 'COD' ? Math.round(Number(b.sub_total) * 100) : 0,
  };
}

/** 'YYYY-MM-DD HH:mm:ss' as Shiprocket writes its dates. */
const srDate = (ms: number) =>
  new Date(ms + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');

/** One request, as each route of the fake is handed it. */
interface Call {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  url: URL;
  /** The path below /v1/external. */
  path: string;
  body: Record<string, unknown> | undefined;
  send: (status: number, body: unknown, type?: string) => void;
}

/** A route of the fake: the method and path it answers, and the function that answers. */
interface Route {
  method: 'GET' | 'POST';
  match: (call: Call) => RegExpExecArray | null;
  run: (call: Call, match: RegExpExecArray) => void | Promise<unknown>;
}

/** A path below /v1/external. */
const at = (path: RegExp) => (call: Call) => path.exec(call.path);

/**
 * A local server speaking the part of Shiprocket's external API the shop uses, under /v1/external:
 * POST /auth/login (a JWT that expires), POST /orders/create/adhoc, POST /courier/assign/awb,
 * POST /courier/generate/pickup, POST /courier/generate/label (one PDF for several shipments, and
 * the PDF it points to),
 * POST /orders/cancel,
 * GET /courier/track/awb/{awb} and GET /courier/serviceability/. Bearer tokens are checked (401
 * when missing, unknown or expired), bodies are answered as Shiprocket documents them, and tests
 * play the courier's scans with `scan` and read the webhook the courier would send with
 * `webhookBody`. Its clock (`now`) is the test's to move.
 */
export class FakeShiprocket {
  readonly shipments: FakeShipment[] = [];
  readonly requests: { method: string; path: string; auth: string | undefined; body: unknown }[] =
    [];
  /** Tokens handed out, with when each expires (ms). */
  private readonly tokens = new Map<string, number>();
  /** PIN prefixes no courier serves, and those served without cash on delivery. */
  readonly unserviceable = new Set<string>();
  readonly noCod = new Set<string>();
  /** The status the next request (other than login) is answered with (500, 503...), once. */
  failNext: number | undefined;
  /** The status the next request to `path` (below /v1/external) is answered with, once. */
  failOn: { path: string; status: number } | undefined;
  /** How long a token lasts (Shiprocket: 10 days). */
  tokenLifetimeS = 10 * DAY_S;
  now: () => number = Date.now;
  private server: http.Server;
  port = 0;
  /** Answered before the failures asked for and the token check: the labels' PDFs and the login. */
  private readonly openRoutes: Route[] = [
    {
      method: 'GET',
      match: ({ url }) => /^\/labels\/(\d+(?:-\d+)*)\.pdf$/.exec(url.pathname),
      run: (c, m) => this.labelPdf(c, m[1]!),
    },
    { method: 'POST', match: at(/^\/auth\/login$/), run: (c) => this.login(c) },
  ];
  /** Answered with a valid token, each tried in turn; any other request is a 404. */
  private readonly routes: Route[] = [
    { method: 'POST', match: at(/^\/orders\/create\/adhoc$/), run: (c) => this.createOrder(c) },
    { method: 'POST', match: at(/^\/courier\/assign\/awb$/), run: (c) => this.assignAwb(c) },
    { method: 'POST', match: at(/^\/courier\/generate\/pickup$/), run: (c) => this.pickup(c) },
    { method: 'POST', match: at(/^\/courier\/generate\/label$/), run: (c) => this.labels(c) },
    { method: 'POST', match: at(/^\/orders\/cancel$/), run: (c) => this.cancel(c) },
    {
      method: 'GET',
      match: at(/^\/courier\/track\/awb\/([^/]+)$/),
      run: (c, m) => this.track(c, decodeURIComponent(m[1]!)),
    },
    {
      method: 'GET',
      match: at(/^\/courier\/serviceability\/?$/),
      run: (c) => this.serviceability(c),
    },
  ];

  constructor(
    private readonly email: string,
    private readonly password: string,
  ) {
    this.server = http.createServer((req, res) => {
      req.on('error', () => undefined);
      res.on('error', () => undefined);
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        this.handle(req, res, raw).catch(() => {
          if (!res.headersSent) res.writeHead(500).end();
        });
      });
    });
  }

  /** The base URL the shop is configured with (SHIPROCKET_API_URL). */
  get url(): string {
    return `http://127.0.0.1:${this.port}/v1/external`;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** Requests to `path` (below /v1/external) so far. */
  calls(path: string) {
    return this.requests.filter(
      (r) => r.path.split('?')[0]!.replace(/\/$/, '') === `/v1/external${path}`,
    );
  }

  byAwb(awb: string): FakeShipment | undefined {
    return this.shipments.find((s) => s.awb === awb);
  }

  /** Every token handed out stops working (a password change in the panel). */
  revokeTokens(): void {
    this.tokens.clear();
  }

  /** The courier scans the parcel: picked up, in transit, out for delivery, delivered or RTO. */
  scan(awb: string, kind: ScanKind): void {
    const shipment = this.byAwb(awb);
    if (!shipment) throw new Error(`no parcel ${awb}`);
    shipment.scans.push({ statusId: STATUS_ID_OF[kind], date: srDate(this.now()) });
  }

  /** The tracking webhook Shiprocket sends for the parcel's latest scan (its documented sample). */
  webhookBody(awb: string, claimed?: ScanKind): Record<string, unknown> {
    const shipment = this.byAwb(awb);
    if (!shipment) throw new Error(`no parcel ${awb}`);
    const last = shipment.scans[shipment.scans.length - 1];
    const statusId = claimed ? STATUS_ID_OF[claimed] : (last?.statusId ?? 1);
    const label = statusLabel(statusId) ?? 'AWB ASSIGNED';
    return {
      awb,
      courier_name: shipment.courier,
      current_status: label,
      current_status_id: statusId,
      shipment_status: label,
      shipment_status_id: statusId,
      current_timestamp: srDate(this.now()),
      order_id: shipment.channelOrderId,
      sr_order_id: shipment.orderId,
      awb_assigned_date: srDate(this.now()),
      pickup_scheduled_date: srDate(this.now()),
      etd: srDate(this.now() + 3 * DAY_S * 1000),
      scans: shipment.scans.map((s) => ({
        date: s.date,
        status: String(s.statusId),
        activity: statusLabel(s.statusId),
        location: 'Latur_Hub (Maharashtra)',
        'sr-status': String(s.statusId),
        'sr-status-label': statusLabel(s.statusId),
      })),
      is_return: 0,
      channel_id: 3422553,
      pod_status: '',
      pod: 'Not Available',
    };
  }

  private token(): string {
    const iat = Math.floor(this.now() / 1000);
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const token = `${part({ typ: 'JWT', alg: 'HS256' })}.${part({
      sub: 2804304,
      iss: `${this.url}/auth/login`,
      iat,
      exp: iat + this.tokenLifetimeS,
      jti: randomBytes(8).toString('hex'),
    })}.${randomBytes(32).toString('base64url')}`;
    this.tokens.set(token, (iat + this.tokenLifetimeS) * 1000);
    return token;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const send = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, { 'Content-Type': type });
      res.end(type === 'application/json' ? JSON.stringify(body) : body);
    };
    let body: Record<string, unknown> | undefined;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
    } catch {
      return send(400, { message: 'Malformed JSON', status_code: 400 });
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname.replace(/^\/v1\/external/, '');
    this.requests.push({
      method: req.method ?? '',
      path: `${url.pathname}${url.search}`,
      auth: req.headers.authorization,
      body,
    });
    const call: Call = { req, res, url, path, body, send };
    if (await this.dispatch(this.openRoutes, call)) return;
    if (this.refused(call)) return;
    if (await this.dispatch(this.routes, call)) return;
    send(404, { message: '404 Not Found', status_code: 404 });
  }

  /** Answers with the first of `routes` that matches; false if none does. */
  private async dispatch(routes: Route[], call: Call): Promise<boolean> {
    for (const route of routes) {
      const match = route.match(call);
      if (call.req.method === route.method && match) {
        await route.run(call, match);
        return true;
      }
    }
    return false;
  }

  /** The failure a test asked for, or a 401 for a missing, unknown or expired token. */
  private refused({ req, path, send }: Call): boolean {
    const answer = (status: number, body: unknown) => {
      send(status, body);
      return true;
    };
    if (this.failNext !== undefined) {
      const status = this.failNext;
      this.failNext = undefined;
      return answer(status, { message: 'Something went wrong', status_code: status });
    }
    if (this.failOn?.path === path) {
      const { status } = this.failOn;
      this.failOn = undefined;
      return answer(status, { message: 'Something went wrong', status_code: status });
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expires = bearer ? this.tokens.get(bearer) : undefined;
    if (expires === undefined)
      return answer(401, { message: 'Unauthenticated.', status_code: 401 });
    if (expires <= this.now())
      return answer(401, { message: 'Token has expired', status_code: 401 });
    return false;
  }

  private byShipmentId(id: unknown) {
    return this.shipments.find((s) => s.shipmentId === Number(Array.isArray(id) ? id[0] : id));
  }

  /** GET /labels/{ids}.pdf: the PDF a label_url points to. */
  private async labelPdf({ res, send }: Call, shipmentIds: string) {
    const ids = shipmentIds.split('-');
    const labelled = ids.map((id) => this.shipments.find((s) => String(s.shipmentId) === id));
    if (labelled.some((s) => !s?.awb)) return send(404, { message: 'Not Found' });
    const pdf = await renderTestLabels(labelled.map((s) => labelOf(s!)));
    res.writeHead(200, { 'Content-Type': 'application/pdf' });
    return res.end(pdf);
  }

  /** POST /auth/login */
  private login({ body, send }: Call) {
    if (body?.email !== this.email || body?.password !== this.password)
      return send(400, { message: 'Invalid email and password combination', status_code: 400 });
    return send(200, {
      company_id: 25149,
      email: this.email,
      id: 2804304,
      first_name: 'API',
      last_name: 'User',
      token: this.token(),
      created_at: srDate(this.now()),
    });
  }

  /** POST /orders/create/adhoc */
  private createOrder({ body, send }: Call) {
    const missing = REQUIRED_ORDER_FIELDS.filter((f) => body?.[f] === undefined || body[f] === '');
    if (missing.length > 0)
      return send(422, {
        message: 'Oops! Invalid Data.',
        errors: Object.fromEntries(missing.map((f) => [f, [`The ${f} field is required.`]])),
        status_code: 422,
      });
    if (!['COD', 'Prepaid'].includes(String(body!.payment_method)))
      return send(422, {
        message: 'Oops! Invalid Data.',
        errors: { payment_method: ['The payment method must be COD or Prepaid.'] },
        status_code: 422,
      });
    // Its documentation: an order_id already used does not change the existing order.
    const earlier = this.shipments.find((s) => s.channelOrderId === String(body!.order_id));
    const shipment = earlier ?? {
      orderId: randomInt(100_000_000, 999_999_999),
      shipmentId: randomInt(100_000_000, 999_999_999),
      channelOrderId: String(body!.order_id),
      body: body!,
      pickupRequested: false,
      scans: [],
    };
    if (!earlier) this.shipments.push(shipment);
    return send(200, {
      order_id: shipment.orderId,
      shipment_id: shipment.shipmentId,
      status: 'NEW',
      status_code: 1,
      onboarding_completed_now: 0,
      awb_code: shipment.awb ?? '',
      courier_company_id: shipment.awb ? COURIER.id : '',
      courier_name: shipment.courier ?? '',
    });
  }

  /** POST /courier/assign/awb */
  private assignAwb({ body, send }: Call) {
    if (body?.shipment_id === undefined)
      return send(422, {
        message: 'Required field missing',
        errors: { shipment_id: ['The shipment id field is required.'] },
        status_code: 422,
      });
    const shipment = this.byShipmentId(body.shipment_id);
    if (!shipment) return send(400, { message: 'Invalid shipment id', status_code: 400 });
    if (shipment.awb)
      return send(200, {
        awb_assign_status: 0,
        response: { data: { awb_assign_error: 'AWB is already assigned for this shipment.' } },
      });
    shipment.awb = String(randomInt(10_000_000, 99_999_999)) + String(randomInt(1000, 9999));
    shipment.courier = COURIER.name;
    return send(200, {
      awb_assign_status: 1,
      response: {
        data: {
          courier_company_id: COURIER.id,
          awb_code: shipment.awb,
          cod: shipment.body.payment_method === 'COD' ? 1 : 0,
          order_id: shipment.orderId,
          shipment_id: shipment.shipmentId,
          awb_code_status: 1,
          applied_weight: Number(shipment.body.weight),
          courier_name: COURIER.name,
          pickup_scheduled_date: srDate(this.now() + DAY_S * 1000),
        },
      },
    });
  }

  /** POST /courier/generate/pickup */
  private pickup({ body, send }: Call) {
    const shipment = this.byShipmentId(body?.shipment_id);
    if (!shipment?.awb) return send(400, { message: 'Invalid shipment id', status_code: 400 });
    shipment.pickupRequested = true;
    return send(200, {
      pickup_status: 1,
      response: {
        pickup_scheduled_date: srDate(this.now() + DAY_S * 1000),
        pickup_token_number: `Reference No: ${shipment.shipmentId}`,
        status: 3,
        data: `Pickup is confirmed by ${COURIER.name} For AWB :- ${shipment.awb}`,
      },
    });
  }

  /** POST /courier/generate/label: several shipments at once, one PDF with a label for each that has its AWB. */
  private labels({ body, send }: Call) {
    const ids = Array.isArray(body?.shipment_id) ? body.shipment_id : [body?.shipment_id];
    const made = ids.map((id) => this.byShipmentId(id)).filter((s) => s?.awb) as FakeShipment[];
    const notCreated = ids.filter((id) => !made.some((s) => s.shipmentId === Number(id)));
    if (made.length === 0) return send(200, { label_created: 0, not_created: notCreated });
    return send(200, {
      label_created: 1,
      label_url: `http://127.0.0.1:${this.port}/labels/${made.map((s) => s.shipmentId).join('-')}.pdf`,
      response: 'Label has been created and uploaded successfully!',
      not_created: notCreated,
    });
  }

  /** POST /orders/cancel */
  private cancel({ body, send }: Call) {
    const ids = Array.isArray(body?.ids) ? body.ids.map(Number) : [];
    const found = this.shipments.filter((s) => ids.includes(s.orderId));
    if (ids.length === 0 || found.length !== ids.length)
      return send(422, {
        message: 'Oops! Invalid Data.',
        errors: { ids: ['The selected ids is invalid.'] },
        status_code: 422,
      });
    for (const shipment of found) shipment.cancelled = true;
    return send(200, { status: 200, message: 'Order cancelled successfully.' });
  }

  /** GET /courier/track/awb/{awb} */
  private track({ send }: Call, awb: string) {
    const shipment = this.byAwb(awb);
    if (!shipment || shipment.scans.length === 0)
      return send(200, {
        tracking_data: {
          track_status: 0,
          error:
            'Aahh! There is no activities found in our DB. Please have some patience it will be updated soon.',
        },
      });
    const last = shipment.scans[shipment.scans.length - 1]!;
    return send(200, {
      tracking_data: {
        track_status: 1,
        shipment_status: last.statusId,
        shipment_track: [
          {
            awb_code: shipment.awb,
            courier_company_id: COURIER.id,
            shipment_id: shipment.shipmentId,
            order_id: shipment.orderId,
            current_status: statusLabel(last.statusId),
            courier_name: COURIER.name,
          },
        ],
        shipment_track_activities: [...shipment.scans].reverse().map((s) => ({
          date: s.date,
          status: String(s.statusId),
          activity: statusLabel(s.statusId),
          location: 'Latur_Hub (Maharashtra)',
          'sr-status': String(s.statusId),
          'sr-status-label': statusLabel(s.statusId),
        })),
        track_url: `https://shiprocket.co//tracking/${shipment.awb}`,
      },
    });
  }

  /** GET /courier/serviceability/ */
  private serviceability({ url, send }: Call) {
    const pin = url.searchParams.get('delivery_postcode') ?? '';
    const missing = ['pickup_postcode', 'delivery_postcode', 'cod', 'weight'].filter(
      (f) => !url.searchParams.get(f),
    );
    if (missing.length > 0)
      return send(422, {
        message: 'Required field missing',
        errors: Object.fromEntries(missing.map((f) => [f, [`The ${f} field is required.`]])),
        status_code: 422,
      });
    const starts = (set: Set<string>) => [...set].some((prefix) => pin.startsWith(prefix));
    if (starts(this.unserviceable))
      return send(404, { message: `Delivery postcode ${pin} is not serviceable`, status: 404 });
    const cod = starts(this.noCod) ? 0 : 1;
    return send(200, {
      status: 200,
      currency: 'INR',
      data: {
        available_courier_companies: [
          { courier_company_id: COURIER.id, courier_name: COURIER.name, cod, postcode: pin },
          { courier_company_id: 225, courier_name: 'India Post', cod, postcode: pin },
        ],
        recommended_courier_company_id: COURIER.id,
      },
    });
  }
}
