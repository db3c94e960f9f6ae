import { describe, expect, it } from 'vitest';
import { sanitizeNotificationHtml as clean } from './sanitize';

describe('notification HTML sanitiser', () => {
  it('keeps the formatting an editor produces', () => {
    const html = '<p style="text-align:center;color:#2b6583"><strong>Maintenance</strong> on <em>Sunday</em></p><ul><li>one</li></ul>';
    expect(clean(html)).toBe(html);
  });
  it('keeps http(s) links and images and relative upload paths', () => {
    expect(clean('<a href="https://example.com/x">x</a>')).toBe('<a href="https://example.com/x">x</a>');
    expect(clean('<img src="/uploads/1/abcdefghijklmnop.png" alt="a" />')).toBe('<img src="/uploads/1/abcdefghijklmnop.png" alt="a" />');
  });
  it('drops script and style elements with their content', () => {
    expect(clean('<p>a</p><script>alert(1)</script><style>p{}</style>')).toBe('<p>a</p>');
  });
  it('drops event handler attributes', () => {
    expect(clean('<img src="https://x/y.png" onerror="alert(1)"><p onclick="x()">t</p>')).toBe('<img src="https://x/y.png" /><p>t</p>');
  });
  it('drops javascript:, data: and protocol-relative URLs', () => {
    expect(clean('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href=" JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('<img />');
    expect(clean('<a href="//evil.example/">x</a>')).toBe('<a>x</a>');
  });
  it('removes iframes, objects, forms, svg and meta refreshes', () => {
    const out = clean('<iframe src="https://x"></iframe><object data="x"></object><form action="x"><input></form><svg onload="a()"></svg><meta http-equiv="refresh" content="0;url=x">ok');
    expect(out).toBe('ok');
  });
  it('limits inline styles to plain values of a few properties', () => {
    expect(clean('<span style="background-image:url(javascript:x);color:red">t</span>')).toBe('<span style="color:red">t</span>');
    expect(clean('<span style="position:fixed;top:0">t</span>')).toBe('<span>t</span>');
    expect(clean('<span style="color:expression(alert(1))">t</span>')).toBe('<span>t</span>');
  });
  it('makes new-tab links safe for the opener', () => {
    expect(clean('<a href="https://x" target="_top">x</a>')).toBe('<a href="https://x" target="_blank" rel="noopener noreferrer">x</a>');
  });
  it('does not let split tags reassemble into markup', () => {
    const out = clean('<scr<script>ipt>alert(1)</script>');
    expect(out).not.toMatch(/<script/i);
  });
  it('escapes text so it stays text', () => {
    expect(clean('1 < 2 & 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
  });
});
