import { buildOpenApi } from '@kinfolio/contracts';

const esc = (s: unknown) =>
  String(s).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function schemaBlock(title: string, schema: unknown): string {
  if (!schema || (typeof schema === 'object' && Object.keys(schema as object).length === 0)) return '';
  return `<details><summary>${esc(title)}</summary><pre>${esc(JSON.stringify(schema, null, 2))}</pre></details>`;
}

/** A self-contained API reference page (no scripts, no CDN) rendered from the OpenAPI document. */
export function renderApiDocs(doc: Json): string {
  const info = obj(doc.info);
  const paths = obj(doc.paths);
  const byTag = new Map<string, string[]>();
  let count = 0;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = obj(obj(item)[method]);
      if (!Object.keys(op).length) continue;
      count++;
      const tag = (Array.isArray(op.tags) ? String(op.tags[0]) : 'other') || 'other';
      const body = obj(obj(obj(obj(op.requestBody).content)['application/json']).schema);
      const responses = obj(op.responses);
      const ok = obj(obj(obj(obj(responses['200']).content)['application/json']).schema);
      const codes = Object.entries(responses)
        .map(([code, r]) => `<li><code>${esc(code)}</code> ${esc(obj(r).description ?? '')}</li>`)
        .join('');
      const html = `<article class="op" id="${esc(op.operationId ?? `${method}-${path}`)}">
<h3><span class="m m-${method}">${method.toUpperCase()}</span> <code>${esc(path)}</code></h3>
<p class="sum">${esc(op.summary ?? '')}</p><p>${esc(op.description ?? '')}</p>
${schemaBlock('Request body (JSON Schema)', Object.keys(body).length ? body : undefined)}
${schemaBlock('Success reply (JSON Schema)', ok)}
<ul class="codes">${codes}</ul></article>`;
      const list = byTag.get(tag) ?? [];
      list.push(html);
      byTag.set(tag, list);
    }
  }
  const toc = [...byTag.keys()]
    .map((t) => `<a href="#tag-${esc(t)}">${esc(t)} (${byTag.get(t)?.length ?? 0})</a>`)
    .join(' · ');
  const sections = [...byTag.entries()]
    .map(([t, ops]) => `<section><h2 id="tag-${esc(t)}">${esc(t)}</h2>${ops.join('\n')}</section>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(info.title ?? 'API')} reference</title>
<meta name="description" content="Kinfolio API reference">
<style>
body{font-family:system-ui,-apple-system,sans-serif;margin:0;color:#1d2b2b;background:#f7fbfb}
header{background:#1f6f6c;color:#fff;padding:1rem 2rem}header h1{margin:0;font-size:1.5rem}
main{max-width:72rem;margin:0 auto;padding:1rem 2rem}nav{margin:1rem 0;line-height:1.8}
code,.sum,p{overflow-wrap:anywhere}
@media (max-width:600px){header,main{padding-left:1rem;padding-right:1rem}.op{padding:.5rem}}
a{color:#1f6f6c}h2{border-bottom:2px solid #4db2af;padding-bottom:.25rem;margin-top:2rem}
.op{background:#fff;border:1px solid #d6e9e9;border-radius:6px;padding:.5rem 1rem;margin:.75rem 0}
.op h3{margin:.25rem 0;font-size:1rem}.sum{font-weight:600;margin:.25rem 0}
.m{display:inline-block;min-width:4.5rem;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:.1rem .3rem}
.m-get{background:#2b6cb0}.m-post{background:#276749}.m-put{background:#975a16}.m-patch{background:#6b46c1}.m-delete{background:#c53030}
pre{background:#f1f5f5;padding:.5rem;overflow:auto;font-size:.8rem;max-height:24rem}.codes{font-size:.85rem;margin:.25rem 0}
</style></head><body>
<header><h1>${esc(info.title ?? 'API')} <small>${esc(info.version ?? '')}</small></h1></header>
<main><p>${esc(info.description ?? '')}</p>
<p>${count} operations. The machine-readable document is at <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${esc(doc.openapi ?? '')}).
Sign in sets the <code>kf_session</code> cookie; <code>Authorization: Bearer &lt;token&gt;</code> works too.</p>
<nav>${toc}</nav>${sections}</main></body></html>`;
}

let cached: { json: string; html: string } | undefined;

/** The OpenAPI document and its reference page, built once from packages/contracts. */
export function apiDocs(): { json: string; html: string } {
  if (!cached) {
    const doc = buildOpenApi();
    cached = { json: JSON.stringify(doc), html: renderApiDocs(doc) };
  }
  return cached;
}
