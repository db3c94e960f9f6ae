import { describe, expect, it } from 'vitest';
import { decide } from './decide';

const anonymous = { hasToken: false, userLoaded: false };
const freshToken = { hasToken: true, userLoaded: false };
const signedIn = { hasToken: true, userLoaded: true };

describe('route guard (SPEC §2)', () => {
  it('without a token a private path goes to login with the original path and query as redirect', () => {
    expect(decide('/system/user?page=2', anonymous)).toEqual({
      action: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/system/user?page=2')}`,
    });
  });

  it('without a token the public routes open', () => {
    for (const path of ['/login', '/register', '/inquiry', '/agents', '/ProjectCollaboration', '/screenhome', '/login?redirect=%2Fx']) {
      expect(decide(path, anonymous), path).toEqual({ action: 'allow' });
    }
  });

  it('a logged-in user opening /login is sent to /', () => {
    expect(decide('/login', signedIn)).toEqual({ action: 'redirect', to: '/' });
    expect(decide('/register', signedIn)).toEqual({ action: 'redirect', to: '/' });
  });

  it('after login the user returns to the redirect target, if it is a path of this site', () => {
    expect(decide(`/login?redirect=${encodeURIComponent('/system/user?page=2')}`, freshToken)).toEqual({
      action: 'redirect',
      to: '/system/user?page=2',
    });
    expect(decide('/login?redirect=https%3A%2F%2Fevil.example', freshToken)).toEqual({ action: 'redirect', to: '/' });
    expect(decide('/login?redirect=%2F%2Fevil.example', freshToken)).toEqual({ action: 'redirect', to: '/' });
  });

  it('with a token but no user loaded, the session is loaded first', () => {
    expect(decide('/dashboard', freshToken)).toEqual({ action: 'load' });
    expect(decide('/', freshToken)).toEqual({ action: 'load' });
  });

  it('with the user loaded, navigation proceeds (unknown paths then reach the catch-all)', () => {
    expect(decide('/dashboard', signedIn)).toEqual({ action: 'allow' });
    expect(decide('/no/such/page', signedIn)).toEqual({ action: 'allow' });
  });

  it('public paths match exactly, not by prefix', () => {
    expect(decide('/login-admin', anonymous).action).toBe('redirect');
    expect(decide('/registerx', anonymous).action).toBe('redirect');
  });
});
