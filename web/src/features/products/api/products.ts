import { useCallback, useEffect, useState } from 'react';
import type { Product, ProductCategory } from '@api/types';
import { api } from '@/lib/api-client';

export type { Product } from '@api/types';

export const fetchProducts = (signal?: AbortSignal) => api.get<Product[]>('/products', { signal });
export const fetchCategories = (signal?: AbortSignal) => api.get<ProductCategory[]>('/products/categories', { signal });

/** The product a route names: by name, case-insensitively (spec), or by its id. */
export function findProduct(products: Product[], name: string | null | undefined): Product | undefined {
  const wanted = (name ?? '').trim().toLowerCase();
  if (!wanted) return undefined;
  return products.find((p) => p.productName.toLowerCase() === wanted || p.id.toLowerCase() === wanted);
}

/** The product page's path: its name, as the spec's links carry it. */
export const productPath = (product: Product) => `/product/${encodeURIComponent(product.productName)}`;

/** Checkout with name, price and quantity (spec); checkout trusts only the name and quantity. */
export const checkoutPath = (product: Product, quantity: number) =>
  `/checkout?${new URLSearchParams({ name: product.productName, price: String(product.price), quantity: String(quantity) })}`;

export interface Loaded<T> {
  data?: T;
  error?: unknown;
  retry: () => void;
}

/** Loads data once on mount (and again on retry); aborted when the page is left. */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: unknown }>({});
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setState({ data }),
      (error: unknown) => {
        if ((error as Error).name !== 'AbortError') setState({ error });
      },
    );
    return () => controller.abort();
    // load is a module-level function in every caller; attempt re-runs it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);
  const retry = useCallback(() => {
    setState({});
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, retry };
}
