import { describe, expect, it } from 'vitest';
import { refLabelText } from './refLabelText';

describe('labels of referenced menus and buttons', () => {
  const translate = (k: string) => (k === 'route.system' ? 'System' : undefined);

  it('translate their title keys and keep the rest', () => {
    expect(refLabelText('route.system (system)', 'en', translate)).toBe('System (system)');
    expect(refLabelText('perm.system.user.add (system.user.add)', 'en', translate)).toBe('Users · Add (system.user.add)');
  });

  it('leave every other label as the server wrote it', () => {
    expect(refLabelText('Clerk', 'en', translate)).toBe('Clerk');
    expect(refLabelText('Branch office (Ltd.)', 'en', translate)).toBe('Branch office (Ltd.)');
    expect(refLabelText('Administrator (admin)', 'en', translate)).toBe('Administrator (admin)');
  });
});
