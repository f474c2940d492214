import type { Model } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { OrderModel } from '../orders/order.model';
import { ReturnModel } from '../returns/returns.routes';
import { TicketModel } from '../tickets/tickets.routes';
import { EmailKeyModel } from './email-keys';
import { LoginHistoryModel } from './login-history';
import { LegacyProfileIndexModel, ProfileListModel } from './profile-index';
import { UserModel } from './user.model';

/**
 * Every query a signed-in read makes, as filter fields and sort fields. On MongoDB each needs an
 * index whose leading keys are the filter's fields (in any order), then the sort's; `_id` always
 * has one. FerretDB hands SQLite only a filter on `_id` alone, which is why most of these are.
 */
const QUERIES: { what: string; model: Model<never>; filter: string[]; sort?: string[] }[] = [
  { what: 'session: the user by id', model: UserModel as never, filter: ['_id'] },
  { what: 'login: the email key', model: EmailKeyModel as never, filter: ['_id'] },
  { what: 'login: a key-less account by email', model: UserModel as never, filter: ['email'] },
  { what: 'profile lists: a snapshot', model: ProfileListModel as never, filter: ['_id'] },
  {
    what: 'profile lists: as kept before',
    model: LegacyProfileIndexModel as never,
    filter: ['_id'],
  },
  { what: 'login history: a snapshot', model: LoginHistoryModel as never, filter: ['_id'] },
  { what: 'orders, invoices: an order', model: OrderModel as never, filter: ['_id'] },
  { what: 'returns: a return', model: ReturnModel as never, filter: ['_id'] },
  { what: 'tickets: a ticket', model: TicketModel as never, filter: ['_id'] },
  // Payments find an order by the provider's id (webhooks, verify).
  { what: 'payments: by provider order', model: OrderModel as never, filter: ['providerOrderId'] },
  // The owner's lists (not shopper reads, kept indexed all the same).
  {
    what: 'owner: orders by status, newest first',
    model: OrderModel as never,
    filter: ['status'],
    sort: ['createdAt'],
  },
  { what: 'owner: invoices by date', model: OrderModel as never, filter: ['invoiceDate'] },
];

function covered(model: Model<never>, filter: string[], sort: string[] = []): boolean {
  if (filter.length === 1 && filter[0] === '_id') return true;
  return model.schema.indexes().some(([keys]) => {
    const fields = Object.keys(keys);
    const head = fields.slice(0, filter.length);
    const tail = fields.slice(filter.length, filter.length + sort.length);
    return filter.every((f) => head.includes(f)) && sort.every((s, i) => tail[i] === s);
  });
}

describe('indexes for every query of a signed-in read (MongoDB)', () => {
  it.each(QUERIES)('$what', ({ model, filter, sort }) => {
    expect(covered(model, filter, sort)).toBe(true);
  });

  it('uses only plain ascending/descending indexes (no TTL, text, sparse or partial)', () => {
    for (const model of [UserModel, OrderModel, ReturnModel, TicketModel]) {
      for (const [keys, options] of model.schema.indexes()) {
        expect(Object.values(keys).every((v) => v === 1 || v === -1)).toBe(true);
        expect(options).not.toHaveProperty('expireAfterSeconds');
        expect(options).not.toHaveProperty('sparse');
        expect(options).not.toHaveProperty('partialFilterExpression');
        expect(options).not.toHaveProperty('collation');
      }
    }
  });
});
