import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Input, List, TextArea } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';

import {
  BIO_MAX_LENGTH,
  checkBio,
  checkNickname,
  NICKNAME_MAX_LENGTH,
  type UserProfile,
} from '@coinlens/contract';

import { showToast } from '@/lib/toast';
import { accountService } from '../account-service';
import { userInfoQuery } from '../api';
import { placeFieldFailure } from '../field-failure';
import { formFieldLookup, type FieldProblem } from '../field-problem';
import { FieldError } from './FieldError';
import './account.css';

type Field = 'nickname' | 'bio';
type Errors = Partial<Record<Field, FieldProblem>>;

const formFieldOf = formFieldLookup<Field>({ nickname: 'nickname', bio: 'bio' });

export interface ProfileFormProps {
  uid: string;
  profile: UserProfile;
}

/** Avatar, email and user id as shown; nickname and bio editable (`user_msrv/update_user_info`). */
export function ProfileForm({ uid, profile }: ProfileFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<Field, string>>({
    nickname: profile.nickname,
    bio: profile.bio,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  function validate(): Errors {
    const next: Errors = {};
    const nickname = checkNickname(values.nickname);
    if (nickname) next.nickname = nickname;
    const bio = checkBio(values.bio);
    if (bio) next.bio = bio;
    return next;
  }

  async function save(): Promise<void> {
    const result = await accountService.updateProfile({
      nickname: values.nickname.trim(),
      bio: values.bio.trim(),
    });
    if (result.ok) {
      queryClient.setQueryData(userInfoQuery(uid).queryKey, result.data);
      showToast(result.message);
      return;
    }
    const problems = placeFieldFailure(result, formFieldOf);
    if (problems) setErrors(problems);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const problems = validate();
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    void save().finally(() => setSaving(false));
  }

  const edit = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <form noValidate onSubmit={onSubmit} data-testid="profile-form">
      <List>
        <List.Item extra={<Avatar src={profile.avatar} aria-hidden="true" data-testid="profile-avatar" />}>
          {t('profile.avatar')}
        </List.Item>
        <List.Item
          extra={
            <span className="cl-email" data-testid="profile-email">
              {profile.email}
            </span>
          }
        >
          {t('profile.email')}
        </List.Item>
        <List.Item extra={profile.uid}>{t('profile.uid')}</List.Item>
        <List.Item title={t('profile.nickname')}>
          <Input
            name="nickname"
            autoComplete="nickname"
            maxLength={NICKNAME_MAX_LENGTH}
            placeholder={t('profile.placeholder.nickname')}
            value={values.nickname}
            onChange={edit('nickname')}
            aria-invalid={errors.nickname ? true : undefined}
            data-testid="input-nickname"
          />
          <FieldError field="nickname" error={errors.nickname} />
        </List.Item>
        <List.Item title={t('profile.bio')}>
          <TextArea
            name="bio"
            rows={3}
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={BIO_MAX_LENGTH}
            showCount
            placeholder={t('profile.placeholder.bio')}
            value={values.bio}
            onChange={edit('bio')}
            data-testid="input-bio"
          />
          <FieldError field="bio" error={errors.bio} />
        </List.Item>
      </List>
      <div className="cl-account-actions">
        <Button block type="submit" color="primary" size="large" loading={saving} data-testid="profile-save">
          {t('profile.save')}
        </Button>
      </div>
    </form>
  );
}
