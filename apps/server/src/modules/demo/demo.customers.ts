import type { NewCustomer, NewVehicle } from '../customers/customers.repository.js';

type DemoVehicle = readonly [vin: string, year: number, make: string, model: string, engine: string | null, trim: string | null];

/**
 * Sixty VINs that the offline vPIC decoder reads as the year, make, model, engine and trim beside
 * them (demo.seed.int.test.ts decodes every one). Each was built from a vPIC VIN pattern of the
 * model (or a published example VIN) with a made-up serial and the 49 CFR 565 check digit, so they
 * are well-formed and decodable but belong to no real car.
 */
export const DEMO_VEHICLES: readonly DemoVehicle[] = [
  ['1HGCT1A30GA200000', 2016, 'Honda', 'Accord', '4 cyl', 'LX-S'],
  ['1HGCT1A34GA207919', 2016, 'Honda', 'Accord', '4 cyl', 'LX-S'],
  ['1HGCT1B41GA215838', 2016, 'Honda', 'Accord', '4 cyl', 'LX-S'],
  ['1HGCT1B48GA223757', 2016, 'Honda', 'Accord', '4 cyl', 'LX-S'],
  ['1HGCT1A7XGA231676', 2016, 'Honda', 'Accord', '4 cyl', 'EX'],
  ['1HGCT1A76GA239595', 2016, 'Honda', 'Accord', '4 cyl', 'EX'],
  ['2HGFC1E13JA247514', 2018, 'Honda', 'Civic', null, null],
  ['2HGFC1E1XJA255433', 2018, 'Honda', 'Civic', null, null],
  ['2HGFK7H23JA263352', 2018, 'Honda', 'Civic', '1.5L 4 cyl', 'LX'],
  ['2HGFK7H2XJA271271', 2018, 'Honda', 'Civic', '1.5L 4 cyl', 'LX'],
  ['2HGFK7G24JA279190', 2018, 'Honda', 'Civic', '1.5L 4 cyl', 'LX'],
  ['2HGFK7G22JA287109', 2018, 'Honda', 'Civic', '1.5L 4 cyl', 'LX'],
  ['5J6RW1H5XKA295028', 2019, 'Honda', 'CR-V', '1.5L 4 cyl', 'EX'],
  ['5J6RW1H5XKA302947', 2019, 'Honda', 'CR-V', '1.5L 4 cyl', 'EX'],
  ['5J6RW5H39KA310866', 2019, 'Honda', 'CR-V', '2.4L 4 cyl', 'LX'],
  ['5J6RW5H35KA318785', 2019, 'Honda', 'CR-V', '2.4L 4 cyl', 'LX'],
  ['5J6RW1H37KA326704', 2019, 'Honda', 'CR-V', '2.4L 4 cyl', 'LX'],
  ['5J6RW1H33KA334623', 2019, 'Honda', 'CR-V', '2.4L 4 cyl', 'LX'],
  ['1FT1F1C11HA342542', 2017, 'Ford', 'F-150', null, 'Regular Cab'],
  ['1FT1F1C18HA350461', 2017, 'Ford', 'F-150', null, 'Regular Cab'],
  ['1FM1U0F18JA358380', 2018, 'Ford', 'Escape', null, 'S'],
  ['1FM1U0F1XJA366299', 2018, 'Ford', 'Escape', null, 'S'],
  ['1N4AL3A19HA374218', 2017, 'Nissan', 'Altima', '2.5L 4 cyl', null],
  ['1N4AL3A15HA382137', 2017, 'Nissan', 'Altima', '2.5L 4 cyl', null],
  ['3VW111AJ7JA390056', 2018, 'Volkswagen', 'Jetta', '1.8L 4 cyl', 'S'],
  ['3VW111AJ5JA397975', 2018, 'Volkswagen', 'Jetta', '1.8L 4 cyl', 'S'],
  ['1C41JFA19JA405894', 2018, 'Jeep', 'Grand Cherokee', null, 'Laredo'],
  ['1C41JFA11JA413813', 2018, 'Jeep', 'Grand Cherokee', null, 'Laredo'],
  ['1C41JEA15JA421732', 2018, 'Jeep', 'Grand Cherokee', null, 'Laredo'],
  ['1C41JEA11JA429651', 2018, 'Jeep', 'Grand Cherokee', null, 'Laredo'],
  ['2C41DGB10HA437570', 2017, 'Dodge', 'Grand Caravan', null, 'SE, SXT, Express'],
  ['2C41DGB12HA445489', 2017, 'Dodge', 'Grand Caravan', null, 'SE, SXT, Express'],
  ['1FTEK1C17LA453408', 2020, 'Ford', 'Transit', null, 'Medium Roof'],
  ['1FTEK1C13LA461327', 2020, 'Ford', 'Transit', null, 'Medium Roof'],
  ['1FTER5P13LA469246', 2020, 'Ford', 'Transit', null, '250'],
  ['1FTER5P1XLA477165', 2020, 'Ford', 'Transit', null, '250'],
  ['1FTEU4X15LA485084', 2020, 'Ford', 'Transit', null, 'EL High Roof DRW'],
  ['1FTEU4X18LA493003', 2020, 'Ford', 'Transit', null, 'EL High Roof DRW'],
  ['3C61RVN19LA500922', 2020, 'Ram', 'ProMaster 1500', null, 'VF'],
  ['3C61RVN15LA508841', 2020, 'Ram', 'ProMaster 1500', null, 'VF'],
  ['3C61RVP15LA516760', 2020, 'Ram', 'ProMaster 2500', null, null],
  ['3C61RVP17LA524679', 2020, 'Ram', 'ProMaster 2500', null, null],
  ['3C61RVE1XLA532598', 2020, 'Ram', 'ProMaster 3500', null, 'VF'],
  ['3C61RVE12LA540517', 2020, 'Ram', 'ProMaster 3500', null, 'VF'],
  ['1FDEF3E16KA548436', 2019, 'Ford', 'F-350', null, 'Super Duty - Single Rear Wheel'],
  ['1FDEF3E12KA556355', 2019, 'Ford', 'F-350', null, 'Super Duty - Single Rear Wheel'],
  ['1FDDF3A17KA564274', 2019, 'Ford', 'F-350', null, 'Super Duty - Single Rear Wheel'],
  ['1FDDF3A13KA572193', 2019, 'Ford', 'F-350', null, 'Super Duty - Single Rear Wheel'],
  ['1FDEF3A10KA580112', 2019, 'Ford', 'F-350', null, 'Super Duty - Single Rear Wheel'],
  ['1FDEF3A17KA588031', 2019, 'Ford', 'F-350', null, 'Super Duty - Single Rear Wheel'],
  ['1HGCM82673A595950', 2003, 'Honda', 'Accord', '6 cyl', 'EX-V6'],
  ['1HGCM82603A603869', 2003, 'Honda', 'Accord', '6 cyl', 'EX-V6'],
  ['KM8K2CAB5PU611788', 2023, 'Hyundai', 'Kona', '2.0L 4 cyl', 'SE'],
  ['KM8K2CAB8PU619707', 2023, 'Hyundai', 'Kona', '2.0L 4 cyl', 'SE'],
  ['1FTFW1ET6DF627626', 2013, 'Ford', 'F-150', '3.5L 6 cyl', null],
  ['1FTFW1ET2DF635545', 2013, 'Ford', 'F-150', '3.5L 6 cyl', null],
  ['5YJ3E1EA8KF643464', 2019, 'Tesla', 'Model 3', 'Electric', null],
  ['5YJ3E1EA4KF651383', 2019, 'Tesla', 'Model 3', 'Electric', null],
  ['JTDKB20U393659302', 2009, 'Toyota', 'Prius', '1.5L 4 cyl', 'NHW20L'],
  ['JTDKB20UX93667221', 2009, 'Toyota', 'Prius', '1.5L 4 cyl', 'NHW20L'],];

