import { useQuery } from '@tanstack/react-query';
import { loadConsoleConfig } from '../config/consoleConfig';

/** The deployment links (config/consoleConfig.ts); read once per page. */
export function useConsoleConfig() {
  return useQuery({ queryKey: ['consoleConfig'], queryFn: loadConsoleConfig, staleTime: Infinity, gcTime: Infinity }).data;
}
