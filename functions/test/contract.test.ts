// The contract check itself (helpers/contract.ts), held against the document the declarations
// generate, in process: it passes what the document describes and fails what it does not (an
// undocumented status, a media type not declared, a body off its schema, a request outside the
// document); a request invalid on purpose skips the request check and only that. And the
// declarations name no status in their texts that the document leaves out.
import assert from 'node:assert/strict';
import { allEndpoints } from '../src/endpoints.js';
import { successStatuses } from '../src/http/endpoint.js';
import { failureStatuses, openApiDocument } from '../src/http/openapi.js';
import { apiFetch, baseUrl } from './helpers/api.js';
import { assertExchange, Contract, type Exchange } from './helpers/contract.js';

const contract = new Contract(openApiDocument(allEndpoints), ['/api']);

const problem = (status: number, code: string) =>
  JSON.stringify({ type: `https://disaster-response.example/problems/${code}`, title: 'T', status, detail: 'D', code });

const health: Exchange = {
  method: 'GET',
  target: '/health',
  status: 200,
  responseContentType: 'application/json; charset=utf-8',
  responseText: '{"status":"ok"}',
};

function violationsOf(exchange: Partial<Exchange>, invalidRequest?: string): string[] {
  return contract.violations({ ...health, ...exchange }, invalidRequest === undefined ? {} : { invalidRequest });
}

