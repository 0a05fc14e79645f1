import { ArrowLeft, ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { formatGhs } from '@api/format';
import { usePageTitle } from '@/components/page-title';
import { Loading } from '@/components/spinner';
import { checkoutPath, findProduct, useProducts } from '@/features/products/api/products';
import { LoadError } from '@/features/products/components/load-error';
import { QuantityCounter } from '@/features/products/components/quantity-counter';
import '../products.css';

export default function ProductDetailsPage() {
  const { id } = useParams();
  const products = useProducts();
  const product = products.data && findProduct(products.data, id);
  usePageTitle(product?.productName ?? 'Product details');
  const [quantity, setQuantity] = useState(1);
  const navigate = useNavigate();

  if (products.error) {
    return (
      <section className="page container">
        <h1>Product details</h1>
        <LoadError error={products.error} retry={products.refetch} />
      </section>
    );
  }
  if (!products.data) return <Loading text="Loading product…" />;
  // An unknown product: back to the shop.
  if (!product) return <Navigate to="/products" replace />;

  return (
    <section className="page container product-details">
      <Link to="/products" className="back-link">
        <ArrowLeft aria-hidden="true" size={18} /> All products
      </Link>
      <div className="product-details-layout">
        <img src={product.productImage} alt={`${product.productName} pack`} width="320" height="240" />
        <div>
          <p className="product-category">{product.category}</p>
          <h1>{product.productName}</h1>
          <p className="product-price">{formatGhs(product.price)}</p>
          <p>{product.description}</p>
          <p className="product-advice">
            Ask our pharmacist or doctor if you are pregnant, breastfeeding, taking other medicines or buying for a child.
          </p>
          <div className="product-buy">
            <QuantityCounter value={quantity} onChange={setQuantity} />
            <button type="button" className="btn btn-primary" onClick={() => navigate(checkoutPath(product, quantity))}>
              <ShoppingCart aria-hidden="true" size={20} /> Add to Cart
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
