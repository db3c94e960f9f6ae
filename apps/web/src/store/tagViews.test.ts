import { describe, expect, it } from 'vitest';
import { addView, afterClose, keepAffix, keepOnly, removeView, withAffix, type TagView } from './tagViews';

const view = (path: string, affix = false): TagView => ({ path, fullPath: path, name: path, title: `t${path}`, affix, noCache: false });
const dashboard = view('/dashboard', true);

describe('tab strip (SPEC §2)', () => {
  it('a visited page becomes a tab once; revisiting with a new query updates it', () => {
    let views = addView([dashboard], view('/a'));
    views = addView(views, view('/a'));
    expect(views.map((v) => v.path)).toEqual(['/dashboard', '/a']);
    views = addView(views, { ...view('/a'), fullPath: '/a?x=1' });
    expect(views[1]?.fullPath).toBe('/a?x=1');
  });

  it('affix tabs do not close', () => {
    expect(removeView([dashboard, view('/a')], '/dashboard').map((v) => v.path)).toEqual(['/dashboard', '/a']);
    expect(removeView([dashboard, view('/a')], '/a').map((v) => v.path)).toEqual(['/dashboard']);
  });

  it('close others keeps affix tabs and the chosen one', () => {
    expect(keepOnly([dashboard, view('/a'), view('/b')], '/b').map((v) => v.path)).toEqual(['/dashboard', '/b']);
  });

  it('close all keeps only affix tabs', () => {
    expect(keepAffix([dashboard, view('/a')]).map((v) => v.path)).toEqual(['/dashboard']);
  });

  it('affix tabs lead the strip', () => {
    expect(withAffix([view('/a')], [dashboard]).map((v) => v.path)).toEqual(['/dashboard', '/a']);
  });

  it('after closing the active tab the last tab opens, or / when none is left', () => {
    expect(afterClose([dashboard, { ...view('/b'), fullPath: '/b?q=1' }])).toBe('/b?q=1');
    expect(afterClose([])).toBe('/');
  });
});
