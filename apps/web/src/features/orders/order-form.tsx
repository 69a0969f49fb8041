import type { Listing, NewOrderRequest, Profile } from '@marketplace/contracts';
import { tradeRules } from '@marketplace/contracts/catalogue-essentials';
import { ORDER_LIMITS, type DeliveryMethod, type OrderKind } from '@marketplace/contracts/orders-essentials';
import { useRef, useState, type SyntheticEvent } from 'react';
import { useNavigate } from 'react-router';
import { useI18n } from '../../lib/i18n/i18n-store';
import { pageLinks } from '../../lib/paths';
import { useCatalogueFormat } from '../../lib/format';
import { useCities } from '../../lib/api/get-cities';
import { useProfile } from '../../lib/api/get-profile';
import { toFils } from '../../lib/to-fils';
import { newClientKey, usePlaceOrder } from './api/orders';
import { FormProblem, OrderField, PendingButton, refusalOf, type Refusal } from './order-fields';
import { addressFrom, FIELDS, type AddressValues } from './order-form-values';
import './orders.css';

export interface OrderFormProps {
  listing: Listing;
  kind: OrderKind;
  onCancel: () => void;
}

/**
 * Buy (the listing's price) or Make an offer (a price of the buyer's): units when there is stock,
 * how it reaches the buyer, where to. Sent as it is: the server says what is wrong, under each field;
 * a refusal of the whole request (the listing just sold, say) shows above the buttons. The order is
 * placed once, however often the button is pressed (one client key per form).
 */
export function OrderForm({ listing, kind, onCancel }: OrderFormProps) {
  const { t } = useI18n();
  const profile = useProfile();
  // The address starts from the profile: the form waits for it rather than flash empty fields.
  if (profile.isPending) return <p role="status">{t('shell.loading')}</p>;
  return <OrderFormFields listing={listing} kind={kind} onCancel={onCancel} profile={profile.data} />;
}

