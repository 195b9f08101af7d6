// The firebase config the CLI is started with: firebase.json with the stack's ports.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Ports } from './ports.js';
import { readFirebaseJson, repoRoot, stackDir, type HostingHeaders } from './project.js';

/**
 * firebase.json with every emulator port shifted, written under .stack/. The CLI resolves the
 * functions source and the hosting folder from the config file's directory and does not take
 * absolute ones (it joins them to that directory), so those are rewritten relative to .stack/.
 */
export function writeStackConfig(ports: Ports, offset: number): string {
  const config = readFirebaseJson();
  const absolute = (path: string | undefined) =>
    path === undefined ? undefined : relative(stackDir, resolve(repoRoot, path));
  if (Array.isArray(config.functions))
    config.functions = config.functions.map((f) => ({ ...f, source: absolute(f.source) }));
  else if (config.functions) config.functions = { ...config.functions, source: absolute(config.functions.source) };
  // Rules and indexes are read through config.path(), which takes absolute paths as they are
  // and refuses relative ones leading out of .stack/.
  const fromRoot = (path: string | undefined) => (path === undefined ? undefined : resolve(repoRoot, path));
  if (config.firestore)
    config.firestore = {
      ...config.firestore,
      rules: fromRoot(config.firestore.rules),
      indexes: fromRoot(config.firestore.indexes),
    };
  if (config.hosting)
    config.hosting = {
      ...config.hosting,
      public: absolute(config.hosting.public),
      headers: config.hosting.headers?.map((rule) => withLocalEmulators(rule, ports)),
    };
  const emulators = { ...(config.emulators ?? {}) };
  const set = (name: string, port: number, extra: Record<string, unknown> = {}) => {
    const entry = emulators[name];
    emulators[name] = { ...(typeof entry === 'object' ? entry : {}), host: '127.0.0.1', port, ...extra };
  };
  set('auth', ports.auth);
  set('functions', ports.functions);
  set('firestore', ports.firestore, { websocketPort: ports.firestoreWebsocket });
  set('tasks', ports.tasks);
  set('hosting', ports.hosting);
  set('hub', ports.hub);
  set('logging', ports.logging);
  set('eventarc', ports.eventarc);
  config.emulators = emulators;
  mkdirSync(stackDir, { recursive: true });
  const path = join(stackDir, `firebase.${offset}.json`);
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`);
  return path;
}

/**
 * The console's Content-Security-Policy (firebase.json) lets it connect to its own origin and
 * Google's Auth and Firestore endpoints; locally the SDKs talk to the emulators instead, so their
 * origins are added here, to the generated config only. Everything else is enforced as deployed,
 * which the Chromium tests then check.
 */
function withLocalEmulators(rule: HostingHeaders, ports: Ports): HostingHeaders {
  const local = [ports.auth, ports.firestore].map((port) => `http://127.0.0.1:${port}`).join(' ');
  return {
    ...rule,
    headers: rule.headers.map((header) =>
      header.key === 'Content-Security-Policy'
        ? { ...header, value: header.value.replace('connect-src ', `connect-src ${local} `) }
        : header,
    ),
  };
}
