// The console listens to Firestore only where firestore.rules can say who may read: every path
// in web/src/live.ts's LISTENED_PATHS must be matched by a rule that allows reads (not the
// deny-all catch-all), and no other console module may use the Firestore SDK. Locally the
// embedded emulator evaluates no rules, so without this check a listener production refuses
// would pass every local test. The rules themselves are tested in rules.test.ts.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const repo = join(__dirname, '..', '..');
const webSrc = join(repo, 'web', 'src');

/** The `key: 'path'` entries of LISTENED_PATHS in web/src/live.ts. */
export function listenedPaths(source: string): string[] {
  const block = /export const LISTENED_PATHS = \{([\s\S]*?)\} as const;/.exec(source)?.[1];
  assert.ok(block, 'web/src/live.ts declares LISTENED_PATHS');
  return [...block.matchAll(/:\s*'([^']+)'/g)].map((m) => m[1]!);
}

interface ReadRule {
  /** The full match pattern below /databases/{database}/documents, segments. */
  segments: string[];
  readable: boolean;
}

/** Every `match` of firestore.rules with its full path and whether some `allow read` is not `if false`. */
export function readRules(rules: string): ReadRule[] {
  const found: ReadRule[] = [];
  const stack: { segments: string[]; rule: ReadRule | null }[] = [];
  let depthOf: number[] = [];
  let depth = 0;
  const tokens = rules.replace(/\/\/.*$/gm, '').match(/match\s+\S+\s*\{|allow\s+[^;]+;|\{|\}/g) ?? [];
  for (const token of tokens) {
    if (token.startsWith('match')) {
      const path = /match\s+(\S+)/.exec(token)![1]!;
      const parent = stack.at(-1)?.segments ?? [];
      const segments = [...parent, ...path.split('/').filter((s) => s !== '')];
      const rule = { segments, readable: false };
      found.push(rule);
      stack.push({ segments, rule });
      depth++;
      depthOf.push(depth);
    } else if (token.startsWith('allow')) {
      const rule = stack.at(-1)?.rule;
      if (rule && /allow\s+[^:]*\b(read|list|get)\b/.test(token) && !/:\s*if\s+false\s*;/.test(token))
        rule.readable = true;
    } else if (token === '{') {
      depth++;
    } else if (token === '}') {
      if (depthOf.at(-1) === depth) {
        stack.pop();
        depthOf = depthOf.slice(0, -1);
      }
      depth--;
    }
  }
  const prefix = ['databases', '{database}', 'documents'];
  return found
    .filter((r) => prefix.every((s, i) => r.segments[i] === s))
    .map((r) => ({ ...r, segments: r.segments.slice(prefix.length) }));
}

/** Whether a rule's pattern matches the documents of a listened collection (one wildcard per segment). */
function covers(rule: ReadRule, collection: string): boolean {
  const wanted = [...collection.split('/'), '{doc}'];
  if (rule.segments.some((s) => s.includes('=**'))) return false; // only the deny-all catch-all uses one
  if (rule.segments.length !== wanted.length) return false;
  return rule.segments.every((s, i) => {
    const w = wanted[i]!;
    const wild = (x: string) => /^\{\w+\}$/.test(x);
    return wild(s) ? true : !wild(w) && s === w;
  });
}

describe('the console listens only where firestore.rules allows reads', () => {
  const live = readFileSync(join(webSrc, 'live.ts'), 'utf8');
  const rules = readRules(readFileSync(join(repo, 'firestore.rules'), 'utf8'));

  it('finds the listened paths and the rules (the parsers work)', () => {
    assert.ok(listenedPaths(live).includes('disasters/{disasterId}/messages'));
    assert.ok(rules.some((r) => r.readable && r.segments.join('/') === 'disasters/{disasterId}/messages/{messageId}'));
    assert.ok(rules.some((r) => !r.readable && r.segments.join('/') === '{document=**}'));
  });

  it('every listened path has a rule that allows reads', () => {
    for (const path of listenedPaths(live)) {
      assert.ok(
        rules.some((rule) => rule.readable && covers(rule, path)),
        `the console listens to ${path}, which firestore.rules does not open for reading`,
      );
    }
  });

  it('fails for a path the rules do not mention', () => {
    assert.equal(
      rules.some((rule) => rule.readable && covers(rule, 'requests')),
      false,
    );
    assert.equal(
      rules.some((rule) => rule.readable && covers(rule, 'disasters/{id}/members')),
      false,
    );
  });

  it('no console module but live.ts uses the Firestore SDK', () => {
    const others = readdirSync(webSrc)
      .filter((name) => /\.(ts|tsx)$/.test(name) && name !== 'live.ts')
      .filter((name) =>
        /from ['"]firebase\/firestore['"]|import\(['"]firebase\/firestore['"]\)/.test(
          readFileSync(join(webSrc, name), 'utf8'),
        ),
      );
    assert.deepEqual(others, []);
  });
});
