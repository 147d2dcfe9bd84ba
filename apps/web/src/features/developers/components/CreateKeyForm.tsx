import { Button, Input, type InputRef } from 'antd-mobile';
import { API_KEYS_PER_USER, type ProcedureOutput } from '@coinlens/contract';
import { useState, type Ref } from 'react';

import { useTranslation } from '@/lib/i18n';

import { useCreateApiKey } from '../api/api-key-queries';
import { API_KEY_LABEL_MAX, keyLabel } from '../api-key-text';

export interface CreateKeyFormProps {
  /** How many live keys the user has: at API_KEYS_PER_USER the form is closed, with a note saying why. */
  count: number;
  onCreated: (created: ProcedureOutput<'appsys_msrv/api_key_create'>) => void;
  inputRef?: Ref<InputRef>;
}

/** The new key's name and the button; an empty name is refused here, a refusal of the server in a toast. */
export function CreateKeyForm({ count, onCreated, inputRef }: CreateKeyFormProps) {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const [label, setLabel] = useState('');
  const [missing, setMissing] = useState(false);
  const atLimit = count >= API_KEYS_PER_USER;
  const submit = () => {
    const wanted = keyLabel(label);
    if (wanted === null) {
      setMissing(true);
      return;
    }
    create.mutate(wanted, {
      onSuccess: (created) => {
        setLabel('');
        onCreated(created);
      },
    });
  };
  const note = atLimit
    ? t('developers.create.atLimit', { limit: API_KEYS_PER_USER })
    : missing
      ? t('developers.create.required')
      : t('developers.create.hint');
  return (
    <form
      className="cl-dev-card cl-dev-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!atLimit && !create.isPending) submit();
      }}
      aria-labelledby="api-key-form-title"
      data-testid="api-key-form"
    >
      <h2 className="cl-dev-title" id="api-key-form-title">
        {t('developers.create.title')}
      </h2>
      <label className="cl-dev-label" htmlFor="api-key-label-input">
        {t('developers.create.label')}
      </label>
      <Input
        id="api-key-label-input"
        ref={inputRef}
        className="cl-dev-input"
        value={label}
        onChange={(value) => {
          setLabel(value);
          if (missing && keyLabel(value) !== null) setMissing(false);
        }}
        maxLength={API_KEY_LABEL_MAX}
        placeholder={t('developers.create.placeholder')}
        enterKeyHint="done"
        autoComplete="off"
        disabled={atLimit}
        aria-invalid={missing ? true : undefined}
        aria-describedby="api-key-form-note"
        data-testid="api-key-label-input"
      />
      <p
        className={missing && !atLimit ? 'cl-dev-note cl-dev-note-error' : 'cl-dev-note'}
        id="api-key-form-note"
        aria-live="polite"
        data-testid={atLimit ? 'api-key-limit-note' : 'api-key-form-note'}
      >
        {note}
      </p>
      <Button
        type="submit"
        color="primary"
        block
        loading={create.isPending}
        disabled={atLimit}
        data-testid="api-key-create"
      >
        {t('developers.create.submit')}
      </Button>
    </form>
  );
}
