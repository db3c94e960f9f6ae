import { useNavigate } from 'react-router';
import type { LoginAnswer } from '@gx/contract';
import { DASHBOARD_PATH } from '../../config/constants';
import { useUserStore } from '../../store/user';

/**
 * A public page that signed someone in (registration, WeChat) keeps the token as the login form does and opens the
 * console; the route guard loads the user on the way, as after any sign-in.
 */
export function useEnterConsole(): (answer: LoginAnswer) => void {
  const navigate = useNavigate();
  return (answer) => {
    useUserStore.getState().setToken(answer.token, answer.expiresAt);
    navigate(DASHBOARD_PATH, { replace: true });
  };
}
