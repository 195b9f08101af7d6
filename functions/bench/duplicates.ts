// Likely duplicates (issue 26, item 1): (a) precision and recall of the top-3 suggestions over the
// labelled synthetic corpus (test/helpers/duplicate-corpus.ts: 2,098 requests, 330 true duplicate
// clusters), each request scored as planning scores it, against the candidates the reads of
// duplicates/search.ts return; (b) what it adds to planning: the corpus is stored in the embedded
// emulator (planned, so the trigger does nothing), and for sample requests the duplicate search
// (its reads and scoring) is timed and its reads counted; and planning's reads (the disaster, the
// nearby search: planning/job.ts runs the duplicate search beside them) are timed with it and
// without: the difference is the time it adds to planning.
import { performance } from 'node:perf_hooks';
import type { WriteBatch } from 'firebase-admin/firestore';
import { requestStore } from '../src/requests/store.js';
import { db } from '../src/data/firestore.js';
import { rankDuplicates } from '../src/duplicates/score.js';
import { duplicateSearchOf, isFoundBy, possibleDuplicatesOf } from '../src/duplicates/search.js';
import { planningReads } from '../src/planning/job.js';
import type { HelpRequest } from '../src/requests/model.js';
import { duplicateCorpus, evaluateTopK, type CorpusRequest } from '../test/helpers/duplicate-corpus.js';
import { plannedDeterministically, requestDocument } from '../test/helpers/request-document.js';
import { figure, median, percentile, round, type Figure } from './figures.js';
import type { FirestoreMetrics, Session } from './session.js';

export interface DuplicateOptions {
  /** Requests whose duplicate search is timed. */
  samples: number;
  say: (m: string) => void;
}

const billedReads = (m: FirestoreMetrics) => m.reads + m.missing_reads + m.empty_queries;

/** A corpus request as planning finds it stored: planned, at its point. */
function stored(request: CorpusRequest): HelpRequest {
  return requestDocument({
    id: `bench-dup-${request.id}`,
    disaster_id: 'bench-dup-disaster',
    owner_id: request.owner_id,
    type_of_need: request.type_of_need,
    description: request.description,
    location: request.point,
    planning: plannedDeterministically(request.planned_at),
    channel: request.channel,
    location_text: request.location_text,
    requester_contact: { channel: request.channel, phone: request.phone },
    created_at: request.created_at,
  });
}

async function storeAll(requests: HelpRequest[]): Promise<void> {
  const batches: WriteBatch[] = [];
  for (let from = 0; from < requests.length; from += 500) {
    const batch = db().batch();
    for (const request of requests.slice(from, from + 500)) batch.set(requestStore.doc(request.id), request);
    batches.push(batch);
  }
  await Promise.all(batches.map((batch) => batch.commit()));
}

export function measureQuality(say: (m: string) => void): Figure[] {
  const { requests, duplicateClusters } = duplicateCorpus();
  const started = performance.now();
  const result = evaluateTopK(
    requests,
    (request, candidates) => rankDuplicates(request, candidates),
    (request, earlier) => earlier.filter((other) => isFoundBy(duplicateSearchOf(request), other)),
  );
  const perRequestMs = (performance.now() - started) / requests.length;
  say(
    `[bench] duplicates: ${requests.length} requests, ${duplicateClusters} clusters; ${result.correct}/${result.suggested} suggestions right, ${result.findable} findable; ${round(result.candidatesPerRequest, 1)} candidates a request`,
  );
  const notes = `top 3 of each request against the earlier ones its reads return; ${requests.length} requests, ${duplicateClusters} true clusters (seed 26); ${result.correct} of ${result.suggested} suggestions right, ${result.findable} findable`;
  return [
    {
      ...figure({
        figure: 'duplicates',
        metric: 'precision of the top-3 suggestions',
        unit: '',
        value: round(result.precision, 3),
        baseline: null,
        target: '>= 0.95',
        notes,
        ran: { value: ['bench'], baseline: [] },
      }),
      met: result.precision >= 0.95,
    },
    {
      ...figure({
        figure: 'duplicates',
        metric: 'recall of the top-3 suggestions',
        unit: '',
        value: round(result.recall, 3),
        baseline: null,
        target: '>= 0.85',
        notes,
        ran: { value: ['bench'], baseline: [] },
      }),
      met: result.recall >= 0.85,
    },
    figure({
      figure: 'duplicates',
      metric: 'selecting and scoring the candidates in memory, per request',
      unit: 'ms',
      value: round(perRequestMs, 3),
      baseline: null,
      target: null,
      ran: { value: ['bench'], baseline: [] },
    }),
  ];
}

