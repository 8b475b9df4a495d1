// Property Portal Details (spec 1 sections 2.6 and 5): rent, rent cycle, room
// counts, furnish status, move-in date and a short description. Save keeps
// the status (a Published property stays Published); Save and Publish
// publishes, and needs the material information a renter must be told
// before enquiring (issue 25: type, deposit, council tax band, EPC rating,
// bedrooms, bathrooms, furnishing, bills and pets; the bills offered are
// those of where the home is, billChoices); the server names each
// missing fact and the form shows it beside its field. Photos are uploaded on their own as they are chosen
// (PhotoUploader); Save waits until the uploads have finished.
import { useRef, useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { Controller, useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { CalendarDays, Minus, Plus } from 'lucide-react'
import { useSaveDetails } from '../api/saveProperty'
import { ButtonSpinner, FormMessage } from '../../../components/Form'
import { errorCode, errorFields, errorMessage } from '../../../lib/errors'
import { ApiError } from '../../../lib/api'
import {
  DETAILS_REQUIRED,
  cycleLabel,
  displayToIso,
  isoToDisplay,
  onlyDigits,
  penceToPounds,
  poundsToPence,
  typeMoveInDate,
} from '../format'
import { detailsReady, detailsSchema, type DetailsFormValues } from '../schema'
import { PhotoUploader } from './PhotoUploader'
import { useCatalogue } from '../../../lib/catalogue'
import { propertiesKey, propertyKey, type Property } from '../api/keys'
import '../property.css'

type Props = {
  property: Property
  /** skippable adds 'I want to do this later.' (step 2 of a new property). */
  skippable?: boolean
}

const PROPERTY_TYPES = ['Flat', 'Studio', 'House', 'Maisonette', 'Bungalow', 'Room in a shared home']
const COUNCIL_TAX_BANDS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'Exempt']
const EPC_RATINGS = ['A', 'B', 'C', 'D', 'E', 'F', 'G']
/** BILLS: the bills offered when the server has not said (a Great British home's). */
const BILLS = ['Gas', 'Electricity', 'Water', 'Council tax', 'Broadband', 'TV licence']

const PHOTOS_UPLOADING = 'Saving is possible once your photos have finished uploading.'

export function PortalDetailsForm({ property, skippable }: Props) {
  const navigate = useNavigate()
  const qc = useQueryClient()
  const form = useForm<DetailsFormValues>({
    resolver: zodResolver(detailsSchema),
    defaultValues: {
      rent: penceToPounds(property.rentPence),
      rentCycle: property.rentCycle || 'Monthly',
      bedroomCount: property.bedroomCount ?? 0,
      bathroomCount: property.bathroomCount ?? 0,
      sofasCount: property.sofasCount ?? 0,
      furnishStatus: property.furnishStatus ?? '',
      moveInDate: isoToDisplay(property.moveInDate),
      shortDescription: property.shortDescription ?? '',
      propertyType: property.propertyType ?? '',
      deposit: property.depositPence == null ? '' : penceToPounds(property.depositPence),
      councilTaxBand: property.councilTaxBand ?? '',
      epcRating: property.epcRating ?? '',
      billsIncluded: property.billsIncluded ?? [],
      petsConsidered: property.petsConsidered == null ? '' : property.petsConsidered ? 'yes' : 'no',
      epcExemptionType: property.epcExemption?.type ?? '',
      epcExemptionRef: property.epcExemption?.reference ?? '',
    },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  })
  const values = form.watch()
  const message = form.formState.errors.root?.message ?? ''
  const descriptionError = form.formState.errors.shortDescription?.message ?? ''
  const [uploading, setUploading] = useState(false)
  const picker = useRef<HTMLInputElement>(null)

  const ready = detailsReady(values)
  // The law where the home is (the server's data): the council tax bands
  // there (none in Northern Ireland), the bills a rent may include there
  // (Rates, not Council tax, in Northern Ireland), and a rating below the
  // letting minimum (England and Wales) needs a registered exemption.
  const epc = useCatalogue().data?.epc
  const bands = property.councilTaxBands ?? COUNCIL_TAX_BANDS
  // A bill saved before it was refused there stays shown while ticked, so
  // that it can be unticked (the server says which to choose instead).
  const offered = property.billChoices?.length ? property.billChoices : BILLS
  const bills = [...offered, ...(property.billsIncluded ?? []).filter((b) => !offered.includes(b))]
  const minimum = property.epcMinimum ?? epc?.minRating ?? 'E'
  const belowMinimum = minimum !== '' && values.epcRating !== '' && EPC_RATINGS.indexOf(values.epcRating) > EPC_RATINGS.indexOf(minimum)

  const save = useSaveDetails(property.id, {
    onSuccess: (p) => {
      void qc.invalidateQueries({ queryKey: propertiesKey })
      qc.setQueryData(propertyKey(p.id), p)
      navigate('/profile/list')
    },
    onError: (e) => {
      // Wording the law does not allow in an advert is shown at the description.
      if (errorCode(e) === 'listing_text') form.setError('shortDescription', { message: errorFields(e).shortDescription ?? errorMessage(e) })
      else form.setError('root', { message: errorMessage(e) })
      if (e instanceof ApiError && errorCode(e) !== 'listing_text') setFieldErrors(e.fields)
    },
  })
  // The server's message per field (what a published listing still needs).
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const fieldError = (name: string, id: string) =>
    fieldErrors[name] ? (
      <p id={id} className="field-error" role="alert">
        {fieldErrors[name]}
      </p>
    ) : null

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (save.isPending || uploading) return
    setFieldErrors({})
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    const publish = submitter?.value === 'publish'
    void form.handleSubmit((v) =>
      save.mutate({
        rentPence: poundsToPence(v.rent),
        rentCycle: v.rentCycle,
        bedroomCount: v.bedroomCount,
        bathroomCount: v.bathroomCount,
        sofasCount: v.sofasCount,
        furnishStatus: v.furnishStatus,
        moveInDate: displayToIso(v.moveInDate),
        shortDescription: v.shortDescription.trim(),
        propertyType: v.propertyType,
        depositPence: v.deposit === '' ? null : poundsToPence(v.deposit),
        councilTaxBand: bands.length > 0 ? v.councilTaxBand : '',
        epcRating: v.epcRating,
        billsIncluded: v.billsIncluded,
        petsConsidered: v.petsConsidered === '' ? null : v.petsConsidered === 'yes',
        epcExemptionType: belowMinimum ? v.epcExemptionType : '',
        epcExemptionRef: belowMinimum ? v.epcExemptionRef.trim() : '',
        publish,
      }),
      // A field the schema refuses is said, never a silent no-op.
      (errs) => {
        if (!errs.root) form.setError('root', { message: DETAILS_REQUIRED })
      },
    )(e)
  }

  function openPicker() {
    const el = picker.current
    if (!el) return
    const date = form.getValues('moveInDate')
    if (date.length === 10) el.value = displayToIso(date)
    try {
      el.showPicker()
    } catch {
      el.focus()
      el.click()
    }
  }

  // Typing the price, the date or the description clears the message.
  const edited = () => form.clearErrors('root')
  // Why the buttons are disabled, unless a message already says it.
  const needed = message ? '' : !ready ? DETAILS_REQUIRED : uploading ? PHOTOS_UPLOADING : ''

  return (
    <form onSubmit={onSubmit} noValidate className="portal-form" aria-label="Property Portal Details">
      <PhotoUploader property={property} onBusyChange={setUploading} />
      {fieldError('photos', 'pd-photos-error')}

      <div className="portal-form__row">
        <div className="field">
          <label htmlFor="pd-price">Rental price</label>
          <div className="price-input">
            <span className="price-input__prefix" aria-hidden="true">
              £
            </span>
            <Controller
              control={form.control}
              name="rent"
              render={({ field }) => (
                <input
                  id="pd-price"
                  name={field.name}
                  ref={field.ref}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={7}
                  value={field.value}
                  aria-describedby="pd-price-unit"
                  onBlur={field.onBlur}
                  onChange={(e) => {
                    field.onChange(onlyDigits(e.target.value).replace(/^0+/, ''))
                    edited()
                  }}
                />
              )}
            />
            <span className="price-input__suffix" id="pd-price-unit">
              {cycleLabel(values.rentCycle)}
              <span className="visually-hidden"> in whole pounds</span>
            </span>
          </div>
        </div>
        <fieldset className="choice-group">
          <legend>Rent cycle</legend>
          <div className="choice-group__options">
            {(['Monthly', 'Weekly'] as const).map((c) => (
              <label key={c} className="choice">
                <input type="radio" value={c} {...form.register('rentCycle')} />
                <span>{c}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </div>

      <div className="portal-form__row">
        <div className="field">
          <label htmlFor="pd-type">Property type</label>
          <select id="pd-type" aria-describedby={fieldErrors.propertyType ? 'pd-type-error' : undefined} {...form.register('propertyType')}>
            <option value="">Choose…</option>
            {PROPERTY_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
          {fieldError('propertyType', 'pd-type-error')}
        </div>
        <div className="field">
          <label htmlFor="pd-deposit">Deposit</label>
          <div className="price-input">
            <span className="price-input__prefix" aria-hidden="true">
              £
            </span>
            <Controller
              control={form.control}
              name="deposit"
              render={({ field }) => (
                <input
                  id="pd-deposit"
                  name={field.name}
                  ref={field.ref}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={7}
                  value={field.value}
                  aria-describedby={fieldErrors.depositPence ? 'pd-deposit-error' : 'pd-deposit-hint'}
                  onBlur={field.onBlur}
                  onChange={(e) => field.onChange(onlyDigits(e.target.value).replace(/^0+(?=\d)/, ''))}
                />
              )}
            />
          </div>
          <p id="pd-deposit-hint" className="field-hint">
            0 if there is none. At most five weeks' rent in England, two months' in Scotland, one month's in Northern Ireland.
          </p>
          {fieldError('depositPence', 'pd-deposit-error')}
        </div>
      </div>

      <div className="stepper-row">
        <Stepper id="pd-beds" label="Bedrooms" noun="bedrooms" value={values.bedroomCount} onChange={(n) => form.setValue('bedroomCount', n)} />
        <Stepper id="pd-baths" label="Bathrooms" noun="bathrooms" value={values.bathroomCount} onChange={(n) => form.setValue('bathroomCount', n)} />
        <Stepper id="pd-sofas" label="Living rooms" noun="living rooms" value={values.sofasCount} onChange={(n) => form.setValue('sofasCount', n)} />
      </div>
      {fieldError('bedroomCount', 'pd-beds-error')}
      {fieldError('bathroomCount', 'pd-baths-error')}

      <div className="portal-form__row">
        {bands.length > 0 ? (
          <div className="field">
            <label htmlFor="pd-band">Council tax band</label>
            <select id="pd-band" aria-describedby={fieldErrors.councilTaxBand ? 'pd-band-error' : undefined} {...form.register('councilTaxBand')}>
              <option value="">Choose…</option>
              {bands.map((b) => (
                <option key={b} value={b}>
                  {b === 'Exempt' ? 'Exempt' : 'Band ' + b}
                </option>
              ))}
            </select>
            {fieldError('councilTaxBand', 'pd-band-error')}
          </div>
        ) : (
          <div className="field">
            <span className="field-label">Council tax</span>
            <p className="field-hint" id="pd-band-none">
              {property.councilTaxNone}
            </p>
            {fieldError('councilTaxBand', 'pd-band-error')}
          </div>
        )}
        <div className="field">
          <label htmlFor="pd-epc">EPC rating</label>
          <select id="pd-epc" aria-describedby={fieldErrors.epcRating ? 'pd-epc-error' : undefined} {...form.register('epcRating')}>
            <option value="">Choose…</option>
            {EPC_RATINGS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
          {fieldError('epcRating', 'pd-epc-error')}
        </div>
      </div>
      {belowMinimum && (
        <div className="portal-form__row portal-form__exemption">
          <p className="field-hint portal-form__exemption-note">
            A home rated below {minimum} can be let only with an exemption registered on the PRS Exemptions Register. The listing shows
            the exemption and its reference.
          </p>
          <div className="field">
            <label htmlFor="pd-epc-exemption">Registered exemption</label>
            <select
              id="pd-epc-exemption"
              aria-describedby={fieldErrors.epcExemption ? 'pd-epc-exemption-error' : undefined}
              {...form.register('epcExemptionType')}
            >
              <option value="">Choose…</option>
              {(epc?.exemptions ?? []).map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name}
                </option>
              ))}
            </select>
            {fieldError('epcExemption', 'pd-epc-exemption-error')}
          </div>
          <div className="field">
            <label htmlFor="pd-epc-exemption-ref">Exemption reference</label>
            <input
              id="pd-epc-exemption-ref"
              type="text"
              maxLength={200}
              aria-describedby={fieldErrors.epcExemptionRef ? 'pd-epc-exemption-ref-error' : undefined}
              {...form.register('epcExemptionRef')}
            />
            {fieldError('epcExemptionRef', 'pd-epc-exemption-ref-error')}
          </div>
        </div>
      )}

      <fieldset className="choice-group">
        <legend>Bills included in the rent</legend>
        <div className="choice-group__options choice-group__options--wrap">
          {bills.map((b) => (
            <label key={b} className="choice">
              <input type="checkbox" value={b} {...form.register('billsIncluded')} />
              <span>{b}</span>
            </label>
          ))}
        </div>
        {fieldError('billsIncluded', 'pd-bills-error')}
      </fieldset>

      <fieldset className="choice-group">
        <legend>Will pets be considered?</legend>
        <div className="choice-group__options">
          <label className="choice">
            <input type="radio" value="yes" {...form.register('petsConsidered')} />
            <span>Yes</span>
          </label>
          <label className="choice">
            <input type="radio" value="no" {...form.register('petsConsidered')} />
            <span>No</span>
          </label>
        </div>
        <p className="field-hint">Either way, a renter may ask in writing to keep a pet, and may be refused only on reasonable grounds (Renters&apos; Rights Act 2025).</p>
        {fieldError('petsConsidered', 'pd-pets-error')}
      </fieldset>

      <div className="portal-form__row">
        <fieldset className="choice-group">
          <legend>Furnish status</legend>
          <div className="choice-group__options">
            {(['Furnished', 'Unfurnished'] as const).map((f) => (
              <label key={f} className="choice">
                <input type="radio" value={f} {...form.register('furnishStatus')} />
                <span>{f}</span>
              </label>
            ))}
          </div>
          {fieldError('furnishStatus', 'pd-furnish-error')}
        </fieldset>
        <div className="field">
          <label htmlFor="pd-date">Move-in date</label>
          <div className="date-input">
            <Controller
              control={form.control}
              name="moveInDate"
              render={({ field }) => (
                <input
                  id="pd-date"
                  name={field.name}
                  ref={field.ref}
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="DD/MM/YYYY"
                  maxLength={10}
                  value={field.value}
                  aria-describedby="pd-date-hint"
                  onBlur={field.onBlur}
                  onChange={(e) => {
                    field.onChange(typeMoveInDate(e.target.value, field.value))
                    edited()
                  }}
                />
              )}
            />
            <button type="button" className="icon-button date-input__button" aria-label="Choose the move-in date from a calendar" onClick={openPicker}>
              <CalendarDays aria-hidden size={20} />
            </button>
            <input
              ref={picker}
              type="date"
              className="date-input__native"
              tabIndex={-1}
              aria-label="Move-in date calendar"
              onChange={(e) => {
                const shown = isoToDisplay(e.target.value)
                if (shown) {
                  form.setValue('moveInDate', shown)
                  edited()
                }
              }}
            />
          </div>
          <p id="pd-date-hint" className="field-hint">
            DD/MM/YYYY
          </p>
        </div>
      </div>

      <div className="field">
        <label htmlFor="pd-description">Short description</label>
        <textarea id="pd-description" rows={4} aria-invalid={descriptionError ? true : undefined} aria-describedby={descriptionError ? 'pd-description-error' : undefined}
          {...form.register('shortDescription', { onChange: () => { edited(); form.clearErrors('shortDescription') } })} />
        {descriptionError ? <p id="pd-description-error" className="field-error" role="alert">{descriptionError}</p> : null}
      </div>

      {message ? <FormMessage kind="error">{message}</FormMessage> : null}
      {needed ? (
        <p id="pd-needed" className="field-hint portal-form__needed">
          {needed}
        </p>
      ) : null}
      <div className="property-actions">
        <button
          type="submit"
          value="publish"
          className="button"
          disabled={!ready || save.isPending || uploading}
          aria-describedby={needed ? 'pd-needed' : undefined}
          aria-busy={save.isPending && save.variables?.publish ? true : undefined}
        >
          {save.isPending && save.variables?.publish ? <ButtonSpinner /> : null}
          Save and Publish
        </button>
        <button
          type="submit"
          value="save"
          className="button button--outline"
          disabled={!ready || save.isPending || uploading}
          aria-describedby={needed ? 'pd-needed' : undefined}
          aria-busy={save.isPending && !save.variables?.publish ? true : undefined}
        >
          {save.isPending && !save.variables?.publish ? <ButtonSpinner /> : null}
          Save
        </button>
        {skippable ? <Link to="/profile/list">I want to do this later.</Link> : null}
      </div>
    </form>
  )
}

type StepperProps = { id: string; label: string; noun: string; value: number; onChange: (n: number) => void }

/** Stepper is a count with minus and plus buttons; it never goes below 0. */
function Stepper({ id, label, noun, value, onChange }: StepperProps) {
  return (
    <div className="stepper" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="stepper__label">
        {label}
      </span>
      <div className="stepper__controls">
        <button type="button" className="stepper__button" aria-label={`Fewer ${noun}`} onClick={() => onChange(Math.max(0, value - 1))}>
          <Minus aria-hidden size={18} />
        </button>
        <output id={id} className="stepper__value" aria-live="polite">
          <span className="visually-hidden">{label}: </span>
          {value}
        </output>
        <button type="button" className="stepper__button" aria-label={`More ${noun}`} onClick={() => onChange(Math.min(99, value + 1))}>
          <Plus aria-hidden size={18} />
        </button>
      </div>
    </div>
  )
}
