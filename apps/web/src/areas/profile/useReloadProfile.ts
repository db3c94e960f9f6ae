import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/queries';

/**
 * SPEC §4: after a failed join, create-organisation, handover or branding save the dialog closes and the profile
 * is reloaded, so what the user sees again matches the server.
 */
export function useCloseAndReloadProfile(onClose: () => void): () => void {
  const queryClient = useQueryClient();
  return () => {
    onClose();
    void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
  };
}
