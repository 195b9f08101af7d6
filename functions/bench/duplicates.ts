// Likely duplicates (issue 26, item 1): (a) precision and recall of the top-3 suggestions over the
// labelled synthetic corpus (test/helpers/duplicate-corpus.ts: 2,098 requests, 330 true duplicate
// clusters), each request scored as planning scores it, against the candidates the reads of
// duplicates/search.ts return; (b) what it adds to planning: the corpus is stored in the embedded
// emulator (planned, so the trigger does nothing), and for sample requests the duplicate search
// (its reads and scoring) is timed and its reads counted, next to the nearby search planning runs
// beside it (planning/nearby.ts) as the baseline. The two run concurrently (planning/job.ts), so
// the time added to planning is at most the duplicate search's own.
import { performance } from 'node:perf_hooks';
import type { WriteBatch } from 'firebase-admin/firestore';
import { requestStore } from '../src/requests/store.js';
import { db } from '../src/data/firestore.js';
import { rankDuplicates } from '../src/duplicates/score.js';
import { duplicateSearchOf, isFoundBy, possibleDuplicatesOf } from '../src/duplicates/search.js';
import { findNearby } from '../src/planning/nearby.js';
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
  // Requests spread over the corpus (every n-th), each searched as if planned now.
  const step = Math.max(1, Math.floor(all.length / options.samples));
  const samples = all.filter((_, i) => i % step === 0).slice(0, options.samples);
  const searchMs: number[] = [];
  const nearbyMs: number[] = [];
  const reads: number[] = [];
  for (const request of samples) {
    await session.takeMetrics();
    let t = performance.now();
    await possibleDuplicatesOf(request);
    searchMs.push(performance.now() - t);
    reads.push(billedReads(await session.takeMetrics()));
    t = performance.now();
    await findNearby(request.location, request.disaster_id, request.owner_id);
    nearbyMs.push(performance.now() - t);
  }
  const search = median(searchMs);
  const nearby = median(nearbyMs);
  options.say(
    `[bench] duplicates: search median ${round(search)} ms (p90 ${round(percentile(searchMs, 90))}), nearby ${round(nearby)} ms, reads median ${median(reads)} (max ${Math.max(...reads)})`,
  );
  return [
    ...figures,
    {
      ...figure({
        figure: 'duplicates',
        metric: 'time added to planning (duplicate search, median; baseline: the nearby search beside it)',
        unit: 'ms',
        value: round(search),
        baseline: round(nearby),
        target: '< 50 ms',
        notes: `${samples.length} requests of the corpus stored in the embedded emulator; p90 ${round(percentile(searchMs, 90))} ms; runs concurrently with the nearby search`,
        ran: { value: ['bench'], baseline: ['bench'] },
      }),
      met: search < 50,
    },
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