interface DemoCustomer {
  firstName?: string;
  lastName?: string;
  business?: string;
  email?: string;
  mobilePhone?: string;
  homePhone?: string;
  /** Several customers in one household: a family sharing cars. */
  household?: string;
  vehicles: number;
  fleet?: boolean;
}

/** About forty Downtown customers; the portal users jane@ and fleet@ come first. */
const CUSTOMERS: readonly DemoCustomer[] = [
  { firstName: 'Jane', lastName: 'Doe', email: 'jane@example.com', mobilePhone: '5145550101', vehicles: 2 },
  { business: 'Fleet Express Deliveries', firstName: 'Frank', lastName: 'Lefebvre', email: 'fleet@example.com', mobilePhone: '5145550102', vehicles: 6, fleet: true },
  { firstName: 'Marc', lastName: 'Tremblay', email: 'marc.tremblay@example.com', mobilePhone: '5145550103', household: 'tremblay', vehicles: 2 },
  { firstName: 'Sophie', lastName: 'Tremblay', mobilePhone: '5145550104', household: 'tremblay', vehicles: 0 },
  { firstName: 'Luc', lastName: 'Gagnon', mobilePhone: '4385550105', vehicles: 1 },
  { firstName: 'Chloé', lastName: 'Roy', email: 'chloe.roy@example.com', mobilePhone: '4385550106', vehicles: 1 },
  { firstName: 'Olivier', lastName: 'Côté', mobilePhone: '5145550107', vehicles: 3 },
  { firstName: 'Emma', lastName: 'Bouchard', email: 'emma.b@example.com', mobilePhone: '5145550108', household: 'bouchard', vehicles: 1 },
  { firstName: 'William', lastName: 'Bouchard', mobilePhone: '5145550109', household: 'bouchard', vehicles: 1 },
  { firstName: 'Léa', lastName: 'Gauthier', mobilePhone: '4505550110', vehicles: 1 },
  { firstName: 'Thomas', lastName: 'Morin', email: 'tmorin@example.com', mobilePhone: '4505550111', vehicles: 1 },
  { firstName: 'Camille', lastName: 'Lavoie', mobilePhone: '5145550112', vehicles: 1 },
  { firstName: 'Gabriel', lastName: 'Fortin', homePhone: '5145550113', vehicles: 1 },
  { firstName: 'Alice', lastName: 'Gagné', email: 'alice.gagne@example.com', mobilePhone: '5145550114', vehicles: 2 },
  { firstName: 'Noah', lastName: 'Ouellet', mobilePhone: '4385550115', vehicles: 1 },
  { firstName: 'Zoé', lastName: 'Pelletier', mobilePhone: '4385550116', vehicles: 1 },
  { firstName: 'Samuel', lastName: 'Bélanger', email: 'sam.belanger@example.com', mobilePhone: '5145550117', vehicles: 1 },
  { firstName: 'Rosalie', lastName: 'Lévesque', mobilePhone: '5145550118', vehicles: 1 },
  { firstName: 'Jacob', lastName: 'Bergeron', mobilePhone: '5145550119', household: 'bergeron', vehicles: 2 },
  { firstName: 'Florence', lastName: 'Bergeron', email: 'florence.bergeron@example.com', household: 'bergeron', vehicles: 0 },
  { firstName: 'Raphaël', lastName: 'Leblanc', mobilePhone: '4505550121', vehicles: 1 },
  { firstName: 'Juliette', lastName: 'Girard', mobilePhone: '4505550122', vehicles: 1 },
  { firstName: 'Nathan', lastName: 'Simard', email: 'nsimard@example.com', mobilePhone: '5145550123', vehicles: 1 },
  { firstName: 'Charlotte', lastName: 'Boucher', mobilePhone: '5145550124', vehicles: 1 },
  { firstName: 'Félix', lastName: 'Caron', mobilePhone: '5145550125', vehicles: 1 },
  { firstName: 'Maëlle', lastName: 'Beaulieu', mobilePhone: '4385550126', vehicles: 1 },
  { firstName: 'Arthur', lastName: 'Cloutier', mobilePhone: '4385550127', vehicles: 1 },
  { firstName: 'Mia', lastName: 'Dubé', email: 'mia.dube@example.com', mobilePhone: '5145550128', vehicles: 2 },
  { firstName: 'Louis', lastName: 'Poirier', mobilePhone: '5145550129', vehicles: 1 },
  { firstName: 'Béatrice', lastName: 'Fournier', mobilePhone: '5145550130', vehicles: 1 },
  { business: 'Plomberie Laval Inc.', firstName: 'Paul', lastName: 'Lapointe', email: 'service@plomberie-laval.example', mobilePhone: '4505550131', vehicles: 4, fleet: true },
  { business: 'Atelier Vélo Montréal', email: 'info@atelier-velo.example', mobilePhone: '5145550132', vehicles: 2, fleet: true },
  { firstName: 'Daniel', lastName: 'Smith', email: 'dan.smith@example.com', mobilePhone: '5145550133', vehicles: 2 },
  { firstName: 'Emily', lastName: 'Johnson', mobilePhone: '5145550134', vehicles: 2 },
  { firstName: 'Michael', lastName: 'Brown', mobilePhone: '4385550135', vehicles: 1 },
  { firstName: 'Sarah', lastName: 'Wilson', email: 'sarah.wilson@example.com', mobilePhone: '4385550136', vehicles: 2 },
  { firstName: 'David', lastName: 'Nguyen', mobilePhone: '5145550137', vehicles: 1 },
  { firstName: 'Fatima', lastName: 'Haddad', mobilePhone: '5145550138', vehicles: 1 },
  { firstName: 'Carlos', lastName: 'Ramirez', email: 'carlos.r@example.com', mobilePhone: '5145550139', vehicles: 2 },
  { firstName: 'Priya', lastName: 'Patel', mobilePhone: '5145550140', vehicles: 3 },
];

