// The JSON Schemas sent to Gemini as responseJsonSchema, derived from the zod schemas each use of
// Gemini validates its answer with: only keywords Gemini accepts, and the shape the prompts rely on.
import { strict as assert } from 'node:assert';
import { z } from 'zod';
import { summaryAnswerSchema } from '../src/agent/summary.js';
import { chatAnswerSchema } from '../src/chatbot/gemini.js';
import { judgementAnswerSchema } from '../src/duplicates/gemini.js';
import { geminiAnswerSchema } from '../src/planning/gemini.js';
import { geminiJsonSchemaOf } from '../src/shared/gemini.js';

/** The keywords @google/genai documents for GenerationConfig.responseJsonSchema. */
const ACCEPTED = new Set([
  '$id',
  '$defs',
  '$ref',
  '$anchor',
  'type',
  'format',
  'title',
  'description',
  'enum',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'anyOf',
  'oneOf',
  'properties',
  'additionalProperties',
  'required',
  'propertyOrdering',
]);

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every keyword used anywhere in the schema, with where. */
function keywordsOf(node: unknown, at = '#'): string[] {
  if (!isNode(node)) return [];
  const found: string[] = [];
  for (const [keyword, value] of Object.entries(node)) {
    found.push(`${at}/${keyword}`);
    if ((keyword === 'properties' || keyword === '$defs') && isNode(value)) {
      for (const [name, child] of Object.entries(value)) found.push(...keywordsOf(child, `${at}/${keyword}/${name}`));
    } else if (keyword === 'items' || keyword === 'additionalProperties') {
      found.push(...keywordsOf(value, `${at}/${keyword}`));
    } else if (Array.isArray(value) && ['anyOf', 'oneOf', 'prefixItems'].includes(keyword)) {
      value.forEach((child, i) => found.push(...keywordsOf(child, `${at}/${keyword}/${i}`)));
    }
  }
  return found;
}

function child(node: unknown, ...path: string[]): Node {
  let current = node;
  for (const step of path) {
    assert.ok(isNode(current), `no ${path.join('/')}`);
    current = current[step];
  }
  assert.ok(isNode(current), `no ${path.join('/')}`);
  return current;
}

describe('JSON Schemas sent to Gemini (derived from the zod schemas)', () => {
  const uses = {
    planner: geminiAnswerSchema,
    chatbot: chatAnswerSchema,
    agent: summaryAnswerSchema,
    duplicates: judgementAnswerSchema,
  };

  for (const [use, schema] of Object.entries(uses)) {
    it(`${use}: only keywords responseJsonSchema accepts, no $schema, no string bounds or patterns`, () => {
      const generated = geminiJsonSchemaOf(schema);
      const refused = keywordsOf(generated).filter((path) => !ACCEPTED.has(path.split('/').at(-1)!));
      assert.deepEqual(refused, []);
      assert.equal(generated.type, 'object');
      assert.equal(generated.$schema, undefined);
      // The raw zod output did carry what was stripped: the filter is what keeps it out.
      const raw = JSON.stringify(z.toJSONSchema(schema));
      assert.match(raw, /"\$schema"/);
    });
  }

  it('planner: the fields, the roles, the priority range and the descriptions the prompt relies on', () => {
    const generated = geminiJsonSchemaOf(geminiAnswerSchema);
    assert.deepEqual([...(generated.required as string[])].sort(), ['rationale', 'resources', 'tasks']);
    assert.equal(
      child(generated, 'properties', 'rationale').description,
      'Two or three sentences a dispatcher can read.',
    );
    const tasks = child(generated, 'properties', 'tasks');
    assert.equal(tasks.type, 'array');
    assert.equal(tasks.minItems, 1);
    assert.equal(tasks.maxItems, 8);
    const task = child(tasks, 'items');
    assert.deepEqual([...(task.required as string[])].sort(), ['instructions', 'priority', 'role_required']);
    assert.deepEqual(child(task, 'properties', 'role_required').enum, ['volunteer', 'responder']);
    assert.deepEqual(child(task, 'properties', 'priority'), {
      type: 'integer',
      minimum: 1,
      maximum: 5,
      description: '1 (most urgent) to 5 (least).',
    });
    const assignee = child(task, 'properties', 'suggested_assignee_id');
    assert.equal(assignee.description, 'Id of one of the candidate people, or null.');
    assert.deepEqual(assignee.type, ['string', 'null']);
    const resource = child(generated, 'properties', 'resources', 'items');
    assert.deepEqual([...(resource.required as string[])].sort(), ['reason', 'resource_id']);
    assert.equal(child(resource, 'properties', 'resource_id').description, 'Id of one of the candidate resources.');
    // Bounds Gemini does not take are still enforced on the answer.
    assert.equal(
      geminiAnswerSchema.safeParse({ rationale: 'x'.repeat(2001), tasks: [], resources: [] }).success,
      false,
    );
  });

  it('chatbot: reply and sources asked for, each source an id list', () => {
    const generated = geminiJsonSchemaOf(chatAnswerSchema);
    assert.deepEqual([...(generated.required as string[])].sort(), ['reply', 'sources']);
    assert.match(String(child(generated, 'properties', 'reply').description), /at most about 150 words/);
    const sources = child(generated, 'properties', 'sources');
    assert.match(String(sources.description), /Ids, from the context/);
    for (const kind of ['requests', 'tasks', 'resources', 'disasters']) {
      const list = child(sources, 'properties', kind);
      assert.equal(list.type, 'array');
      assert.deepEqual(list.items, { type: 'string' });
    }
  });

  it('agent: one summary of at most 3 sentences', () => {
    const generated = geminiJsonSchemaOf(summaryAnswerSchema);
    assert.deepEqual(generated.required, ['summary']);
    assert.deepEqual(child(generated, 'properties', 'summary'), {
      type: 'string',
      description: 'At most 3 sentences.',
    });
  });

  it('is derived once per schema', () => {
    assert.equal(geminiJsonSchemaOf(summaryAnswerSchema), geminiJsonSchemaOf(summaryAnswerSchema));
  });
});
