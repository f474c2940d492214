import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { connectDatabase } from '../../platform/db/connect';
import { createAvatarStore } from './avatar-store';
import { UserModel } from './user.model';

describe('avatars replaced from two API processes at once', () => {
  let uploads: string;
  beforeAll(async () => {
    await connectDatabase(inject('mongoUri'), { dbName: `avatars_${Date.now()}` });
    uploads = mkdtempSync(path.join(os.tmpdir(), 'vanya-avatars-'));
  });
  afterAll(async () => {
    await mongoose.connection.dropDatabase();
    await mongoose.disconnect();
    rmSync(uploads, { recursive: true, force: true });
  });

  it('leaves exactly one file, the one the account points at, after 12 parallel uploads', async () => {
    const user = await UserModel.create({
      name: 'Asha Kulkarni',
      email: 'asha.avatars@example.in',
      passwordHash: 'x',
    });
    // Two stores: two processes, each serialising only its own uploads.
    const processes = [createAvatarStore(uploads), createAvatarStore(uploads)];
    const image = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#2F4F3A' },
    })
      .png()
      .toBuffer();
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => processes[i % 2]!.replace(user._id, image)),
    );
    const files = readdirSync(path.join(uploads, 'avatars'));
    const { avatar } = (await UserModel.findById(user._id).lean())!;
    expect(files).toHaveLength(1);
    expect(avatar).toBe(`/uploads/avatars/${files[0]}`);
  });
});
