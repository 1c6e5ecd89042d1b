import type {
  Finding,
  InspectionDefinition,
  InspectionGroup,
  InspectionItem,
  InspectionSection,
  LocalizedText,
  Measurement,
} from '@servicebay/domain';

/**
 * The product's three inspection templates (store_id null), inserted by the migration
 * `*_inspections.sql` (the int test checks the two agree). Ids are fixed so stores' settings and
 * automatic selections may name them. docs/inspections.md lists them.
 */

const t = (en: string, fr: string): LocalizedText => ({ en, fr });
const rec = (key: string, en: string, fr: string) => ({ key, text: t(en, fr) });

const GOOD: Finding = {
  key: 'good',
  text: t('Good condition', 'Bon état'),
  severities: ['okay'],
  recommendations: [],
};
const finding = (
  key: string,
  en: string,
  fr: string,
  severities: Finding['severities'],
  recommendations: Finding['recommendations'],
): Finding => ({
  key,
  text: t(en, fr),
  severities,
  recommendations,
});

/** A visual item: good / worn (monitor) / failed (replace), or the findings given. */
function item(
  itemKey: string,
  name: LocalizedText,
  opts: {
    required?: boolean;
    multiple?: boolean;
    findings?: Finding[];
    measurement?: Measurement | null;
  } = {},
): InspectionItem {
  return {
    itemKey,
    name,
    required: opts.required ?? true,
    multiple: opts.multiple ?? false,
    findings: opts.findings ?? [
      GOOD,
      finding(
        'worn',
        'Worn',
        'Usé',
        ['warning'],
        [
          rec('monitor', 'Monitor at next visit', 'Surveiller à la prochaine visite'),
          rec('replaceSoon', 'Replace soon', 'Remplacer bientôt'),
        ],
      ),
      finding(
        'failed',
        'Failed or damaged',
        'Défectueux ou endommagé',
        ['critical'],
        [rec('replace', 'Replace now', 'Remplacer maintenant'), rec('repair', 'Repair', 'Réparer')],
      ),
    ],
    measurement: opts.measurement ?? null,
  };
}

/** A picture-only item (quick photo inspection): okay or a note and pictures. */
const photo = (itemKey: string, name: LocalizedText, required = true): InspectionItem =>
  item(itemKey, name, {
    required,
    findings: [
      finding('photographed', 'Photographed', 'Photographié', ['okay'], []),
      finding(
        'damageNoted',
        'Damage noted',
        'Dommage constaté',
        ['warning', 'critical'],
        [rec('showCustomer', 'Show the customer', 'Montrer au client')],
      ),
    ],
  });

const fluid = (itemKey: string, name: LocalizedText): InspectionItem =>
  item(itemKey, name, {
    findings: [
      finding('full', 'Level and condition good', 'Niveau et état bons', ['okay'], []),
      finding(
        'low',
        'Low level',
        'Niveau bas',
        ['warning'],
        [
          rec('topOff', 'Top off', 'Faire l’appoint'),
          rec('checkLeak', 'Check for leaks', 'Rechercher une fuite'),
        ],
      ),
      finding(
        'dirty',
        'Dirty or contaminated',
        'Sale ou contaminé',
        ['warning', 'critical'],
        [rec('flush', 'Flush and replace', 'Vidanger et remplacer')],
      ),
      finding(
        'leaking',
        'Leaking',
        'Fuit',
        ['critical'],
        [rec('repairLeak', 'Repair the leak', 'Réparer la fuite')],
      ),
    ],
  });

