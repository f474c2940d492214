// The audit's upload bomb: twelve shoppers upload a 40-megapixel photo at the same moment. How much
// memory does the API take for it? Measured from outside: the BUILT API runs as a child process
// and its peak resident set (VmHWM in /proc/<pid>/status) is read before and after the burst.
// Also counts what the burst left in the avatars folder against what the accounts point at.
// Run: pnpm build && pnpm --filter @vanya/api bench:avatars
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import sharp from 'sharp';
import { writeVerifiedShoppers } from './accounts';
import { startStack } from './harness';

const USERS = Number(process.env.BENCH_UPLOADS ?? 12);
const PASSWORD = 'Kokum#Butter1';
// 8000 x 5000: exactly the decoder's 40-megapixel limit, so every upload is decoded in full.
const WIDTH = 8000;
const HEIGHT = 5000;

function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

const FORMAT = (process.env.BENCH_FORMAT ?? 'png') as 'png' | 'jpeg' | 'webp';

/**
 * A 40-megapixel image small enough for the 5 MB limit. PNG (the default) is the hard case: a
 * JPEG or WebP can be decoded at a fraction of its size (shrink-on-load), a PNG only in full.
 * The PNG is a flat field with a noisy patch (it compresses to little); the JPEG and WebP are
 * smooth random blobs scaled up.
 */
async function bigPhoto(): Promise<Buffer> {
  if (FORMAT === 'png') {
    const patch = await sharp({
      create: {
        width: 400,
        height: 400,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    return sharp({
      create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#2f4f3a' },
    })
      .composite([{ input: patch, left: 3800, top: 2300 }])
      .png({ compressionLevel: 9 })
      .toBuffer();
  }
  const seed = await sharp({
    create: {
      width: 160,
      height: 100,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  const scaled = sharp(seed).resize(WIDTH, HEIGHT, { kernel: 'cubic' });
  return FORMAT === 'webp' ? scaled.webp().toBuffer() : scaled.jpeg({ quality: 80 }).toBuffer();
}

const stack = await startStack({ RATE_LIMIT_SCALE: '100000', BCRYPT_COST: '4' });
try {
  const photo = await bigPhoto();
  const emails = Array.from({ length: USERS }, (_, i) => `avatar.${i}@example.in`);
  await writeVerifiedShoppers(stack.db.uri, {
    emails,
    password: PASSWORD,
    cost: 4,
    extra: { avatar: '' },
  });

  const tokens: string[] = [];
  for (const email of emails) {
    const res = await fetch(`${stack.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`);
    tokens.push(((await res.json()) as { token: string }).token);
  }

  const upload = async (token: string) => {
    const form = new FormData();
    form.append('avatar', new Blob([photo], { type: `image/${FORMAT}` }), `photo.${FORMAT}`);
    const res = await fetch(`${stack.baseUrl}/api/auth/upload-avatar`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    await res.arrayBuffer();
    return res.status;
  };

  // Warm-up: one upload, so the figures compare a burst against a process that has decoded once.
  await upload(tokens[0]!);
  const pid = stack.api.pid!;
  const before = memoryOf(pid);
  const started = performance.now();
  const statuses = await Promise.all(tokens.map((token) => upload(token)));
  const seconds = (performance.now() - started) / 1000;
  const after = memoryOf(pid);

  // Orphans: the same shopper uploading twelve times at once keeps one file.
  const same = await Promise.all(tokens.map(() => upload(tokens[1]!)));
  const avatarsDir = path.join(path.dirname(stack.db.dataDir), 'uploads', 'avatars');
  const files = readdirSync(avatarsDir).length;
  const connection = await mongoose.createConnection(stack.db.uri).asPromise();
  const owned = (
    await connection
      .collection('users')
      .find({ avatar: { $ne: '' } })
      .toArray()
  ).length;
  await connection.close();

  const count = (list: number[]) =>
    Object.entries(
      list.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {}),
    )
      .map(([s, n]) => `${n} x ${s}`)
      .join(', ');
  console.log(
    `\n${USERS} parallel avatar uploads of a ${WIDTH}x${HEIGHT} ${FORMAT.toUpperCase()} (${(photo.length / 1024 / 1024).toFixed(1)} MB), built API`,
  );
  console.log(`  answers:                ${count(statuses)} in ${seconds.toFixed(1)} s`);
  console.log(`  resident before burst:  ${before.rssMb.toFixed(0)} MB`);
  console.log(
    `  peak resident (VmHWM):  ${after.peakMb.toFixed(0)} MB (+${(after.peakMb - before.peakMb).toFixed(0)} MB over the peak before)`,
  );
  console.log(`  one shopper x ${USERS} at once: ${count(same)}`);
  console.log(`  avatar files on disk:   ${files}, accounts with an avatar: ${owned}`);
} finally {
  await stack.stop();
}
