// A self-contained HTML rendering of the OpenAPI document for people: no external scripts or
// fonts, so it works offline and under a strict Content-Security-Policy.
import { accessText } from '../http/openapi.js';
import { successStatus, type Endpoint } from '../http/endpoint.js';
import { z } from 'zod';

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function schemaBlock(title: string, schema: z.ZodType | null | undefined, io: 'input' | 'output'): string {
  if (!schema) return '';
  const json = JSON.stringify(z.toJSONSchema(schema, { io, unrepresentable: 'any' }), null, 2);
  return `<details><summary>${title}</summary><pre>${escape(json)}</pre></details>`;
}

export function docsPage(endpoints: readonly Endpoint[]): string {
  const byTag = new Map<string, Endpoint[]>();
  for (const endpoint of endpoints) byTag.set(endpoint.tag, [...(byTag.get(endpoint.tag) ?? []), endpoint]);
  const sections = [...byTag.entries()]
    .map(([tag, list]) => {
      const rows = list
        .map(
          (e) => `<article id="${escape(e.method + e.path)}">
<h3><span class="m ${e.method}">${e.method.toUpperCase()}</span> <code>${escape(e.path)}</code> → ${successStatus(e)}</h3>
<p>${escape(e.summary)}</p>${e.description ? `<p>${escape(e.description)}</p>` : ''}
<p class="meta">Access: ${escape(accessText(e))}${e.ownership ? `. ${escape(e.ownership)}` : ''}${e.rateLimit ? `. Rate limit: ${e.rateLimit.limit} per ${e.rateLimit.windowSeconds} s.` : ''}</p>
${schemaBlock('Path parameters', e.params, 'input')}${schemaBlock('Query parameters', e.query, 'input')}${schemaBlock('Request body', e.body, 'input')}${schemaBlock('Response body', e.response, 'output')}
</article>`,
        )
        .join('\n');
      return `<section><h2>${escape(tag)}</h2>${rows}</section>`;
    })
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Disaster Response API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
h3{font-size:1rem;margin:1.2rem 0 .2rem}code,pre{font-family:ui-monospace,monospace}pre{background:#f4f4f4;padding:.6rem;overflow:auto}
.m{display:inline-block;min-width:4.2rem;text-align:center;border-radius:3px;color:#fff;font-size:.8rem;padding:0 .3rem}
.get{background:#2f6fb3}.post{background:#2e8540}.put{background:#8a5a00}.patch{background:#8a5a00}.delete{background:#b3261e}
.meta{color:#555;font-size:.9rem;margin:0}</style></head><body>
<h1>Disaster Response Coordination API</h1>
<p>Machine-readable: <a href="openapi.json">openapi.json</a> (OpenAPI 3.1). Send <code>Authorization: Bearer &lt;Firebase ID token&gt;</code>; errors are <code>application/problem+json</code>; lists answer <code>{ items, next_cursor }</code>.</p>
${sections}</body></html>`;
}
