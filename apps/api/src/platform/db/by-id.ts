import type { mongo } from 'mongoose';
import { takeTurn } from './turns';

/**
 * A model's documents read, inserted and updated by `_id` through the driver itself, each step in
 * its own turn of the event loop (turns.ts). For documents that are read by `_id` only and built
 * whole by the server's own code, never taken from a request's body (rate-limit hits, email keys,
 * the snapshots of login histories and profile lists, the user a login reads): mongoose's casting,
 * validation and hooks would only add work to every login.
 */
export function byId<T extends { _id: unknown }>(model: { collection: unknown }) {
  const collection = model.collection as mongo.Collection<T>;
  return {
    /** The document with this `_id`, or null; `projection` picks its fields. */
    async find(id: T['_id'], projection?: mongo.Document): Promise<T | null> {
      await takeTurn();
      const filter = { _id: id } as mongo.Filter<T>;
      return (await collection.findOne(filter, projection && { projection })) as T | null;
    },
    /** Inserts the document; a taken `_id` rejects with the driver's duplicate-key error. */
    async insert(doc: T): Promise<void> {
      await takeTurn();
      await collection.insertOne(doc as mongo.OptionalUnlessRequiredId<T>);
    },
    /** Sets these fields of the document with this `_id` (none if there is no such document). */
    async set(id: T['_id'], fields: mongo.Document): Promise<void> {
      await takeTurn();
      await collection.updateOne({ _id: id } as mongo.Filter<T>, { $set: fields as Partial<T> });
    },
  };
}
