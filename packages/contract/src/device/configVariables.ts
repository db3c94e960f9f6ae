import { z } from 'zod';
import {
  apTemplateConfigSchema, lanTemplateConfigSchema, phoneTemplateConfigSchema, type TemplateConfigBody, type TemplateKind,
} from './templates';

/**
 * Configuration variables (issue 12, as OpenWISP does it; docs/config-variables.md): a template's text values may
 * hold `{{ name }}` placeholders, filled per device from the device's own variables, then its group's (device.group),
 * then its organisation's, then the template's defaults.
 */

export const VARIABLE_NAME_RE = /^[a-z][a-z0-9_]{0,31}$/;
export const VARIABLE_VALUE_MAX = 255;
export const VARIABLES_MAX = 50;

/** A placeholder: `{{ name }}`, spaces inside the braces optional. */
export const PLACEHOLDER_RE = /\{\{\s*([a-z][a-z0-9_]{0,31})\s*\}\}/g;

/** A set of variables: name → text. */
export const configVariablesSchema = z.record(
  z.string().regex(VARIABLE_NAME_RE, 'validation.variableName'),
  z.string({ error: 'validation.variableValue' }).max(VARIABLE_VALUE_MAX, 'validation.variableValue'),
  // A bad key is reported by the record itself, not by the key's schema: name the rule here.
  { error: (iss) => (iss.code === 'invalid_key' ? 'validation.variableName' : iss.code === 'invalid_type' ? 'validation.variables' : undefined) },
).refine((v) => Object.keys(v).length <= VARIABLES_MAX, 'validation.variablesCount');
export type ConfigVariables = z.infer<typeof configVariablesSchema>;

/** Where a value came from, highest precedence first. */
export const VARIABLE_SOURCES = ['device', 'group', 'organization', 'template'] as const;
export type VariableSource = (typeof VARIABLE_SOURCES)[number];
export const VARIABLE_SOURCE_LABELS: Record<VariableSource, { zh_CN: string; en: string; color: string }> = {
  device: { zh_CN: '设备', en: 'Device', color: 'blue' },
  group: { zh_CN: '设备分组', en: 'Device group', color: 'cyan' },
  organization: { zh_CN: '组织', en: 'Organisation', color: 'purple' },
  template: { zh_CN: '模板默认值', en: 'Template default', color: 'default' },
};

/** Each kind's whole configuration schema: what a resolved configuration must still pass. */
export const TEMPLATE_CONFIG_SCHEMAS: Record<TemplateKind, z.ZodType<TemplateConfigBody['config']>> = {
  ap: apTemplateConfigSchema, lan: lanTemplateConfigSchema, phone: phoneTemplateConfigSchema,
};

/**
 * Variables as stored (canonical JSON text). A stored text that no longer parses counts as none, so one bad row
 * cannot stop every push; writes are checked with `configVariablesSchema`.
 */
export function readVariables(text: unknown): ConfigVariables {
  if (typeof text !== 'string' || !text.trim()) return {};
  try {
    const r = configVariablesSchema.safeParse(JSON.parse(text));
    return r.success ? r.data : {};
  } catch {
    return {};
  }
}

/** Whether a text holds at least one placeholder. */
export const hasPlaceholder = (v: unknown): boolean => typeof v === 'string' && new RegExp(PLACEHOLDER_RE.source).test(v);

/** The value at a zod issue's path. */
function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let v = value;
  for (const k of path) v = v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined;
  return v;
}

/**
 * The first issue of a template's value that is not about a text holding a placeholder: such a text is checked
 * once filled in per device, so the server's save and the console's editors both pass it over (same rule).
 */
export function firstIssueBesidesPlaceholders<I extends { path: readonly PropertyKey[] }>(issues: readonly I[], value: unknown): I | undefined {
  return issues.find((i) => !hasPlaceholder(valueAt(value, i.path)));
}

/** One variable a resolution used, with the level its value came from. */
export interface ResolvedVariable {
  name: string;
  value: string;
  source: VariableSource;
}

export type Resolution =
  | { ok: true; config: TemplateConfigBody['config']; variables: ResolvedVariable[] }
  /** `field` is the dotted path in the configuration (`ssids.0.name`); `variable` names the one with no value. */
  | { ok: false; field: string; message: string; variable?: string };

type Levels = Partial<Record<VariableSource, ConfigVariables>>;

/**
 * Resolves a template's configuration for one device: the levels merged by precedence (device > group >
 * organisation > template default), every placeholder in every string value substituted, then the kind's own schema run on the
 * result — so a substituted SSID longer than allowed is refused naming its field, like a typed one. Pure: the
 * server's push and preview and the tests call the same function.
 */
export function resolveTemplateConfig(kind: TemplateKind, raw: unknown, levels: Levels): Resolution {
  const used = new Map<string, ResolvedVariable>();
  let missing: { field: string; variable: string } | null = null;
  const lookup = (name: string): ResolvedVariable | undefined => {
    for (const source of VARIABLE_SOURCES) {
      const value = levels[source]?.[name];
      if (value !== undefined) return { name, value, source };
    }
    return undefined;
  };
  const walk = (v: unknown, path: (string | number)[]): unknown => {
    if (typeof v === 'string') {
      return v.replace(PLACEHOLDER_RE, (whole, name: string) => {
        const hit = lookup(name);
        if (!hit) {
          missing ??= { field: path.join('.'), variable: name };
          return whole;
        }
        used.set(name, hit);
        return hit.value;
      });
    }
    if (Array.isArray(v)) return v.map((x, i) => walk(x, [...path, i]));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, [...path, k])]));
    return v;
  };
  const substituted = walk(raw, []);
  if (missing) {
    const m: { field: string; variable: string } = missing;
    return { ok: false, field: m.field, message: `validation.variableMissing:${m.variable}`, variable: m.variable };
  }
  const r = TEMPLATE_CONFIG_SCHEMAS[kind].safeParse(substituted);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    return { ok: false, field: issue.path.map(String).join('.'), message: issue.message.startsWith('validation.') ? issue.message : 'validation.json' };
  }
  return { ok: true, config: r.data, variables: [...used.values()].sort((a, b) => a.name.localeCompare(b.name)) };
}

/** What a template's `preview` answers for one device. */
export interface TemplatePreview {
  device: { id: number; serial: string; name: string };
  /** The resolved configuration, or null when it cannot be resolved (`error` says why). */
  config: TemplateConfigBody['config'] | null;
  /** The variables the configuration uses, each with the level its value came from. */
  variables: ResolvedVariable[];
  /** Every level's variables as stored, highest precedence first. */
  levels: Record<VariableSource, ConfigVariables>;
  error: { field: string; variable: string | null; msg: string } | null;
}
