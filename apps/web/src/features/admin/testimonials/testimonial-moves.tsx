import { apiError } from '../../../lib/http';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { notify } from '../../../lib/toasts/notify';
import { useMoveTestimonial } from './testimonials-api';

/** Move up / Move down: past its neighbour in the home page's order (first has no up, last no down). */
export function TestimonialMoves({
  id,
  name,
  first,
  last,
}: {
  id: number;
  name: string;
  first: boolean;
  last: boolean;
}) {
  const { t } = useI18n();
  const move = useMoveTestimonial(id);
  const send = async (direction: 'up' | 'down') => {
    try {
      await move.mutateAsync(direction);
      notify.success(t('admin.testimonials.moved', { name }));
    } catch (error) {
      notify.error(apiError(error)?.body.message || t('shell.serverUnreachable'));
    }
  };
  return (
    <>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        disabled={first || move.isPending}
        onClick={() => void send('up')}
      >
        {t('admin.testimonials.moveUp', { name })}
      </button>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        disabled={last || move.isPending}
        onClick={() => void send('down')}
      >
        {t('admin.testimonials.moveDown', { name })}
      </button>
    </>
  );
}
