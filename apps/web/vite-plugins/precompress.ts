import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

// Writes `name.br` (brotli, quality 11) and `name.gz` (gzip -9) beside every text file of dist, once
// at build time, so the server only has to pick one (apps/api/src/platform/http/web-app.ts). A
// variant is kept only when it saves at least a tenth of the file; images, video and fonts are
// compressed already and get none.

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|webmanifest|txt|xml|map|ico)$/i;
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const item of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, item.name);
    if (item.isDirectory()) out.push(...(await filesUnder(full)));
    else if (item.isFile()) out.push(full);
  }
  return out;
}

export async function precompressDir(dir: string): Promise<{ files: number; saved: number }> {
  let files = 0;
  let saved = 0;
  const candidates = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  await Promise.all(
    candidates.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const source = await readFile(file);
      const [br, gzipped] = await Promise.all([
        brotli(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }),
        gz(source, { level: 9 }),
      ]);
      for (const [suffix, bytes] of [
        ['.br', br],
        ['.gz', gzipped],
      ] as const) {
        if (bytes.length <= source.length * 0.9) {
          await writeFile(file + suffix, bytes);
          files += 1;
          saved += source.length - bytes.length;
        }
      }
    }),
  );
  return { files, saved };
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'vanya-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // After every file (public/ included) is in dist.
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const { files } = await precompressDir(outDir);
      config.logger.info(`precompressed: ${files} brotli and gzip files in ${config.build.outDir}`);
    },
  };
}