/** Brake pad thickness in mm: 4 mm or less warning, 2 mm or less critical. */
const PADS_MM: Measurement = {
  unit: 'mm',
  min: 0,
  max: 20,
  step: 0.5,
  thresholds: { direction: 'atOrBelow', warning: 4, critical: 2 },
};
/** Tread depth in 32nds of an inch: 4/32 or less warning, 2/32 (the legal minimum) or less critical. */
const TREAD_32: Measurement = {
  unit: '32nds',
  min: 0,
  max: 20,
  step: 1,
  thresholds: { direction: 'atOrBelow', warning: 4, critical: 2 },
};
/** Tread depth in mm: 3 mm or less warning, 1.6 mm (the legal minimum) or less critical. */
const TREAD_MM: Measurement = {
  unit: 'mm',
  min: 0,
  max: 16,
  step: 0.1,
  thresholds: { direction: 'atOrBelow', warning: 3, critical: 1.6 },
};
/** Resting battery voltage: 12.4 V or less warning (about 75 %), 12.0 V or less critical. */
const BATTERY_V: Measurement = {
  unit: 'V',
  min: 0,
  max: 16,
  step: 0.1,
  thresholds: { direction: 'atOrBelow', warning: 12.4, critical: 12 },
};
/** Cold cranking amps measured by the tester, against a typical 600 CCA rating. */
const BATTERY_CCA: Measurement = {
  unit: 'CCA',
  min: 0,
  max: 1500,
  step: 10,
  thresholds: { direction: 'atOrBelow', warning: 450, critical: 350 },
};
/** Tire pressure: informational (the placard decides), no thresholds. */
const PRESSURE_PSI: Measurement = { unit: 'psi', min: 0, max: 80, step: 1, thresholds: null };

const padFindings = [
  GOOD,
  finding(
    'thin',
    'Pads getting thin',
    'Plaquettes minces',
    ['warning'],
    [rec('replaceSoon', 'Replace pads soon', 'Remplacer les plaquettes bientôt')],
  ),
  finding(
    'metalToMetal',
    'Worn to the wear indicator',
    'Usées jusqu’au témoin',
    ['critical'],
    [
      rec(
        'replacePadsRotors',
        'Replace pads and resurface or replace rotors',
        'Remplacer les plaquettes et rectifier ou remplacer les disques',
      ),
    ],
  ),
];
const treadFindings = [
  GOOD,
  finding(
    'lowTread',
    'Low tread depth',
    'Faible profondeur de sculpture',
    ['warning', 'critical'],
    [rec('replaceTire', 'Replace tire', 'Remplacer le pneu')],
  ),
  finding(
    'unevenWear',
    'Uneven wear',
    'Usure irrégulière',
    ['warning'],
    [
      rec('alignment', 'Check alignment', 'Vérifier le parallélisme'),
      rec('rotate', 'Rotate tires', 'Permuter les pneus'),
    ],
  ),
];
const batteryFindings = [
  GOOD,
  finding(
    'weak',
    'Weak battery',
    'Batterie faible',
    ['warning'],
    [rec('charge', 'Charge and retest', 'Recharger et retester')],
  ),
  finding(
    'failedTest',
    'Failed battery test',
    'Échec du test de batterie',
    ['critical'],
    [rec('replaceBattery', 'Replace battery', 'Remplacer la batterie')],
  ),
];

const section = (key: string, name: LocalizedText, items: InspectionItem[]): InspectionSection => ({
  key,
  name,
  items,
});
const group = (
  key: string,
  name: LocalizedText,
  sections: InspectionSection[],
  shownByDefault = false,
): InspectionGroup => ({
  key,
  name,
  shownByDefault,
  sections,
});
const definition = (groups: InspectionGroup[]): InspectionDefinition => ({
  groups,
  groupOrder: groups.map((g) => g.key),
});

const vehicleDetails = (extra: InspectionItem[] = []) =>
  group(
    'vehicleDetails',
    t('Vehicle details', 'Détails du véhicule'),
    [
      section('arrival', t('On arrival', 'À l’arrivée'), [
        photo('odometerPhoto', t('Odometer', 'Odomètre')),
        item('dashWarningLights', t('Dashboard warning lights', 'Témoins du tableau de bord'), {
          findings: [
            finding('none', 'No warning lights', 'Aucun témoin allumé', ['okay'], []),
            finding(
              'checkEngine',
              'Check engine light on',
              'Témoin moteur allumé',
              ['warning', 'critical'],
              [rec('scanCodes', 'Scan for trouble codes', 'Lire les codes d’erreur')],
            ),
            finding(
              'abs',
              'ABS or brake light on',
              'Témoin ABS ou frein allumé',
              ['critical'],
              [rec('diagnoseBrakes', 'Diagnose the brake system', 'Diagnostiquer le système de freinage')],
            ),
          ],
        }),
        ...extra,
      ]),
    ],
    true,
  );

