import { AVATAR_MAX_BYTES, type AccountType } from '@marketplace/contracts';
import { useId, useState, type ChangeEvent } from 'react';
import { Avatar } from '../../../components/avatar';

export interface AvatarUploadProps {
  /** The avatar saved on the profile. */
  current: string | null;
  /** The newly chosen picture (a data URL), shown in preference to the saved one. */
  chosen: string | null;
  onChoose: (dataUrl: string) => void;
  /** Unknown until the profile has loaded: the control waits for it (SPEC §2). */
  accountType: AccountType | undefined;
  error?: string | undefined;
}

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable'));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });

/** The round 80px picture with its Upload Image / Upload Logo control; accepts image files only. */
export function AvatarUpload({ current, chosen, onChoose, accountType, error }: AvatarUploadProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [problem, setProblem] = useState<string>();
  const label = accountType === 'company' ? 'Upload Logo' : 'Upload Image';
  const shown = problem ?? error;

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) return setProblem('The Image field must be an image');
    if (file.size > AVATAR_MAX_BYTES) return setProblem('The Image field size must be less than 5120KB');
    try {
      onChoose(await readAsDataUrl(file));
      setProblem(undefined);
    } catch {
      setProblem('The Image field could not be read as an image');
    }
  };

  return (
    <div className="d-flex align-items-center gap-3 mb-3">
      <Avatar src={chosen ?? current} alt={accountType === 'company' ? 'Company logo' : 'Profile picture'} size={80} />
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
