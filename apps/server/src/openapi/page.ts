import { createHash } from 'node:crypto';

/**
 * GET /docs: a small, self-contained page for developers that reads /v3/openapi.json and shows every path, its
 * methods, who may call them and their request fields. No CDN, no framework; data is inserted with textContent
 * only, and a content-security policy allows exactly this page's own script and style.
 */

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:14px/1.5 system-ui,-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;color:#1f2933;background:#f4f7f9}
header{background:#2b6583;color:#fff;padding:12px 20px;display:flex;gap:16px;align-items:baseline}header h1{font-size:18px;margin:0}header small{opacity:.8}
.wrap{display:flex;height:calc(100vh - 52px)}nav{width:340px;overflow:auto;background:#fff;border-right:1px solid #dde3e8;padding:8px}
nav input{width:100%;padding:6px 8px;border:1px solid #c5ced6;border-radius:4px;margin-bottom:8px}
nav h3{font-size:12px;text-transform:uppercase;color:#52606d;margin:12px 4px 4px}nav a{display:block;padding:3px 6px;border-radius:4px;color:#1f2933;text-decoration:none;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px;cursor:pointer}
nav a:hover,nav a.on{background:#e3eef4}main{flex:1;overflow:auto;padding:20px 28px}main h2{margin:0 0 4px;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:18px}
.intro{max-width:900px;color:#3e4c59}.card{background:#fff;border:1px solid #dde3e8;border-radius:6px;margin:14px 0;padding:12px 16px}
.card h4{margin:0 0 6px;font-family:ui-monospace,Menlo,Consolas,monospace}.tag{display:inline-block;font-size:11px;padding:1px 6px;border-radius:3px;margin-left:6px;background:#e3eef4;color:#2b6583}
.tag.w{background:#fdf0e6;color:#8a3b12}table{border-collapse:collapse;width:100%;margin-top:6px}th,td{text-align:left;padding:4px 8px;border-top:1px solid #eef1f4;vertical-align:top;font-size:13px}
th{color:#52606d;font-weight:600}code,pre{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px}pre{background:#f4f7f9;padding:8px;border-radius:4px;overflow:auto;margin:6px 0 0}
`;

const SCRIPT = `
(async function () {
  var nav = document.getElementById('nav'), main = document.getElementById('main'), filter = document.getElementById('filter');
  function el(tag, text, cls) { var e = document.createElement(tag); if (text != null) e.textContent = String(text); if (cls) e.className = cls; return e; }
  var res = await fetch('/v3/openapi.json');
  var doc = await res.json();
  document.getElementById('ver').textContent = 'OpenAPI ' + doc.openapi + ' · ' + doc.info.version;
  var intro = el('p', doc.info.description, 'intro');
  main.appendChild(intro);
  var links = [];
  function typeOf(s) {
    if (!s) return '';
    if (s.const !== undefined) return JSON.stringify(s.const);
    if (s.enum) return s.enum.map(function (v) { return JSON.stringify(v); }).join(' | ');
    if (s.anyOf || s.oneOf) return (s.anyOf || s.oneOf).map(typeOf).filter(Boolean).join(' | ');
    if (s.type === 'array') return typeOf(s.items) + '[]';
    return Array.isArray(s.type) ? s.type.join(' | ') : (s.type || 'any');
  }
  function rules(s) {
    var out = [];
    ['minLength', 'maxLength', 'minimum', 'maximum', 'maxItems', 'pattern', 'format', 'default'].forEach(function (k) {
      if (s && s[k] !== undefined) out.push(k + ': ' + (typeof s[k] === 'string' ? s[k] : JSON.stringify(s[k])));
    });
    return out.join(', ');
  }
  function show(path, op) {
    main.textContent = '';
    main.appendChild(el('h2', 'POST ' + path));
    main.appendChild(el('p', op.summary + ' — ' + op.description, 'intro'));
    var body = op.requestBody.content['application/json'].schema;
    (body.oneOf || [body]).forEach(function (v) {
      var card = el('div', null, 'card');
      var h = el('h4', v['x-method'] === 'default' ? '(no method)' : v['x-method']);
      h.appendChild(el('span', v['x-read-only'] ? 'read-only' : 'writes', v['x-read-only'] ? 'tag' : 'tag w'));
      h.appendChild(el('span', v['x-access'], 'tag'));
      card.appendChild(h);
      card.appendChild(el('div', v.description));
      var props = v.properties || {}, req = v.required || [];
      var names = Object.keys(props);
      if (names.length) {
        var t = el('table'), head = el('tr');
        ['field', 'type', 'required', 'rules'].forEach(function (c) { head.appendChild(el('th', c)); });
        t.appendChild(head);
        names.forEach(function (n) {
          var tr = el('tr');
          tr.appendChild(el('td', n)).className = 'mono';
          tr.appendChild(el('td', typeOf(props[n])));
          tr.appendChild(el('td', req.indexOf(n) >= 0 ? 'yes' : ''));
          tr.appendChild(el('td', rules(props[n])));
          t.appendChild(tr);
        });
        card.appendChild(t);
      }
      if (v.examples) card.appendChild(el('pre', JSON.stringify(v.examples[0], null, 2)));
      if (v['x-answer']) card.appendChild(el('pre', 'data: ' + JSON.stringify(v['x-answer'])));
      main.appendChild(card);
    });
  }
  var groups = {};
  Object.keys(doc.paths).forEach(function (p) { var op = doc.paths[p].post; (groups[op.tags[0]] = groups[op.tags[0]] || []).push([p, op]); });
  Object.keys(groups).sort().forEach(function (g) {
    var h = el('h3', g); nav.appendChild(h);
    groups[g].forEach(function (pair) {
      var a = el('a', pair[0]);
      a.onclick = function () { links.forEach(function (l) { l.classList.remove('on'); }); a.classList.add('on'); show(pair[0], pair[1]); history.replaceState(null, '', '#' + pair[0]); };
      a.dataset.path = pair[0];
      a.dataset.search = (pair[0] + ' ' + pair[1].summary).toLowerCase();
      links.push(a); nav.appendChild(a);
    });
  });
  var start = links.filter(function (a) { return '#' + a.dataset.path === location.hash; })[0];
  if (start) start.onclick();
  filter.oninput = function () {
    var q = filter.value.toLowerCase();
    links.forEach(function (a) { a.style.display = a.dataset.search.indexOf(q) >= 0 ? '' : 'none'; });
  };
})();
`;

const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

export const DOCS_CSP = `default-src 'none'; script-src ${sha(SCRIPT)}; style-src ${sha(STYLE)}; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

export const DOCS_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>GX console API</title><style>${STYLE}</style></head>
<body><header><h1>GX console API</h1><small id="ver"></small></header>
<div class="wrap"><nav id="nav"><input id="filter" placeholder="Filter paths… / 筛选接口…" aria-label="Filter"></nav><main id="main"></main></div>
<script>${SCRIPT}</script></body></html>`;
