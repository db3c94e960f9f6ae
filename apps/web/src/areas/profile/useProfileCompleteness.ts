import { useEffect } from 'react';
import { useProfile } from '../../api/queries';
import { useDialogs } from '../../store/dialogs';

/** SPEC §4: while the profile is incomplete (complete = 1) the personal-data dialog opens and cannot be closed. */
export function useProfileCompleteness(): void {
  const complete = useProfile().data?.complete;
  const open = useDialogs((s) => s.open);
  useEffect(() => {
    if (complete === 1) open('personalData', { forced: true });
  }, [complete, open]);
}
