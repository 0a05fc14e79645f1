import { Formik } from 'formik';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { formatGhs } from '@api/format';
import { FormField } from '@/components/form-field';
import { usePageTitle } from '@/components/page-title';
import { RefuseInvalidSubmit } from '@/components/refuse-invalid-submit';
import { Loading } from '@/components/spinner';
import { SITE } from '@/content/site';
import {
  MOBILE_NETWORKS,
  mobileMoneySchema,
  type MobileMoneyDetails,
  type PaymentMethod,
} from '@/features/products/api/pay-order';
import { useOrderPayment } from '@/features/products/use-order-payment';
import { findProduct, useProducts } from '@/features/products/api/products';
import { LoadError } from '@/features/products/components/load-error';
import { PaymentTabs } from '@/features/products/components/payment-tabs';
import { QuantityCounter, clampQuantity } from '@/features/products/components/quantity-counter';
import { lineTotal } from '@/features/products/money';
import { Options } from '@/shared/forms/choice-fields';
import '../products.css';

type MobileMoneyForm = Omit<MobileMoneyDetails, 'network'> & { network: MobileMoneyDetails['network'] | '' };
const EMPTY_MOBILE_MONEY: MobileMoneyForm = { phone: '', network: '' };

/**
 * Checkout for one product. The query's name and quantity say what; the price comes from
 * the catalog (the query's price is ignored, so an edited link cannot change the total).
 */
export default function CheckoutPage() {
  usePageTitle('Checkout');
  const [params] = useSearchParams();
  const products = useProducts();
  const [quantity, setQuantity] = useState(() => clampQuantity(Number.parseInt(params.get('quantity') ?? '1', 10)));
  const [method, setMethod] = useState<PaymentMethod>('mobile-money');
  const { payForOrder, element: paymentElement } = useOrderPayment();

  if (products.error) {
    return (
      <section className="page container">
        <h1>Checkout</h1>
        <LoadError error={products.error} retry={products.refetch} />
      </section>
    );
  }
  if (!products.data) return <Loading text="Loading your order…" />;
  const product = findProduct(products.data, params.get('name'));
  if (!product) return <Navigate to="/products" replace />;
  const total = lineTotal(product.price, quantity);
  const order = { productId: product.id, productName: product.productName, quantity };

  return (
    <section className="page container checkout" aria-labelledby="checkout-title">
      <h1 id="checkout-title">Checkout</h1>
      <div className="checkout-layout">
        <section className="checkout-summary" aria-labelledby="summary-title">
          <h2 id="summary-title">Your order</h2>
          <div className="summary-product">
            <img src={product.productImage} alt="" width="96" height="72" />
            <div>
              <p className="summary-name">{product.productName}</p>
              <p>{formatGhs(product.price)} each</p>
            </div>
          </div>
          <dl className="summary-lines">
            <dt>Product</dt>
            <dd>{product.productName}</dd>
            <dt>Quantity</dt>
            <dd>
              <QuantityCounter value={quantity} onChange={setQuantity} />
            </dd>
            <dt className="summary-total">Total</dt>
            <dd className="summary-total" aria-live="polite" data-testid="checkout-total">
              {formatGhs(total)}
            </dd>
          </dl>
          <Link to={`/product/${encodeURIComponent(product.productName)}`}>Back to {product.productName}</Link>
        </section>

        <section className="checkout-payment" aria-labelledby="payment-title">
          <h2 id="payment-title">Payment</h2>
          <PaymentTabs
            value={method}
            onChange={setMethod}
            panels={{
              'mobile-money': (
                <Formik
                  initialValues={EMPTY_MOBILE_MONEY}
                  validationSchema={mobileMoneySchema}
                  onSubmit={(values) =>
                    payForOrder({ ...order, method: 'mobile-money', mobileMoney: mobileMoneySchema.cast(values) })
                  }
                >
                  {({ handleSubmit }) => (
                    <form noValidate onSubmit={handleSubmit} aria-label="Pay with mobile money">
                      <RefuseInvalidSubmit />
                      <div className="form-grid">
                        <FormField
                          name="phone"
                          label="Mobile money number"
                          required
                          type="tel"
                          autoComplete="tel"
                          inputMode="tel"
                          placeholder="024 123 4567"
                        />
                        <FormField as="select" name="network" label="Network" required>
                          <Options items={MOBILE_NETWORKS} placeholder="Select network" />
                        </FormField>
                      </div>
                      <p className="payment-note">
                        You will approve {formatGhs(total)} on your phone with your mobile money PIN.
                      </p>
                      <button type="submit" className="btn btn-primary">
                        Confirm Payment
                      </button>
                    </form>
                  )}
                </Formik>
              ),
              card: (
                <div>
                  <p className="payment-note">
                    <Lock aria-hidden="true" size={16} /> For your safety, card details are typed on our payment provider’s secure
                    page, never on this site. Visa and Mastercard are accepted.
                  </p>
                  <button type="button" className="btn btn-primary" onClick={() => payForOrder({ ...order, method: 'card' })}>
                    Confirm Payment
                  </button>
                </div>
              ),
            }}
          />
          <p className="payment-help">
            Questions about your order? Call <a href={SITE.phoneHref}>{SITE.phone}</a>.
          </p>
        </section>
      </div>
      {paymentElement}
    </section>
  );
}
