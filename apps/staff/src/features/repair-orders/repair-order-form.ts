import { parseMileage, type RepairOrder } from '@servicebay/domain';

/** The ticket fields as the form holds them: texts as typed, the time as a datetime-local value. */
export interface RepairOrderFormValues {
  orderNumber: string;
  mileageIn: string;
  mileageOut: string;
  note: string;
  /** 'YYYY-MM-DDTHH:mm' in the device's time zone, or ''. */
  timePromised: string;
  waiting: boolean;
  serviceAdvisorId: string | null;
  technicianId: string | null;
}

export function emptyRepairOrderForm(serviceAdvisorId: string | null): RepairOrderFormValues {
  return { orderNumber: '', mileageIn: '', mileageOut: '', note: '', timePromised: '', waiting: false, serviceAdvisorId, technicianId: null };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local value in the device's time zone. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as an ISO instant, or null when empty or unreadable. */
export function fromLocalInput(local: string): string | null {
  if (!local) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export function formFromRepairOrder(order: RepairOrder): RepairOrderFormValues {
  return {
    orderNumber: order.orderNumber ?? '',
    mileageIn: order.mileageIn === null ? '' : String(order.mileageIn),
    mileageOut: order.mileageOut === null ? '' : String(order.mileageOut),
    note: order.note ?? '',
    timePromised: toLocalInput(order.timePromised),
    waiting: order.waiting,
    serviceAdvisorId: order.serviceAdvisorId,
    technicianId: order.technicianId,
  };
}

/** Which mileage fields are not whole numbers. */
export function invalidMileage(values: RepairOrderFormValues): Array<'mileageIn' | 'mileageOut'> {
  return (['mileageIn', 'mileageOut'] as const).filter((f) => parseMileage(values[f]) === 'invalid');
}

/** The body the create and update routes take; mileage must have been checked first. */
export function repairOrderBody(values: RepairOrderFormValues, customerId: string, vehicleId: string) {
  const mileage = (text: string) => {
    const parsed = parseMileage(text);
    return parsed === 'invalid' ? null : parsed;
  };
  return {
    customerId,
    vehicleId,
    orderNumber: values.orderNumber.trim() || null,
    mileageIn: mileage(values.mileageIn),
    mileageOut: mileage(values.mileageOut),
    note: values.note.trim() || null,
    timePromised: fromLocalInput(values.timePromised),
    waiting: values.waiting,
    serviceAdvisorId: values.serviceAdvisorId,
    technicianId: values.technicianId,
  };
}
