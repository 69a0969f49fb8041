import type { AccountType, Message } from '@marketplace/contracts';
import { useId, useState, type ChangeEvent } from 'react';
import { Avatar } from '../../../components/avatar';
import { readAvatarFile } from '../../../lib/avatar-file';
import { useI18n } from '../../../lib/i18n/i18n-store';

export interface AvatarUploadProps {
  /** The avatar saved on the profile. */
  current: string | null;
  /** The newly chosen picture (a data URL), shown in preference to the saved one. */
  chosen: string | null;
  onChoose: (dataUrl: string) => void;
  /** Unknown until the profile has loaded: the control waits for it (docs/product/specification.md §2). */
  accountType: AccountType | undefined;
  error?: string | undefined;
}

/** The round 80px picture with its Upload Image / Upload Logo control; accepts image files only. */
export function AvatarUpload({ current, chosen, onChoose, accountType, error }: AvatarUploadProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const { t, text } = useI18n();
  const [problem, setProblem] = useState<Message>();
  const label = t(accountType === 'company' ? 'profile.uploadLogo' : 'profile.uploadImage');
  const shown = problem ? text(problem) : error && text(error);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const read = await readAvatarFile(file);
    if ('problem' in read) return setProblem(read.problem);
    onChoose(read.dataUrl);
    setProblem(undefined);
  };

  return (
    <div className="d-flex align-items-center gap-3 mb-3">
      <Avatar
        src={chosen ?? current}
        alt={t(accountType === 'company' ? 'profile.logo' : 'profile.picture')}
        size={80}
      />
      {accountType && (
        <div>
          <label htmlFor={inputId} className="btn btn-outline-primary btn-upload mb-0">
            {label}
          </label>
          <input
            id={inputId}
            type="file"
            accept="image/*"
            className="visually-hidden"
            aria-describedby={shown ? errorId : undefined}
            aria-invalid={shown ? true : undefined}
            onChange={(event) => void onChange(event)}
          />
          {shown && (
            <div id={errorId} className="invalid-feedback d-block">
              {shown}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