const brakes = (detailed: boolean) =>
  group('brakes', t('Brakes', 'Freins'), [
    section('front', t('Front', 'Avant'), [
      item('frontBrakePads', t('Front brake pads', 'Plaquettes avant'), {
        findings: padFindings,
        measurement: PADS_MM,
      }),
      item('frontRotors', t('Front rotors', 'Disques avant')),
      ...(detailed ? [item('frontCalipers', t('Front calipers', 'Étriers avant'))] : []),
    ]),
    section('rear', t('Rear', 'Arrière'), [
      item('rearBrakePads', t('Rear brake pads or shoes', 'Plaquettes ou segments arrière'), {
        findings: padFindings,
        measurement: PADS_MM,
      }),
      item('rearRotors', t('Rear rotors or drums', 'Disques ou tambours arrière')),
      ...(detailed ? [item('parkingBrake', t('Parking brake', 'Frein de stationnement'))] : []),
    ]),
    ...(detailed
      ? [
          section('hydraulics', t('Hydraulics', 'Hydraulique'), [
            item('brakeLines', t('Brake lines and hoses', 'Conduites et flexibles de frein')),
          ]),
        ]
      : []),
  ]);

const tires = (measurement: Measurement) =>
  group('tires', t('Tires and wheels', 'Pneus et roues'), [
    section('tread', t('Tread depth', 'Profondeur de sculpture'), [
      item('treadLeftFront', t('Left front tread', 'Sculpture avant gauche'), {
        findings: treadFindings,
        measurement,
      }),
      item('treadRightFront', t('Right front tread', 'Sculpture avant droite'), {
        findings: treadFindings,
        measurement,
      }),
      item('treadLeftRear', t('Left rear tread', 'Sculpture arrière gauche'), {
        findings: treadFindings,
        measurement,
      }),
      item('treadRightRear', t('Right rear tread', 'Sculpture arrière droite'), {
        findings: treadFindings,
        measurement,
      }),
    ]),
    section('pressure', t('Pressure and condition', 'Pression et état'), [
      item('tirePressure', t('Tire pressure', 'Pression des pneus'), {
        required: false,
        measurement: PRESSURE_PSI,
        multiple: true,
      }),
      item('tireSidewalls', t('Sidewalls', 'Flancs')),
    ]),
  ]);

const underHood = (detailed: boolean) =>
  group('underHood', t('Under the hood', 'Sous le capot'), [
    section('fluids', t('Fluids', 'Liquides'), [
      fluid('engineOil', t('Engine oil', 'Huile moteur')),
      fluid('coolant', t('Coolant', 'Liquide de refroidissement')),
      fluid('brakeFluid', t('Brake fluid', 'Liquide de frein')),
      fluid('transmissionFluid', t('Transmission fluid', 'Liquide de transmission')),
      fluid('washerFluid', t('Washer fluid', 'Lave-glace')),
      ...(detailed
        ? [fluid('powerSteeringFluid', t('Power steering fluid', 'Liquide de direction assistée'))]
        : []),
    ]),
    section('battery', t('Battery', 'Batterie'), [
      item('batteryVoltage', t('Battery voltage', 'Tension de la batterie'), {
        findings: batteryFindings,
        measurement: BATTERY_V,
      }),
      ...(detailed
        ? [
            item('batteryCca', t('Battery cold cranking amps', 'Courant de démarrage à froid'), {
              findings: batteryFindings,
              measurement: BATTERY_CCA,
            }),
          ]
        : []),
      item('batteryTerminals', t('Battery terminals', 'Bornes de batterie')),
    ]),
    section('beltsHoses', t('Belts and hoses', 'Courroies et durites'), [
      item('driveBelt', t('Drive belt', 'Courroie d’accessoires')),
      item('radiatorHoses', t('Radiator hoses', 'Durites de radiateur')),
      item('engineAirFilter', t('Engine air filter', 'Filtre à air moteur')),
      ...(detailed ? [item('cabinAirFilter', t('Cabin air filter', 'Filtre d’habitacle'))] : []),
    ]),
  ]);

const underVehicle = (detailed: boolean) =>
  group('underVehicle', t('Under the vehicle', 'Sous le véhicule'), [
    section('suspension', t('Steering and suspension', 'Direction et suspension'), [
      item('shocksStruts', t('Shocks and struts', 'Amortisseurs')),
      item('ballJoints', t('Ball joints and tie rods', 'Rotules et biellettes')),
      ...(detailed
        ? [
            item('cvBoots', t('CV axles and boots', 'Cardans et soufflets')),
            item('wheelBearings', t('Wheel bearings', 'Roulements de roue')),
          ]
        : []),
    ]),
    section('exhaust', t('Exhaust and leaks', 'Échappement et fuites'), [
      item('exhaustSystem', t('Exhaust system', 'Système d’échappement')),
      item('oilLeaks', t('Engine and transmission leaks', 'Fuites moteur et transmission')),
    ]),
  ]);

