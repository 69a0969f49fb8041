import type { Order } from '@marketplace/contracts';
import { ORDER_LIMITS, type OrderAction } from '@marketplace/contracts/orders-essentials';
import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { useI18n } from '../../lib/i18n/i18n-store';
import { richText } from '../../lib/i18n/rich-text';
import type { MessageKey } from '@marketplace/contracts/i18n';
import { toFils } from '../../lib/to-fils';
import { newClientKey, useOrderStep } from './api/orders';
import { FormProblem, OrderField, PendingButton, refusalOf, type Refusal } from './order-fields';

/** What each action asks for besides the click: a reason (required or not), a price. */
const DETAILS: Readonly<Record<OrderAction, { reason?: 'optional' | 'required'; price?: true }>> = {
  accept: {},
  decline: { reason: 'optional' },
  counter: { price: true },
  withdraw: {},
  hand_over: {},
  cancel: { reason: 'required' },
  confirm_receipt: {},
  dispute: { reason: 'required' },
};

/** The buttons' words, in the order the page shows them (the answer the order waits for first). */
const BUTTONS: readonly [OrderAction, MessageKey][] = [
  ['accept', 'order.do.accept'],
  ['hand_over', 'order.do.hand_over'],
  ['confirm_receipt', 'order.do.confirm_receipt'],
  ['counter', 'order.do.counter'],
  ['decline', 'order.do.decline'],
  ['withdraw', 'order.do.withdraw'],
  ['dispute', 'order.do.dispute'],
  ['cancel', 'order.do.cancel'],
];

/**
 * Exactly the steps the reader may take now (the order's `actions`, and a review while `can_review`):
 * a click for those that need nothing more, a small form for those that need a reason or a price.
 * Each step shows it is under way, a refusal of the step (409) above its button, a field's (422)
 * under the field; a new key per step, kept for its retries.
 */
export function OrderActions({ order }: { order: Order }) {
  const { t } = useI18n();
  const shown = BUTTONS.filter(([action]) => order.actions.includes(action));
  if (shown.length === 0 && !order.can_review) return null;
  return (
    <section className="order-actions" aria-labelledby="order-actions-title">
      <h2 id="order-actions-title" className="h5">
        {t('order.page.yourActions')}
      </h2>
      <div className="d-flex flex-column gap-3">
        {shown.map(([action, label]) => (
          <ActionForm key={action} order={order} action={action} label={t(label)} />
        ))}
        {order.can_review && <ReviewForm order={order} />}
      </div>
    </section>
  );
}

