// The deterministic assistant: always available, no network, same answer for the same data.
// It recognises a handful of intents (intents.ts) and answers each from the caller's context;
// anything else gets a plain "I cannot answer that" with what it can do instead.
import type { Disaster } from '../disasters/model.js';
import type { ChatContext, DisasterFacts, RequestFacts, TaskFacts } from './facts.js';
import { categoriesIn, detectIntent, disasterTypeIn, normalize } from './intents.js';
import { emptySources, type Intent, type Sources } from './model.js';
import { guidanceFor, LOCAL_AUTHORITIES_NOTE } from './safety.js';

type DisasterType = Disaster['type'];

export interface AssistantReply {
  reply: string;
  sources: Sources;
}

export interface DeterministicReply extends AssistantReply {
  intent: Intent;
}

/** Items listed in one answer, at most. */
const MAX_LISTED = 5;

const CAPABILITIES =
  'I can tell you: the status of your help requests and what is planned for them ("what is happening with my request?"), ' +
  'how to ask for help, the nearest available shelter, water, food, medical help or other resource ("where is the nearest shelter?"), ' +
  'your assigned tasks ("what are my tasks?"), the disasters you joined ("tell me about the disaster"), ' +
  'and safety tips ("flood safety tips").';

const HOW_TO_ASK =
  'To ask for help, send a help request: in the app choose "Request help", or call POST /requests with the disaster_id, ' +
  'the type_of_need (rescue, medical, food, water, shelter, evacuation, sanitation or other), a short description ' +
  '(what you need, for how many people) and your location. Responders are matched to it automatically and you can follow ' +
  'it by asking me "what is happening with my request?".';

const STATUS_TEXT: Record<string, string> = {
  open: 'open: it was received and is waiting for responders to be assigned',
  in_progress: 'in progress: help has been dispatched and is on its way or under way',
  fulfilled: 'fulfilled: it was marked as done',
  closed: 'closed',
};

const PLANNING_TEXT: Record<string, string> = {
  pending: 'The response plan is not ready yet.',
  planning: 'The response plan is being prepared.',
  failed: 'Automatic planning did not succeed; a dispatcher will plan it by hand.',
  skipped: 'It looks like a repeat of an earlier request of yours, so it was not planned separately.',
};

const day = (iso: string) => iso.slice(0, 16).replace('T', ' ') + ' UTC';
const words = (value: string) => value.replace(/_/g, ' ');

class SourceSet {
  readonly sources = emptySources();
  add(kind: keyof Sources, id: string): void {
    if (!this.sources[kind].includes(id)) this.sources[kind].push(id);
  }
}

function disasterLabel(name: string | null, id: string): string {
  return name === null ? `disaster ${id}` : `"${name}"`;
}

/** A resource by its name, or, for another volunteer's (whose name the caller is not shown), by its kind. */
function resourceLabel(resource: { name: string | null; category: string }): string {
  return resource.name ?? `A volunteer's ${words(resource.category)}`;
}

function describeRequest(request: RequestFacts, used: SourceSet): string {
  used.add('requests', request.id);
  used.add('disasters', request.disaster_id);
  let status = STATUS_TEXT[request.status] ?? request.status;
  if (request.status === 'closed' && request.closed_reason) status += ` (${request.closed_reason})`;
  const parts = [
    `- Your ${words(request.type_of_need)} request ${request.id} for ${disasterLabel(request.disaster_name, request.disaster_id)}, sent ${day(request.created_at)}, is ${status} (since ${day(request.status_changed_at)}).`,
  ];
  const plan = request.plan;
  if (request.status === 'open' || request.status === 'in_progress') {
    if (plan) {
      let text = `A plan with ${plan.tasks_planned} task(s) for ${plan.roles_needed.map((r) => `${r}s`).join(' and ') || 'responders'} was prepared; ${plan.tasks_approved} approved by a dispatcher, ${plan.tasks_dispatched} already handed to a team.`;
      if (plan.resources.length > 0) {
        text += ` Resources suggested: ${plan.resources
          .map((r) => {
            used.add('resources', r.id);
            return `${resourceLabel(r)} (${words(r.category)}${r.distance_km === null ? '' : `, ${r.distance_km} km away`})`;
          })
          .join('; ')}.`;
      }
      parts.push(`  ${text}`);
    } else {
      parts.push(`  ${PLANNING_TEXT[request.planning_state] ?? 'A dispatcher is reviewing it.'}`);
    }
  }
  return parts.join('\n');
}

