import type { User } from '@vanya/contracts';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { useSessionUser } from '../../../hooks/use-session';
import { PATHS } from '../../../config/paths';
import { endSession } from '../../../lib/auth-storage';
import { useMe } from '../api/get-me';
import { useIsOwner } from '../api/get-owner';
import { ACCOUNT_TABS, ACCOUNT_TEXTS, type AccountTab } from '../texts';
import { formatLongDate } from '../utils/format';
import { DetailsTab } from './details-tab';
import { InvoicesTab } from './invoices-tab';
import { OrdersTab } from './orders-tab';
import { PaymentsTab } from './payments-tab';
import { ProfileAvatar } from './profile-avatar';
import { ReturnsTab } from './returns-tab';
import { SecurityTab } from './security-tab';
import { SettingsTab } from './settings-tab';
import { ShippingTab } from './shipping-tab';
import { SupportTab } from './support-tab';
import { TabIcon } from './tab-icons';
import './account.css';

const TAB_PARAM = 'tab';

function isTab(value: string | null): value is AccountTab {
  return value !== null && (ACCOUNT_TABS as string[]).includes(value);
}

export function ProfilePage() {
  const me = useMe();
  const sessionUser = useSessionUser();
  const [params, setParams] = useSearchParams();
  const requested = params.get(TAB_PARAM);
  const tab: AccountTab = isTab(requested) ? requested : 'profile';
  const tabRefs = useRef(new Map<AccountTab, HTMLButtonElement>());
  const tabList = useRef<HTMLDivElement>(null);

  // On phones the tabs are a scrolling row: keep the open one in view (without scrolling the page).
  useEffect(() => {
    const list = tabList.current;
    const active = tabRefs.current.get(tab);
    if (!list || !active || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = active.offsetLeft - (list.clientWidth - active.offsetWidth) / 2;
  }, [tab, me.data]);

  // A profile that cannot be loaded ends the session. A 401 has ended it
  // already in the API client; endSession does nothing the second time.
  useEffect(() => {
    if (me.isError) endSession('expired', { clearAll: true });
  }, [me.isError]);

  const select = (next: AccountTab, focus = false) => {
    const rest = new URLSearchParams(params);
    if (next === 'profile') rest.delete(TAB_PARAM);
    else rest.set(TAB_PARAM, next);
    setParams(rest, { replace: true, preventScrollReset: true });
    if (focus) tabRefs.current.get(next)?.focus();
  };

  const onTabKeyDown = (event: KeyboardEvent) => {
    const index = ACCOUNT_TABS.indexOf(tab);
    const last = ACCOUNT_TABS.length - 1;
    const target = {
      ArrowDown: index + 1,
      ArrowRight: index + 1,
      ArrowUp: index - 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const wrapped = ACCOUNT_TABS[(target + ACCOUNT_TABS.length) % ACCOUNT_TABS.length];
    if (wrapped) select(wrapped, true);
  };

  const name = me.data?.name ?? sessionUser?.name ?? '';
  const user = me.data;
  const owner = useIsOwner();

  return (
    <div className="page container account-page">
      <PageHeader
        align="start"
        eyebrow={name ? ACCOUNT_TEXTS.greeting(name) : undefined}
        title={ACCOUNT_TEXTS.heading}
        lead={ACCOUNT_TEXTS.lead}
      />
      {!user ? (
        <PageLoader label={ACCOUNT_TEXTS.loading} />
      ) : (
        <div className="account-layout">
          <aside className="account-sidebar">
            <div className="account-card">
              <ProfileAvatar name={user.name} avatar={user.avatar} />
              <div className="account-card__who">
                <p className="account-card__name">{user.name}</p>
                <p className="account-card__email">{user.email}</p>
                <p className="account-card__since">
                  {ACCOUNT_TEXTS.memberSince(formatLongDate(user.createdAt))}
                </p>
              </div>
              <p className="account-card__hint">{ACCOUNT_TEXTS.avatar.dropHint}</p>
              {owner ? (
                <Link className="btn btn--primary btn--sm account-card__owner" to={PATHS.admin}>
                  {ACCOUNT_TEXTS.ownerArea}
                </Link>
              ) : null}
            </div>
            <div
              ref={tabList}
              className="account-tabs"
              role="tablist"
              aria-label={ACCOUNT_TEXTS.tabListLabel}
              onKeyDown={onTabKeyDown}
            >
              {ACCOUNT_TABS.map((key) => (
                <button
                  key={key}
                  ref={(element) => {
                    if (element) tabRefs.current.set(key, element);
                    else tabRefs.current.delete(key);
                  }}
                  type="button"
                  role="tab"
                  id={`account-tab-${key}`}
                  aria-selected={tab === key}
                  aria-controls="account-panel"
                  tabIndex={tab === key ? 0 : -1}
                  className={tab === key ? 'account-tab is-active' : 'account-tab'}
                  onClick={() => select(key)}
                >
                  <TabIcon tab={key} />
                  <span>{ACCOUNT_TEXTS.tabs[key]}</span>
                </button>
              ))}
            </div>
          </aside>
          <div
            className="account-panel"
            role="tabpanel"
            id="account-panel"
            aria-labelledby={`account-tab-${tab}`}
            tabIndex={0}
          >
            <TabContent tab={tab} user={user} />
          </div>
        </div>
      )}
    </div>
  );
}

function TabContent({ tab, user }: { tab: AccountTab; user: User }) {
  switch (tab) {
    case 'profile':
      return <DetailsTab user={user} />;
    case 'orders':
      return <OrdersTab />;
    case 'invoices':
      return <InvoicesTab />;
    case 'security':
      return <SecurityTab user={user} />;
    case 'shipping':
      return <ShippingTab />;
    case 'payments':
      return <PaymentsTab />;
    case 'returns':
      return <ReturnsTab />;
    case 'support':
      return <SupportTab />;
    case 'settings':
      return <SettingsTab />;
  }
}
