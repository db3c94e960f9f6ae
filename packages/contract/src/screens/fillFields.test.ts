import { describe, expect, it } from 'vitest';
import { fillFields } from './templates';

describe('template placeholders', () => {
  it('fills bound fields and the screen-chat link, and empties unknown ones', () => {
    const values = { room: '301', chat_link: 'https://gx.example/screen-chat/abc' };
    expect(fillFields('Room {{room}} · {{ guest }}', values)).toBe('Room 301 · ');
    expect(fillFields('{{chat_link}}', values)).toBe('https://gx.example/screen-chat/abc');
    expect(fillFields('{{secret}}{{constructor}}', values)).toBe('');
  });
});
