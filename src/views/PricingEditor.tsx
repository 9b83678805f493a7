import { useId } from 'react';
import { Button, Classes, Intent } from '@blueprintjs/core';
import { EditorPanel } from '../components/EditorPanel';
import { classes, describedBy, FieldFrame } from '../components/FieldFrame';
import { ActionsHeading, RemoveRowAction } from '../components/ListRowActions';
import { PathNumber, PathText } from '../components/PathFields';
import { ScrollRegion } from '../components/ScrollRegion';
import { costRule } from '../compare/metrics';
import type { ExtraLine, Pricing } from '../core/types';
import { useApp } from '../store/context';
import { appendAt } from '../store/listEdits';
import { setAtPath } from '../store/paths';

const NEW_ITEM: ExtraLine = {
  kind: 'item',
  description: 'Support, 3 years',
  part_number: '',
  quantity: 1,
  unit_price: 0,
};

const NEW_DISCOUNT: ExtraLine = { kind: 'discount', description: 'Project discount', percent: 5 };

/**
 * How the project prices its bill of materials: the one currency every
 * amount is in, the rates that bring parts priced in other currencies into
 * it, and the lines beyond the hardware (licences, support, services,
 * discounts). The core checks every field and totals the BOM.
 */
export function PricingEditor() {
  const pricing = useApp((s) => s.project.pricing);
  const cost = useApp((s) => s.evaluation?.totals.cost);
  const currency = pricing?.currency ?? 'USD';
  return (
    <EditorPanel headingId="pricing-heading" title="Pricing" className="pricing">
      <p className={Classes.TEXT_MUTED}>
        Every price in the design, the bill of materials and the reports is in the project&apos;s
        currency. After changing it, apply catalog prices again (catalog parts are converted at the
        rates below) and check the prices you typed.
      </p>
      <CurrencyField currency={currency} />
      <ExchangeRates pricing={pricing} currency={currency} />
      <ExtraLines pricing={pricing} currency={currency} />
      {cost && (
        <p className="cost-line" data-testid="pricing-total">
          Bill of materials total: <strong>{costRule(cost)}</strong>
          {cost.unpriced_parts.length > 0 &&
            ` (without a price, left out: ${cost.unpriced_parts.join('; ')})`}
        </p>
      )}
    </EditorPanel>
  );
}

function CurrencyField({ currency }: { currency: string }) {
  const id = useId();
  const issue = useApp((s) => s.issues.find((i) => i.path === 'pricing.currency')?.message);
  const editProject = useApp((s) => s.editProject);
  return (
    <FieldFrame id={id} label="Currency (ISO 4217 code)" message={issue}>
      <input
        id={id}
        className={classes(
          Classes.INPUT,
          'currency',
          !!issue && Classes.intentClass(Intent.DANGER),
        )}
        data-path="pricing.currency"
        value={currency}
        maxLength={3}
        aria-invalid={issue ? true : undefined}
        aria-describedby={describedBy(id, { message: issue })}
        onChange={(e) =>
          editProject((p) => setAtPath(p, 'pricing.currency', e.target.value.toUpperCase()))
        }
      />
    </FieldFrame>
  );
}

function ExchangeRates({ pricing, currency }: { pricing?: Pricing; currency: string }) {
  const rates = pricing?.exchange_rates ?? [];
  const editProject = useApp((s) => s.editProject);
  return (
    <>
      <h3 className={Classes.HEADING}>Exchange rates</h3>
      <p className={Classes.TEXT_MUTED}>
        A catalog part priced in another currency is priced only when the project gives its rate;
        the BOM states every rate used.
      </p>
      {rates.length > 0 && (
        <table className={classes(Classes.HTML_TABLE, Classes.COMPACT, 'exchange-rates')}>
          <thead>
            <tr>
              <th scope="col">From</th>
              <th scope="col">{currency} per unit</th>
              <ActionsHeading />
            </tr>
          </thead>
          <tbody>
            {rates.map((_, i) => {
              const path = `pricing.exchange_rates[${i}]`;
              return (
                <tr key={i}>
                  <td>
                    <PathText
                      path={`${path}.from`}
                      label={`Rate ${i + 1}: from currency`}
                      hideLabel
                    />
                  </td>
                  <td>
                    <PathNumber
                      path={`${path}.rate`}
                      label={`Rate ${i + 1}: ${currency} per unit`}
                      hideLabel
                    />
                  </td>
                  <RemoveRowAction list="pricing.exchange_rates" index={i} />
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <div className="editor-actions">
        <Button
          icon="plus"
          text="Add exchange rate"
          onClick={() =>
            editProject((p) =>
              appendAt(p, 'pricing.exchange_rates', {
                from: currency === 'EUR' ? 'USD' : 'EUR',
                rate: 1,
              }),
            )
          }
        />
      </div>
    </>
  );
}

function ExtraLines({ pricing, currency }: { pricing?: Pricing; currency: string }) {
  const lines = pricing?.extra_lines ?? [];
  const editProject = useApp((s) => s.editProject);
  return (
    <>
      <h3 className={Classes.HEADING}>Extra lines</h3>
      <p className={Classes.TEXT_MUTED}>
        Licences, support years and services are added to the bill of materials; a discount takes
        its percentage off the hardware and the items together.
      </p>
      {lines.length > 0 && (
        <ScrollRegion label="Extra lines table">
          <table className={classes(Classes.HTML_TABLE, Classes.COMPACT, 'extra-lines')}>
            <thead>
              <tr>
                <th scope="col">Kind</th>
                <th scope="col">Description</th>
                <th scope="col">Part number</th>
                <th scope="col">Quantity</th>
                <th scope="col">Unit price ({currency}) or discount %</th>
                <ActionsHeading />
              </tr>
            </thead>
            <tbody>
              {lines.map((line, i) => {
                const path = `pricing.extra_lines[${i}]`;
                const n = i + 1;
                return (
                  <tr key={i} data-testid={`extra-line-${i}`}>
                    <td>{line.kind === 'item' ? 'Item' : 'Discount'}</td>
                    <td>
                      <PathText
                        path={`${path}.description`}
                        label={`Extra line ${n} description`}
                        hideLabel
                      />
                    </td>
                    {line.kind === 'item' ? (
                      <>
                        <td>
                          <PathText
                            path={`${path}.part_number`}
                            label={`Extra line ${n} part number`}
                            hideLabel
                          />
                        </td>
                        <td>
                          <PathNumber
                            path={`${path}.quantity`}
                            label={`Extra line ${n} quantity`}
                            hideLabel
                          />
                        </td>
                        <td>
                          <PathNumber
                            path={`${path}.unit_price`}
                            label={`Extra line ${n} unit price (${currency})`}
                            hideLabel
                          />
                        </td>
                      </>
                    ) : (
                      <>
                        <td />
                        <td />
                        <td>
                          <PathNumber
                            path={`${path}.percent`}
                            label={`Extra line ${n} discount (%)`}
                            hideLabel
                          />
                        </td>
                      </>
                    )}
                    <RemoveRowAction list="pricing.extra_lines" index={i} />
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <div className="editor-actions">
        <Button
          icon="plus"
          text="Add item"
          onClick={() => editProject((p) => appendAt(p, 'pricing.extra_lines', NEW_ITEM))}
        />
        <Button
          icon="percentage"
          text="Add discount"
          onClick={() => editProject((p) => appendAt(p, 'pricing.extra_lines', NEW_DISCOUNT))}
        />
      </div>
    </>
  );
}
