import type { Lang } from '../codes';

/**
 * The declaration of a resource: everything the server needs to serve its endpoint family and everything the
 * console needs to render its list, detail and form pages. A declaration reads like a form a product manager can
 * review: field, label zh/en, rule, column, filter, permission key.
 */

/** Every text a person can see, in both languages. */
export type Label = Record<Lang, string>;

export type FieldType =
  /** One line of text. */
  | 'text'
  /** Several lines of text. */
  | 'textarea'
  /**
   * HTML written with the console's rich-text editor (loaded only by the forms holding such a field). The server
   * cleans it with an allow-list on every write (add, update, import, action forms); the console cleans it again
   * when it shows it.
   */
  | 'richtext'
  /** Write-only secret; the console sends the MD5 hex of what was typed (SPEC §5). */
  | 'password'
  | 'integer'
  /** Decimal (money, prices). */
  | 'number'
  /** A switch. */
  | 'boolean'
  /** One of `options`. */
  | 'select'
  /** The id of a row of another resource, chosen with that resource's picker. */
  | 'ref'
  /** Ids of rows of another resource. */
  | 'refMany'
  /** ISO 8601 instant. */
  | 'datetime'
  /** URL or upload path of an image. */
  | 'image'
  /** Name of an icon (the console's icon set). */
  | 'icon'
  /** Structured value shown as JSON (operation log before/after); never edited. */
  | 'json';

/** Validation rules of SPEC §5 and a few identifiers; the contract's validators implement them. */
export type Rule = 'phone' | 'email' | 'link' | 'httpLink' | 'username' | 'permissionKey' | 'domain' | 'routePath' | 'identifier' | 'brokerUrl' | 'serial' | 'mac' | 'authorizationNumber' | 'tags' | 'mediaLink';

export type OptionValue = string | number;

export interface OptionDecl {
  value: OptionValue;
  label: Label;
  /** A tag colour hint for the console (antd preset colour names). */
  color?: string;
}

export interface RefDecl {
  /** Key of the resource whose `select` method offers the choices (first 50 + a hint to refine). */
  resource: string;
}

/** Which forms may set a field. */
export type Editable = 'always' | 'add' | 'never';

export interface FieldDecl {
  type: FieldType;
  label: Label;
  /** Must be given (and non-empty) on add; may not be emptied on update. */
  required?: boolean;
  rule?: Rule;
  /** Strings: length limits. Numbers: value limits. */
  min?: number;
  max?: number;
  options?: readonly OptionDecl[];
  ref?: RefDecl;
  /** Default 'always'. */
  editable?: Editable;
  /** Never part of an answer (passwords). */
  writeOnly?: boolean;
  /** Value a new row gets when the field is not given (shown pre-filled in the add form). */
  default?: OptionValue | boolean | null;
  placeholder?: Label;
  help?: Label;
  /** A custom form control from the console's widget registry (a custom part), e.g. 'grantTree'. */
  widget?: string;
  /**
   * Rich text or image: the method of the resource's own path that stores an image sent as multipart `file` and
   * answers `{ url }`; the editor's image button, or the image field's upload button, uses it (without it the editor
   * offers no image button and the image field is a URL).
   */
  upload?: string;
  /**
   * Rich text: the method of the resource's own path that turns a Word document (.docx, multipart `file`) into
   * `{ html, dropped }` for the editor to insert (its pictures stored like `upload`'s); an "Import Word" button.
   */
  wordImport?: string;
  /**
   * Grant-like: the ids hand permissions to a principal (buttons, menus, roles holding them, or permission groups
   * whose menus and buttons are copied in). The server refuses ids beyond what the caller holds, and the
   * authorization matrix probes every such field and every state transition of a resource having one.
   */
  grants?: GrantKind;
}

export type GrantKind = 'buttons' | 'menus' | 'roles' | 'groups';

export interface ColumnDecl<F extends string> {
  field: F;
  width?: number;
  /**
   * Which columns give way when the table is narrow: 1 always shows, 2 (default) next, 3 hides first (the user
   * can show it again in the column settings). Small screens show the first priority-1 and -2 fields on cards.
   */
  priority?: 1 | 2 | 3;
  sortable?: boolean;
  fixed?: 'left' | 'right';
  ellipsis?: boolean;
  /** A custom cell renderer from the console's registry (a custom part), e.g. 'refTags'. */
  render?: string;
}