function OrderFormFields({ listing, kind, onCancel, profile }: OrderFormProps & { profile: Profile | undefined }) {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  const navigate = useNavigate();
  const cities = useCities();
  const place = usePlaceOrder();
  const clientKey = useRef(newClientKey());
  // A sale by contact (a car, a flat) is handed over where it is: no delivery to choose (issue 32).
  const delivers = tradeRules(listing.category?.trade_kind).delivery;
  const methods: DeliveryMethod[] = [
    ...(listing.pickup || !delivers ? (['pickup'] as const) : []),
    ...(listing.delivery && delivers ? (['delivery'] as const) : []),
  ];
  const [quantity, setQuantity] = useState('1');
  const [offer, setOffer] = useState('');
  const [method, setMethod] = useState<DeliveryMethod>(methods[0] ?? 'pickup');
  const [address, setAddress] = useState<AddressValues>(() => addressFrom(profile));
  const [note, setNote] = useState('');
  const [refusal, setRefusal] = useState<Refusal>({ fields: {} });
  const errors = refusal.fields;
  const addressError = (field: keyof AddressValues) => errors[`delivery_address.${field}`];

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal({ fields: {} });
    const body: NewOrderRequest = {
      listing_id: listing.id,
      kind,
      delivery_method: method,
      client_key: clientKey.current,
      note: note.trim() === '' ? null : note,
      ...(listing.quantity > 1 && { quantity: Number(quantity) }),
      ...(kind === 'offer' && { offer_fils: toFils(offer) }),
      ...(method === 'delivery' && {
        delivery_address: {
          city_id: Number(address.city_id),
          area: address.area,
          building_name: address.building_name,
          flat_number: address.flat_number,
          street_address: address.street_address,
          phone: address.phone,
        },
      }),
    };
    place.mutate(body, {
      onSuccess: (order) => void navigate(pageLinks.order(order.id)),
      onError: (error) => setRefusal(refusalOf(error, FIELDS)),
    });
  };

  const change = (field: keyof AddressValues) => (event: { target: { value: string } }) =>
    setAddress((values) => ({ ...values, [field]: event.target.value }));

  return (
    <form
      className="order-form card card-body mt-2"
      onSubmit={onSubmit}
      noValidate
      aria-label={t(kind === 'offer' ? 'order.makeOffer' : 'order.buy')}
    >
      {kind === 'offer' && (
        <OrderField
          label={t('order.form.offer')}
          error={errors.offer_fils}
          required
          hint={
            listing.price_fils ? t('order.form.listedPrice', { price: format.price(listing.price_fils) }) : undefined
          }
        >
          {(props) => (
            <input
              {...props}
              className={`form-control${props.className}`}
              inputMode="decimal"
              value={offer}
              onChange={(event) => setOffer(event.target.value)}
              dir="ltr"
            />
          )}
        </OrderField>
      )}
      {listing.quantity > 1 && (
        <OrderField
          label={t('order.field.quantity')}
          error={errors.quantity}
          required
          hint={t('order.form.inStock', { count: listing.quantity })}
        >
          {(props) => (
            <input
              {...props}
              className={`form-control order-quantity${props.className}`}
              type="number"
              min={1}
              max={Math.min(listing.quantity, ORDER_LIMITS.quantityMax)}
              value={quantity}
              onChange={(event) => setQuantity(event.target.value)}
            />
          )}
        </OrderField>
      )}
      <fieldset className="mb-3" hidden={!delivers}>
        <legend className="form-label fs-6">{t('order.field.deliveryMethod')}</legend>
        {methods.map((choice) => (
          <div key={choice} className="form-check">
            <input
              id={`order-method-${choice}`}
              className="form-check-input"
              type="radio"
              name="delivery_method"
              checked={method === choice}
              onChange={() => setMethod(choice)}
            />
            <label className="form-check-label" htmlFor={`order-method-${choice}`}>
              {choice === 'pickup'
                ? t('browse.pickup')
                : listing.delivery_fee_fils
                  ? t('browse.deliveryFee', { fee: format.price(listing.delivery_fee_fils) })
                  : t('browse.deliveryFree')}
            </label>
          </div>
        ))}
        {errors.delivery_method && (
          <div className="invalid-feedback d-block" role="alert">
            {errors.delivery_method}
          </div>
        )}
      </fieldset>
      {method === 'delivery' && (
        <fieldset className="mb-3">
          <legend className="form-label fs-6">{t('order.field.address')}</legend>
          <p className="form-text mt-0">{t('order.form.addressHint')}</p>
          {errors.delivery_address && (
            <div className="invalid-feedback d-block" role="alert">
              {errors.delivery_address}
            </div>
          )}
          <OrderField label={t('field.city_id')} error={addressError('city_id')} required>
            {(props) => (
              <select
                {...props}
                className={`form-select${props.className}`}
                value={address.city_id}
                onChange={change('city_id')}
              >
                <option value="">{t('order.form.chooseCity')}</option>
                {cities.data?.map((city) => (
                  <option key={city.id} value={city.id}>
                    {city.name}
                  </option>
                ))}
              </select>
            )}
          </OrderField>
          <OrderField label={t('field.area')} error={addressError('area')} required>
            {(props) => (
              <input
                {...props}
                className={`form-control${props.className}`}
                value={address.area}
                onChange={change('area')}
                dir="auto"
              />
            )}
          </OrderField>
          <OrderField label={t('field.building_name')} error={addressError('building_name')} required>
            {(props) => (
              <input
                {...props}
                className={`form-control${props.className}`}
                value={address.building_name}
                onChange={change('building_name')}
                dir="auto"
              />
            )}
          </OrderField>
          <OrderField label={t('field.flat_number')} error={addressError('flat_number')}>
            {(props) => (
              <input
                {...props}
                className={`form-control${props.className}`}
                value={address.flat_number}
                onChange={change('flat_number')}
                dir="auto"
              />
            )}
          </OrderField>
          <OrderField label={t('field.street_address')} error={addressError('street_address')}>
            {(props) => (
              <input
                {...props}
                className={`form-control${props.className}`}
                value={address.street_address}
                onChange={change('street_address')}
                dir="auto"
              />
            )}
          </OrderField>
          <OrderField label={t('field.phone')} error={addressError('phone')} required>
            {(props) => (
              <input
                {...props}
                className={`form-control${props.className}`}
                type="tel"
                value={address.phone}
                onChange={change('phone')}
                dir="ltr"
              />
            )}
          </OrderField>
        </fieldset>
      )}
      <OrderField label={t('order.field.note')} error={errors.note}>
        {(props) => (
          <textarea
            {...props}
            className={`form-control${props.className}`}
            rows={2}
            maxLength={ORDER_LIMITS.textMax}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            dir="auto"
          />
        )}
      </OrderField>
      <FormProblem message={refusal.message} />
      <div className="d-flex flex-wrap gap-2">
        <PendingButton pending={place.isPending}>
          {t(kind === 'offer' ? 'order.form.sendOffer' : 'order.form.sendRequest')}
        </PendingButton>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('order.form.cancel')}
        </button>
      </div>
    </form>
  );
}
