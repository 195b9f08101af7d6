// `npm run backfill -- requests [--project <id>]`: writes the stored fields that requests written
// before them lack (src/requests/backfill.ts). Safe to run again: it writes only what is missing.
import { failedCommand, projectOption, useTarget } from './target.js';

const USAGE = `Usage: npm run backfill -- requests [--project <project id>]

  requests: every request's stored short reference (GET /requests?reference=) and, for open
            ones, the re-confirmation state the sweep looks for.
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
  if (rest.length !== 1 || rest[0] !== 'requests') fail('Expected what to backfill: requests.');
  useTarget(project, "Writing the requests' stored fields");
  // Imported after the environment is set: the data layer reads it on first use.
  const { backfillRequests } = await import('../src/requests/backfill.js');
  const counts = await backfillRequests();
  console.log(
    `Done: ${counts.references} requests given their reference, ${counts.confirmations} open requests their re-confirmation state.`,
  );
  if (counts.unreadable.length > 0) console.log(`Left as they are (unreadable): ${counts.unreadable.join(', ')}`);
}

main().catch((error: unknown) => failedCommand('backfill', error));
