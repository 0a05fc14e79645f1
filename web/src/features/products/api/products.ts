import { useQuery } from '@tanstack/react-query';
import type { Product, ProductCategory } from '@api/types';
import { api } from '@/lib/api-client';
import { CATALOG_STALE_MS } from '@/lib/query-client';

export type { Product } from '@api/types';

const fetchProducts = (signal?: AbortSignal) => api.get<Product[]>('/products', { signal });
const fetchCategories = (signal?: AbortSignal) => api.get<ProductCategory[]>('/products/categories', { signal });

/** The shop's query keys. */
export const productKeys = {
  all: ['products'] as const,
  list: () => [...productKeys.all, 'list'] as const,
  categories: () => [...productKeys.all, 'categories'] as const,
};

/** The catalog: fetched once per page load and shared by the shop, product and checkout pages. */
export const useProducts = () =>
  useQuery({ queryKey: productKeys.list(), queryFn: ({ signal }) => fetchProducts(signal), staleTime: CATALOG_STALE_MS });
export const useCategories = () =>
  useQuery({ queryKey: productKeys.categories(), queryFn: ({ signal }) => fetchCategories(signal), staleTime: CATALOG_STALE_MS });

/** The product a route names: by name, case-insensitively (as the site's links carry it), or by its id. */
export function findProduct(products: Product[], name: string | null | undefined): Product | undefined {
  const wanted = (name ?? '').trim().toLowerCase();
  if (!wanted) return undefined;
  return products.find((p) => p.productName.toLowerCase() === wanted || p.id.toLowerCase() === wanted);
}

/** The product page's path: its name, as the site's links carry it. */
export const productPath = (product: Product) => `/product/${encodeURIComponent(product.productName)}`;

/** Checkout with name, price and quantity; checkout trusts only the name and quantity. */
export const checkoutPath = (product: Product, quantity: number) =>
  `/checkout?${new URLSearchParams({ name: product.productName, price: String(product.price), quantity: String(quantity) })}`;