function requestStatus(ctx: ChatContext, normalized: string, used: SourceSet): string {
  const others = /\b(all|everyone|everybody|other|others|anyone else|every)\b/.test(normalized)
    ? 'I can only tell you about your own requests. '
    : '';
  if (ctx.requests.length === 0) return `${others}You have no help requests. ${HOW_TO_ASK}`;
  const listed = ctx.requests.slice(0, MAX_LISTED);
  const more =
    ctx.requests.length > listed.length ? `\n(${ctx.requests.length - listed.length} older request(s) not shown.)` : '';
  return `${others}You have ${ctx.requests.length === 1 ? '1 help request' : `${ctx.requests.length} help requests`}, most recent first:\n${listed
    .map((request) => describeRequest(request, used))
    .join('\n')}${more}`;
}

function howToAsk(ctx: ChatContext, used: SourceSet): string {
  const joined = ctx.disasters.filter((d) => d.relation === 'joined' || d.id === ctx.focus_disaster_id);
  let text = HOW_TO_ASK;
  if (joined.length > 0) {
    text += ` Disasters you can use as disaster_id: ${joined
      .slice(0, MAX_LISTED)
      .map((d) => {
        used.add('disasters', d.id);
        return `${d.name} (${d.id})`;
      })
      .join(', ')}.`;
  }
  return `${text} If you are in immediate danger, call your local emergency number first.`;
}

function nearestResource(ctx: ChatContext, used: SourceSet): string {
  const asked = ctx.nearby.categories;
  const what = asked.length > 0 ? asked.map(words).join(' or ') : 'resources';
  if (ctx.location_source === null) {
    return `I do not know where you are, so I cannot find the nearest ${what}. Set your location (PATCH /users/me/location, or in your profile) and ask again.`;
  }
  const from = ctx.location_source === 'profile' ? 'your location' : 'the location of your latest request';
  if (ctx.nearby.resources.length === 0) {
    return `I found no available ${what} within ${ctx.nearby.searched_km ?? 50} km of ${from}. Ask for help with a request instead: ${HOW_TO_ASK}`;
  }
  const lines = ctx.nearby.resources.slice(0, 3 * Math.max(1, asked.length)).map((r) => {
    used.add('resources', r.id);
    return `- ${resourceLabel(r)} (${words(r.category)}, ${r.quantity} ${r.unit} available), ${r.distance_km} km from ${from} [${r.id}]`;
  });
  const missing = asked.filter((category) => !ctx.nearby.resources.some((r) => r.category === category));
  const none =
    missing.length > 0
      ? `\nNo available ${missing.map(words).join(' or ')} within ${ctx.nearby.searched_km ?? 50} km.`
      : '';
  return `Nearest available ${what} to ${from}:\n${lines.join('\n')}${none}\nAvailability changes quickly; to have something sent to you, send a help request.`;
}

function describeTask(task: TaskFacts, used: SourceSet): string {
  used.add('tasks', task.id);
  used.add('disasters', task.disaster_id);
  const authorized = task.authorized ? '' : ' Not yet authorized by a dispatcher.';
  return `- Task ${task.id} (priority ${task.priority}, ${words(task.status)}) for ${disasterLabel(task.disaster_name, task.disaster_id)}: ${task.instructions}${authorized}`;
}

function myTasks(ctx: ChatContext, used: SourceSet): string {
  if (ctx.tasks.length === 0) {
    return ctx.user.role === 'volunteer' || ctx.user.role === 'responder'
      ? 'You have no tasks assigned right now. When a dispatcher assigns you one, it will appear here and in your notifications.'
      : 'You have no tasks assigned. Tasks are assigned to volunteers and responders.';
  }
  const active = ctx.tasks.filter((t) => t.status === 'pending' || t.status === 'on_route');
  const done = ctx.tasks.filter((t) => !active.includes(t));
  const listed = [...active, ...done].slice(0, MAX_LISTED);
  return `You have ${active.length} active task(s) of ${ctx.tasks.length} assigned to you (most urgent work first):\n${listed
    .map((task) => describeTask(task, used))
    .join('\n')}`;
}

