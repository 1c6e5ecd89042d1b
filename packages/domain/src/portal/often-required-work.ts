import type { Season } from './seasons.js';

/** One often-required piece of work the portal offers as a to-do: for one season, or any time (null). */
export interface OftenRequiredWorkItem {
  _id: string;
  text: { en: string; fr: string };
  season: Season | null;
}

const item = (_id: string, season: Season | null, en: string, fr: string): OftenRequiredWorkItem => ({ _id, season, text: { en, fr } });

/**
 * The product's list. Ids are stable: a to-do made from an item keeps its id (`itemId`). The
 * season is the one the work prepares for: in autumn ('winter is coming') the portal offers the
 * winter items, in spring ('summer is coming') the summer ones.
 */
export const OFTEN_REQUIRED_WORK: readonly OftenRequiredWorkItem[] = [
  item('winter-tires', 'Winter', 'Install winter tires', 'Installer les pneus d’hiver'),
  item('battery-test', 'Winter', 'Test the battery', 'Tester la batterie'),
  item('antifreeze', 'Winter', 'Check the antifreeze', 'Vérifier l’antigel'),
  item('winter-wipers', 'Winter', 'Fit winter wiper blades', 'Poser des balais d’essuie-glace d’hiver'),
  item('summer-tires', 'Summer', 'Install summer tires', 'Installer les pneus d’été'),
  item('air-conditioning', 'Summer', 'Check the air conditioning', 'Vérifier la climatisation'),
  item('alignment', 'Spring', 'Check the wheel alignment after winter', 'Vérifier la géométrie après l’hiver'),
  item('underbody-wash', 'Spring', 'Wash the salt off the underbody', 'Laver le sel sous la caisse'),
  item('coolant', 'Summer', 'Check the coolant', 'Vérifier le liquide de refroidissement'),
  item('rustproofing', 'Autumn', 'Rustproof the body', 'Faire l’antirouille'),
  item('lights', 'Autumn', 'Check the lights', 'Vérifier l’éclairage'),
  item('heater-defroster', 'Autumn', 'Check the heater and defroster', 'Vérifier le chauffage et le dégivrage'),
  item('oil-change', null, 'Change the oil and filter', 'Faire la vidange d’huile et le filtre'),
  item('tire-rotation', null, 'Rotate the tires', 'Faire la permutation des pneus'),
  item('brake-inspection', null, 'Inspect the brakes', 'Inspecter les freins'),
  item('cabin-air-filter', null, 'Replace the cabin air filter', 'Remplacer le filtre à air de l’habitacle'),
];

export function oftenRequiredWorkItem(id: string): OftenRequiredWorkItem | undefined {
  return OFTEN_REQUIRED_WORK.find((i) => i._id === id);
}