describe('the contract check against the OpenAPI document', () => {
  it('passes an exchange the document describes', () => {
    assert.deepEqual(violationsOf({}), []);
    assert.deepEqual(
      violationsOf({
        method: 'POST',
        target: '/users/register',
        requestContentType: 'application/json',
        requestBody: '{"display_name":"Ada"}',
        status: 403,
        responseContentType: 'application/problem+json; charset=utf-8',
        responseText: problem(403, 'forbidden'),
      }),
      [],
    );
  });

  it('fails an undocumented status', () => {
    const violations = violationsOf({
      status: 404,
      responseContentType: 'application/problem+json',
      responseText: problem(404, 'not_found'),
    });
    assert.equal(violations.length, 1, violations.join('\n'));
    assert.match(violations[0]!, /^response: status 404 is not documented \(documented: 200, 400, 401, 500, 503\)$/);
  });

  it('fails a media type the document does not declare for the status', () => {
    const violations = violationsOf({ responseContentType: 'text/plain; charset=utf-8', responseText: 'ok' });
    assert.deepEqual(violations, ['response: media type text/plain is not declared for 200 (application/json)']);
    assert.match(
      violationsOf({
        status: 400,
        responseContentType: 'application/json',
        responseText: problem(400, 'validation_failed'),
      })[0]!,
      /media type application\/json is not declared for 400 \(application\/problem\+json\)/,
    );
  });

  it('holds each media type of a success to its own schema (an export: GeoJSON is JSON, CSV is text)', () => {
    const geojson = (body: string) =>
      violationsOf({
        target: '/exports/resources?format=geojson',
        responseContentType: 'application/geo+json',
        responseText: body,
      });
    assert.deepEqual(geojson('{"type":"FeatureCollection","features":[]}'), []);
    assert.match(
      geojson('"a string"')[0]!,
      /the 200 body \(application\/geo\+json\) breaks its schema: \(root\) must be object/,
    );
    assert.deepEqual(
      violationsOf({
        target: '/exports/resources',
        responseContentType: 'text/csv; charset=utf-8; header=present',
        responseText: 'id\r\n#meta+id\r\n',
      }),
      [],
    );
  });

  it('fails a body off its schema, a body where none is documented, and one that is not JSON', () => {
    assert.match(
      violationsOf({ responseText: '{"status":"down"}' })[0]!,
      /breaks its schema: \/status must be equal to constant/,
    );
    assert.match(violationsOf({ responseText: '{"status":' })[0]!, /the 200 body is not JSON/);
    assert.match(
      violationsOf({
        method: 'DELETE',
        target: '/users/me',
        status: 204,
        responseContentType: null,
        responseText: 'x',
      })[0]!,
      /204 is documented without a body, and one was sent/,
    );
  });

  it('fails a request the document does not describe: path, method, parameter, body', () => {
    assert.deepEqual(violationsOf({ target: '/nowhere' }).slice(0, 1), [
      'request: the path /nowhere is not in the document',
    ]);
    assert.match(
      violationsOf({ method: 'PUT' })[0]!,
      /request: PUT is not an operation of \/health \(the document has GET\)/,
    );
    assert.match(violationsOf({ target: '/health?debug=1' })[0]!, /query parameter debug is not in the document/);
    // Under the Hosting rewrite's /api, the same operations; /apihealth is no path.
    assert.deepEqual(violationsOf({ target: '/api/health' }), []);
    assert.match(violationsOf({ target: '/apihealth' })[0]!, /the path \/apihealth is not in the document/);
    assert.match(
      violationsOf({ target: '/disasters?limit=500' })[0]!,
      /query parameter limit="500": \(root\) must be <= 200/,
    );
    const listed = violationsOf({
      target: '/disasters?limit=5&type=flood',
      responseText: '{"items":[],"next_cursor":null}',
    });
    assert.deepEqual(listed, []);
    const register = (body: string, contentType = 'application/json') =>
      violationsOf({
        method: 'POST',
        target: '/users/register',
        requestContentType: contentType,
        requestBody: body,
        status: 400,
        responseContentType: 'application/problem+json',
        responseText: problem(400, 'validation_failed'),
      });
    assert.match(
      register('{"display_name":"Ada","admin":true}')[0]!,
      /request body \(application\/json\): .*must NOT have additional properties \(admin\)/,
    );
    assert.match(
      register('display_name=Ada', 'text/plain')[0]!,
      /request media type text\/plain is not declared \(application\/json\)/,
    );
  });

  it('skips the request check, and only it, for a request invalid on purpose', () => {
    assert.deepEqual(
      violationsOf(
        {
          target: '/health?debug=1',
          status: 400,
          responseContentType: 'application/problem+json',
          responseText: problem(400, 'validation_failed'),
        },
        'an unknown parameter',
      ),
      [],
    );
    // Its response is still checked: a 404 is not documented for GET /health.
    assert.match(
      violationsOf(
        {
          target: '/health?debug=1',
          status: 404,
          responseContentType: 'application/problem+json',
          responseText: problem(404, 'not_found'),
        },
        'an unknown parameter',
      )[0]!,
      /status 404 is not documented/,
    );
    // To a request no operation describes, only a problem+json will do.
    assert.deepEqual(
      violationsOf(
        {
          method: 'PUT',
          status: 405,
          responseContentType: 'application/problem+json',
          responseText: problem(405, 'method_not_allowed'),
        },
        'a method /health does not take',
      ),
      [],
    );
    assert.match(
      violationsOf(
        { method: 'PUT', status: 405, responseContentType: 'text/html', responseText: '<p>no</p>' },
        'a method /health does not take',
      )[0]!,
      /not application\/problem\+json/,
    );
    assert.throws(() => assertExchange(contract, health, { invalidRequest: ' ' }), /invalidRequest needs a reason/);
  });

  it('fails the test with a message naming the exchange', () => {
    assert.throws(
      () => assertExchange(contract, { ...health, status: 418, responseContentType: 'text/plain', responseText: '' }),
      (error: Error) => {
        assert.match(
          error.message,
          /does not describe GET \/health → 418 text\/plain:\n {2}response: status 418 is not documented/,
        );
        return true;
      },
    );
  });

  it('checks exchanges with the served document: apiFetch fails on what it does not describe', async () => {
    const response = await apiFetch(`${baseUrl()}/health`);
    assert.equal(response.status, 200);
    await assert.rejects(
      apiFetch(`${baseUrl()}/health?debug=1`),
      /request: query parameter debug is not in the document/,
    );
  });

  it('names in the declarations no status the document leaves out (summary, description, object rule)', () => {
    const unlisted = allEndpoints.flatMap((endpoint) => {
      const text = [endpoint.summary, endpoint.description, endpoint.ownership].join(' ');
      const documented = new Set([...successStatuses(endpoint), ...failureStatuses(endpoint)]);
      const named = [...text.matchAll(/\b([1-5]\d\d)\b/g)].map((m) => Number(m[1]));
      return [...new Set(named)]
        .filter((status) => !documented.has(status))
        .map((status) => `${endpoint.method.toUpperCase()} ${endpoint.path}: ${status}`);
    });
    assert.deepEqual(unlisted, [], 'add these to the declarations (errors, otherStatuses) or reword the text');
  });
});
