import { Truck } from 'lucide-react';
import { useState } from 'react';
import { usePageTitle } from '@/components/page-title';
import { Loading } from '@/components/spinner';
import { useCategories, useProducts } from '@/features/products/api/products';
import { LoadError } from '@/features/products/components/load-error';
import { ProductCard } from '@/features/products/components/product-card';
import '../products.css';

const ALL = 'All';

export default function ProductsPage() {
  usePageTitle('Products');
  const products = useProducts();
  const categories = useCategories();
  const [category, setCategory] = useState(ALL);

  const shown = (products.data ?? []).filter((p) => category === ALL || p.category === category);

  return (
    <>
      <section className="hero products-hero">
        <div className="container">
          <h1>Health Products</h1>
          <p>
            Genuine medicines and everyday health essentials from licensed pharmacies, delivered to your door in Accra. Order
            today and pay with mobile money or card.
          </p>
          <p className="products-hero-note">
            <Truck aria-hidden="true" size={20} /> Delivery within Accra in 24 hours
          </p>
        </div>
      </section>

      <section className="page container products-layout" aria-label="Shop">
        <nav className="category-list" aria-labelledby="categories-title">
          <h2 id="categories-title">Categories</h2>
          {categories.error ? (
            <LoadError error={categories.error} retry={categories.refetch} />
          ) : (
            <ul className="chip-list">
              {[{ id: 'all', itemName: ALL }, ...(categories.data ?? [])].map((c) => (
                <li key={c.id}>
                  <button type="button" aria-pressed={category === c.itemName} onClick={() => setCategory(c.itemName)}>
                    {c.itemName === ALL ? 'All products' : c.itemName}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </nav>

        <div className="products-main" aria-live="polite">
          {products.error ? (
            <LoadError error={products.error} retry={products.refetch} />
          ) : !products.data ? (
            <Loading text="Loading products…" />
          ) : shown.length === 0 ? (
            <p className="products-empty">No products in this category yet. Call us and we will source it for you.</p>
          ) : (
            <div className="product-grid">
              {shown.map((p) => (
                <ProductCard key={p.id} product={p} />
              ))}
            </div>
          )}
        </div>
      </section>
    </>
  );
}