export function ActionForm({ order, action, label }: { order: Order; action: OrderAction; label: string }) {
  const { t } = useI18n();
  const id = useId();
  const details = DETAILS[action];
  const needsDetails = Boolean(details.reason ?? details.price);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [price, setPrice] = useState('');
  const [refusal, setRefusal] = useState<Refusal>({ fields: {} });
  const step = useOrderStep(order.id);
  const clientKey = useRef(newClientKey());

  const send = () => {
    setRefusal({ fields: {} });
    step.mutate(
      {
        action,
        body: {
          client_key: clientKey.current,
          ...(details.reason && { reason: reason.trim() === '' ? null : reason }),
          ...(details.price && { price_fils: toFils(price) }),
        },
      },
      {
        onSuccess: () => {
          clientKey.current = newClientKey();
          setOpen(false);
        },
        onError: (error) => setRefusal(refusalOf(error, ['reason', 'price_fils'])),
      },
    );
  };
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    send();
  };

  if (!needsDetails) {
    return (
      <div className="order-action">
        <FormProblem message={refusal.message ?? Object.values(refusal.fields)[0]} />
        <PendingButton
          type="button"
          pending={step.isPending}
          className={action === 'withdraw' ? 'btn btn-outline-danger' : 'btn btn-primary'}
          onClick={send}
        >
          {label}
        </PendingButton>
      </div>
    );
  }
  const roundsLeft = ORDER_LIMITS.maxRounds - order.rounds;
  return (
    <div className="order-action">
      <button
        type="button"
        className={action === 'counter' ? 'btn btn-outline-primary' : 'btn btn-outline-danger'}
        aria-expanded={open}
        aria-controls={`${id}-form`}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        {label}
      </button>
      <form
        id={`${id}-form`}
        hidden={!open}
        className="card card-body mt-2"
        onSubmit={onSubmit}
        noValidate
        aria-label={label}
      >
        {details.price && (
          <OrderField
            label={t('order.page.newPrice')}
            error={refusal.fields.price_fils}
            required
            hint={t('order.page.roundsLeft', { count: roundsLeft })}
          >
            {(props) => (
              <input
                {...props}
                className={`form-control order-price-input${props.className}`}
                inputMode="decimal"
                value={price}
                onChange={(event) => setPrice(event.target.value)}
                dir="ltr"
              />
            )}
          </OrderField>
        )}
        {details.reason && (
          <OrderField
            label={t('order.field.reason')}
            error={refusal.fields.reason}
            required={details.reason === 'required'}
          >
            {(props) => (
              <textarea
                {...props}
                className={`form-control${props.className}`}
                rows={2}
                maxLength={ORDER_LIMITS.textMax}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                dir="auto"
              />
            )}
          </OrderField>
        )}
        <FormProblem message={refusal.message} />
        <div className="d-flex flex-wrap gap-2">
          <PendingButton pending={step.isPending}>{t('order.page.send', { action: label })}</PendingButton>
          <button type="button" className="btn btn-outline-secondary" onClick={() => setOpen(false)}>
            {t('order.form.cancel')}
          </button>
        </div>
      </form>
    </div>
  );
}

/** 1 to 5 stars and a few words about the other side, once. */
export function ReviewForm({ order }: { order: Order }) {
  const { t } = useI18n();
  const id = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<Refusal>({ fields: {} });
  const step = useOrderStep(order.id);
  const other = order.role === 'buyer' ? order.seller.name : order.buyer.name;

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal({ fields: {} });
    step.mutate(
      { action: 'review', body: { rating: rating ?? 0, text: text.trim() === '' ? null : text } },
      { onError: (error) => setRefusal(refusalOf(error, ['rating', 'text'])) },
    );
  };
  return (
    <form className="order-review-form card card-body" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="h6">
        {richText(t, 'order.review.title', {
          name: (
            <bdi dir="auto" data-user-content="">
              {other}
            </bdi>
          ),
        })}
      </h3>
      <fieldset
        className="mb-3"
        aria-invalid={refusal.fields.rating ? true : undefined}
        aria-describedby={refusal.fields.rating ? `${id}-rating-error` : undefined}
      >
        <legend className="form-label fs-6">
          {t('order.field.rating')}
          <span className="text-danger ms-1" aria-hidden="true">
            *
          </span>
        </legend>
        <div className="order-stars">
          {[1, 2, 3, 4, 5].map((stars) => (
            <div key={stars} className="form-check form-check-inline">
              <input
                id={`${id}-stars-${stars}`}
                className="form-check-input"
                type="radio"
                name={`${id}-rating`}
                checked={rating === stars}
                onChange={() => setRating(stars)}
              />
              <label className="form-check-label" htmlFor={`${id}-stars-${stars}`}>
                {t('order.review.stars', { count: stars })}
              </label>
            </div>
          ))}
        </div>
        {refusal.fields.rating && (
          <div id={`${id}-rating-error`} className="invalid-feedback d-block">
            {refusal.fields.rating}
          </div>
        )}
      </fieldset>
      <OrderField label={t('order.field.reviewText')} error={refusal.fields.text}>
        {(props) => (
          <textarea
            {...props}
            className={`form-control${props.className}`}
            rows={3}
            maxLength={ORDER_LIMITS.textMax}
            value={text}
            onChange={(event) => setText(event.target.value)}
            dir="auto"
          />
        )}
      </OrderField>
      <FormProblem message={refusal.message} />
      <div>
        <PendingButton pending={step.isPending}>{t('order.review.send')}</PendingButton>
      </div>
    </form>
  );
}
