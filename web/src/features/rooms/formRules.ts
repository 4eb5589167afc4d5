import type { FormRule } from 'antd';

/** A text that must hold something besides spaces. */
export function requiredText(message: string): FormRule {
  return {
    validator: async (_r, value: unknown) => {
      if (typeof value !== 'string' || value.trim() === '') throw new Error(message);
    },
  };
}

/** A lock MAC as the server reads it: 12 hex digits, any case, with or without ':' or '-'. Empty passes. */
export function isMacText(value: string): boolean {
  const hex = value.replace(/[:\-\s]/g, '');
  return /^[0-9a-fA-F]{12}$/.test(hex);
}

export function macRule(message: string): FormRule {
  return {
    validator: async (_r, value: unknown) => {
      if (typeof value === 'string' && value.trim() !== '' && !isMacText(value.trim()))
        throw new Error(message);
    },
  };
}
