import type { DispenserType } from '../../api/equipment.ts';
import { CARD_ISSUER_OPTIONS } from '../../config/deploy.ts';

/** The model name of a dispenser type ('1' → CRFD-01), as the deployment names them; the raw value otherwise. */
export function dispenserModel(type: string): string {
  return CARD_ISSUER_OPTIONS.find((o) => String(o.value) === type)?.label ?? type;
}

/** The dispenser types as select options ('1' CRFD-01 …). */
export const DISPENSER_OPTIONS: { value: DispenserType; label: string }[] = CARD_ISSUER_OPTIONS.map((o) => ({
  value: String(o.value) as DispenserType,
  label: o.label,
}));
