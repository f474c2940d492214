import { randomBytes } from 'node:crypto';
import { Router } from 'express';
import { trusted } from 'mongoose';
import type { Config } from '../../config/env';
import { conflict, notFound } from '../../platform/errors/app-error';
import { currentUser, requireAuth } from '../../platform/http/require-auth';
import { handle } from '../../platform/http/contract-route';
import { UserModel } from '../users/user.model';
import type { UserDoc } from '../users/user.model';

/** A shopper keeps a handful of these; a longer list is a mistake or abuse. */
export const MAX_LIST_ENTRIES = 10;

type Field = 'addresses' | 'paymentMethods';
type Entry = { id: string } & Record<string, string>;

/**
 * GET, POST and DELETE over one of the small lists kept on the user (addresses, payment-method
 * labels). Each change answers the whole list. Adding is conditional on the list still being
 * short; removing uses $pullAll of the exact entry.
 */
function listRoutes(
  router: Router,
  auth: ReturnType<typeof requireAuth>,
  path: '/me/addresses' | '/me/payment-methods',
  field: Field,
  valueKey: 'address' | 'payment',
  noun: string,
) {
  const entriesOf = (user: UserDoc) => (user[field] ?? []) as unknown as Entry[];
  const read = (user: UserDoc) =>
    entriesOf(user).map((e) => ({ id: e.id, [valueKey]: e[valueKey]! }));

  handle(router, `get ${path}`, auth, (_req, res) => {
    res.set('Cache-Control', 'no-store').json(read(currentUser(res)));
  });

  handle(router, `post ${path}`, auth, async (_req, res, { body }) => {
    const value = (body as Record<string, string>)[valueKey]!;
    const entry = { id: randomBytes(6).toString('hex'), [valueKey]: value };
    const updated = await UserModel.findOneAndUpdate(
      {
        _id: currentUser(res)._id,
        [`${field}.${MAX_LIST_ENTRIES - 1}`]: trusted({ $exists: false }),
      },
      { $push: { [field]: entry } },
      { returnDocument: 'after' },
    ).lean<UserDoc>();
    if (!updated)
      throw conflict(
        `You can keep at most ${MAX_LIST_ENTRIES} ${noun}. Delete one first.`,
        'LIST_FULL',
      );
    res.status(201).json(read(updated));
  });

  handle(router, `delete ${path}/{id}`, auth, async (_req, res, { params: { id } }) => {
    const user = currentUser(res);
    const entry = entriesOf(user).find((e) => e.id === id);
    if (!entry) throw notFound(`No such ${noun.replace(/s$/, '')}.`, 'NOT_FOUND');
    const updated = await UserModel.findOneAndUpdate(
      { _id: user._id },
      { $pullAll: { [field]: [{ id: entry.id, [valueKey]: entry[valueKey] }] } },
      { returnDocument: 'after' },
    ).lean<UserDoc>();
    res.json(read(updated!));
  });
}

export function userListsRoutes(config: Config): Router {
  const router = Router();
  const auth = requireAuth(config.jwtSecret);
  listRoutes(router, auth, '/me/addresses', 'addresses', 'address', 'addresses');
  listRoutes(router, auth, '/me/payment-methods', 'paymentMethods', 'payment', 'payment methods');
  return router;
}
