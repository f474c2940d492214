import { brand } from '@vanya/catalog';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';

import { PATHS } from '../../config/paths';
import { BagIcon, CloseIcon, HeartIcon, LeafMark, MenuIcon, UserIcon } from '../ui/icons';
import './navbar.css';

const MAIN_LINKS = [
  { to: PATHS.home, label: 'Home', end: true },
  { to: PATHS.products, label: 'Products', end: false },
  { to: PATHS.about, label: 'About', end: false },
  { to: PATHS.contact, label: 'Contact', end: false },
  { to: PATHS.community, label: brand.hashtag, end: false },
] as const;

const navClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'site-nav__link is-active' : 'site-nav__link';

const iconClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'icon-link is-active' : 'icon-link';

export function cartLabel(count: number): string {
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

export function Navbar({ cartCount }: { cartCount: number }) {
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on, so any navigation closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);

  const closeMenu = () => setMenuOpenOn(null);

  const onMenuKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      closeMenu();
      menuButton.current?.focus();
    }
  };

  const badge = cartCount > 99 ? '99+' : String(cartCount);

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link to={PATHS.home} className="wordmark">
          <LeafMark className="wordmark__mark" size={26} />
          <span className="wordmark__text">{brand.name}</span>
        </Link>

        <nav className="site-nav" aria-label="Main">
          <ul className="site-nav__list">
            {MAIN_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={navClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="site-header__actions">
          <NavLink to={PATHS.wishlist} className={iconClass} aria-label="Wishlist" title="Wishlist">
            <HeartIcon />
          </NavLink>
          <NavLink
            to={PATHS.profile}
            className={(state) => `${iconClass(state)} icon-link--wide-only`}
            aria-label="My Account"
            title="My Account"
          >
            <UserIcon />
          </NavLink>
          <NavLink
            to={PATHS.cart}
            className={iconClass}
            aria-label={cartLabel(cartCount)}
            title="Cart"
          >
            <BagIcon />
            <span className="icon-link__badge" aria-hidden="true">
              {badge}
            </span>
          </NavLink>
          <button
            ref={menuButton}
            type="button"
            className="menu-button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>

      <nav
        id={menuId}
        className="mobile-menu"
        aria-label="Mobile"
        hidden={!menuOpen}
        onKeyDown={onMenuKeyDown}
      >
        <ul className="mobile-menu__list container">
          {MAIN_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end} className={navClass} onClick={closeMenu}>
                {link.label}
              </NavLink>
            </li>
          ))}
          <li className="mobile-menu__divider" aria-hidden="true" />
          <li>
            <NavLink to={PATHS.wishlist} className={navClass} onClick={closeMenu}>
              Wishlist
            </NavLink>
          </li>
          <li>
            <NavLink to={PATHS.profile} className={navClass} onClick={closeMenu}>
              My Account
            </NavLink>
          </li>
          <li>
            <NavLink to={PATHS.cart} className={navClass} onClick={closeMenu}>
              Cart <span className="mobile-menu__count">({cartCount})</span>
            </NavLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}
