/**
 * The public catalog's answers (part of the contract in types.ts, which re-exports them).
 */
import type { PackageBenefits } from './subscriptions-contract';

// --- the public catalog: GET /packages, /doctors, /labs/prices, /products, /products/categories, /projects ---

export interface PackageItem {
  itemName: string;
  itemValue: string;
  benefit: string;
}

export type PackagePrice = number | 'Free' | 'Custom Pricing';

export interface Package {
  id: string;
  order: number;
  packageTitle: string;
  packagePrice: PackagePrice;
  packageItems: PackageItem[];
  /** What the package gives each period, applied by the server (api/subscriptions-contract.ts). */
  benefits?: PackageBenefits;
}

export interface Doctor {
  doctorId: string;
  surname: string;
  otherNames: string;
  specialty: string;
  consultationFee: number;
  doctorPicture: string;
}

export interface LabTest {
  id: string;
  itemName: string;
  itemPrice: number;
}

export interface ProductCategory {
  id: string;
  itemName: string;
}

export interface Product {
  id: string;
  productName: string;
  productImage: string;
  price: number;
  description: string;
  category: string;
}

export interface Project {
  id: string;
  title: string;
  location: string;
  /** yyyy-MM-dd */
  date: string;
  description: string;
}
