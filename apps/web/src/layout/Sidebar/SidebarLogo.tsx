import { Link } from 'react-router';
import { useSiteTitle } from '../../router/useDocumentTitle';
import { useUserStore } from '../../store/user';

/** The domain's custom logo when it has one (SPEC §2), else the product mark and site title. */
export function SidebarLogo({ collapsed }: { collapsed: boolean }) {
  const site = useSiteTitle();
  const logo = useUserStore((s) => s.domaindata?.home_logo);
  const icon = useUserStore((s) => s.domaindata?.icon);
  return (
    <Link to="/" className="gx-sidebar-logo" title={site}>
      {logo && !collapsed ? (
        <img className="gx-sidebar-logo-custom" src={logo} alt={site} />
      ) : (
        <>
          <img className="gx-sidebar-logo-mark" src={icon || '/favicon.svg'} alt="" />
          {!collapsed && <span className="gx-sidebar-logo-title">{site}</span>}
        </>
      )}
    </Link>
  );
}
