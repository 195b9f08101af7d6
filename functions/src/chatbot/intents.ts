// What a message asks, by keywords and patterns: robust to casing, accents and punctuation.
// English first, with a few common Spanish and Filipino words. Used by the deterministic assistant
// and to decide which resources to look up for either assistant.
import type { Disaster } from '../disasters/model.js';
import { foldText } from '../shared/words.js';
import type { Resource } from '../resources/model.js';
import type { Intent } from './model.js';

type DisasterType = Disaster['type'];

type Category = Resource['category'];

/** Folded (shared/words.ts), everything but ASCII letters and digits turned into single spaces. */
export function normalize(message: string): string {
  return ` ${foldText(message)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
}

/** True when any of the words or phrases occurs as whole words in the normalized text. */
function has(normalized: string, phrases: readonly string[]): boolean {
  return phrases.some((phrase) => normalized.includes(` ${phrase} `));
}

/** Resource categories named in a message (a word can name several: "medical" → team and supplies). */
const CATEGORY_WORDS: readonly [Category, readonly string[]][] = [
  [
    'shelter',
    [
      'shelter',
      'shelters',
      'evacuation center',
      'evacuation centre',
      'evacuation centers',
      'refuge',
      'albergue',
      'refugio',
      'evacuation',
      'tirahan',
      'matutuluyan',
      'place to stay',
      'place to sleep',
    ],
  ],
  ['water', ['water', 'drinking water', 'agua', 'tubig']],
  ['food', ['food', 'meal', 'meals', 'comida', 'alimentos', 'pagkain']],
  [
    'medical_team',
    [
      'medical',
      'doctor',
      'doctors',
      'nurse',
      'nurses',
      'clinic',
      'hospital',
      'first aid',
      'paramedic',
      'paramedics',
      'medico',
      'doktor',
      'ospital',
    ],
  ],
  [
    'medical_supplies',
    [
      'medical',
      'medicine',
      'medicines',
      'medication',
      'first aid kit',
      'medical supplies',
      'medicina',
      'medicamentos',
      'gamot',
    ],
  ],
  ['boat', ['boat', 'boats', 'bote', 'bangka', 'lancha']],
  ['helicopter', ['helicopter', 'helicopters', 'helicoptero']],
  [
    'vehicle',
    ['vehicle', 'vehicles', 'car', 'truck', 'transport', 'transportation', 'ambulance', 'bus', 'sasakyan', 'vehiculo'],
  ],
  ['generator', ['generator', 'generators', 'power', 'electricity', 'generador', 'kuryente']],
  [
    'sanitation',
    ['sanitation', 'toilet', 'toilets', 'latrine', 'latrines', 'shower', 'showers', 'hygiene', 'bano', 'palikuran'],
  ],
  ['equipment', ['equipment', 'tools', 'chainsaw', 'pump', 'pumps', 'kagamitan']],
  ['personnel', ['personnel', 'manpower', 'people to help', 'rescuers']],
];

export function categoriesIn(normalized: string): Category[] {
  return CATEGORY_WORDS.filter(([, words]) => has(normalized, words)).map(([category]) => category);
}

const DISASTER_WORDS: readonly [DisasterType, readonly string[]][] = [
  ['flood', ['flood', 'floods', 'flooding', 'flooded', 'inundacion', 'baha']],
  ['earthquake', ['earthquake', 'earthquakes', 'quake', 'aftershock', 'aftershocks', 'terremoto', 'sismo', 'lindol']],
  ['cyclone', ['cyclone', 'cyclones', 'hurricane', 'hurricanes', 'typhoon', 'typhoons', 'huracan', 'tifon', 'bagyo']],
  ['wildfire', ['wildfire', 'wildfires', 'bushfire', 'forest fire', 'fire', 'fires', 'incendio', 'sunog']],
  ['landslide', ['landslide', 'landslides', 'mudslide', 'mudslides', 'deslizamiento', 'derrumbe', 'guho']],
  ['tsunami', ['tsunami', 'tsunamis', 'tidal wave']],
  ['storm', ['storm', 'storms', 'thunderstorm', 'tormenta', 'unos']],
  ['drought', ['drought', 'heatwave', 'heat wave', 'sequia', 'tagtuyot']],
  ['volcanic_eruption', ['volcano', 'volcanic', 'eruption', 'ashfall', 'volcan', 'bulkan']],
  ['industrial_accident', ['chemical', 'spill', 'gas leak', 'explosion', 'industrial', 'toxic']],
];

/** The disaster type a message names, if any (the first listed wins). */
export function disasterTypeIn(normalized: string): DisasterType | null {
  return DISASTER_WORDS.find(([, words]) => has(normalized, words))?.[0] ?? null;
}

const REQUEST_WORDS = [
  'request',
  'requests',
  'my request',
  'solicitud',
  'solicitudes',
  'pedido',
  'kahilingan',
  'hiling',
];
const STATUS_WORDS = [
  'status',
  'happening',
  'update',
  'updates',
  'progress',
  'news',
  'when',
  'coming',
  'planned',
  'plan',
  'estado',
  'ano na',
  'kumusta',
  'kamusta',
  'still',
  'anyone',
  'somebody',
  'someone',
];
const ASK_HELP_WORDS = [
  'how do i ask',
  'how can i ask',
  'how to ask',
  'how do i get help',
  'how can i get help',
  'how to get help',
  'how do i request',
  'how can i request',
  'how to request',
  'ask for help',
  'request help',
  'get help',
  'need help',
  'i need help',
  'help me',
  'submit a request',
  'make a request',
  'file a request',
  'raise a request',
  'new request',
  'create a request',
  'como pido ayuda',
  'pedir ayuda',
  'necesito ayuda',
  'ayuda',
  'tulong',
  'tulungan',
  'paano humingi',
];
const NEAREST_WORDS = [
  'nearest',
  'closest',
  'near',
  'nearby',
  'near me',
  'close to me',
  'around me',
  'where',
  'find',
  'available',
  'cerca',
  'donde',
  'malapit',
  'saan',
  'pinakamalapit',
];
const TASK_WORDS = [
  'task',
  'tasks',
  'my task',
  'my tasks',
  'assignment',
  'assignments',
  'assigned',
  'mission',
  'missions',
  'job',
  'jobs',
  'duty',
  'tarea',
  'tareas',
  'gawain',
  'trabaho',
];
const TASK_CONTEXT_WORDS = ['my', 'me', 'i', 'assigned', 'next', 'todo', 'mis', 'ko'];
const DISASTER_INFO_WORDS = [
  'disaster',
  'disasters',
  'emergency',
  'emergencies',
  'situation',
  'severity',
  'affected area',
  'joined',
  'what is happening',
  'whats happening',
  'news',
  'desastre',
  'emergencia',
  'sakuna',
  'kalamidad',
];
const SAFETY_WORDS = [
  'safety',
  'safe',
  'tips',
  'tip',
  'advice',
  'guidance',
  'precaution',
  'precautions',
  'prepare',
  'preparation',
  'stay safe',
  'what should i do',
  'what do i do',
  'protect',
  'dangerous',
  'danger',
  'evacuate',
  'seguridad',
  'consejos',
  'ligtas',
  'kaligtasan',
  'payo',
];
const CAPABILITY_WORDS = [
  'what can you do',
  'who are you',
  'what do you do',
  'hello',
  'hi',
  'hey',
  'hola',
  'kumusta ka',
  'help',
  'menu',
  'options',
];

/** The one thing the deterministic assistant will answer; the order breaks ties on purpose. */
export function detectIntent(message: string): Intent {
  const t = normalize(message);
  const categories = categoriesIn(t);
  const mentionsRequest = has(t, REQUEST_WORDS);
  if (
    mentionsRequest &&
    (has(t, STATUS_WORDS) || has(t, ['my', 'mine', 'our', 'mi', 'mis', 'ko', 'all', 'list', 'show']))
  ) {
    return 'request_status';
  }
  if (has(t, ASK_HELP_WORDS) && !(categories.length > 0 && has(t, NEAREST_WORDS))) return 'how_to_request_help';
  if (
    categories.length > 0 &&
    (has(t, NEAREST_WORDS) || has(t, ['need', 'get', 'is there', 'are there', 'any', 'kailangan', 'necesito']))
  ) {
    return 'nearest_resource';
  }
  if (has(t, TASK_WORDS) && (has(t, TASK_CONTEXT_WORDS) || t.trim().split(' ').length <= 3)) return 'my_tasks';
  if (has(t, SAFETY_WORDS)) return 'safety_tips';
  if (has(t, DISASTER_INFO_WORDS) || disasterTypeIn(t) !== null) return 'disaster_info';
  if (mentionsRequest) return 'request_status';
  if (categories.length > 0) return 'nearest_resource';
  if (has(t, CAPABILITY_WORDS)) return 'capabilities';
  return 'unknown';
}
