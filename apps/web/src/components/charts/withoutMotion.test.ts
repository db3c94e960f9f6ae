import { describe, expect, it } from 'vitest';
import { withoutMotion } from './withoutMotion';

describe('withoutMotion', () => {
  it('turns transitions off and draws rippling points and flowing lines still, keeping their data and styles', () => {
    const option = {
      tooltip: { trigger: 'item' },
      series: [
        { type: 'lines', effect: { show: true, period: 5, symbol: 'arrow' }, lineStyle: { width: 3 }, data: [{ coords: [[1, 2], [3, 4]] }] },
        { type: 'effectScatter', rippleEffect: { scale: 3 }, symbolSize: 16, data: [{ name: 'a', value: [1, 2] }] },
        { type: 'bar', data: [1, 2, 3] },
      ],
    };
    expect(withoutMotion(option)).toEqual({
      tooltip: { trigger: 'item' },
      animation: false,
      series: [
        { type: 'lines', effect: { show: false, period: 5, symbol: 'arrow' }, lineStyle: { width: 3 }, data: [{ coords: [[1, 2], [3, 4]] }] },
        { type: 'scatter', symbolSize: 16, data: [{ name: 'a', value: [1, 2] }] },
        { type: 'bar', data: [1, 2, 3] },
      ],
    });
  });

  it('takes a single series and an option without series', () => {
    expect(withoutMotion({ series: { type: 'effectScatter', rippleEffect: {} } })).toEqual({ animation: false, series: { type: 'scatter' } });
    expect(withoutMotion({ title: { text: 'x' } })).toEqual({ title: { text: 'x' }, animation: false });
  });
});
