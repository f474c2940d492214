import mongoose from 'mongoose';
import type { Connection } from 'mongoose';

// DESIGN.md section 8: filters are sanitised ({$gt: ''} from a client becomes a literal), and a
// query on a path the schema does not know is an error rather than silently ignored. The server's
// own operators must therefore be marked: `{ expiresAt: trusted({ $gt: now }) }`.
mongoose.set('sanitizeFilter', true);
mongoose.set('strictQuery', 'throw');

export async function connectDatabase(
  uri: string,
  options: { dbName?: string } = {},
): Promise<Connection> {
  await mongoose.connect(uri, {
    dbName: options.dbName,
    serverSelectionTimeoutMS: 10_000,
    autoIndex: true,
  });
  return mongoose.connection;
}

export async function disconnectDatabase(): Promise<void> {
  await mongoose.disconnect();
}

/** 'up' only when the connection is open and the server answers a ping within the time limit. */
export async function databaseState(
  connection: Connection,
  timeoutMs = 1500,
): Promise<'up' | 'down'> {
  if (connection.readyState !== 1 || !connection.db) return 'down';
  try {
    await Promise.race([
      connection.db.admin().ping(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('ping timed out')), timeoutMs)),
    ]);
    return 'up';
  } catch {
    return 'down';
  }
}
