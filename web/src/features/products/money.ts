/** Price times quantity, in pesewas first so 0.1 + 0.2 troubles never show. */
export const lineTotal = (price: number, quantity: number) => Math.round(price * 100 * quantity) / 100;
