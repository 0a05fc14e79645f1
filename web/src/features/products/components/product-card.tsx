import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router-dom';
import { formatGhs } from '@api/format';
import { checkoutPath, productPath, type Product } from '@/features/products/api/products';

export function ProductCard({ product }: { product: Product }) {
  return (
    <article className="product-card">
      <img src={product.productImage} alt={`${product.productName} pack`} width="320" height="240" loading="lazy" />
      <div className="product-card-body">
        <h3>{product.productName}</h3>
        <p className="product-price">{formatGhs(product.price)}</p>
        <p className="product-description">{product.description}</p>
        <div className="product-actions">
          <Link className="btn btn-outline" to={productPath(product)} aria-label={`View Details of ${product.productName}`}>
            View Details
          </Link>
          <Link
            className="btn btn-primary cart-button"
            to={checkoutPath(product, 1)}
            aria-label={`Add ${product.productName} to cart`}
          >
            <ShoppingCart aria-hidden="true" size={20} />
          </Link>
        </div>
      </div>
    </article>
  );
}