const COLORS = ['White', 'Black', 'Silver', 'Grey', 'Blue', 'Red'];

/** Quebec-style plates (three letters, three digits), the same on every seed. */
function plate(i: number): string {
  const letters = 'ABCDEFGHJKLMNPRSTVWXYZ';
  const a = letters[i % letters.length]!;
  const b = letters[(i * 7 + 3) % letters.length]!;
  const c = letters[(i * 11 + 5) % letters.length]!;
  return `${a}${b}${c} ${String(100 + ((i * 37) % 900)).padStart(3, '0')}`;
}

// Fleet customers get the vans and heavy pickups; everyone else takes the cars in order.
const FLEET_MODELS = /Transit|ProMaster|F-350/;

export interface DemoHouseholdPlan {
  customers: Array<Omit<NewCustomer, 'storeId' | 'householdId'>>;
  vehicles: Array<Omit<NewVehicle, 'storeId' | 'householdId'>>;
}

/** The Downtown households: customers grouped by household, each with its vehicles. */
export function demoHouseholds(): DemoHouseholdPlan[] {
  const fleetPool = DEMO_VEHICLES.filter((v) => FLEET_MODELS.test(v[3]));
  const carPool = DEMO_VEHICLES.filter((v) => !FLEET_MODELS.test(v[3]));
  const plans = new Map<string, DemoHouseholdPlan>();
  let plates = 0;
  CUSTOMERS.forEach((c, i) => {
    const key = c.household ?? `customer-${i}`;
    const plan = plans.get(key) ?? { customers: [], vehicles: [] };
    plans.set(key, plan);
    plan.customers.push({
      firstName: c.firstName ?? null,
      lastName: c.lastName ?? null,
      business: c.business ?? null,
      email: c.email ?? null,
      mobilePhone: c.mobilePhone ?? null,
      homePhone: c.homePhone ?? null,
      primaryPhone: c.mobilePhone ?? c.homePhone ?? null,
      permissionToText: Boolean(c.mobilePhone),
    });
    for (let n = 0; n < c.vehicles; n++) {
      const source = (c.fleet ? fleetPool : carPool).shift() ?? carPool.shift() ?? fleetPool.shift();
      if (!source) break;
      const [vin, year, make, model, engine, trim] = source;
      plan.vehicles.push({
        vin,
        year,
        make,
        model,
        engine,
        trim,
        licensePlate: plate(plates++),
        fleetNumber: c.fleet ? String(101 + n) : null,
        color: COLORS[plates % COLORS.length]!,
      });
    }
  });
  return [...plans.values()];
}