/**
 * How a filter matches; each must be served by an index (a test checks it):
 * `eq` exact value, `prefix` case-insensitive starts-with, `range` `<field>_from` … `<field>_to` (inclusive).
 */
/** `tag`: the field holds comma-separated tags (`normaliseTags`) and the filter matches one of them, ignoring case. */
export type FilterKind = 'eq' | 'prefix' | 'range' | 'tag';

export interface FilterDecl<F extends string> {
  field: F;
  kind: FilterKind;
}

export type SortOrder = 'asc' | 'desc';

export interface ListDecl<F extends string> {
  columns: readonly ColumnDecl<F>[];
  filters: readonly FilterDecl<F>[];
  defaultSort: { field: F; order: SortOrder };
  /** One search box matching any of these fields by prefix (body field `keyword`). */
  keyword?: { fields: readonly F[]; placeholder: Label };
  /** Rows form a tree by this parent field: the page shows the `tree` method's answer instead of pages. */
  tree?: { parentField: F };
}

export interface SectionDecl<F extends string> {
  title?: Label;
  fields: readonly F[];
}

export interface FormDecl<F extends string> {
  /** Controls per row on wide screens. */
  columns: 1 | 2;
  sections: readonly SectionDecl<F>[];
}

export interface DetailDecl<F extends string> {
  sections: readonly SectionDecl<F>[];
  /** Extra tabs rendered by the console's registry (custom parts), by key. */
  tabs?: readonly { key: string; title: Label }[];
}

/** The generic operations a resource can offer; each is a body `method` and a permission key `<key>.<op>`. */
export type Operation = 'list' | 'detail' | 'add' | 'update' | 'remove' | 'import' | 'export';

export type ActionPlacement = 'row' | 'bulk' | 'both';

/**
 * A state action or a custom row action. Its wire method is `name`, its permission key `<resource key>.<name>`.
 * A state action moves `field` from one of `from` to `to` (SPEC state machines as data); a custom action asks for
 * `fields` in a small form and is served by a server hook.
 */
export interface ActionDecl<F extends string> {
  name: string;
  label: Label;
  placement: ActionPlacement;
  confirm?: Label;
  danger?: boolean;
  transition?: { field: F; from: readonly OptionValue[]; to: OptionValue };
  /**
   * A small form asked before the action runs. With placement `bulk` or `both` the one form is filled once for all
   * the selected rows (a moderation reason), applied row by row. On a state action the fields' values are stored
   * on the row with the move.
   */
  fields?: readonly F[];
  /** Fields of `fields` the small form does not require (alternatives: devices by id, or a filter); default all required. */
  optional?: readonly F[];
  /**
   * Only the platform may run it (an order's payment comes from the payment side, not the buyer): its key is granted
   * only within the platform organisation and the server refuses it to everyone else.
   */
  platform?: boolean;
  /**
   * Lets the caller sign in as the row's account (setting its password): takeover-like. Only on a resource whose rows
   * are user accounts. The server refuses it (1003 on `id`) on an account holding anything the caller lacks, and on
   * the organisation's owner unless the caller is the owner or a platform administrator.
   */
  takeover?: boolean;
}

export interface PickerDecl<F extends string> {
  /** Fields joined to make the option label, e.g. nickname (username). */
  label: readonly F[];
  /** Fields the picker's search box matches by prefix. */
  search: readonly F[];
  /** Any signed-in user of the organisation may pick (role names in the user form); default: the list key. */
  open?: boolean;
}

/**
 * `org`: every row belongs to the caller's current organisation and is invisible to every other one.
 * `platform`: platform-wide rows, served to platform administrators and to staff of the platform organisation.
 */
export type Scope = 'org' | 'platform';

/** A permission key that is not an operation of a resource (a shell call, a hand-written method), with its label. */
export interface PermissionDecl {
  key: string;
  label: Label;
}

/**
 * The page listing a resource, declared with the resource: its area's manifest collects it (no line in the
 * manifest). The page's title is the resource's; its menu name is `<area>-<key>`, its path `/<area>/<path>`.
 */
