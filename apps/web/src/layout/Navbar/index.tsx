import { useAppStore } from '../../store/app';
import { Breadcrumbs } from './Breadcrumbs';
import { Hamburger } from './Hamburger';
import { HeaderSearch } from './HeaderSearch';
import { LanguageMenu } from './LanguageMenu';
import { ThemeSwitch } from './ThemeSwitch';
import { UserMenu } from './UserMenu';

/** The top bar (SPEC §2 Navbar). Widgets that need server calls not yet available are not rendered. */
export function Navbar() {
  const mobile = useAppStore((s) => s.device === 'mobile');
  return (
    <header className="gx-navbar" data-testid="navbar">
      <div className="gx-navbar-left">
        <Hamburger />
        {!mobile && <Breadcrumbs />}
      </div>
      <div className="gx-navbar-right">
        <HeaderSearch />
        <ThemeSwitch />
        <LanguageMenu />
        <UserMenu />
      </div>
    </header>
  );
}
