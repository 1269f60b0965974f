import { useId } from 'react';
import { Button, Card, Col, Form, Row } from 'react-bootstrap';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CUSTOMER_ADDRESSES_MAX, type CustomerCreate } from '../../../shared/contracts/customers';
import { ListError, shownFieldError, TextField } from '../../components/form/fields';
import { PROVINCES } from './provinces';

type Values = z.input<typeof CustomerCreate>;

/** The customer's delivery addresses: up to ten, exactly one of them the default. */
export function AddressesEditor({ form, provincesListId }: { form: UseFormReturn<Values, unknown, z.output<typeof CustomerCreate>>; provincesListId: string }) {
  const { t } = useTranslation('customer');
  const id = useId();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'addresses' });
  const addresses = form.watch('addresses') ?? [];
  const listError = form.getFieldState('addresses', form.formState).error;
  const rootMessage = listError?.message ?? (listError as { root?: { message?: string } } | undefined)?.root?.message;

  const makeDefault = (index: number) => {
    addresses.forEach((_, i) => form.setValue(`addresses.${i}.isDefault`, i === index, { shouldDirty: true }));
  };

  const add = () => {
    const v = form.getValues();
    append(
      { label: '', receiver: v.fullName ?? '', phone: v.phone ?? '', address: '', province: v.province ?? '', isDefault: fields.length === 0 },
      { shouldFocus: true, focusName: `addresses.${fields.length}.address` },
    );
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="d-flex align-items-center gap-2 mb-3">
        <h2 id={`${id}-title`} className="h6 mb-0">
          {t('addresses.title')}
        </h2>
        <span className="small text-body-secondary">{t('addresses.count', { count: fields.length, max: CUSTOMER_ADDRESSES_MAX })}</span>
        <Button size="sm" variant="outline-primary" className="ms-auto" onClick={add} disabled={fields.length >= CUSTOMER_ADDRESSES_MAX}>
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('addresses.add')}
        </Button>
      </div>
      <ListError message={rootMessage} />
      {fields.length === 0 && <p className="text-body-secondary small mb-0">{t('addresses.none')}</p>}
      {fields.map((field, index) => {
        const isDefault = Boolean(addresses[index]?.isDefault);
        return (
          <Card key={field.id} className={`mb-3${isDefault ? ' border-primary' : ''}`} as="fieldset">
            <legend className="visually-hidden">{t('addresses.legend', { n: index + 1 })}</legend>
            <Card.Body className="pb-0">
              <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
                <strong className="small">{t('addresses.legend', { n: index + 1 })}</strong>
                <Form.Check
                  type="radio"
                  id={`${id}-default-${index}`}
                  name={`${id}-default`}
                  label={t('addresses.isDefault')}
                  checked={isDefault}
                  onChange={() => makeDefault(index)}
                  className="ms-2 mb-0"
                />
                <Button
                  size="sm"
                  variant="outline-danger"
                  className="ms-auto"
                  onClick={() => remove(index)}
                  aria-label={t('addresses.removeN', { n: index + 1 })}
                >
                  <i className="bi bi-trash" aria-hidden="true" />
                  <span className="ms-1 d-none d-sm-inline">{t('addresses.remove')}</span>
                </Button>
              </div>
              <Row className="g-2">
                <Col md={3}>
                  <TextField form={form} name={`addresses.${index}.label`} label={t('addresses.label')} maxLength={50} />
                </Col>
                <Col md={5}>
                  <TextField form={form} name={`addresses.${index}.receiver`} label={t('addresses.receiver')} required autoComplete="off" />
                </Col>
                <Col md={4}>
                  <TextField form={form} name={`addresses.${index}.phone`} label={t('addresses.phone')} required type="tel" inputMode="tel" autoComplete="off" />
                </Col>
                <Col md={8}>
                  <TextField form={form} name={`addresses.${index}.address`} label={t('addresses.address')} required maxLength={300} autoComplete="off" />
                </Col>
                <Col md={4}>
                  <ProvinceInput form={form} name={`addresses.${index}.province`} label={t('addresses.province')} listId={provincesListId} />
                </Col>
              </Row>
            </Card.Body>
          </Card>
        );
      })}
    </section>
  );
}

/** A free-text province with the list of provinces as suggestions. */
export function ProvinceInput({
  form,
  name,
  label,
  listId,
}: {
  form: UseFormReturn<Values, unknown, z.output<typeof CustomerCreate>>;
  name: 'province' | `addresses.${number}.province`;
  label: string;
  listId: string;
}) {
  const id = useId();
  const error = shownFieldError(form, name);
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label className="fw-medium">{label}</Form.Label>
      <Form.Control {...form.register(name)} list={listId} autoComplete="off" maxLength={60} isInvalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined} />
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      )}
    </Form.Group>
  );
}

export function ProvinceDatalist({ id }: { id: string }) {
  return (
    <datalist id={id}>
      {PROVINCES.map((p) => (
        <option key={p} value={p} />
      ))}
    </datalist>
  );
}