export interface ResourcePageDecl {
  /** The area (`packages/contract/src/areas/<area>/manifest.ts`) whose sidebar section holds the page. */
  area: string;
  key: string;
  /** Relative to `/<area>`; default: the key in kebab-case. */
  path?: string;
  /** The page of the same area it follows in the sidebar (a manifest page or another declared one); default last. */
  after?: string;
  icon?: string;
  hidden?: boolean;
  noCache?: boolean;
  /** Further resources shown on this page whose buttons are granted under it. */
  alsoResources?: readonly string[];
  /** Buttons of this page that are not operations of its resources (methods a binding adds by hand). */
  permissions?: readonly PermissionDecl[];
}

export interface ResourceDecl<F extends string = string> {
  /** `<area>.<resource>`: the permission-key prefix and the resource's name in both apps. */
  key: string;
  /** Endpoint path below /v3. */
  path: string;
  /** Also serve `<path>/list|add|update|remove` (SPEC §7 names the system CRUD calls this way). */
  aliasPaths?: boolean;
  title: Label;
  scope: Scope;
  /** Org-scoped, but platform operators see every organisation's rows (logs). */
  platformSeesAll?: boolean;
  fields: Record<F, FieldDecl>;
  operations: readonly Operation[];
  /**
   * Operations only the platform may run (issuing a licence: an organisation must not write its own): their keys are
   * granted only within the platform organisation and refused (1003) to everyone else, like a `platform` action's.
   */
  platformOperations?: readonly Operation[];
  list: ListDecl<NoInfer<F>>;
  form?: FormDecl<NoInfer<F>>;
  detail?: DetailDecl<NoInfer<F>>;
  actions?: readonly ActionDecl<NoInfer<F>>[];
  picker?: PickerDecl<NoInfer<F>>;
  /** Spreadsheet columns, in order. Import columns must be fields the add form sets. */
  io?: { import?: readonly NoInfer<F>[]; export?: readonly NoInfer<F>[] };
  /** A valid `add` body: an example for the API document and the row the authorization matrix creates. */
  example?: Partial<Record<NoInfer<F>, unknown>>;
  /** Rows of other resources that name this one: removing a row they name asks first or is refused. */
  usedBy?: readonly InUseRule[];
  /** The page listing it, when its area's manifest does not name it. */
  page?: ResourcePageDecl;
  /**
   * Serve the declared actions on a path of their own, under their own permission-key prefix (SPEC §7 names the
   * notification state changes `/admin/notification/operation`): action `publish` is `<actionsAt.key>.publish`.
   */
  actionsAt?: { path: string; key: string };
}

/**
 * A resource whose rows name this one through `field` (a `ref` or `refMany`). `ask`: remove answers IN_USE with
 * the count and names until the request confirms, then goes ahead (the references go with it); `refuse`: removal
 * would orphan data, so it answers IN_USE whatever the request says.
 */
export interface InUseRule {
  resource: string;
  field: string;
  onRemove: 'ask' | 'refuse';
  /** What the holders are, counted: "3 users". */
  label: Label;
  /** The holder's field that names it (a `ref` names it by the referenced row's picker label); else its picker label. */
  name?: string;
}

/** Identity helper that checks every field reference of a declaration against its own fields. */
export function declareResource<const F extends string>(decl: ResourceDecl<F>): ResourceDecl<F> {
  return decl;
}

/** The organisation whose staff operate the platform (seeded as id 1). */
export const PLATFORM_ORG_ID = 1;

/** Picker answers hold at most this many options; `more` tells the console to show the refine hint. */
export const PICKER_HINT: Label = {
  zh_CN: '仅显示前 50 条，请输入关键字缩小范围',
  en: 'Only the first 50 are shown; type to narrow the search',
};

/** Largest spreadsheet accepted by import, in data rows. */
export const IMPORT_MAX_ROWS = 10_000;
/** Largest export, in rows; narrow the filters beyond it. */
export const EXPORT_MAX_ROWS = 50_000;
/** Largest id list a bulk action or a picker label lookup takes. */
export const BULK_MAX = 100;
