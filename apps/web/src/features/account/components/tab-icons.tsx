import type { AccountTab } from '../texts';

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.6,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const PATHS: Record<AccountTab, string> = {
  profile: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7.5 8.5c1.2-3.6 4-5.5 7.5-5.5s6.3 1.9 7.5 5.5',
  orders:
    'M5 8h14l-1.2 12.2a1.5 1.5 0 0 1-1.5 1.3H7.7a1.5 1.5 0 0 1-1.5-1.3L5 8Zm4 2V6.5a3 3 0 0 1 6 0V10',
  invoices: 'M7 3.5h7l4 4v13H7zM14 3.5v4h4M9.5 12h6M9.5 15.5h6',
  security: 'M12 3.5 5 6.5v5c0 4.4 3 7.8 7 9 4-1.2 7-4.6 7-9v-5l-7-3Zm-2.8 8.7 2 2 3.8-4',
  shipping:
    'M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11Zm0-8.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
  payments: 'M3.5 6.5h17v11h-17zM3.5 10h17M7 14.5h3',
  returns: 'M9 7 4.5 11.5 9 16M4.5 11.5H15a4.5 4.5 0 0 1 0 9h-2',
  support:
    'M4.5 12a7.5 7.5 0 1 1 3.3 6.2L4 19.5l1.2-3.6A7.5 7.5 0 0 1 4.5 12Zm5-1.5h5M9.5 13.5h3.5',
  settings: 'M4 7h9M17 7h3M4 17h3M11 17h9M15 4.5v5M9 14.5v5',
};

/** The small line icon beside each tab's name (decorative). */
export function TabIcon({ tab }: { tab: AccountTab }) {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path {...stroke} d={PATHS[tab]} />
    </svg>
  );
}
