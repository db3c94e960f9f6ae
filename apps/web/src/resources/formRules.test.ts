import { describe, expect, it } from 'vitest';
import { userResource, websiteConfigResource, type FieldDecl } from '@gx/contract';
import { fieldProblem } from './formRules';

const f = (name: keyof typeof userResource.fields): FieldDecl => userResource.fields[name];

describe('form rules read from the declaration (SPEC §5)', () => {
  it('a required field must be filled', () => {
    expect(fieldProblem(f('username'), '')).toBe('validation.required');
    expect(fieldProblem(f('username'), '   ')).toBe('validation.required');
    expect(fieldProblem(f('nickname'), '')).toBeNull();
  });

  it('phone and email follow the spec patterns', () => {
    expect(fieldProblem(f('cellphone'), '12345')).toBe('validation.phone');
    expect(fieldProblem(f('cellphone'), '12800138000')).toBe('validation.phone');
    expect(fieldProblem(f('cellphone'), '13800138000')).toBeNull();
    expect(fieldProblem(f('email'), 'not-an-email')).toBe('validation.email');
    expect(fieldProblem(f('email'), 'a@example.com')).toBeNull();
  });

  it('a password needs 6-18 characters of at least two kinds', () => {
    expect(fieldProblem(f('password'), 'abc')).toBe('validation.passwordMin');
    expect(fieldProblem(f('password'), 'abcdefgh')).toBe('validation.passwordFormat');
    expect(fieldProblem(f('password'), 'Clerk@123')).toBeNull();
  });

  it('text longer than the declared maximum is refused', () => {
    expect(fieldProblem(f('nickname'), 'x'.repeat(65))).toBe('validation.tooLong');
  });

  it('a username shorter than its minimum reads as the username rule', () => {
    expect(fieldProblem(f('username'), 'ab')).toBe('validation.username');
  });

  it('a domain is checked in lower case, as the server stores it', () => {
    expect(fieldProblem(websiteConfigResource.fields.domain, 'Console.Example.COM')).toBeNull();
    expect(fieldProblem(websiteConfigResource.fields.domain, 'not a domain')).toBe('validation.domain');
  });

  it('numbers stay within the declared range and options within the declared list', () => {
    const quantity: FieldDecl = { type: 'integer', label: { zh_CN: '数量', en: 'Quantity' }, min: 1, max: 10 };
    expect(fieldProblem(quantity, 0)).toBe('validation.min');
    expect(fieldProblem(quantity, 11)).toBe('validation.max');
    expect(fieldProblem(quantity, 1.5)).toBe('validation.integer');
    expect(fieldProblem(f('sex'), 3)).toBe('validation.option');
    expect(fieldProblem(f('sex'), 0)).toBeNull();
  });
});
