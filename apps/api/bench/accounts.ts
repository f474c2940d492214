// Verified shoppers written straight to the database for the benchmarks (one hash serves them
// all). Its own module, apart from harness.ts: it loads mongoose, and a process that times
// requests should not (see harness.ts).
import bcrypt from 'bcrypt';
import mongoose from 'mongoose';

export async function writeVerifiedShoppers(
  databaseUri: string,
  shoppers: { emails: string[]; password: string; cost: number; extra?: Record<string, unknown> },
): Promise<void> {
  const connection = await mongoose.createConnection(databaseUri).asPromise();
  try {
    const passwordHash = await bcrypt.hash(shoppers.password, shoppers.cost);
    await connection.collection('users').insertMany(
      shoppers.emails.map((email) => ({
        name: 'Bench Shopper',
        email,
        passwordHash,
        emailVerified: true,
        tokenVersion: 0,
        loginHistory: [],
        addresses: [],
        paymentMethods: [],
        wishlist: [],
        ...shoppers.extra,
        createdAt: new Date(),
        updatedAt: new Date(),
      })),
    );
  } finally {
    await connection.close();
  }
}
