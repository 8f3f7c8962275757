import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { isPasswordAcceptable } from '@hanlin/shared';
import { errorMessage } from '../../platform/i18n';

/** Same rule as the server (spec section 5): 6–20 characters, two kinds of characters. */
export function newPasswordRules(t: TFunction, oldField?: string): FormRule[] {
  return [
    { required: true, message: t('validation.required') },
    {
      validator: async (_r, v: string) => {
        if (v && !isPasswordAcceptable(v)) throw new Error(errorMessage('PASSWORD_FORMAT_ERROR'));
      },
    },
    ...(oldField
      ? [
          (({ getFieldValue }) => ({
            validator: async (_r, v: string) => {
              if (v && v === getFieldValue(oldField)) throw new Error(errorMessage('PASSWORD_SAME_AS_OLD'));
            },
          })) as FormRule,
        ]
      : []),
  ];
}

export function confirmPasswordRules(t: TFunction, field = 'newPassword'): FormRule[] {
  return [
    { required: true, message: t('validation.required') },
    ({ getFieldValue }) => ({
      validator: async (_r, v: string) => {
        if (v && v !== getFieldValue(field)) throw new Error(errorMessage('PASSWORD_NOT_MATCH'));
      },
    }),
  ];
}
