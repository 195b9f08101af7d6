// Safety guidance per disaster type: a short, static summary of well-known public advice
// (Ready.gov / FEMA, the Red Cross and Red Crescent, WHO). Not a substitute for local
// authorities' instructions, and every answer says so.
import type { Disaster } from '../disasters/model.js';

type DisasterType = Disaster['type'];

export const LOCAL_AUTHORITIES_NOTE =
  'Always follow instructions from local authorities and emergency services; in immediate danger call your local emergency number.';

export const SAFETY_GUIDANCE: { readonly [K in DisasterType]: readonly string[] } = {
  flood: [
    'Move to higher ground now if you are told to evacuate or water is rising.',
    'Do not walk, swim or drive through flood water: 15 cm of moving water can knock you down, 30 cm can sweep a car away.',
    'Stay away from power lines and electrical equipment; switch off electricity at the mains if it is safe to do so.',
    'Drink only bottled, boiled or treated water; flood water is contaminated.',
  ],
  earthquake: [
    'During shaking: Drop, Cover and Hold On under sturdy furniture, away from windows.',
    'If outdoors, move to an open area away from buildings, trees and power lines.',
    'After shaking: expect aftershocks, check for gas leaks and injuries, and leave damaged buildings.',
    'Near the coast, move inland or to high ground right after strong shaking: a tsunami may follow.',
  ],
  cyclone: [
    'Stay indoors in a sturdy building, away from windows, until authorities say the storm has passed; the calm eye is not the end.',
    'Evacuate early if you live in a storm-surge or flood zone or in a structure that cannot withstand strong winds.',
    'Secure loose objects, keep a battery radio, torch, water and medicines ready.',
    'After the storm, avoid fallen power lines, flood water and damaged structures.',
  ],
  wildfire: [
    'Leave early when authorities advise it; do not wait to see the fire.',
    'If trapped, shelter in a building or vehicle with windows closed, away from vegetation, and call emergency services.',
    'Wear long sleeves, sturdy shoes and a mask (N95 if available) against smoke and embers.',
    'Keep doors and windows closed and stay indoors when the air is smoky.',
  ],
  landslide: [
    'Leave the path of a landslide or debris flow at once; move to higher, stable ground to the side of it.',
    'Watch for warning signs: new cracks, tilting trees or poles, sudden changes in stream water (muddy or falling levels), rumbling sounds.',
    'Stay away from the slide area afterwards: further slides are likely, especially with more rain.',
    'Report broken utility lines and damaged roads to the authorities.',
  ],
  tsunami: [
    'If you feel a strong or long earthquake near the coast, or the sea suddenly withdraws, move inland or to high ground immediately.',
    'Go on foot if you can; roads jam quickly.',
    'Stay away from the coast until officials say it is safe: the first wave is often not the largest.',
    'If you cannot get out of the area, go to the upper floors or roof of a strong building.',
  ],
  storm: [
    'Stay indoors, away from windows; when thunder roars, go indoors.',
    'Avoid using corded phones and plumbing during lightning; unplug electrical appliances.',
    'Do not drive through flooded roads, and watch for fallen trees and power lines.',
    'Keep a battery radio, torch, water and medicines ready in case of power cuts.',
  ],
  drought: [
    'Drink water regularly even if you are not thirsty; keep a safe stored supply.',
    'Avoid strenuous activity in the hottest hours; look after children, older people and the sick.',
    'Follow local water-use restrictions and keep drinking water clean and covered.',
    'Watch for heat illness: dizziness, confusion, no sweating; cool the person and seek medical help.',
  ],
  volcanic_eruption: [
    'Follow evacuation orders promptly; avoid river valleys and low areas where lava and mudflows run.',
    'Stay indoors with windows and doors closed during ashfall; wear a mask (N95) and goggles if you must go out.',
    'Keep ash out of water supplies, and do not drive in heavy ashfall.',
    'Clear heavy ash from roofs carefully: it can make them collapse.',
  ],
  industrial_accident: [
    'Move away from the area and upwind or uphill of any smoke, gas or spill.',
    'If told to shelter in place, go indoors, close windows and doors, and switch off ventilation.',
    'Do not touch spilled materials; remove and bag contaminated clothing and wash skin with water.',
    'Listen to local radio or official channels for instructions.',
  ],
  other: [
    'Keep a grab bag ready: water, food, medicines, documents, phone charger, torch and a battery radio.',
    'Agree on a meeting point and an out-of-area contact with your family.',
    'Know the evacuation routes and the nearest shelter; leave early when advised.',
  ],
};

export function guidanceFor(type: DisasterType): readonly string[] {
  return SAFETY_GUIDANCE[type] ?? SAFETY_GUIDANCE.other;
}