const lighting = group('lighting', t('Lights and wipers', 'Éclairage et essuie-glaces'), [
  section('lights', t('Lights', 'Feux'), [
    item('headlights', t('Headlights', 'Phares')),
    item('brakeLights', t('Brake lights', 'Feux de freinage')),
    item('turnSignals', t('Turn signals', 'Clignotants')),
  ]),
  section('visibility', t('Visibility', 'Visibilité'), [
    item('wiperBlades', t('Wiper blades', 'Balais d’essuie-glace')),
    item('windshield', t('Windshield', 'Pare-brise')),
  ]),
]);

export const QUICK_PHOTO_INSPECTION_ID = '5b0c6f3e-2d7a-4c1e-9f10-000000000001';
export const MULTI_POINT_INSPECTION_ID = '5b0c6f3e-2d7a-4c1e-9f10-000000000002';
export const DETAILED_INSPECTION_ID = '5b0c6f3e-2d7a-4c1e-9f10-000000000003';

export interface ProductTemplate {
  id: string;
  name: string;
  isDefault: boolean;
  definition: InspectionDefinition;
}

export const PRODUCT_TEMPLATES: readonly ProductTemplate[] = [
  {
    id: QUICK_PHOTO_INSPECTION_ID,
    name: 'Quick photo inspection',
    isDefault: false,
    definition: definition([
      vehicleDetails([photo('vinPhoto', t('VIN plate', 'Plaque NIV'), false)]),
      group('walkaround', t('Walk-around', 'Tour du véhicule'), [
        section('sides', t('Four sides', 'Quatre côtés'), [
          photo('frontPhoto', t('Front', 'Avant')),
          photo('driverSidePhoto', t('Driver side', 'Côté conducteur')),
          photo('rearPhoto', t('Rear', 'Arrière')),
          photo('passengerSidePhoto', t('Passenger side', 'Côté passager')),
        ]),
        section('quickChecks', t('Quick checks', 'Vérifications rapides'), [
          item('windshield', t('Windshield', 'Pare-brise')),
          item('tireCondition', t('Tire condition', 'État des pneus'), { findings: treadFindings }),
          item('exteriorLights', t('Exterior lights', 'Feux extérieurs')),
        ]),
      ]),
    ]),
  },
  {
    id: MULTI_POINT_INSPECTION_ID,
    name: 'Multi-point inspection',
    isDefault: true,
    definition: definition([
      vehicleDetails([
        photo('exteriorDamage', t('Existing exterior damage', 'Dommages extérieurs existants'), false),
      ]),
      underHood(false),
      brakes(false),
      tires(TREAD_32),
      underVehicle(false),
      lighting,
    ]),
  },
  {
    id: DETAILED_INSPECTION_ID,
    name: 'Detailed inspection',
    isDefault: false,
    definition: definition([
      vehicleDetails([
        photo('exteriorDamage', t('Existing exterior damage', 'Dommages extérieurs existants'), false),
        photo('vinPhoto', t('VIN plate', 'Plaque NIV'), false),
      ]),
      underHood(true),
      brakes(true),
      tires(TREAD_MM),
      underVehicle(true),
      lighting,
      group('interior', t('Interior', 'Habitacle'), [
        section('comfort', t('Comfort and safety', 'Confort et sécurité'), [
          item('hvac', t('Heating and air conditioning', 'Chauffage et climatisation')),
          item('seatBelts', t('Seat belts', 'Ceintures de sécurité')),
          item('horn', t('Horn', 'Klaxon')),
        ]),
      ]),
      group('roadTest', t('Road test', 'Essai routier'), [
        section('drive', t('Drive', 'Conduite'), [
          item('steeringFeel', t('Steering feel and alignment', 'Direction et parallélisme')),
          item('brakingFeel', t('Braking feel and noise', 'Freinage et bruits')),
          item('transmissionShift', t('Transmission shifting', 'Passage des rapports')),
        ]),
      ]),
    ]),
  },
];
