import { Button, Input, List, Switch } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';

import { checkPassword, checkRepeatPassword } from '@coinlens/contract';

import { paths } from '@/config/paths';
import { showToast } from '@/lib/toast';
import { accountService } from '../account-service';
import { placeFieldFailure } from '../field-failure';
import { formFieldLookup, type FieldProblem } from '../field-problem';
import { useGoBack } from '../use-go-back';
import { FieldError } from './FieldError';

type Field = 'originalPassword' | 'password' | 'repeatPassword';
type Errors = Partial<Record<Field, FieldProblem>>;

const formFieldOf = formFieldLookup<Field>({
  original_password: 'originalPassword',
  password: 'password',
  repeat_password: 'repeatPassword',
});

/**
 * Change password (original password, password, repeated password; all required, decision D23), with
 * "Sign out other devices" on by default (ASVS 7.4.3). A wrong original password (40005) shows under its
 * field.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const goBack = useGoBack(paths.accountSecurity);
  const [values, setValues] = useState<Record<Field, string>>({
    originalPassword: '',
    password: '',
    repeatPassword: '',
  });
  const [signOutOthers, setSignOutOthers] = useState(true);
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);

  function validate(): Errors {
    const next: Errors = {};
    const original = checkPassword(values.originalPassword, 'required_original_password');
    // A wrong original password is the server's answer (40005); here it only has to be entered.
    if (original === 'required_original_password') next.originalPassword = original;
    const password = checkPassword(values.password);
    if (password) next.password = password;
    const repeat = checkRepeatPassword(values.password, values.repeatPassword);
    if (repeat) next.repeatPassword = repeat;
    return next;
  }

  async function submit(): Promise<void> {
    const result = await accountService.changePassword({ ...values, signOutOthers });
    if (result.ok) {
      showToast(result.message);
      goBack();
      return;
    }
    const problems = placeFieldFailure(result, formFieldOf);
    if (problems) setErrors(problems);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const problems = validate();
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSubmitting(true);
    void submit().finally(() => setSubmitting(false));
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
              aria-invalid={errors[field] ? true : undefined}
              data-testid={`input-${field}`}
            />
            <FieldError field={field} error={errors[field]} />
          </List.Item>
        ))}
        <List.Item
          extra={
            <Switch
              checked={signOutOthers}
              onChange={setSignOutOthers}
              aria-label={t('password.signOutOthers')}
              data-testid="input-signOutOthers"
            />
          }
        >
          {t('password.signOutOthers')}
        </List.Item>
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
