import { Button, Input, List } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { checkPassword, checkRepeatPassword, type ValidationMessageKey } from '@coinlens/contract';

import { accountService } from '../account-service';
import { FieldError } from './FieldError';

type Field = 'originalPassword' | 'password' | 'repeatPassword';

/** Change password (spec §5 required prompts: original password, password, repeated password). */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>({
    originalPassword: '',
    password: '',
    repeatPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, ValidationMessageKey>>>({});
  const [submitting, setSubmitting] = useState(false);

  function validate(): Partial<Record<Field, ValidationMessageKey>> {
    const next: Partial<Record<Field, ValidationMessageKey>> = {};
    const original = checkPassword(values.originalPassword, 'required_original_password');
    // A wrong original password is the server's answer (40005); here it only has to be entered.
    if (original === 'required_original_password') next.originalPassword = original;
    const password = checkPassword(values.password);
    if (password) next.password = password;
    const repeat = checkRepeatPassword(values.password, values.repeatPassword);
    if (repeat) next.repeatPassword = repeat;
    return next;
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const problems = validate();
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSubmitting(true);
    void accountService
      .changePassword({ originalPassword: values.originalPassword, password: values.password })
      .finally(() => setSubmitting(false));
  }

  const fields: { field: Field; label: string; autoComplete: string }[] = [
    { field: 'originalPassword', label: t('password.original'), autoComplete: 'current-password' },
    { field: 'password', label: t('password.new'), autoComplete: 'new-password' },
    { field: 'repeatPassword', label: t('password.repeat'), autoComplete: 'new-password' },
  ];

  return (
    <form className="cl-auth-form" noValidate onSubmit={onSubmit}>
      <List>
        {fields.map(({ field, label, autoComplete }) => (
          <List.Item key={field} title={label}>
            <Input
              type="password"
              name={field}
              autoComplete={autoComplete}
              placeholder={t(`password.placeholder.${field}`)}
              value={values[field]}
              onChange={(value) => {
                setValues((current) => ({ ...current, [field]: value }));
                setErrors((current) => ({ ...current, [field]: undefined }));
              }}
              data-testid={`input-${field}`}
            />
            <FieldError field={field} error={errors[field]} />
          </List.Item>
        ))}
      </List>
      <p className="cl-auth-hint">{t('password.rules')}</p>
      <div className="cl-auth-actions">
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          loading={submitting}
          data-testid="password-submit"
        >
          {t('password.submit')}
        </Button>
      </div>
    </form>
  );
}
