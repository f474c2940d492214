import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ORDER_MOVES } from '@vanya/contracts';
import { describe, expect, it } from 'vitest';

describe("the architecture's state diagram of an order", () => {
  it('draws exactly the moves ORDER_MOVES allows', () => {
    const doc = readFileSync(
      fileURLToPath(new URL('../../../../../docs/architecture.md', import.meta.url)),
      'utf8',
    );
    const diagram = /```mermaid\nstateDiagram-v2\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
    const drawn = [...diagram.matchAll(/^\s*(\w+) --> (\w+)/gm)].map(
      ([, from, to]) => `${from}->${to}`,
    );
    const allowed = Object.entries(ORDER_MOVES).flatMap(([from, tos]) =>
      tos.map((to) => `${from}->${to}`),
    );
    expect(drawn.sort()).toEqual(allowed.sort());
  });
});
