// Finds the official Cloud Firestore emulator on this machine and prepares what firebase-tools needs
// to start it, so that the Functions emulator gets trigger events from it and the console's
// listeners run against its security rules, as in production.
//
// Two places can hold it:
// - the Debian package google-cloud-cli-firestore-emulator (on the project's machine image): a JAR
//   that firebase-tools cannot start as it is (no main class, a `start` command first, no
//   --database-edition), so a two-class launcher JAR (dev/firestore-launcher/) is built once into
//   .stack/ and handed to firebase-tools through FIRESTORE_EMULATOR_BINARY_PATH;
// - firebase-tools' own download cache (`firebase setup:emulators:firestore`, needs the internet).
// firebase-tools refuses to start any Java emulator under Java 21, while the packaged JAR runs on
// Java 11+: a JDK of 21 or newer is looked for on PATH, in JAVA_HOME and under /usr/lib/jvm, and
// put first on the CLI's PATH.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where the Debian package google-cloud-cli-firestore-emulator puts the emulator. */
export const PACKAGED_FIRESTORE_JAR =
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';
const PACKAGE_NAME = 'google-cloud-cli-firestore-emulator';
const MIN_JAVA = 21;

export interface OfficialFirestore {
  /** Which JAR runs, and with which Java: printed by the stack. */
  description: string;
  /** Environment for the firebase CLI process (PATH with the JDK first, the launcher's path). */
  cliEnv: Record<string, string>;
  /** The JAR itself and the java binary: to start the emulator without firebase-tools. */
  jar: string;
  java: string;
}

export type OfficialFirestoreLookup = { found: OfficialFirestore } | { missing: string };

/** Whether the Debian package is installed here (then a stack that does not use it is a failure). */
export function officialFirestorePackaged(): boolean {
  return existsSync(PACKAGED_FIRESTORE_JAR);
}

function javaMajorVersion(java: string): number | null {
  const result = spawnSync(java, ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return null;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  if (!match) return null;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major; // "1.8.0" is Java 8
}

/** The newest Java of 21 or more: PATH's, JAVA_HOME's, or a JDK under /usr/lib/jvm. */
function findJava(): { java: string; major: number } | { missing: string } {
  const candidates = [
    'java',
    ...(process.env.JAVA_HOME ? [join(process.env.JAVA_HOME, 'bin', 'java')] : []),
    ...(existsSync('/usr/lib/jvm')
      ? readdirSync('/usr/lib/jvm').map((name) => join('/usr/lib/jvm', name, 'bin', 'java'))
      : []),
  ];
  let best: { java: string; major: number } | undefined;
  const seen: string[] = [];
  for (const java of candidates) {
    if (java !== 'java' && !existsSync(java)) continue;
    const major = javaMajorVersion(java);
    if (major === null) continue;
    seen.push(`${java} (${major})`);
    if (major >= MIN_JAVA && (!best || major > best.major)) best = { java, major };
  }
  if (best) return best;
  return {
    missing: `no Java ${MIN_JAVA} or newer (firebase-tools requires it to start the emulator); found ${seen.join(', ') || 'no java at all'}`,
  };
}

/** firebase-tools' cached download of the emulator, if someone ran setup:emulators:firestore online. */
function cachedFirestoreJar(repoRoot: string): string | undefined {
  try {
    const info = JSON.parse(
      readFileSync(
        join(
          dirname(require.resolve('firebase-tools/package.json', { paths: [repoRoot] })),
          'lib',
          'emulator',
          'downloadableEmulatorInfo.json',
        ),
        'utf8',
      ),
    ) as { firestore: { downloadPathRelativeToCacheDir: string } };
    const cache = process.env.FIREBASE_EMULATORS_PATH ?? join(homedir(), '.cache', 'firebase', 'emulators');
    const jar = join(cache, info.firestore.downloadPathRelativeToCacheDir);
    return existsSync(jar) ? jar : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The launcher JAR for the packaged emulator, built with the JDK's javac and jar into
 * .stack/firestore-launcher/ once per source and JAR path (a second or two, then cached).
 */
function launcherJar(stackDir: string, javaBin: string, emulatorJar: string): string {
  const source = join(__dirname, 'firestore-launcher', 'FirestoreLauncher.java');
  const key = createHash('sha256').update(readFileSync(source)).update(emulatorJar).digest('hex').slice(0, 12);
  const dir = join(stackDir, 'firestore-launcher');
  const jar = join(dir, `launcher-${key}.jar`);
  if (existsSync(jar)) return jar;
  rmSync(dir, { recursive: true, force: true });
  const classes = join(dir, 'classes');
  mkdirSync(classes, { recursive: true });
  const run = (tool: string, args: string[]) => {
    const result = spawnSync(join(javaBin, tool), args, { encoding: 'utf8' });
    if (result.status !== 0)
      throw new Error(`building the Firestore emulator launcher: ${tool} failed: ${result.stderr || result.error}`);
  };
  run('javac', ['--release', '11', '-d', classes, source]);
  // Class-Path takes URLs: the packaged JAR by its absolute file URL.
  const manifest = join(dir, 'manifest.txt');
  writeFileSync(manifest, `Main-Class: FirestoreLauncher\nClass-Path: ${pathToFileURL(emulatorJar).href}\n`);
  run('jar', ['cfm', jar, manifest, '-C', classes, '.']);
  return jar;
}

/** The official emulator, ready for firebase-tools, or why it cannot run here. */
export function findOfficialFirestore(repoRoot: string, stackDir: string): OfficialFirestoreLookup {
  const cached = cachedFirestoreJar(repoRoot);
  const packaged = officialFirestorePackaged() ? PACKAGED_FIRESTORE_JAR : undefined;
  if (!cached && !packaged)
    return {
      missing: `the Debian package ${PACKAGE_NAME} is not installed (${PACKAGED_FIRESTORE_JAR} absent) and firebase-tools' cache has no emulator`,
    };
  const java = findJava();
  if ('missing' in java) return { missing: java.missing };
  const javaBin = dirname(java.java === 'java' ? (whichJava() ?? 'java') : java.java);
  const path = [javaBin, process.env.PATH ?? ''].join(delimiter);
  if (cached)
    return {
      found: {
        description: `${cached} (firebase-tools cache), Java ${java.major}`,
        cliEnv: { PATH: path },
        jar: cached,
        java: join(javaBin, 'java'),
      },
    };
  const launcher = launcherJar(stackDir, javaBin, packaged!);
  return {
    found: {
      description: `${PACKAGE_NAME} (${packaged}), Java ${java.major}`,
      cliEnv: { PATH: path, FIRESTORE_EMULATOR_BINARY_PATH: launcher },
      jar: packaged!,
      java: join(javaBin, 'java'),
    },
  };
}

function whichJava(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, 'java');
    if (dir && existsSync(candidate)) return realpathSync(candidate);
  }
  return undefined;
}