export async function measureDuplicates(session: Session, options: DuplicateOptions): Promise<Figure[]> {
  const figures = measureQuality(options.say);
  const { requests } = duplicateCorpus();
  const all = requests.map(stored);
  await session.pauseListeners(true);
  try {
    await storeAll(all);
  } finally {
    await session.pauseListeners(false);
  }
  await session.waitForQuiet();
  // Requests spread over the corpus (every n-th), each planned as if now: the reads planning makes
  // before it plans (planning/job.ts), with the duplicate search and without, in turns (which goes
  // first alternates), so that both see the same emulator and machine.
  const step = Math.max(1, Math.floor(all.length / options.samples));
  const samples = all.filter((_, i) => i % step === 0).slice(0, options.samples);
  const withMs: number[] = [];
  const withoutMs: number[] = [];
  const searchMs: number[] = [];
  const reads: number[] = [];
  const timed = async (run: () => Promise<unknown>) => {
    const t = performance.now();
    await run();
    return performance.now() - t;
  };
  for (const [i, request] of samples.entries()) {
    const withSearch = () => timed(() => Promise.all([...planningReads(request), possibleDuplicatesOf(request)]));
    const without = () => timed(() => Promise.all(planningReads(request)));
    if (i % 2 === 0) {
      withMs.push(await withSearch());
      withoutMs.push(await without());
    } else {
      withoutMs.push(await without());
      withMs.push(await withSearch());
    }
    await session.takeMetrics();
    searchMs.push(await timed(() => possibleDuplicatesOf(request)));
    reads.push(billedReads(await session.takeMetrics()));
  }
  const added = median(withMs) - median(withoutMs);
  options.say(
    `[bench] duplicates: planning's reads median ${round(median(withMs))} ms with the duplicate search, ${round(median(withoutMs))} ms without; the search alone ${round(median(searchMs))} ms (p90 ${round(percentile(searchMs, 90))}); reads median ${median(reads)} (max ${Math.max(...reads)})`,
  );
  return [
    ...figures,
    {
      ...figure({
        figure: 'duplicates',
        metric: "time added to planning (median of planning's reads with the duplicate search, minus without)",
        unit: 'ms',
        value: round(added),
        baseline: round(median(withoutMs)),
        target: '< 50 ms',
        notes: `${samples.length} requests of the corpus stored in the embedded emulator, which passes over the whole collection for every query (Firestore reads an index); with ${round(median(withMs))} ms, p90 ${round(percentile(withMs, 90))} ms`,
        ran: { value: ['bench'], baseline: ['bench'] },
      }),
      met: added < 50,
    },
    figure({
      figure: 'duplicates',
      metric: 'the duplicate search alone (median), its reads and scoring',
      unit: 'ms',
      value: round(median(searchMs)),
      baseline: null,
      target: null,
      notes: `p90 ${round(percentile(searchMs, 90))} ms; planning runs it beside the reads above`,
      ran: { value: ['bench'], baseline: [] },
    }),
    figure({
      figure: 'duplicates',
      metric: 'documents read per planning (median; max in notes)',
      unit: 'reads',
      value: median(reads),
      baseline: null,
      target: null,
      notes: `max ${Math.max(...reads)} over ${samples.length} requests`,
      ran: { value: ['bench'], baseline: [] },
    }),
  ];
}
