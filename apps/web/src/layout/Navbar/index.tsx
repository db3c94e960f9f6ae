import { useAppStore } from '../../store/app';
import { Breadcrumbs } from './Breadcrumbs';
import { Hamburger } from './Hamburger';
import { HeaderSearch } from './HeaderSearch';
import { InformCarousel } from '../../areas/notification/widgets/InformCarousel';
import { LanguageMenu } from './LanguageMenu';
import { LargeScreenMenu } from './LargeScreenMenu';
import { NoticeScroller } from '../../areas/notification/widgets/NoticeScroller';
import { NotificationBell } from '../../areas/notification/widgets/NotificationBell';
import { OrganizationButton } from '../../areas/organization/widgets/OrganizationButton';
import { QrCodes } from './QrCodes';
import { SuggestionButton } from '../../areas/oa/widgets/SuggestionButton';
import { ThemeSwitch } from './ThemeSwitch';
import { UserMenu } from './UserMenu';
import './navbar.css';

/**
 * The top bar (SPEC §2 Navbar). On wide screens the announcements and notifications run between the breadcrumb and
 * the tools; on phones the tools wrap onto a second row and the news gets a strip of its own.
 */
export function Navbar() {
  const mobile = useAppStore((s) => s.device === 'mobile');
  const news = (
    <div className="gx-navbar-news">
      <NoticeScroller />
      <InformCarousel />
    </div>
  );
  return (
    <>
      <header className="gx-navbar" data-testid="navbar">
        <div className="gx-navbar-left">
          <Hamburger />
          {!mobile && <Breadcrumbs />}
        </div>
        {!mobile && news}
        <div className="gx-navbar-right">
          <HeaderSearch />
          <SuggestionButton />
          <LargeScreenMenu />
          <QrCodes />
          <NotificationBell />
          <ThemeSwitch />
          <LanguageMenu />
          <OrganizationButton />
          <UserMenu />
        </div>
      </header>
      {mobile && news}
    </>
  );
}
