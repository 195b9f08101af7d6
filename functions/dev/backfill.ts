// `npm run backfill -- references [--project <id>]`: writes the stored fields that documents
// written before them lack (src/requests/backfill.ts). Safe to run again: it writes only what is missing.
import { failedCommand, projectOption, useTarget } from './target.js';

const USAGE = `Usage: npm run backfill -- references [--project <project id>]

  references: every request's stored short reference (GET /requests?reference=).
  Without --project: the local emulators (npm start must be running).
  With --project:    that Firebase project, using Application Default Credentials.`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

async function main(): Promise<void> {
  const { project, rest } = projectOption(process.argv.slice(2), fail);
  if (rest.includes('--help') || rest.includes('-h')) {
    console.log(USAGE);
    return;
  }
  if (rest.length !== 1 || rest[0] !== 'references') fail('Expected what to backfill: references.');
  useTarget(project, "Writing the requests' references");
  // Imported after the environment is set: the data layer reads it on first use.
  const { backfillRequestReferences } = await import('../src/requests/backfill.js');
  console.log(`Done: ${await backfillRequestReferences()} requests given their reference.`);
}

main().catch((error: unknown) => failedCommand('backfill', error));
