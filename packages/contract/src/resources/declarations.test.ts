import { describe, expect, it } from 'vitest';
import { LANGS } from '../codes';
import { validationMessages } from '../validationMessages';
import { RULES } from './rules';
import { menuOfResource } from '../areas';
import { actionsOf, isWritable, keyPrefixesOf, permissionKeysOf } from './fields';
import { resourceSchemas } from './schemas';
import { permissionLabel, resources, resourceByKey, type Label, type ResourceDecl } from './index';

/** Every declaration is complete and consistent: what a renderer needs is there, in both languages. */

const labelsOf = (d: ResourceDecl): [string, Label][] => [
  [`${d.key}.title`, d.title],
  ...Object.entries(d.fields).flatMap(([n, f]): [string, Label][] => [
    [`${d.key}.${n}`, f.label],
    ...(f.help ? [[`${d.key}.${n}.help`, f.help] as [string, Label]] : []),
    ...(f.options ?? []).map((o): [string, Label] => [`${d.key}.${n}=${o.value}`, o.label]),
  ]),
  ...(d.actions ?? []).flatMap((a): [string, Label][] => [[`${d.key}#${a.name}`, a.label], ...(a.confirm ? [[`${d.key}#${a.name}.confirm`, a.confirm] as [string, Label]] : [])]),
  ...(d.usedBy ?? []).map((u): [string, Label] => [`${d.key} usedBy ${u.resource}`, u.label]),
];

describe.each(resources.map((r) => [r.key, r] as const))('declaration %s', (_key, d) => {
  it('has every visible text in zh_CN and en', () => {
    for (const [where, label] of labelsOf(d)) for (const lang of LANGS) expect(label[lang]?.trim(), `${where} ${lang}`).toBeTruthy();
  });

  it('names permission keys <area>.<resource>.<action>, each with a readable name', () => {
    for (const k of permissionKeysOf(d)) {
      expect(k).toMatch(RULES.permissionKey.re);
      expect(permissionLabel(k)?.en, k).toBeTruthy();
    }
    for (const a of actionsOf(d)) expect(keyPrefixesOf(d).some((p) => a.key.startsWith(`${p}.`)), a.key).toBe(true);
  });

  it('refers only to declared resources, with pickers to choose from', () => {
    for (const [name, f] of Object.entries(d.fields)) {
      if (f.type !== 'ref' && f.type !== 'refMany') continue;
      // Ids of whichever resource another field says (a notification's recipients), chosen by its widget and
      // checked by the binding.
      if (!f.ref && f.widget && f.type === 'refMany') continue;
      const target = f.ref ? resourceByKey(f.ref.resource) : undefined;
      expect(target, `${d.key}.${name}`).toBeDefined();
      if (f.editable !== 'never' && !f.widget) expect(target?.picker, `${d.key}.${name} needs ${f.ref?.resource} to have a picker`).toBeDefined();
    }
  });

  it('is held (usedBy) only through a reference to it, named by a field the holder has', () => {
    for (const u of d.usedBy ?? []) {
      const f = resourceByKey(u.resource)?.fields[u.field];
      expect(f && (f.type === 'ref' || f.type === 'refMany') ? f.ref?.resource : undefined, `${d.key} usedBy ${u.resource}.${u.field}`).toBe(d.key);
      if (u.name) expect(resourceByKey(u.resource)?.fields[u.name], `${d.key} usedBy names by ${u.name}`).toBeDefined();
    }
  });

  // A field with its own widget (a grant tree of thousands of nodes) is no spreadsheet cell; every other is.
  it('imports every field its add form shows, so the import template has every column of the form', () => {
    if (!d.operations.includes('import')) return;
    const formFields = (d.form?.sections ?? []).flatMap((sec) => sec.fields).filter((n) => d.fields[n] && !d.fields[n].widget && isWritable(d.fields[n], 'add'));
    for (const name of formFields) expect(d.io?.import ?? [], `${d.key} form has ${name}`).toContain(name);
  });

  it('imports only fields the add form sets, and moves states only between declared options', () => {
    for (const name of d.io?.import ?? []) expect(isWritable(d.fields[name]!, 'add'), `${d.key} imports ${name}`).toBe(true);
    for (const a of d.actions ?? []) {
      if (!a.transition) continue;
      const values = (d.fields[a.transition.field]?.options ?? []).map((o) => o.value);
      for (const v of [...a.transition.from, a.transition.to]) expect(values, `${d.key}#${a.name}`).toContain(v);
    }
  });

  it('has an example its own add schema accepts', () => {
    if (!d.operations.includes('add')) return;
    expect(d.example, `${d.key} needs an example`).toBeDefined();
    const parsed = resourceSchemas(d).add.safeParse({ method: 'add', ...d.example });
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it('uses only validation messages that exist in both languages', () => {
    for (const [name, f] of Object.entries(d.fields)) {
      if (f.rule) expect(validationMessages[RULES[f.rule].message], `${d.key}.${name}`).toBeDefined();
    }
  });
});

describe('all declarations', () => {
  it('have distinct keys and paths', () => {
    expect(new Set(resources.map((r) => r.key)).size).toBe(resources.length);
    expect(new Set(resources.map((r) => r.path)).size).toBe(resources.length);
  });

  it('keep platform operations among their operations, and never the reading ones an organisation needs to see its rows', () => {
    for (const r of resources) for (const op of r.platformOperations ?? []) {
      expect(r.operations, `${r.key}.${op}`).toContain(op);
      expect(['list', 'detail', 'tree'], `${r.key}.${op}`).not.toContain(op);
    }
  });

  it('never share a page between a platform-wide and an organisation resource (grants are decided per page)', () => {
    const platform = new Set(resources.filter((r) => r.scope === 'platform').map((r) => menuOfResource(r.key)));
    for (const r of resources.filter((x) => x.scope === 'org')) expect(platform.has(menuOfResource(r.key)), r.key).toBe(false);
  });

  it('have every message key the schemas use, in both languages', () => {
    for (const key of ['validation.unknownField', 'validation.sort', 'validation.option', 'validation.idOrIds', 'validation.tooLong', 'validation.datetime']) {
      for (const lang of LANGS) expect(validationMessages[key]?.[lang], key).toBeTruthy();
    }
  });
});
