import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// A PDF as a reader sees it, through poppler (the renderer of most Linux PDF viewers): pages as
// PNG images and every word with its box, to check a layout rather than only its text.

const run = promisify(execFile);

/** Fails with what to install when poppler's command-line tools are missing. */
export function requirePoppler(): void {
  for (const tool of ['pdftoppm', 'pdftotext']) {
    const probe = spawnSync(tool, ['-v'], { stdio: 'ignore' });
    if (probe.error) {
      throw new Error(
        `${tool} is not installed; the invoice layout tests need poppler's tools (Debian/Ubuntu: apt-get install poppler-utils).`,
      );
    }
  }
}

async function withPdfFile<T>(pdf: Buffer, work: (file: string, dir: string) => Promise<T>) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vanya-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    await writeFile(file, pdf);
    return await work(file, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface RenderedPdf {
  /** One PNG per page. */
  pages: Buffer[];
  /** What poppler complained about while reading the file ('' for a well-formed PDF). */
  warnings: string;
}

/** Renders every page to PNG at `dpi`. */
export function renderPdfPages(pdf: Buffer, dpi = 100): Promise<RenderedPdf> {
  requirePoppler();
  return withPdfFile(pdf, async (file, dir) => {
    const { stderr } = await run('pdftoppm', [
      '-png',
      '-r',
      String(dpi),
      file,
      path.join(dir, 'page'),
    ]);
    const names = (await readdir(dir)).filter((n) => n.endsWith('.png')).sort();
    return {
      pages: await Promise.all(names.map((n) => readFile(path.join(dir, n)))),
      warnings: stderr.trim(),
    };
  });
}

export interface WordBox {
  page: number;
  text: string;
  /** In points from the page's top left corner. */
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

const decode = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');

/** Every word of the PDF with its bounding box (`pdftotext -bbox`). */
export function pdfWords(pdf: Buffer): Promise<WordBox[]> {
  requirePoppler();
  return withPdfFile(pdf, async (file, dir) => {
    const out = path.join(dir, 'words.html');
    await run('pdftotext', ['-bbox', file, out]);
    const html = await readFile(out, 'utf8');
    const words: WordBox[] = [];
    html
      .split(/<page\b/)
      .slice(1)
      .forEach((pageHtml, page) => {
        const word =
          /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
        for (const m of pageHtml.matchAll(word)) {
          words.push({
            page,
            xMin: Number(m[1]),
            yMin: Number(m[2]),
            xMax: Number(m[3]),
            yMax: Number(m[4]),
            text: decode(m[5]!),
          });
        }
      });
    return words;
  });
}

/**
 * Pairs of words whose boxes overlap by more than `tolerance` points both across and down: text
 * drawn over other text. Boxes include the font's ascent and descent, so lines set at their
 * natural spacing touch but do not overlap.
 */
export function overlappingWords(words: WordBox[], tolerance = 1): [WordBox, WordBox][] {
  const pairs: [WordBox, WordBox][] = [];
  for (let i = 0; i < words.length; i++) {
    for (let j = i + 1; j < words.length; j++) {
      const a = words[i]!;
      const b = words[j]!;
      if (a.page !== b.page) continue;
      const across = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin);
      const down = Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin);
      if (across > tolerance && down > tolerance) pairs.push([a, b]);
    }
  }
  return pairs;
}
