import { useNavigate } from 'react-router-dom';

import { PATHS } from '../../../config/paths';
import { logOut } from '../../../lib/auth-storage';
import { ACCOUNT_TEXTS } from '../texts';
import { TabSection } from './tab-section';

export function SettingsTab() {
  const t = ACCOUNT_TEXTS.settings;
  const navigate = useNavigate();

  const onLogout = async () => {
    if (!window.confirm(t.confirmLogout)) return;
    logOut();
    await navigate(PATHS.login, { replace: true });
  };

  return (
    <>
      <TabSection title={t.heading} lead={t.preferences}>
        <div className="settings-card">
          <div>
            <h3 className="settings-card__title">{t.communityHeading}</h3>
            <p className="settings-card__text">{t.communityLead}</p>
          </div>
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => window.open(PATHS.community, '_blank', 'noopener,noreferrer')}
          >
            {t.joinCommunity}
          </button>
        </div>
        <div className="settings-card settings-card--danger">
          <div>
            <h3 className="settings-card__title">{t.logoutHeading}</h3>
            <p className="settings-card__text">{t.logoutLead}</p>
          </div>
          <button type="button" className="btn btn--danger" onClick={() => void onLogout()}>
            {t.logout}
          </button>
        </div>
      </TabSection>
    </>
  );
}
