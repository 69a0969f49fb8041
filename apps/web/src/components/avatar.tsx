import { useState } from 'react';
import placeholder from './avatar-placeholder.svg';

export interface AvatarProps {
  /** The picture's address (an uploaded data URL or the user's avatar); without one, the placeholder. */
  src?: string | null | undefined;
  /** Describes the picture; empty when a name is shown beside it. */
  alt: string;
  /** Width and height in CSS pixels: 80 on the profile (docs/product/specification.md §9), smaller in the header. */
  size?: number;
  className?: string;
}

/** A round picture of a person or a company; the default placeholder when there is none or it fails to load. */
export function Avatar({ src, alt, size = 80, className }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && src !== failed ? src : placeholder;
  return (
    <img
      src={usable}
      alt={alt}
      width={size}
      height={size}
      className={`avatar rounded-circle${className ? ` ${className}` : ''}`}
      onError={() => {
        if (usable !== placeholder) setFailed(usable);
      }}
    />
  );
}