const RELATION_ORDER: Record<DisasterFacts['relation'], number> = { joined: 0, referenced: 1, recent: 2 };

function relevantDisasters(ctx: ChatContext): DisasterFacts[] {
  const focus = ctx.disasters.find((d) => d.id === ctx.focus_disaster_id);
  if (focus) return [focus];
  return [...ctx.disasters].sort((a, b) => RELATION_ORDER[a.relation] - RELATION_ORDER[b.relation]);
}

function disasterInfo(ctx: ChatContext, used: SourceSet): string {
  const relevant = relevantDisasters(ctx);
  if (relevant.length === 0) return 'There are no confirmed disasters listed right now.';
  const linked = relevant.filter((d) => d.relation !== 'recent');
  const shown = (linked.length > 0 ? linked : relevant).slice(0, MAX_LISTED);
  const lines = shown.map((d) => {
    used.add('disasters', d.id);
    const distance = d.distance_km === null ? '' : `, its centre ${d.distance_km} km from you`;
    const membership = d.joined ? 'You joined it.' : `You have not joined it (POST /disasters/${d.id}/join).`;
    const suggested = d.status === 'suggested' ? ' (an unconfirmed suggestion)' : '';
    return `- ${d.name}${suggested} [${d.id}]: ${words(d.type)}, severity ${d.severity}/5, affected radius ${d.radius_km} km${distance}. ${d.description ? `${d.description} ` : ''}${membership}`;
  });
  const intro =
    linked.length > 0
      ? 'Disasters you are involved in:'
      : 'You have not joined any disaster. Recent confirmed disasters:';
  return `${intro}\n${lines.join('\n')}`;
}

function safetyTips(ctx: ChatContext, normalized: string, used: SourceSet): string {
  let type: DisasterType | null = disasterTypeIn(normalized);
  let about = type === null ? null : words(type);
  if (type === null) {
    const disaster = relevantDisasters(ctx).find((d) => d.relation !== 'recent');
    if (disaster) {
      type = disaster.type;
      about = `${words(disaster.type)} (${disaster.name})`;
      used.add('disasters', disaster.id);
    }
  }
  if (type === null) {
    return `General safety tips:\n${guidanceFor('other')
      .map((tip) => `- ${tip}`)
      .join(
        '\n',
      )}\nAsk for a specific hazard, e.g. "flood safety tips" or "earthquake safety". ${LOCAL_AUTHORITIES_NOTE}`;
  }
  return `Safety tips for ${about}:\n${guidanceFor(type)
    .map((tip) => `- ${tip}`)
    .join('\n')}\n${LOCAL_AUTHORITIES_NOTE}`;
}

/** The deterministic answer to `message` given the caller's context. */
export function deterministicReply(
  message: string,
  ctx: ChatContext,
  intent: Intent = detectIntent(message),
): DeterministicReply {
  const normalized = normalize(message);
  const used = new SourceSet();
  let reply: string;
  switch (intent) {
    case 'request_status':
      reply = requestStatus(ctx, normalized, used);
      break;
    case 'how_to_request_help':
      reply = howToAsk(ctx, used);
      break;
    case 'nearest_resource':
      reply = nearestResource(ctx, used);
      break;
    case 'my_tasks':
      reply = myTasks(ctx, used);
      break;
    case 'disaster_info':
      reply = disasterInfo(ctx, used);
      break;
    case 'safety_tips':
      reply = safetyTips(ctx, normalized, used);
      break;
    case 'capabilities':
      reply = `I am the disaster response assistant. ${CAPABILITIES}`;
      break;
    case 'unknown':
      reply = `Sorry, I cannot answer that. ${CAPABILITIES} For anything else, ask the people in your disaster's chat or contact local emergency services.`;
      break;
  }
  return { reply, sources: used.sources, intent };
}

/** The resource categories a message asks about, for the context lookup. */
export function requestedCategories(message: string) {
  return categoriesIn(normalize(message));
}
