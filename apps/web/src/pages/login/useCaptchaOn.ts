import { useUserStore } from '../../store/user';

/** Whether forms proving a person (sign-in, registration) show the captcha: as the domain says, else the default (on). */
export function useCaptchaOn(): boolean {
  const status = useUserStore((s) => s.domainStatus);
  const configCaptcha = useUserStore((s) => s.domaindata?.captcha);
  // Until the domain answers we do not know; if it cannot answer, assume the server's default (captcha on).
  return status === 'ready' ? configCaptcha !== false : status === 'failed';
}
