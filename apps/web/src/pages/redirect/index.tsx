import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useTagsViewStore } from '../../store/tagsView';

/**
 * `/redirect/<path>` refreshes a tab (SPEC §2): the kept-alive page is dropped, then the same path is opened again
 * and mounts fresh.
 */
export default function RedirectPage() {
  const { '*': rest = '' } = useParams();
  const { search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const path = `/${rest}`;
    useTagsViewStore.getState().refreshView(path);
    navigate(`${path}${search}${hash}`, { replace: true });
  }, [rest, search, hash, navigate]);
  return null;
}
