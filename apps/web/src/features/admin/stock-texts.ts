import type { StockMoveKind } from '@vanya/contracts';

/** The owner's stock screen. */
export const STOCK_ADMIN_TEXTS = {
  lead: 'Units on the shelf. Bundles and hampers are made up from these three. An order holds its units from when it is placed until it is paid or confirmed; unpaid ones give them back after 30 minutes.',
  onHand: 'On hand',
  reserved: 'Held for orders',
  available: 'Available',
  lowStockAt: 'Low-stock level',
  low: 'Low',
  onlyLow: (n: number) =>
    n === 0
      ? 'No product is at its low-stock level now.'
      : `${n} ${n === 1 ? 'product is' : 'products are'} at or below the low-stock level.`,
  showAll: 'Show every product',
  stopped: 'Not selling',
  selling: 'Selling',
  sellingSwitch: (name: string) => `Selling: ${name}`,
  level: 'Mail me at',
  saveLevel: 'Save',
  levelSaved: (name: string, n: number) =>
    `${name}: you will be mailed when ${n} or fewer are left.`,
  adjustHeading: (name: string) => `Receive or take off: ${name}`,
  kind: 'What happened',
  kinds: { receive: 'Received', takeOff: 'Taken off (damaged, lost)' },
  units: 'Units',
  reason: 'Reason',
  reasonHint: 'e.g. Batch 14 from the workshop',
  record: 'Record',
  recording: 'Saving…',
  recorded: (name: string, change: number) =>
    change > 0 ? `${name}: ${change} received.` : `${name}: ${-change} taken off.`,
  unitsError: 'Enter a whole number of units, at least 1',
  reasonError: 'Say why, for the ledger',
  ledger: 'Ledger',
  hideLedger: 'Hide ledger',
  ledgerOf: (name: string) => `Ledger of ${name}`,
  noMoves: 'Nothing recorded yet.',
  onHandChange: 'on hand',
  heldChange: 'held',
  moveKinds: {
    initial: 'Counting started',
    receipt: 'Received',
    adjustment: 'Taken off',
    reserved: 'Held for an order',
    sold: 'Sold',
    released: 'Given back',
    restocked: 'Back on the shelf',
  } satisfies Record<StockMoveKind, string>,
  bundles: 'Bundles and hampers',
  bundlesLead: 'No counts of their own: as many as their contents make up.',
  canMake: (n: number) => `${n} can be made up`,
} as const;
