import type { ErrorCode, FieldInput } from '@lockdesk/protocol';
import type { FormRule } from 'antd';
import { errorMessage } from '../i18n/index.ts';

/** An antd form rule from a protocol check: the check's catalogue code becomes the message of the language. */
export function ruleOf(check: (value: FieldInput) => ErrorCode | undefined): FormRule {
  return {
    validator: async (_rule, value: FieldInput) => {
      const code = check(value);
      if (code) throw new Error(errorMessage(code));
    },
  };
}

/** A rule that the field equals another field of the form (password confirmation). */
export function sameAs(field: string, message: () => string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (value !== getFieldValue(field)) throw new Error(message());
    },
  });
}
